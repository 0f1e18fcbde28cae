"""The paper's algebraic statements (Sections I, II, IV and VI) checked exhaustively on small
puzzles, by plain search over the states (and by the group order of :mod:`algebra` where a
search would be too large). Each check returns its counts, so the ledger can say how far it
looked.

Two families of action sets are enumerated:

* every set of two distinct actions of W_{n,c} (any action: an arbitrary L-part), for every
  (n, c) with n c^n <= ``max_states`` (``ALL_PAIRS_MAX``): the statements that hold for any
  action set (moves can be undone, solvability cannot be lost, adding moves keeps a solvable
  instance solvable, generating from the goals gives exactly the solvable starts);
* every set of two or three distinct actions whose L-parts are 0 or e0 and whose turns share no
  divisor > 1 with n (Section IV's constraints), for every (n, c) with n <= 8, c <= 4 and
  n c^n <= ``Q_MAX``: the statements about Q.

The searches here use only :func:`puzzles.clockwork.model.apply` (no group theory), so they
check the algebra rather than restate it; the Q statements use the group order and the
solvability test of :mod:`puzzles.clockwork.algebra` for the larger sizes, and a search for
the smaller ones.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from itertools import chain, combinations, product
from math import gcd

from puzzles.clockwork.algebra import action_group, goal_states
from puzzles.clockwork.examples import example1, example3
from puzzles.clockwork.instances import instance
from puzzles.clockwork.model import Action, Puzzle, State, apply, q_value, unit
from puzzles.clockwork.search import reachable_states, shortest_solution

# Largest n c^n for the statements over every pair of arbitrary actions.
ALL_PAIRS_MAX = 81
# Largest n c^n for the statements about Q (e0 / 0 action sets), and for a search among them.
Q_MAX = 600_000
Q_SEARCH_MAX = 400


def sizes(max_states: int, n_max: int = 12, c_max: int = 8) -> list[tuple[int, int]]:
    """Every (n, c) with n, c >= 2 and n c^n <= ``max_states``."""
    return [(n, c) for n in range(2, n_max + 1) for c in range(2, c_max + 1)
            if n * c ** n <= max_states]


def states(n: int, c: int) -> list[State]:
    """Every state of W_{n,c}, hand first (Lemma 1's n c^n)."""
    return [(k, L) for k in range(n) for L in product(range(c), repeat=n)]


def _closure(starts: Iterable[State], actions: Sequence[Action], n: int, c: int) -> set[State]:
    """Every state reachable from ``starts`` by the actions (forward search)."""
    seen = set(starts)
    queue = deque(seen)
    while queue:
        s = queue.popleft()
        for a in actions:
            t = apply(s, a, n, c)
            if t not in seen:
                seen.add(t)
                queue.append(t)
    return seen


def _graph(actions: Sequence[Action], n: int, c: int) -> dict[State, list[State]]:
    return {s: [apply(s, a, n, c) for a in actions] for s in states(n, c)}


def _reach_graph(graph: dict[State, list[State]], start: State) -> set[State]:
    seen = {start}
    queue = deque(seen)
    while queue:
        for t in graph[queue.popleft()]:
            if t not in seen:
                seen.add(t)
                queue.append(t)
    return seen


def _can_reach_goal(graph: dict[State, list[State]], goals: set[State]) -> set[State]:
    """States from which a goal is reachable: a backward search over the forward moves (no
    inverse actions assumed)."""
    back: dict[State, list[State]] = {s: [] for s in graph}
    for s, nxt in graph.items():
        for t in nxt:
            back[t].append(s)
    seen = set(goals)
    queue = deque(goals)
    while queue:
        t = queue.popleft()
        for s in back[t]:
            if s not in seen:
                seen.add(s)
                queue.append(s)
    return seen


def zero_goals(n: int, c: int) -> set[State]:
    """The paper's goal states: lights all 0, any hand."""
    return {(k, (0,) * n) for k in range(n)}


# --- every pair of arbitrary actions, on state indices ------------------------------------


def _reach(succ: list[list[int]], starts: Iterable[int]) -> set[int]:
    seen = set(starts)
    queue = deque(seen)
    while queue:
        s = queue.popleft()
        for t in succ[s]:
            if t not in seen:
                seen.add(t)
                queue.append(t)
    return seen


def _finish_order(succ: list[list[int]]) -> list[int]:
    """Vertices in the order a depth-first search finishes them (iterative)."""
    order, done = [], [False] * len(succ)
    for root in range(len(succ)):
        if done[root]:
            continue
        done[root] = True
        stack = [(root, 0)]
        while stack:
            v, i = stack.pop()
            if i < len(succ[v]):
                stack.append((v, i + 1))
                w = succ[v][i]
                if not done[w]:
                    done[w] = True
                    stack.append((w, 0))
            else:
                order.append(v)
    return order


def _components(succ: list[list[int]]) -> list[int]:
    """Strongly connected component of each vertex (Kosaraju, iterative)."""
    m = len(succ)
    pred: list[list[int]] = [[] for _ in range(m)]
    for s, ts in enumerate(succ):
        for t in ts:
            pred[t].append(s)
    comp = [-1] * m
    label = 0
    for root in reversed(_finish_order(succ)):
        if comp[root] >= 0:
            continue
        comp[root] = label
        stack = [root]
        while stack:
            v = stack.pop()
            for w in pred[v]:
                if comp[w] < 0:
                    comp[w] = label
                    stack.append(w)
        label += 1
    return comp


def _solvable_indices(tabs: Sequence[list[int]], m: int, goals: set[int]) -> set[int]:
    """State indices from which a goal is reachable under the moves ``tabs`` (backward)."""
    pred: list[list[int]] = [[] for _ in range(m)]
    for tab in tabs:
        for s, t in enumerate(tab):
            pred[t].append(s)
    return _reach(pred, goals)


@dataclass(frozen=True)
class PairChecks:
    """Statements over every pair of arbitrary actions, for every size in ``sizes``."""

    sizes: tuple[tuple[int, int], ...]
    action_sets: int          # pairs of distinct actions checked
    instances: int            # (action set, start) pairs
    unsolvable: int           # of those, starts that reach no goal
    moves: int                # (action set, state, action) moves checked for an undo
    not_undoable: int         # of those, moves no string of the set's actions undoes
    solvability_lost: int     # (action set, solvable state, action) leading to an unsolvable one
    from_goals_differs: int   # action sets where "reachable from a goal" != "reaches a goal"
    adding_breaks: int        # (action set, extra action, start solvable without it) lost


def pair_checks(max_states: int = ALL_PAIRS_MAX) -> PairChecks:
    """Check reversibility, kept solvability, generation from the goals and added actions over
    every pair of distinct actions of every W_{n,c} with n c^n <= ``max_states``."""
    sz = tuple(sizes(max_states))
    sets = inst = unsolv = moves = undo = lost = differs = breaks = 0
    for n, c in sz:
        every = states(n, c)
        index = {s: i for i, s in enumerate(every)}
        m = len(every)
        goals = {index[g] for g in zero_goals(n, c)}
        # Each action as a map on state indices (an action is any state, Section II).
        table = [[index[apply(s, a, n, c)] for s in every] for a in every]

        single = [_solvable_indices([tab], m, goals) for tab in table]
        for i, j in combinations(range(m), 2):
            tabs = (table[i], table[j])
            succ = [[tabs[0][s], tabs[1][s]] for s in range(m)]
            solv = _solvable_indices(tabs, m, goals)
            comp = _components(succ)
            sets += 1
            inst += m
            unsolv += m - len(solv)
            moves += 2 * m
            undo += sum(1 for s in range(m) for t in succ[s] if comp[s] != comp[t])
            lost += sum(1 for s in solv for t in succ[s] if t not in solv)
            differs += _reach(succ, goals) != solv
            breaks += len(single[i] - solv) + len(single[j] - solv)
    return PairChecks(sz, sets, inst, unsolv, moves, undo, lost, differs, breaks)


def e0_actions(n: int) -> list[Action]:
    """Section IV's actions on n lights: (k, 0) and (k, e0) for every turn k."""
    return [(k, (0,) * n) for k in range(n)] + [(k, unit(0, n)) for k in range(n)]


def q_action_sets(n: int) -> list[tuple[Action, ...]]:
    """Every set of two or three distinct e0 / 0 actions whose turns share no divisor > 1
    with n (the paper's constraints; |A| > 1)."""
    out = []
    acts = e0_actions(n)
    for size in (2, 3):
        for combo in combinations(acts, size):
            g = n
            for k, _ in combo:
                g = gcd(g, k)
            if g == 1:
                out.append(combo)
    return out


@dataclass(frozen=True)
class QRow:
    """One action set's facts: Q, reachable states, solvable starts, and n/Q states per L."""

    n: int
    c: int
    actions: tuple[Action, ...]
    q: int
    reachable: int
    solvable: int
    states: int
    same_l: frozenset[int] | None  # reachable states per L-component (searched sizes only)
    one_move_l: int | None         # new L-components one move makes from the start's class


@cache
def q_rows(max_states: int = Q_MAX, search_max: int = Q_SEARCH_MAX) -> tuple[QRow, ...]:
    """Every constrained e0 / 0 action set for n <= 8, c <= 4, n c^n <= ``max_states``; a
    search (not the group order) where n c^n <= ``search_max``."""
    rows = []
    for n, c in sizes(max_states, n_max=8, c_max=4):
        for acts in q_action_sets(n):
            q = q_value(acts, n)
            assert q is not None
            if n * c ** n <= search_max:
                graph = _graph(acts, n, c)
                origin: State = (0, (0,) * n)
                reach = _reach_graph(graph, origin)
                per_l: dict[tuple[int, ...], int] = {}
                for _, L in reach:
                    per_l[L] = per_l.get(L, 0) + 1
                solv = _can_reach_goal(graph, zero_goals(n, c))
                same = [s for s in reach if s[1] == origin[1]]
                new_l = {t[1] for s in same for t in graph[s]} - {origin[1]}
                rows.append(QRow(n, c, acts, q, len(reach), len(solv), n * c ** n,
                                 frozenset(per_l.values()), len(new_l)))
            else:
                grp = action_group(acts, n, c)
                p = Puzzle(n, c, (0, (0,) * n), acts)
                reps: list[State] = []
                for g in sorted(zero_goals(n, c)):
                    if not any(grp.same_orbit(r, g) for r in reps):
                        reps.append(g)
                rows.append(QRow(n, c, acts, q, grp.order, len(reps) * grp.order,
                                 p.n_states, None, None))
    return tuple(rows)


def one_move_l(reach: Iterable[State], w: State, actions: Sequence[Action], n: int,
               c: int) -> int:
    """Our reading of Section IV's second n/Q sentence: the number of L-components other than
    w's that one move makes from the reachable states sharing w's L-component."""
    same = [s for s in reach if s[1] == w[1]]
    return len({apply(s, a, n, c)[1] for s in same for a in actions} - {w[1]})


def per_l_counts(puzzle: Puzzle) -> tuple[frozenset[int], int, int]:
    """From the initial state: (how many reachable states share each reachable L-component,
    the number of distinct reachable L-components, :func:`one_move_l` of the initial state)."""
    reach = reachable_states(puzzle)
    per_l: dict[tuple[int, ...], int] = {}
    for _, L in reach:
        per_l[L] = per_l.get(L, 0) + 1
    return (frozenset(per_l.values()), len(per_l),
            one_move_l(reach, puzzle.initial, puzzle.actions, puzzle.n, puzzle.c))


def undo_lengths(actions: Sequence[Action], n: int, c: int) -> list[int]:
    """For each action, the fewest moves of the set that undo it (back to the state it left,
    hand and lights).

    Applying a string is a left multiplication, so undoing a from any state means spelling
    a's inverse; its length is the distance from the identity state (0, 0...0) to the state t
    with a applied to t giving the identity, found by one search from the identity.
    """
    start: State = (0, (0,) * n)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for a in actions:
            t = apply(s, a, n, c)
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    out = []
    for a in actions:
        pre = [d for s, d in dist.items() if apply(s, a, n, c) == start]
        out.append(min(pre) if pre else -1)
    return out


def action_orders(actions: Sequence[Action], n: int, c: int) -> list[int]:
    """The order of each action: how many applications return every state to itself."""
    out = []
    start: State = (0, (0,) * n)
    for a in actions:
        s, m = apply(start, a, n, c), 1
        while s != start:
            s, m = apply(s, a, n, c), m + 1
        out.append(m)
    return out


def solvable_with(n: int, c: int, actions: Sequence[Action], goals: Iterable[State]) -> set[State]:
    """States of W_{n,c} from which one of ``goals`` is reachable (forward moves only)."""
    return _can_reach_goal(_graph(actions, n, c), set(goals))


def group_order(actions: Sequence[Action], n: int, c: int) -> int:
    """|G| for the actions (the group order of :mod:`algebra`)."""
    return action_group(actions, n, c).order


def _has_e0(actions: Sequence[Action]) -> bool:
    return any(any(M) for _, M in actions)


@dataclass(frozen=True)
class QSummary:
    """Section IV's statements about Q over the enumerated action sets (:func:`q_rows`)."""

    sets: int                 # constrained e0 / 0 action sets enumerated
    sizes: tuple[tuple[int, int], ...]
    q1_e0: int                # Q = 1 with at least one e0 action
    q1_e0_all: int            # ... of which every state reaches every state
    q1_turns: int             # Q = 1 with turns only (no e0 action)
    q1_turns_unsolvable: int  # ... of which some start reaches no goal
    q2c2: int                 # Q = 2, c = 2
    q2c2_all_solvable: int    # ... of which every start reaches a goal
    beyond: int               # Q >= 2 and (Q > 2 or c > 2)
    beyond_unsolvable: int    # ... of which some start reaches no goal
    beyond_solvable: int      # ... of which some start does reach a goal
    max_states: int           # the largest n c^n enumerated
    search_max: int           # the largest n c^n searched (not only the group order)
    searched: int             # sets small enough for a search (n c^n <= search_max)
    same_l_ok: int            # ... where every reachable L is shared by exactly n/Q states
    searched_e0: int          # searched sets with an e0 action
    one_move_ok: int          # ... where one move makes exactly n/Q new L-components


def q_summary(rows: Sequence[QRow], max_states: int = Q_MAX,
              search_max: int = Q_SEARCH_MAX) -> QSummary:
    """Count how the enumerated action sets bear out each statement about Q."""
    q1e = [r for r in rows if r.q == 1 and _has_e0(r.actions)]
    q1t = [r for r in rows if r.q == 1 and not _has_e0(r.actions)]
    q22 = [r for r in rows if r.q == 2 and r.c == 2]
    big = [r for r in rows if r.q >= 2 and (r.q > 2 or r.c > 2)]
    srch = [r for r in rows if r.same_l is not None]
    srch_e0 = [r for r in srch if _has_e0(r.actions)]
    return QSummary(
        len(rows), tuple(sorted({(r.n, r.c) for r in rows})),
        len(q1e), sum(r.reachable == r.states for r in q1e),
        len(q1t), sum(r.solvable < r.states for r in q1t),
        len(q22), sum(r.solvable == r.states for r in q22),
        len(big), sum(r.solvable < r.states for r in big), sum(r.solvable > 0 for r in big),
        max_states, search_max, len(srch), sum(r.same_l == frozenset({r.n // r.q}) for r in srch),
        len(srch_e0), sum(r.one_move_l == r.n // r.q for r in srch_e0))


@dataclass(frozen=True)
class Facts:
    """Everything the ledger's algebraic rows need, from the checks above."""

    pairs: PairChecks
    q: QSummary
    per_l: dict[str, tuple[frozenset[int], int, int]]  # instance -> per_l_counts
    q_of: dict[str, int]                                 # instance -> Q
    undo: dict[str, list[int]]                           # action set -> undo lengths
    orders: dict[str, list[int]]                         # action set -> action orders
    example1_shortest: int | None
    example3_states: int
    example3_solvable: int     # starts of W_{6,2} from which an all-equal goal is reachable
    example3_ours_solvable: bool
    lemma1_w12: int            # states of W_{12,2} counted one by one
    goals_a1: int              # goal states of A1
    action_sets_w22: int       # subsets of W_{2,2}


UNDO_SETS = {"A": "A1", "B": "B1", "D1": "D1", "E1": "E1", "E2": "E2", "E3": "E3", "E4": "E4",
             "E5": "E5"}
PER_L = ("E1", "E2", "E3", "E4", "E5", "A1", "B1", "D1")


@cache
def check_all(pairs_max: int = ALL_PAIRS_MAX, q_max: int = Q_MAX) -> Facts:
    """Run every check (a few seconds at the default sizes)."""
    undo, orders = {}, {}
    for name, key in UNDO_SETS.items():
        p = instance(key)
        undo[name] = undo_lengths(p.actions, p.n, p.c)
        orders[name] = action_orders(p.actions, p.n, p.c)
    e1 = example1()
    undo["Example 1"] = undo_lengths(e1.actions, e1.n, e1.c)
    orders["Example 1"] = action_orders(e1.actions, e1.n, e1.c)
    path = shortest_solution(e1)
    e3 = example3()
    e3_goals = [(k, g) for g in e3.goals for k in range(e3.n)]
    e3_solv = solvable_with(e3.n, e3.c, e3.actions, e3_goals)
    w22 = states(2, 2)
    subsets = sum(1 for _ in chain.from_iterable(combinations(w22, r) for r in range(len(w22) + 1)))
    return Facts(
        pair_checks(pairs_max), q_summary(q_rows(q_max), q_max),
        {k: per_l_counts(instance(k)) for k in PER_L},
        {k: int(q_value(instance(k).actions, instance(k).n) or 0) for k in PER_L},
        undo, orders, None if path is None else len(path), e3.n_states, len(e3_solv),
        e3.initial in e3_solv, len(set(states(12, 2))), len(goal_states(instance("A1"))),
        subsets)


def as_json(f: Facts) -> dict:
    """The facts as JSON data (``theory.json``, which the ledger reads): sets as sorted lists."""
    out = asdict(f)
    out["per_l"] = {k: [sorted(s), a, b] for k, (s, a, b) in f.per_l.items()}
    return out


def from_json(d: dict) -> Facts:
    """The facts back from :func:`as_json`."""
    def sized(cls, part: dict):
        return cls(**{**part, "sizes": tuple(tuple(x) for x in part["sizes"])})
    return Facts(**{**d, "pairs": sized(PairChecks, d["pairs"]), "q": sized(QSummary, d["q"]),
                    "per_l": {k: (frozenset(s), a, b) for k, (s, a, b) in d["per_l"].items()}})


def table(f: Facts) -> list[dict]:
    """The checks as rows: the claim each decides (the ledger's id), the statement, where it
    was checked, what was found and whether the statement holds there."""
    pc, q = f.pairs, f.q
    pair_range = (f"search over all {pc.action_sets} pairs of distinct actions of W_(n,c), "
                  f"n c^n <= {max(n * c ** n for n, c in pc.sizes)}: "
                  + ", ".join(f"({n},{c})" for n, c in pc.sizes))
    q_range = (f"all {q.sets} sets of 2-3 e0 / 0 actions with turns coprime to n, n <= 8, "
               f"c <= 4, n c^n <= {q.max_states} (group order and solvability test; a search "
               f"where n c^n <= {q.search_max})")
    und = "; ".join(f"{k} {min(v)}" + (f"-{max(v)}" if max(v) > min(v) else "")
                    for k, v in f.undo.items())
    orders = "; ".join(f"{k} {'/'.join(map(str, v))}" for k, v in f.orders.items())
    E = ("E1", "E2", "E3", "E4", "E5")  # n = 12: n/Q states share each L-component
    rows = [
        ("I-reversible", "every move can be undone", pair_range,
         f"{pc.not_undoable} of {pc.moves} moves cannot be undone (orders of the paper's "
         f"actions: {orders})", pc.not_undoable == 0),
        ("I-solvable-kept", "solvability cannot be lost", pair_range + " (no inverse actions "
         "assumed)",
         f"{pc.solvability_lost} moves lead from a solvable to an unsolvable state",
         pc.solvability_lost == 0),
        ("VI-generate-from-goal", "states reachable from a goal = states that reach a goal",
         pair_range, f"{pc.from_goals_differs} of {pc.action_sets} action sets differ",
         pc.from_goals_differs == 0),
        ("IV-add-actions", "adding an action keeps a solvable start solvable",
         pair_range + ", each with either action alone", f"{pc.adding_breaks} starts lost",
         pc.adding_breaks == 0),
        ("IV-many-unsolvable", "many instances are unsolvable",
         pair_range + "; 'many' read as at least one in ten",
         f"{pc.unsolvable} of {pc.instances} (action pair, start) instances "
         f"({100 * pc.unsolvable / pc.instances:.0f}%) reach no goal",
         pc.unsolvable >= 0.1 * pc.instances),
        ("IV-Q1-any", "Q = 1: every state reaches every state, whatever c", q_range,
         f"{q.q1_e0_all} of {q.q1_e0} sets with an e0 action; {q.q1_turns} sets of turns only "
         f"have Q = 1 but never change a light ({q.q1_turns_unsolvable} of them have "
         "unsolvable starts)", q.q1_e0_all == q.q1_e0),
        ("IV-Q2-c2-solvable", "Q = 2, c = 2: every start reaches a goal", q_range,
         f"{q.q2c2_all_solvable} of {q.q2c2} sets with Q = 2, c = 2 let every start reach a goal",
         q.q2c2_all_solvable == q.q2c2),
        ("IV-Q2c2-unsolvable", "Q > 2 or c > 2 (Q >= 2): unsolvable starts possible, solvable "
         "ones remain", q_range + "; our reading: Q >= 2 (at Q = 1 every start is solvable)",
         f"{q.beyond_unsolvable} of {q.beyond} sets with Q >= 2 and (Q > 2 or c > 2) have "
         f"unsolvable starts; {q.beyond_solvable} keep solvable ones",
         q.beyond_unsolvable > 0 and q.beyond_solvable == q.beyond),
        ("IV-nQ-same-L", "n/Q reachable states share each reachable L-component",
         f"{q.searched} searched sets (n c^n <= {q.search_max}); " + ", ".join(f.per_l),
         f"{q.same_l_ok} of {q.searched} sets; "
         + ", ".join(f"{k} {sorted(v[0])}" for k, v in f.per_l.items()),
         q.same_l_ok == q.searched and all(f.per_l[k][0] == {12 // f.q_of[k]} for k in E)),
        ("IV-nQ-unique-L", "one move from those n/Q states makes n/Q new L-components (our "
         "reading)", f"{q.searched_e0} searched sets with an e0 action; " + ", ".join(f.per_l),
         f"{q.one_move_ok} of {q.searched_e0} sets; "
         + ", ".join(f"{k} {v[2]}" for k, v in f.per_l.items()),
         q.one_move_ok == q.searched_e0 and all(f.per_l[k][2] == 12 // f.q_of[k] for k in E)),
        ("I-reversal-long", "undoing one move takes many moves", "search of each action set's "
         "states from the identity (" + ", ".join(f.undo) + "); a Rubik face turn or a Hanoi "
         "move is undone by one move", f"fewest moves that undo one move: {und}",
         min(min(v) for v in f.undo.values()) > 1),
        ("Ex3-unsolvable", "Example 3 cannot reach a goal",
         f"all {f.example3_states} starts of W_(6,2), searched backward from the all-equal goals",
         f"{f.example3_states - f.example3_solvable} of {f.example3_states} starts reach no "
         f"all-equal goal, ours among them: {not f.example3_ours_solvable}",
         not f.example3_ours_solvable),
        ("Ex1-solvable", "Example 1 reaches all lights on from Fig. 1",
         "bidirectional search", f"shortest solution from Fig. 1's state: {f.example1_shortest} "
         "moves (Q = 1)",
         f.example1_shortest is not None),
    ]
    return [dict(zip(("claim", "statement", "checked on", "found", "holds"), r, strict=True))
            for r in rows]
