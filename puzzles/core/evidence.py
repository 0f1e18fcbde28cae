"""Claims declared once: the inventory row says what a claim is, one registered function says
what decides it, and :func:`build` turns the two into a family's ledger.

A family keeps every claim's sentence, section, kind, unit, the paper's own reading and any
fixed ``why`` in ``paper_claims.csv``; no claim sentence is typed in Python. Beside the code
that produces the data, it registers one evidence function per claim id, or per id pattern for
table cells::

    EVIDENCE = Register()

    @EVIDENCE.claim("T4-{case}-moves", unit="run", tables=("runs",), references=("table4",))
    def table4_moves(data: Data, case: str) -> Finding:
        runs = data.table("runs")
        ...
        return Finding({"paper's reading": V.estimate(...), "other": V.estimate(...)},
                       paper=ref, available=len(runs))

The function gets a :class:`Data` that reads only what it declared (result tables the
notebook wrote, stored offline runs, the paper's reference tables, experiments it may run),
and returns a :class:`Finding`: the evidence from one rule of :mod:`puzzles.core.verdicts`
(or one per reading; the inventory's ``reading`` picks the headline, the rest go to the
``readings`` column), with the paper's and the authors' values and a ``why`` that depends on
the data. Design-input and not-comparable rows need no function: their reason is in the CSV.

``Paper.ledger(scale, seed, results)`` calls :func:`build`: one call per notebook.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from puzzles.core import verdicts as V
from puzzles.core.claims import TESTED, Ledger
from puzzles.core.verdicts import Evidence

if TYPE_CHECKING:
    from puzzles.core.paper import Paper

ROOT = Path(__file__).resolve().parents[2]
# A field of an id pattern: "T4-{case}-moves" matches T4-A1-moves with case="A1". A field is
# one or more characters other than "-", unless written {name*} (any characters).
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(\*?)\}")
NO_CODE = ("design input", "not comparable")
"""Kinds whose rows need no evidence function: the inventory's ``why`` is their reason."""


@dataclass(frozen=True)
class Finding:
    """What an evidence function found for one claim.

    ``evidence``: one Evidence, or one per reading by name (the inventory's ``reading`` must be
    one of them: it is the headline). ``paper`` is what the paper prints, ``authors`` what the
    authors' code or stored runs give, ``why`` the data-dependent part of the row's why (the
    fixed part is the inventory's). ``available``: how many runs the data hold for this claim
    (the rule must use them all unless ``matched``: a sample matched to the paper's n).
    """

    evidence: Evidence | Mapping[str, Evidence]
    paper: object = ""
    authors: object = ""
    why: str = ""
    available: int | None = None
    matched: bool = False


@dataclass(frozen=True)
class Uses:
    """What an evidence function may read: result tables of the notebook's run (CSV or JSON
    under the results folder), stored offline runs (committed under ``figures/``), the paper's
    reference tables and experiments it may run itself."""

    tables: tuple[str, ...] = ()
    stored: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    runs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rule:
    """One registered evidence function: the id (or pattern) it decides, its unit, its uses."""

    pattern: str
    fn: Callable[..., Finding | Evidence]
    unit: str
    uses: Uses
    regex: re.Pattern = field(repr=False)

    def fields(self, claim_id: str) -> dict[str, str] | None:
        """The pattern's fields for ``claim_id``, or None when it does not match."""
        m = self.regex.fullmatch(claim_id)
        return None if m is None else m.groupdict()


def _compile(pattern: str) -> re.Pattern:
    out, last = [], 0
    for m in _FIELD.finditer(pattern):
        out.append(re.escape(pattern[last:m.start()]))
        out.append(f"(?P<{m.group(1)}>{'.+' if m.group(2) else '[^-]+'})")
        last = m.end()
    out.append(re.escape(pattern[last:]))
    return re.compile("".join(out))


class Register:
    """A family's evidence functions, by claim id or id pattern."""

    def __init__(self) -> None:
        self._rules: list[Rule] = []

    def __len__(self) -> int:
        return len(self._rules)

    @property
    def rules(self) -> tuple[Rule, ...]:
        """Every registered rule, in registration order."""
        return tuple(self._rules)

    def claim(self, pattern: str, *, unit: str = "", tables: tuple[str, ...] = (),
              stored: tuple[str, ...] = (), references: tuple[str, ...] = (),
              runs: tuple[str, ...] = ()) -> Callable[[Callable], Callable]:
        """Register the decorated function as the evidence for ``pattern``; ``unit`` is what one
        observation of its test is (the inventory's unit for the claim must be the same)."""
        if any(r.pattern == pattern for r in self._rules):
            raise ValueError(f"evidence for {pattern!r} is registered twice")
        regex = _compile(pattern)

        def add(fn: Callable) -> Callable:
            self._rules.append(Rule(pattern, fn, unit, Uses(tables, stored, references, runs),
                                    regex))
            return fn
        return add

    def find(self, claim_id: str) -> tuple[Rule, dict[str, str]] | None:
        """The rule deciding ``claim_id`` and its pattern fields: an exact id first, else the
        one pattern that matches (two matching patterns are an error)."""
        for r in self._rules:
            if r.pattern == claim_id:
                return r, {}
        hits = [(r, f) for r in self._rules if (f := r.fields(claim_id)) is not None]
        if len(hits) > 1:
            raise ValueError(f"claim {claim_id!r} matches several evidence patterns: "
                             f"{', '.join(r.pattern for r, _ in hits)}")
        return hits[0] if hits else None


class Sources:
    """Everything a ledger build may read, each loaded once: the results folder of the run,
    the committed stored runs, the paper's reference tables and experiment runs."""

    def __init__(self, paper: Paper, scale: str, seed: int, results: Path | None) -> None:
        self.paper, self.scale, self.seed = paper, scale, seed
        self.results = None if results is None else Path(results)
        self._cache: dict[tuple, Any] = {}

    @property
    def budget(self) -> Any:
        """The family's budget at this scale."""
        return self.paper.budgets(self.scale)

    def once(self, key: tuple, load: Callable[[], Any]) -> Any:
        """``load()`` the first time ``key`` is asked for, the kept value after."""
        if key not in self._cache:
            self._cache[key] = load()
        return self._cache[key]

    def _result(self, name: str, suffix: str) -> Path:
        if self.results is None:
            raise ValueError(f"{self.paper.stem}: no results folder given, so result table "
                             f"{name!r} cannot be read (pass the notebook's FIGURES_DIR)")
        path = self.results / f"{name}{suffix}"
        if not path.is_file():
            raise ValueError(f"{self.paper.stem}: result file {path} is missing (the notebook "
                             "writes it before its ledger cell)")
        return path

    def table(self, name: str) -> pd.DataFrame:
        """``<results>/<name>.csv``."""
        return self.once(("table", name), lambda: pd.read_csv(
            self._result(name, ".csv"), keep_default_na=False, na_values=[""]))

    def json(self, name: str) -> Any:
        """``<results>/<name>.json``."""
        return self.once(("json", name), lambda: json.loads(
            self._result(name, ".json").read_text(encoding="utf-8")))

    def stored(self, name: str) -> pd.DataFrame:
        """A committed stored run by experiment name or file stem (``Paper.stored``)."""
        for experiment, rel in self.paper.stored:
            if name in (experiment, Path(rel).stem):
                path = ROOT / rel
                return self.once(("stored", name), lambda p=path: pd.read_csv(
                    p, keep_default_na=False, na_values=[""]))
        known = ", ".join(Path(r).stem for _, r in self.paper.stored) or "none"
        raise ValueError(f"{self.paper.stem} has no stored run {name!r}; stored: {known}")

    def reference(self, name: str) -> pd.DataFrame:
        """The paper's numbers ``reference/<name>.csv``."""
        return self.once(("reference", name), lambda: self.paper.reference(name))

    def run(self, experiment: str) -> pd.DataFrame:
        """An experiment's table at this scale and seed (run once per build, one worker)."""
        return self.once(("run", experiment), lambda: self.paper.run(
            experiment, self.scale, self.seed, workers=1, progress=False))



class Data:
    """What one evidence function sees: :class:`Sources` limited to what its rule declared."""

    def __init__(self, sources: Sources, rule: Rule, claim_id: str) -> None:
        self._sources, self._rule, self.claim_id = sources, rule, claim_id

    @property
    def scale(self) -> str:
        """The scale of the run ("paper" or "smoke")."""
        return self._sources.scale

    @property
    def seed(self) -> int:
        """The root seed of the run."""
        return self._sources.seed

    @property
    def budget(self) -> Any:
        """The family's budget at this scale."""
        return self._sources.budget

    def _check(self, what: str, name: str, declared: tuple[str, ...]) -> None:
        if name not in declared:
            raise ValueError(f"evidence for {self.claim_id!r} ({self._rule.pattern}) reads "
                             f"{what} {name!r} it did not declare ({what}s={declared})")

    def table(self, name: str) -> pd.DataFrame:
        """A result table of the run (declared in ``tables``)."""
        self._check("table", name, self._rule.uses.tables)
        return self._sources.table(name)

    def json(self, name: str) -> Any:
        """A JSON result of the run (declared in ``tables``)."""
        self._check("table", name, self._rule.uses.tables)
        return self._sources.json(name)

    def stored(self, name: str) -> pd.DataFrame:
        """A committed stored run (declared in ``stored``)."""
        self._check("stored", name, self._rule.uses.stored)
        return self._sources.stored(name)

    def reference(self, name: str) -> pd.DataFrame:
        """One of the paper's reference tables (declared in ``references``)."""
        self._check("reference", name, self._rule.uses.references)
        return self._sources.reference(name)

    def run(self, experiment: str) -> pd.DataFrame:
        """An experiment's table at this scale (declared in ``runs``)."""
        self._check("run", experiment, self._rule.uses.runs)
        return self._sources.run(experiment)

    def memo(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(self, *args)`` once per build: a derived object several claims share. Its reads
        are checked against the first caller's declarations."""
        return self._sources.once(("memo", fn.__module__, fn.__qualname__, *args),
                                  lambda: fn(self, *args))


# --- building the ledger ---------------------------------------------------------------------


def headline(claim_id: str, reading: str, evidence: Evidence | Mapping[str, Evidence]
             ) -> tuple[Evidence, dict[str, Evidence]]:
    """The evidence under the paper's own reading and every other reading's: the paper's
    reading always decides the headline (referee rule), never the first or the best one."""
    if isinstance(evidence, Evidence):
        return evidence, {}
    readings = dict(evidence)
    if not readings:
        raise ValueError(f"claim {claim_id!r}: evidence gave no reading at all")
    if not reading:
        raise ValueError(f"claim {claim_id!r}: evidence gives readings {sorted(readings)} but "
                         "the inventory names no paper's reading (column 'reading')")
    if reading not in readings:
        raise ValueError(f"claim {claim_id!r}: the paper's reading {reading!r} has no evidence; "
                         f"readings given: {sorted(readings)}")
    head = readings.pop(reading)
    return head, readings


def _no_code(row: pd.Series) -> Evidence:
    if not row["why"].strip():
        raise ValueError(f"claim {row['id']!r} ({row['kind']}) has no evidence function, so "
                         "the inventory must give its reason in 'why'")
    if row["kind"] == "design input":
        return V.design_input("", "a value we set (see why)")
    return V.not_comparable(test="none")


def _join(*parts: str) -> str:
    return "; ".join(p.strip() for p in parts if p and p.strip())


def _row(sources: Sources, register: Register, row: pd.Series) -> tuple[Finding, str]:
    """The finding for one inventory row and the reading its headline is under."""
    found = register.find(row["id"])
    if found is None:
        if row["kind"] not in NO_CODE:
            raise ValueError(f"claim {row['id']!r} ({row['kind']}) has no evidence function "
                             "registered")
        return Finding(_no_code(row)), ""
    rule, fields = found
    if row["kind"] in TESTED and rule.unit != row["unit"]:
        raise ValueError(f"claim {row['id']!r} is about {row['unit']!r}s but its evidence "
                         f"({rule.pattern}) tests {rule.unit or 'no declared'!r} units: "
                         "test a claim with its own unit, never by pooling runs across units")
    out = rule.fn(Data(sources, rule, row["id"]), **fields)
    finding = out if isinstance(out, Finding) else Finding(out)
    if not isinstance(finding.evidence, Evidence | Mapping):
        raise ValueError(f"evidence for {row['id']!r} returned {type(out).__name__}, expected "
                         "a Finding or an Evidence")
    return finding, row["reading"]


def build(paper: Paper, register: Register, scale: str, seed: int,
          results: Path | None) -> Ledger:
    """The ledger of ``paper``: every inventory row, in inventory order, decided by its
    registered evidence (or by its reason, for design inputs and not-comparable rows)."""
    claims = paper.claims()
    ids = set(claims["id"])
    unused = [r.pattern for r in register.rules
              if r.pattern not in ids and not any(r.fields(i) is not None for i in ids)]
    if unused:
        raise ValueError(f"{paper.stem}: evidence registered for no inventory claim: {unused}")
    sources = Sources(paper, scale, seed, results)
    ledger = Ledger(paper.stem)
    for _, row in claims.iterrows():
        finding, reading = _row(sources, register, row)
        head, others = headline(row["id"], reading, finding.evidence)
        for ev in (head, *others.values()):
            if ev.kind != row["kind"]:
                raise ValueError(f"claim {row['id']!r} is a {row['kind']} in the inventory but "
                                 f"its evidence is a {ev.kind}")
        ledger.add(row["id"], row["section"], row["claim"], head, paper=finding.paper,
                   authors=finding.authors, why=_join(row["why"], finding.why),
                   reading=reading if others else "", readings=others or None,
                   available=finding.available, matched=finding.matched)
    return ledger
