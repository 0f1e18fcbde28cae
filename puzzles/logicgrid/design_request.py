"""A designer's generator with controls: loops, clue count, clue-type mix, maximum step cost.

A :class:`Request` states what the designer wants, each control an inclusive range (an int means
exactly that): loops of the authors' solver (paper mode) and/or of ours (sound), the number of
(distinct) clues, how many clues of each type, and the highest cost of any step of the puzzle's
cost-optimal explanation (:mod:`puzzles.logicgrid.stepwise`). The designer may start from their
own clues as text (one per line, :func:`puzzles.logicgrid.hints.parse`); those are kept.

:func:`design` answers with a :class:`Designed` puzzle (exactly one solution, every control met)
or a :class:`NotFound` naming the closest puzzle found; a request no puzzle can meet raises
ValueError saying why. Each attempt: random grammar productions join the designer's clues
(types the mix requires first) while a solution remains, until exactly one does; added clues
whose removal keeps it unique are dropped (unless the mix needs them); then several clue orders
are tried, since both solvers count loops over the clue queue in order. Attempt ``a`` draws from
``derive_seed(seed, "design", a)``: the answer depends on the request and the seed only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from puzzles.core import derive_seed
from puzzles.logicgrid.count import count_solutions, solutions
from puzzles.logicgrid.fi2pop import random_hints
from puzzles.logicgrid.hints import TYPES, Hint, parse, text, type_counts
from puzzles.logicgrid.model import Space
from puzzles.logicgrid.solver import solve
from puzzles.logicgrid.stepwise import Costs, difficulty, explain

Span = tuple[int, int]
MAX_CLUES = 32  # the explanation's premise masks hold 128 premises, 96 of them cells (4x4)


def _span(name: str, v: int | tuple[int, int] | None, low: int = 0) -> Span | None:
    """An inclusive range from an int (exactly) or a (min, max) pair; ValueError if malformed."""
    if v is None:
        return None
    lo, hi = (v, v) if isinstance(v, int | np.integer) and not isinstance(v, bool) else (
        tuple(v) if isinstance(v, tuple | list) and len(v) == 2 else (None, None))
    if not all(isinstance(x, int | np.integer) and not isinstance(x, bool) for x in (lo, hi)):
        raise ValueError(f"{name} must be an int or a (min, max) pair of ints, got {v!r}")
    if lo < low or lo > hi:
        raise ValueError(f"{name}: need {low} <= min <= max, got {v!r}")
    return int(lo), int(hi)


@dataclass(frozen=True)
class Request:
    """What the designer asks for (None: no control). See the module docstring."""

    space: Space
    loops_paper: int | Span | None = None
    loops_sound: int | Span | None = None
    clues: int | Span | None = None
    mix: Mapping[str, int | Span] = field(default_factory=dict)
    max_step_cost: int | None = None
    start: str | None = None  # the designer's own clues, one per line

    def __post_init__(self) -> None:
        if not isinstance(self.space, Space):
            raise ValueError("space must be a Space")
        for name in ("loops_paper", "loops_sound"):
            object.__setattr__(self, name, _span(name, getattr(self, name), 1))
        object.__setattr__(self, "clues", _span("clues", self.clues, 1))
        if not isinstance(self.mix, Mapping) or not set(self.mix) <= set(TYPES):
            raise ValueError(f"mix must map clue types among {TYPES} to counts, got {self.mix!r}")
        object.__setattr__(self, "mix", {t: _span(f"mix[{t!r}]", v) for t, v in self.mix.items()})
        if self.max_step_cost is not None and (isinstance(self.max_step_cost, bool) or not
                                               isinstance(self.max_step_cost, int)):
            raise ValueError(f"max_step_cost must be an int, got {self.max_step_cost!r}")
        if self.start is not None and not isinstance(self.start, str):
            raise ValueError("start must be the clue text (one clue per line) or None")


@dataclass(frozen=True)
class Candidate:
    """A unique-solution puzzle and how it measures against the request."""

    hints: tuple[Hint, ...]
    text: tuple[str, ...]
    solution: dict
    loops_paper: int
    loops_sound: int
    mix: dict[str, int]
    max_step_cost: int | None  # None: not computed (other controls already missed)
    total_step_cost: int | None
    distance: int  # 0: every control met; else how far outside the ranges, summed


@dataclass(frozen=True)
class Designed:
    """The answer: a puzzle meeting every control, found at attempt ``attempts``."""

    puzzle: Candidate
    attempts: int
    seed: int


@dataclass(frozen=True)
class NotFound:
    """No puzzle met every control within the budget; ``closest`` is the nearest found."""

    message: str
    closest: Candidate | None
    attempts: int
    seed: int


def start_clues(space: Space, block: str) -> list[Hint]:
    """The designer's clues parsed one per non-empty line; ValueError naming the line."""
    out = []
    for i, line in enumerate(block.splitlines(), start=1):
        if line.strip():
            try:
                out.append(parse(space, line))
            except ValueError as err:
                raise ValueError(f"start, line {i}: {err}") from None
    return out


def _outside(v: int, span: Span | None) -> int:
    """How far ``v`` lies outside the range (0 inside or without a control)."""
    if span is None:
        return 0
    return max(span[0] - v, v - span[1], 0)


def _min_clue_cost(req: Request, costs: Costs) -> int:
    allowed = [t for t in TYPES if req.mix.get(t, (0, 1))[1] > 0]
    return min(costs.clue[t] for t in allowed)


def check_possible(req: Request, costs: Costs) -> list[Hint]:
    """Refuse (ValueError, saying why) a request no puzzle can meet; returns the start clues."""
    start = start_clues(req.space, req.start) if req.start else []
    cmax = req.clues[1] if req.clues else MAX_CLUES
    if cmax > MAX_CLUES:
        raise ValueError(f"clues: at most {MAX_CLUES}, asked up to {cmax}")
    need = sum(lo for lo, _ in req.mix.values())
    if need > cmax:
        raise ValueError(f"mix needs at least {need} clues but clues allows at most {cmax}")
    if req.space.numeric < 0 and req.mix.get("before", (0, 0))[0] > 0:
        raise ValueError("mix asks for 'before' clues but the space has no numeric category")
    if all(req.mix.get(t, (0, 1))[1] == 0 for t in TYPES):
        raise ValueError("mix allows no clue type at all")
    if len(set(start)) > cmax:
        raise ValueError(f"start has {len(set(start))} distinct clues, clues allows {cmax}")
    for t, n in type_counts(list(dict.fromkeys(start))).items():
        if t in req.mix and n > req.mix[t][1]:
            raise ValueError(f"start has {n} {t!r} clues, mix allows at most {req.mix[t][1]}")
    if start and count_solutions(req.space, start) == 0:
        raise ValueError("start: the clues contradict each other (no solution)")
    if req.max_step_cost is not None and req.max_step_cost < _min_clue_cost(req, costs):
        raise ValueError(f"max_step_cost {req.max_step_cost} is below the cheapest allowed clue "
                         f"({_min_clue_cost(req, costs)}): the first step must name a clue")
    return start


def _pool(req: Request, seed: int, size: int) -> list[Hint]:
    """Random productions of allowed types, the ones the mix requires first."""
    allowed = [t for t in TYPES if req.mix.get(t, (0, 1))[1] > 0]
    draw = [h for h in random_hints(req.space, size, seed) if h.type in allowed]
    first: list[Hint] = []
    for t, (lo, _) in req.mix.items():
        first += [h for h in draw if h.type == t][:lo]
    return first + [h for h in draw if h not in first]


def _unique(req: Request, start: list[Hint], pool: list[Hint], rng: np.random.Generator
            ) -> list[Hint] | None:
    """Start clues plus pool clues while a solution remains, until one; then drop every added
    clue the solution does not need and the mix does not require (None if never unique)."""
    hints = list(dict.fromkeys(start))
    counts = type_counts(hints)
    for h in pool:
        if h in hints or (h.type in req.mix and counts[h.type] >= req.mix[h.type][1]):
            continue
        c = count_solutions(req.space, hints + [h])
        if c >= 1:
            hints.append(h)
            counts[h.type] += 1
            if c == 1:
                break
    if count_solutions(req.space, hints) != 1:
        return None
    added = hints[len(set(start)):]
    for i in rng.permutation(len(added)):
        h = added[i]
        if h.type in req.mix and counts[h.type] <= req.mix[h.type][0]:
            continue  # the mix requires it
        rest = [g for g in hints if g != h]
        if count_solutions(req.space, rest) == 1:
            hints, counts[h.type] = rest, counts[h.type] - 1
    return hints


def _measure(req: Request, hints: list[Hint], costs: Costs) -> Candidate:
    """Loops, mix and (when the rest is met and it is asked for) the maximum step cost."""
    paper, sound = solve(req.space, hints, mode="paper").loops, solve(req.space, hints).loops
    mix = type_counts(hints)
    dist = (_outside(paper, req.loops_paper) + _outside(sound, req.loops_sound)
            + _outside(len(hints), req.clues)
            + sum(_outside(mix[t], span) for t, span in req.mix.items()))
    top = total = None
    if req.max_step_cost is not None and dist == 0:  # the explanation is the costly measure
        d = difficulty(explain(req.space, hints, costs=costs, check_limit=0))
        top, total = d.max_cost, d.total_cost
        dist += max(top - req.max_step_cost, 0)
    return Candidate(tuple(hints), tuple(text(req.space, h) for h in hints),
                     solutions(req.space, hints, 1)[0], paper, sound, mix, top, total, dist)


def _orders(hints: list[Hint], fixed: int, rng: np.random.Generator, k: int) -> list[list[Hint]]:
    """The clue list as given and ``k - 1`` shuffles of its added clues (start clues first)."""
    out = [hints]
    for _ in range(k - 1):
        tail = hints[fixed:]
        out.append(hints[:fixed] + [tail[i] for i in rng.permutation(len(tail))])
    return out


def design(req: Request, seed: int, attempts: int = 200, orders: int = 4,
           costs: Costs | None = None) -> Designed | NotFound:
    """Answer a request (see module): a :class:`Designed` puzzle, or :class:`NotFound` with the
    closest; ValueError for a request no puzzle can meet."""
    costs = Costs() if costs is None else costs
    for name, v in (("attempts", attempts), ("orders", orders)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ValueError(f"{name} must be an integer >= 1, got {v!r}")
    start = check_possible(req, costs)
    closest: Candidate | None = None
    for a in range(attempts):
        s = derive_seed(seed, "design", a)
        rng = np.random.default_rng(s)
        hints = _unique(req, start, _pool(req, s, 80), rng)
        if hints is None:
            continue
        for order in _orders(hints, len(set(start)), rng, orders):
            cand = _measure(req, order, costs)
            if cand.distance == 0:
                return Designed(cand, a + 1, seed)
            if closest is None or cand.distance < closest.distance:
                closest = cand
    return NotFound(f"no puzzle met every control in {attempts} attempts"
                    + ("" if closest is None else f"; the closest misses by {closest.distance}"),
                    closest, attempts, seed)

