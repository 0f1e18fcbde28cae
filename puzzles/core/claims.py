"""The reproduction ledger: one row per claim of a paper, each decided by the one verdict engine.

A family's ledger code only gathers evidence: for each claim of its paper it picks the claim's
kind, its margin and the data, calls the matching rule of :mod:`puzzles.core.verdicts`, and adds
the evidence here with :meth:`Ledger.add`. No family decides a verdict itself. The ledger then
corrects every test-decided row of the notebook together (Holm) and turns each row's evidence
into its verdict:

* ``reproduced``: equal (exact), equivalent within the stated margin (estimate, count,
  extreme), or the claimed order/correlation is significant after correction;
* ``differs``: a difference significant after correction (or unequal exact numbers);
* ``contradicted``: the reverse of the claim is significant, or a checked statement is false;
* ``inconclusive``: neither equivalence nor a difference shown; ``why`` says what would decide;
* ``not comparable``: the paper's statement cannot be checked here (``why`` says why);
* ``by construction``: a number we (or the paper) set, never counted as reproduced;
* ``beyond``: a result of ours the paper does not have.

Every family ships ``paper_claims.csv`` (``id, section, kind, unit, reading, claim, why``), the
inventory of its paper's checkable statements and the only home of each claim's sentence, the
unit its test counts (run, state, instance, ...), the paper's own reading (which decides the
headline) and a fixed ``why``; :mod:`puzzles.core.evidence` builds the ledger from it.

Referee rules the ledger enforces on every row (each pinned by a unit test):

* a claim about a unit (state, instance, challenge, ...) is tested with that unit
  (:mod:`puzzles.core.evidence` checks the evidence's declared unit against the inventory);
* a difference significant after Holm is ``differs`` even inside its margin, and the row says
  both (:data:`puzzles.core.verdicts.MARGIN_RULE`);
* a number the paper never printed (no ``paper`` and no ``authors`` value) cannot be
  reproduced or differ: it is ``beyond``;
* a table cell is decided on every run we have (``available``), or on a sample matched to the
  paper's n and said to be (``matched``), never on a subset;
* a claim true by construction is ``by construction`` with its reason, whatever its kind.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields
from importlib import resources
from pathlib import Path
from typing import Any, TypedDict, Unpack

import numpy as np
import pandas as pd
from pandas.io.formats.style import Styler

from puzzles.core.output import save_table
from puzzles.core.verdicts import ALPHA, KINDS, VERDICTS, Evidence, holm

COLUMNS: tuple[str, ...] = ("id", "section", "kind", "claim", "paper", "authors", "ours",
                            "uncertainty", "margin", "test", "p", "p_adjusted", "verdict",
                            "readings", "why")
INVENTORY_COLUMNS: tuple[str, ...] = ("id", "section", "kind", "unit", "reading", "claim", "why")
# What one observation of a tested claim is: the test's unit must be the claim's.
UNITS: tuple[str, ...] = ("run", "state", "instance", "challenge", "puzzle", "maze", "setting",
                          "item", "pair", "generation")
# Kinds that compare a number with the paper's: with nothing printed there is nothing to match.
NUMERIC = ("exact", "estimate", "count", "extreme")
INVENTORY_FILE = "paper_claims.csv"
BEFORE_FILE = "verdicts_before.csv"
FILE_NAME = "claims"
# Verdicts that need no explanation: every other one must say why.
SELF_EXPLAINING = ("reproduced", "beyond", "by construction")
# The verdicts each kind can reach ("not comparable" is open to every kind: a table cell we
# cannot compute is still an estimate the paper made).
ALLOWED: dict[str, tuple[str, ...]] = {
    "exact": ("reproduced", "differs"),
    "estimate": ("reproduced", "differs", "inconclusive"),
    "count": ("reproduced", "differs", "inconclusive"),
    "extreme": ("reproduced", "differs", "inconclusive"),
    "ordering": ("reproduced", "contradicted", "inconclusive", "differs"),
    "ranking": ("reproduced", "differs", "contradicted", "inconclusive"),
    "trend": ("reproduced", "contradicted", "inconclusive", "differs"),
    "qualitative": ("reproduced", "contradicted"),
    "design input": ("by construction",),
    "not comparable": (),
    "beyond": ("beyond",),
}
# A claim our construction makes true is "by construction" whatever its kind.
ALLOWED = {k: v if "by construction" in v or k == "beyond" else (*v, "by construction")
           for k, v in ALLOWED.items()}
# Kinds whose verdict a significance test decides (so a p-value is owed).
TESTED = ("estimate", "count", "extreme", "ordering", "ranking", "trend")
# What a row says when a difference has no measured cause.
NO_CAUSE = "cause not measured here"
# One colour per verdict for the notebook table (light backgrounds, readable text).
COLOURS: dict[str, str] = {
    "reproduced": "#d9f2d9",
    "differs": "#fff2cc",
    "contradicted": "#f8d0d0",
    "inconclusive": "#f3e6f7",
    "not comparable": "#e6e6e6",
    "by construction": "#ececf8",
    "beyond": "#d6e6fa",
}
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:+=-]*$")


def fmt(value: Any, digits: int = 4) -> str:
    """A value as ledger text: ints as ints, floats to ``digits`` significant figures, NaN empty."""
    if value is None:
        return ""
    if isinstance(value, bool | np.bool_):
        return "yes" if value else "no"
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        v = float(value)
        if math.isnan(v):
            return ""
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        if v == int(v) and abs(v) < 1e15:
            return str(int(v))
        return f"{v:.{digits}g}"
    return str(value)


def fmt_p(p: float | None) -> str:
    """A p-value as ledger text (three significant figures; empty when no test decided)."""
    return "" if p is None else f"{p:.3g}"


@dataclass(frozen=True)
class Claim:
    """One row of ``claims.csv``; every field is text so the CSV is exactly what the reader sees."""

    id: str
    section: str
    kind: str
    claim: str
    paper: str
    authors: str
    ours: str
    uncertainty: str
    margin: str
    test: str
    p: str
    p_adjusted: str
    verdict: str
    readings: str
    why: str

    def __post_init__(self) -> None:
        self._check_text()
        self._check_verdict()

    def _check_text(self) -> None:
        """Every field one line of text; an id, a claim sentence and a test named."""
        for f in fields(self):
            if not isinstance(getattr(self, f.name), str):
                raise ValueError(f"claim field {f.name!r} must be text, got "
                                 f"{type(getattr(self, f.name)).__name__} (use fmt())")
            if "\n" in getattr(self, f.name):
                raise ValueError(f"claim {self.id!r}: field {f.name!r} must be a single line")
        if not _ID.match(self.id):
            raise ValueError(f"claim id {self.id!r} must be letters, digits and _ . : + = -")
        if not self.claim.strip():
            raise ValueError(f"claim {self.id!r} has no claim sentence")
        if not self.test.strip():
            raise ValueError(f"claim {self.id!r} does not say which test decided it")

    def _check_verdict(self) -> None:
        """A known kind and verdict, allowed for the kind, explained, and tested where needed."""
        if self.kind not in KINDS:
            raise ValueError(f"claim {self.id!r}: kind {self.kind!r} is not one of "
                             f"{', '.join(KINDS)}")
        if self.verdict not in VERDICTS:
            raise ValueError(f"claim {self.id!r}: verdict {self.verdict!r} is not one of "
                             f"{', '.join(VERDICTS)}")
        if self.verdict != "not comparable" and self.verdict not in ALLOWED[self.kind]:
            raise ValueError(f"claim {self.id!r}: a {self.kind} claim cannot be "
                             f"{self.verdict!r} (allowed: {', '.join(ALLOWED[self.kind])})")
        if self.verdict not in SELF_EXPLAINING and not self.why.strip():
            raise ValueError(f"claim {self.id!r} is {self.verdict!r} but gives no 'why'")
        if (self.verdict == "by construction" and self.kind != "design input"
                and not (self.why.strip() or self.test.startswith("true by construction"))):
            raise ValueError(f"claim {self.id!r}: a {self.kind} claim true by construction "
                             "must say why")
        if (self.kind in TESTED and self.verdict in ("contradicted", "inconclusive")
                and not self.p_adjusted):
            raise ValueError(f"claim {self.id!r}: a {self.kind} row decided by a test needs "
                             "p and p_adjusted")


class RowContext(TypedDict, total=False):
    """What a ledger row may carry besides its id, section, claim and evidence."""

    paper: Any
    authors: Any
    why: str
    reading: str
    readings: Mapping[str, Evidence] | None
    replace: bool
    available: int | None
    matched: bool


def _check_beyond(e: Entry) -> None:
    """A number the paper never printed is ours alone: ``beyond``, never reproduced/differs."""
    ev = e.evidence
    reachable = {ev.settled} if ev.settled is not None else {
        ev.significant, ev.otherwise, *(("reproduced",) if ev.equivalent else ())}
    compared = reachable & {"reproduced", "differs", "inconclusive"}
    if (e.evidence.kind in NUMERIC and compared and not e.paper.strip()
            and not e.authors.strip()):
        raise ValueError(f"claim {e.id!r}: a {e.evidence.kind} row with no paper and no "
                         "authors value compares with nothing: a quantity the paper never "
                         "measured is 'beyond'")


def _check_sample(claim_id: str, ev: Evidence, available: int | None, matched: bool) -> None:
    """A table cell uses every run we have, or a sample matched to the paper's n (stated)."""
    if available is None or ev.n is None:
        return
    if ev.n > available:
        raise ValueError(f"claim {claim_id!r}: the rule used {ev.n} runs but only {available} "
                         "are available")
    if ev.n < available and not matched:
        raise ValueError(f"claim {claim_id!r}: decided on {ev.n} of the {available} runs we "
                         "have; use them all, or a sample matched to the paper's n "
                         "(matched=True, said in the test)")


@dataclass(frozen=True)
class Entry:
    """A row as recorded, before the notebook-wide correction decides its verdict."""

    id: str
    section: str
    claim: str
    evidence: Evidence
    paper: str = ""
    authors: str = ""
    why: str = ""
    reading: str = ""
    readings: tuple[tuple[str, Evidence], ...] = field(default=())


class Ledger:
    """The claims of one notebook, in the order they were recorded; ids are unique.

    ``alpha`` is the family-wise level of the notebook's Holm correction.
    """

    def __init__(self, stem: str, alpha: float = ALPHA) -> None:
        if not stem or not isinstance(stem, str):
            raise ValueError(f"stem must name the notebook, got {stem!r}")
        if not 0.0 < alpha < 1.0:
            raise ValueError(f"alpha must lie in (0, 1), got {alpha}")
        self.stem = stem
        self.alpha = alpha
        self._entries: dict[str, Entry] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, claim_id: object) -> bool:
        return claim_id in self._entries

    def __iter__(self) -> Iterator[Claim]:
        return iter(self.rows())

    def __getitem__(self, claim_id: str) -> Claim:
        if claim_id not in self._entries:
            raise KeyError(f"no claim {claim_id!r} in the {self.stem} ledger")
        return next(c for c in self.rows() if c.id == claim_id)

    def add(self, id: str, section: str, claim: str, evidence: Evidence,
            **context: Unpack[RowContext]) -> None:
        """Record one claim with its evidence (from a rule of :mod:`puzzles.core.verdicts`).

        ``paper`` is what the paper prints, ``authors`` what the authors' code or stored runs
        give; ``reading`` names the reading the evidence follows and ``readings`` gives the
        evidence under each alternative reading, decided by the same rule and correction;
        ``replace`` overwrites a row already recorded.
        """
        unknown = set(context) - set(RowContext.__annotations__)
        if unknown:
            raise ValueError(f"claim {id!r}: unknown fields {sorted(unknown)}")
        paper, authors = context.get("paper", ""), context.get("authors", "")
        why, reading = context.get("why", ""), context.get("reading", "")
        readings, replace = context.get("readings"), context.get("replace", False)
        if id in self._entries and not replace:
            raise ValueError(f"claim id {id!r} is already in the {self.stem} ledger")
        alternatives = tuple((readings or {}).items())
        if alternatives and not reading:
            raise ValueError(f"claim {id!r}: name the headline reading when giving readings")
        for name, ev in alternatives:
            if ev.kind != evidence.kind:
                raise ValueError(f"claim {id!r}: reading {name!r} is a {ev.kind} but the row "
                                 f"is a {evidence.kind}")
        entry = Entry(id, section, claim, evidence, fmt(paper), fmt(authors), why, reading,
                      alternatives)
        _check_beyond(entry)
        _check_sample(id, evidence, context.get("available"), context.get("matched", False))
        # Fail now, not at save time, when the row cannot be written (bad id, kind, text),
        # whichever way the correction will decide it.
        for p_adj in ([0.0, 1.0] if evidence.p is not None else [None]):
            self._claim(entry, evidence.verdict(p_adj, self.alpha), p_adj, "")
        self._entries[id] = entry

    def _adjusted(self) -> dict[str, float]:
        ids = [e.id for e in self._entries.values() if e.evidence.p is not None]
        ps = [self._entries[i].evidence.p for i in ids]
        return dict(zip(ids, holm(ps), strict=True))

    def _reading_verdict(self, entry: Entry, ev: Evidence) -> str:
        """The verdict ``entry`` would get with ``ev`` as its evidence, the rest unchanged."""
        if ev.p is None:
            return ev.verdict(None, self.alpha)
        ids = [e.id for e in self._entries.values() if e.evidence.p is not None and e is not entry]
        ps = [self._entries[i].evidence.p for i in ids] + [ev.p]
        return ev.verdict(float(holm(ps)[-1]), self.alpha)

    def _claim(self, e: Entry, verdict: str, p_adj: float | None, readings: str) -> Claim:
        ev = e.evidence
        why = e.why.strip()
        if verdict == "differs" and ev.within_margin_but_significant:
            both = (f"the interval lies inside the margin ({ev.margin}), but the difference is "
                    "significant after Holm's correction, so the row differs (margin rule)")
            why = f"{why}; {both}" if why else both
        if verdict in ("differs", "contradicted") and not why:
            why = NO_CAUSE
        if verdict == "inconclusive" and ev.decide:
            why = f"{why}; {ev.decide}" if why else ev.decide
        return Claim(e.id, e.section, ev.kind, e.claim, e.paper, e.authors, ev.ours,
                     ev.uncertainty, ev.margin, ev.test, fmt_p(ev.p), fmt_p(p_adj), verdict,
                     readings, why)

    def rows(self) -> list[Claim]:
        """Every row with its final verdict, after the notebook-wide Holm correction."""
        adjusted = self._adjusted()
        out = []
        for e in self._entries.values():
            p_adj = adjusted.get(e.id)
            verdict = e.evidence.verdict(p_adj, self.alpha)
            readings = ""
            if e.readings:
                readings = "; ".join([f"{e.reading}: {verdict}"] + [
                    f"{name}: {self._reading_verdict(e, ev)}" for name, ev in e.readings])
            out.append(self._claim(e, verdict, p_adj, readings))
        return out

    def frame(self) -> pd.DataFrame:
        """The ledger as a DataFrame with exactly :data:`COLUMNS`."""
        return pd.DataFrame([asdict(c) for c in self.rows()], columns=list(COLUMNS))

    def counts(self) -> dict[str, int]:
        """Verdict -> number of claims, every verdict present (zero when unused)."""
        return verdict_counts(self.frame())

    def save(self, directory: str | Path) -> Path:
        """Write ``<directory>/claims.csv``."""
        if not self._entries:
            raise ValueError(f"the {self.stem} ledger is empty: record claims before saving")
        return save_table(self.frame(), FILE_NAME, directory)

    def summary(self) -> str:
        """Markdown: how many claims and how each was decided, then the multiplicity note."""
        frame = self.frame()
        return summary_sentence(verdict_counts(frame)) + chance_note(frame, self.alpha)

    def show(self, verdicts: Iterable[str] | None = None) -> LedgerTable:
        """The ledger as a table coloured by verdict (a pandas Styler, deterministic HTML)."""
        return styled(self.frame(), verdicts)


def verdict_counts(frame: pd.DataFrame) -> dict[str, int]:
    """Verdict -> count for a claims table; an unknown verdict is an error."""
    unknown = sorted(set(frame["verdict"]) - set(VERDICTS))
    if unknown:
        raise ValueError(f"unknown verdicts in claims table: {unknown}")
    return {v: int((frame["verdict"] == v).sum()) for v in VERDICTS}


def depends_on_reading(frame: pd.DataFrame) -> pd.Series:
    """True for each row whose verdict changes under some reading in its ``readings``."""
    def moves(row: pd.Series) -> bool:
        if not row["readings"]:
            return False
        verdicts = {part.rsplit(": ", 1)[-1] for part in row["readings"].split("; ")}
        return len(verdicts) > 1
    return frame.apply(moves, axis=1).astype(bool) if len(frame) else pd.Series(dtype=bool)


def summary_sentence(counts: dict[str, int]) -> str:
    """'N claims checked: a reproduced, b differs, ...' (zero counts left out)."""
    total = sum(counts.values())
    parts = [f"**{n}** {v}" for v, n in counts.items() if n]
    return f"{total} claims checked: " + ", ".join(parts) + "."


def chance_note(frame: pd.DataFrame, alpha: float = ALPHA) -> str:
    """A sentence on multiplicity over every row a test decided: how many, what Holm's
    correction promises, and which rows were significant only before the correction."""
    p = pd.to_numeric(frame["p"], errors="coerce")
    p_adj = pd.to_numeric(frame["p_adjusted"], errors="coerce")
    m = int(p.notna().sum())
    if m == 0:
        return ""
    # A row reproduced by equivalence does not rest on its difference test: not "lost".
    lost = frame.loc[(p < alpha) & (p_adj >= alpha) & (frame["verdict"] != "reproduced"),
                     "id"].tolist()
    head = (f" {m} rows were decided with a significance test; Holm's correction over all "
            f"{m} keeps the chance of even one false 'differs' or 'contradicted' among them "
            f"below {alpha:g}")
    if not lost:
        return f"{head}, and no row was significant only before the correction."
    return (f"{head}. Significant before the correction but not after "
            f"({len(lost)}): {', '.join(lost)}.")


LEDGER_TABLE_REPR = "<reproduction ledger table>"
# pandas marks every cell with its row and column; the ledger's cells need only their verdict's
# class (one CSS rule per verdict), which keeps a 459-row ledger's HTML a third smaller.
_CELL_CLASS = re.compile(r' class="data row\d+ col\d+ (v-[a-z-]+)" ')


def verdict_class(verdict: str) -> str:
    """The CSS class of a ledger cell whose row has ``verdict`` (``v-not-comparable``)."""
    return "v-" + re.sub(r"[^a-z]+", "-", verdict)


class LedgerTable(Styler):
    """A Styler whose plain-text form names what it is instead of a memory address, so a
    committed notebook's outputs are the same on every run (chained methods keep the class),
    and whose HTML colours rows by one CSS class per verdict."""

    def __repr__(self) -> str:
        return LEDGER_TABLE_REPR

    def _repr_html_(self) -> str:
        return _CELL_CLASS.sub(r' class="\1" ', self.to_html())


def styled(frame: pd.DataFrame, verdicts: Iterable[str] | None = None) -> LedgerTable:
    """A claims table as a Styler: rows coloured by verdict, fixed uuid so reruns match."""
    if verdicts is not None:
        wanted = list(verdicts)
        bad = [v for v in wanted if v not in VERDICTS]
        if bad:
            raise ValueError(f"unknown verdicts {bad}; expected some of {', '.join(VERDICTS)}")
        frame = frame[frame["verdict"].isin(wanted)]
    classes = pd.DataFrame([[verdict_class(v)] * frame.shape[1] for v in frame["verdict"]],
                           index=frame.index, columns=frame.columns)
    css = [{"selector": f"td.{verdict_class(v)}", "props": f"background-color: {c}; color: #111;"}
           for v, c in COLOURS.items()]
    css.append({"selector": "td", "props": "text-align: left; white-space: normal;"})
    return (LedgerTable(frame, cell_ids=False).set_td_classes(classes).set_table_styles(css)
            .hide(axis="index").set_uuid("claims"))


def load(path: str | Path) -> pd.DataFrame:
    """Read a ``claims.csv`` back, checking its columns and verdicts."""
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    if tuple(frame.columns) != COLUMNS:
        raise ValueError(f"{path}: columns {list(frame.columns)}, expected {list(COLUMNS)}")
    verdict_counts(frame)
    return frame


# --- the inventory of a paper's claims ---------------------------------------------------------


def inventory(package: str) -> pd.DataFrame:
    """A family's ``paper_claims.csv`` (:data:`INVENTORY_COLUMNS`), checked."""
    path = resources.files(package) / INVENTORY_FILE
    with resources.as_file(path) as p:
        return inventory_file(p, package)


def inventory_file(path: str | Path, name: str = "") -> pd.DataFrame:
    """A claims inventory read from ``path`` (:data:`INVENTORY_COLUMNS`), checked."""
    package = name or str(path)
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    if tuple(frame.columns) != INVENTORY_COLUMNS:
        raise ValueError(f"{package}/{INVENTORY_FILE}: columns {list(frame.columns)}, expected "
                         f"{list(INVENTORY_COLUMNS)}")
    dup = frame.loc[frame["id"].duplicated(), "id"].tolist()
    if dup:
        raise ValueError(f"{package}/{INVENTORY_FILE}: ids listed twice: {dup}")
    bad = sorted(set(frame["kind"]) - set(KINDS))
    if bad:
        raise ValueError(f"{package}/{INVENTORY_FILE}: unknown kinds {bad}")
    units = sorted(set(frame["unit"]) - set(UNITS) - {""})
    if units:
        raise ValueError(f"{package}/{INVENTORY_FILE}: unknown units {units}; expected one of "
                         f"{', '.join(UNITS)}")
    no_unit = frame.loc[frame["kind"].isin(TESTED) & (frame["unit"] == ""), "id"].tolist()
    if no_unit:
        raise ValueError(f"{package}/{INVENTORY_FILE}: tested claims need a unit (what one "
                         f"observation is): {no_unit[:5]}{' ...' if len(no_unit) > 5 else ''}")
    blank = frame.loc[frame["claim"].str.strip() == "", "id"].tolist()
    if blank:
        raise ValueError(f"{package}/{INVENTORY_FILE}: claims without a sentence: {blank}")
    return frame


@dataclass(frozen=True)
class Coverage:
    """How a ledger and its paper's inventory match."""

    missing: tuple[str, ...]        # inventory ids with no ledger row
    unlisted: tuple[str, ...]       # ledger rows with no inventory id
    kind_mismatch: tuple[str, ...]  # ids whose ledger kind is not the inventory's
    text_mismatch: tuple[str, ...] = ()  # ids whose sentence or section is not the inventory's

    @property
    def complete(self) -> bool:
        """True when every claim has a row and every row a claim, of the same kind and text."""
        return not (self.missing or self.unlisted or self.kind_mismatch or self.text_mismatch)


def coverage(frame: pd.DataFrame, claims: pd.DataFrame) -> Coverage:
    """Compare a claims table with the paper's inventory."""
    rows = dict(zip(frame["id"], frame["kind"], strict=True))
    listed = dict(zip(claims["id"], claims["kind"], strict=True))
    missing = tuple(i for i in listed if i not in rows)
    unlisted = tuple(i for i in rows if i not in listed)
    mismatch = tuple(i for i in listed if i in rows and rows[i] != listed[i])
    said = {r["id"]: (r["section"], r["claim"]) for _, r in frame.iterrows()}
    text = tuple(r["id"] for _, r in claims.iterrows()
                 if r["id"] in said and said[r["id"]] != (r["section"], r["claim"]))
    return Coverage(missing, unlisted, mismatch, text)


def verdicts_before(package: str) -> pd.DataFrame:
    """The verdicts a family's ledger gave before its last re-decision (``id, verdict``): the
    "what moved" table compares the ledger with it."""
    with resources.as_file(resources.files(package) / BEFORE_FILE) as p:
        return pd.read_csv(p, dtype=str, keep_default_na=False)


def verdict_moves(before: pd.DataFrame, after: pd.DataFrame) -> pd.DataFrame:
    """Old verdict -> new verdict counts (``new row`` / ``removed`` for ids on one side)."""
    old = dict(zip(before["id"], before["verdict"], strict=True))
    new = dict(zip(after["id"], after["verdict"], strict=True))
    pairs = [(old.get(i, "new row"), new.get(i, "removed")) for i in list(old) + [
        i for i in new if i not in old]]
    table = pd.DataFrame(pairs, columns=["before", "now"]).value_counts().rename("rows")
    return table.reset_index().sort_values(["before", "now"], kind="stable").reset_index(
        drop=True)
