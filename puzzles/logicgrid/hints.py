"""Hints: the five types of the paper's grammar as data, their English text, and a parser.

A hint is a :class:`Hint` over global entity indices (see :mod:`puzzles.logicgrid.model`). For the
numba kernels a hint list is an ``int64`` array of rows ``[type, a, b, c, d, k]``:

- ``is`` / ``not``: entities ``a``, ``b`` of different categories are (not) linked;
- ``before``: non-numeric ``a`` is ``k`` units before ``b`` in the numeric category
  (``k = 0`` encodes "at least 1", i.e. strictly earlier);
- ``or``: exactly one of ``a``, ``b`` is linked to ``c`` (``a``, ``b`` in one category, or all
  three in different categories);
- ``either_is``: exactly one of "``a`` is ``b``" and "``c`` is ``d``" holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from puzzles.logicgrid.model import Space, norm

TYPES: tuple[str, ...] = ("is", "not", "before", "or", "either_is")
IS, NOT, BEFORE, OR, EITHER = range(5)
TYPE_LABELS = {"is": "is", "not": "not", "before": "before", "or": "simple or",
               "either_is": "complex or"}


@dataclass(frozen=True)
class Hint:
    """One hint; entities are global indices, ``k`` is None for "at least 1"."""

    type: str
    a: int
    b: int
    c: int | None = None
    d: int | None = None
    k: int | None = None

    def row(self) -> list[int]:
        """The kernel encoding ``[type, a, b, c, d, k]`` (unused fields are -1, k=0 = at least)."""
        return [TYPES.index(self.type), self.a, self.b,
                -1 if self.c is None else self.c, -1 if self.d is None else self.d,
                0 if self.k is None else self.k]


def _cat(space: Space, x: int) -> int:
    return x // space.m


def validate(space: Space, h: Hint) -> Hint:
    """Return ``h`` if it is a well-formed hint of ``space``; else raise ValueError naming why."""
    if not isinstance(h, Hint):
        raise ValueError(f"hint must be a Hint, got {type(h).__name__}")
    if h.type not in TYPES:
        raise ValueError(f"hint type must be one of {TYPES}, got {h.type!r}")
    _check_fields(space, h)
    ca, cb = _cat(space, h.a), _cat(space, h.b)
    if h.type in ("is", "not", "either_is") and ca == cb:
        raise ValueError(f"{h.type} hint: a and b must be in different categories")
    if h.type == "before":
        _check_before(space, h, ca, cb)
    if h.type == "or":
        cc = _cat(space, h.c)
        if h.a == h.b or cc in (ca, cb):
            raise ValueError("or hint: a and b must differ and c must be in another category")
    if h.type == "either_is":
        if _cat(space, h.c) == _cat(space, h.d):
            raise ValueError("either_is hint: c and d must be in different categories")
        if {h.a, h.b} == {h.c, h.d}:
            raise ValueError("either_is hint: the two statements must differ")
    return h


def _check_fields(space: Space, h: Hint) -> None:
    """The fields a hint type uses are entity indices, the others None."""
    used = {"is": "ab", "not": "ab", "before": "ab", "or": "abc", "either_is": "abcd"}[h.type]
    for f in "abcd":
        v = getattr(h, f)
        if f in used:
            if isinstance(v, bool) or not isinstance(v, int | np.integer) or not (
                    0 <= v < space.n * space.m):
                raise ValueError(f"{h.type} hint: field {f} must be an entity index, got {v!r}")
        elif v is not None:
            raise ValueError(f"{h.type} hint: field {f} must be None, got {v!r}")
    if h.type != "before" and h.k is not None:
        raise ValueError(f"{h.type} hint: field k must be None, got {h.k!r}")


def _check_before(space: Space, h: Hint, ca: int, cb: int) -> None:
    """A before hint: two different non-numeric entities, k None or in 1..M-2."""
    num = space.numeric
    if num < 0:
        raise ValueError("before hint: the space has no numeric category")
    if num in (ca, cb):
        raise ValueError("before hint: a and b must not be in the numeric category")
    if h.a == h.b:
        raise ValueError("before hint: a and b must differ")
    if h.k is not None and (isinstance(h.k, bool) or not isinstance(h.k, int | np.integer)
                            or not 1 <= h.k <= space.m - 2):
        raise ValueError(f"before hint: k must be None or in 1..{space.m - 2}, got {h.k!r}")


def to_array(space: Space, hints: list[Hint]) -> np.ndarray:
    """The kernel encoding of a hint list, validated: shape ``(len(hints), 6)``, int64."""
    if isinstance(hints, Hint) or not isinstance(hints, list | tuple):
        raise ValueError("hints must be a list of Hint")
    arr = np.zeros((len(hints), 6), dtype=np.int64)
    for i, h in enumerate(hints):
        arr[i] = validate(space, h).row()
    return arr


def from_array(space: Space, arr: np.ndarray) -> list[Hint]:
    """Decode kernel rows back into validated :class:`Hint` objects."""
    out = []
    for r in np.asarray(arr, dtype=np.int64).reshape(-1, 6):
        t = TYPES[int(r[0])]
        a, b, c, d, k = (int(v) for v in r[1:])
        out.append(validate(space, Hint(
            t, a, b, c if t in ("or", "either_is") else None,
            d if t == "either_is" else None, (k or None) if t == "before" else None)))
    return out


# ---- English --------------------------------------------------------------------------------

# How a printed clue names an entity of each category ("{}" is the entity's name); categories
# not listed get "the one with <category> <name>".
PHRASES: dict[str, str] = {
    "suspect": "{}",
    "weapon": "the person with the {}",
    "room": "the person in the {}",
    "hour": "the person seen at {}",
}


def _ref(space: Space, x: int) -> str:
    return f"the {space.category_of(x).name} {space.entity(x)}"


def phrase(space: Space, x: int) -> str:
    """How a printed clue names entity ``x``, e.g. "the person with the Rope"."""
    cat = space.category_of(x)
    return PHRASES.get(norm(cat.name), f"the one with {cat.name} {{}}").format(space.entity(x))


def _units(space: Space, k: int | None) -> str:
    unit = space.categories[space.numeric].unit
    if k is None:
        return f"at least 1 {unit}"
    return f"exactly {k} {unit}" + ("" if k == 1 else "s")


def text(space: Space, h: Hint) -> str:
    """The clue as a person would print it, e.g. "Col. Mustard came exactly 2 hours before the
    person with the Knife." (:func:`parse` reads it back; :func:`paper_text` is the authors')."""
    validate(space, h)
    p = lambda x: phrase(space, x)  # noqa: E731
    if h.type in ("is", "not"):
        s = f"{p(h.a)} is {'not ' if h.type == 'not' else ''}{p(h.b)}"
    elif h.type == "before":
        s = f"{p(h.a)} came {_units(space, h.k)} before {p(h.b)}"
    elif h.type == "or":
        s = f"Either {p(h.a)} or {p(h.b)} is {p(h.c)}"
    else:
        s = f"Either {p(h.a)} is {p(h.b)}, or {p(h.c)} is {p(h.d)}"
    return s[0].upper() + s[1:] + "."


def paper_text(space: Space, h: Hint) -> str:
    """The clue in the authors' phrasing (their HintToEnglish.py), e.g. "... is 1 hours before"."""
    validate(space, h)
    if h.type == "is":
        s = f"{_ref(space, h.a)} is {_ref(space, h.b)}"
    elif h.type == "not":
        cb = space.category_of(h.b)
        s = f"{_ref(space, h.a)} is not the {cb.name} in the category {space.entity(h.b)}"
    elif h.type == "before":
        unit = space.categories[space.numeric].unit
        gap = f"at least 1 {unit}" if h.k is None else f"{h.k} {unit}s"
        s = f"{_ref(space, h.a)} is {gap} before {_ref(space, h.b)}"
    elif h.type == "or":
        s = f"Either {_ref(space, h.a)} or {_ref(space, h.b)} is {_ref(space, h.c)}"
    else:
        s = (f"Either {_ref(space, h.a)} is {_ref(space, h.b)} or "
             f"{_ref(space, h.c)} is {_ref(space, h.d)}")
    return s[0].upper() + s[1:]


def _parse_printed(space: Space, s: str) -> Hint | None:
    """Parse :func:`text`'s phrasing (None if ``s`` is not in it)."""
    table = {phrase(space, x).lower(): x for x in range(space.n * space.m)}
    ref = "(" + "|".join(re.escape(k) for k in sorted(table, key=len, reverse=True)) + ")"
    unit = re.escape(space.categories[space.numeric].unit) if space.numeric >= 0 else "unit"
    low = s.lower()
    e = lambda t: table[t]  # noqa: E731
    m = re.fullmatch(rf"either {ref} is {ref}, or {ref} is {ref}", low)
    if m:
        return Hint("either_is", e(m[1]), e(m[2]), e(m[3]), e(m[4]))
    m = re.fullmatch(rf"either {ref} or {ref} is {ref}", low)
    if m:
        return Hint("or", e(m[1]), e(m[2]), e(m[3]))
    m = re.fullmatch(rf"{ref} came (at least 1|exactly (\d+)) {unit}s? before {ref}", low)
    if m:
        return Hint("before", e(m[1]), e(m[4]), k=None if m[3] is None else int(m[3]))
    m = re.fullmatch(rf"{ref} is not {ref}", low)
    if m:
        return Hint("not", e(m[1]), e(m[2]))
    m = re.fullmatch(rf"{ref} is {ref}", low)
    if m:
        return Hint("is", e(m[1]), e(m[2]))
    return None


def _alias(name: str, aliases: Mapping[str, str] | None) -> str:
    """The entity name an alias stands for (lookup by :func:`norm`), else the name itself."""
    if not aliases:
        return name
    table = {norm(k): v for k, v in aliases.items()}
    return table.get(norm(name), name)


def _parse_ref(space: Space, s: str, aliases: Mapping[str, str] | None = None) -> int:
    """Entity index of "the suspect Prof. Plum" (category word optional)."""
    s = re.sub(r"^\s*the\s+", "", s.strip(), flags=re.I).strip()
    for cat in space.categories:
        m = re.match(rf"{re.escape(cat.name)}\s+(.+)$", s, flags=re.I)
        if m:
            try:
                return space.index(_alias(m.group(1), aliases), cat.name)
            except ValueError:
                pass
    try:
        return space.index(_alias(s, aliases))
    except ValueError:
        raise ValueError(f"cannot read an entity in {s!r}") from None


def _parse_is(space: Space, s: str, aliases: Mapping[str, str] | None = None
              ) -> tuple[int, int]:
    m = re.match(r"^(.+?)\s+is\s+(the\s+.+)$", s.strip(), flags=re.I)
    if not m:
        raise ValueError(f"expected 'X is the Y', got {s!r}")
    return _parse_ref(space, m.group(1), aliases), _parse_ref(space, m.group(2), aliases)


def parse(space: Space, line: str, aliases: Mapping[str, str] | None = None) -> Hint:
    """Parse one clue: :func:`text`'s phrasing or the slides'/authors' (numbering and a final
    period are ignored).

    ``aliases`` maps misspelt entity names to the space's names (e.g. the released data's
    "Ms. carlet" for "Ms. Scarlet"), so text is read as published without editing it.
    """
    if not isinstance(line, str) or not line.strip():
        raise ValueError(f"clue must be a non-empty string, got {line!r}")
    s = re.sub(r"^\s*\d+\s*[.)]\s*", "", line.strip())
    s = re.sub(r"\s*\.\s*$", "", s)
    s = re.sub(r"\s+", " ", s)
    printed = _parse_printed(space, s)
    if printed is not None:
        return validate(space, printed)
    ref = lambda t: _parse_ref(space, t, aliases)  # noqa: E731
    m = re.match(r"^either\s+(.+?)\s+or\s+(.+)$", s, flags=re.I)
    if m:
        left, right = m.group(1), m.group(2)
        if re.search(r"\sis\s", left, flags=re.I):
            a, b = _parse_is(space, left, aliases)
            c, d = _parse_is(space, right, aliases)
            return validate(space, Hint("either_is", a, b, c, d))
        b, c = _parse_is(space, right, aliases)
        return validate(space, Hint("or", ref(left), b, c))
    m = re.match(r"^(.+?)\s+is\s+(at least 1|\d+)\s+(\w+?)s?\s+before\s+(.+)$", s, flags=re.I)
    if m:
        k = None if m.group(2).lower().startswith("at") else int(m.group(2))
        return validate(space, Hint("before", ref(m.group(1)), ref(m.group(4)), k=k))
    # "The weapon Knife is not the suspect in the category Prof. Plum" (the authors' phrasing)
    m = re.match(r"^(.+?)\s+is\s+not\s+the\s+(\w+)\s+in\s+the\s+category\s+(.+)$", s, flags=re.I)
    if m:
        return validate(space, Hint("not", ref(m.group(1)),
                                    space.index(_alias(m.group(3), aliases), m.group(2))))
    m = re.match(r"^(.+?)\s+is\s+not\s+(.+)$", s, flags=re.I)
    if m:
        return validate(space, Hint("not", ref(m.group(1)), ref(m.group(2))))
    m = re.match(r"^(.+?)\s+is\s+(.+)$", s, flags=re.I)
    if m:
        return validate(space, Hint("is", ref(m.group(1)), ref(m.group(2))))
    raise ValueError(f"cannot parse clue {line!r}")


def parse_puzzle(space: Space, text_block: str | list[str],
                 aliases: Mapping[str, str] | None = None) -> list[Hint]:
    """Parse a numbered clue list (one clue per non-empty line, or a list of lines)."""
    lines = text_block.splitlines() if isinstance(text_block, str) else list(text_block)
    return [parse(space, ln, aliases) for ln in lines if ln.strip()]


# ---- JSON -----------------------------------------------------------------------------------

def to_dict(space: Space, h: Hint) -> dict:
    """JSON form: ``{"type", "a", "b", ...}`` with entity names; either_is nests two ``is``."""
    validate(space, h)
    e = space.entity
    if h.type == "either_is":
        return {"type": "either_is", "first": {"type": "is", "a": e(h.a), "b": e(h.b)},
                "second": {"type": "is", "a": e(h.c), "b": e(h.d)}}
    out: dict = {"type": h.type, "a": e(h.a), "b": e(h.b)}
    if h.type == "or":
        out["c"] = e(h.c)
    if h.type == "before":
        out["k"] = h.k
    return out


def from_dict(space: Space, d: dict) -> Hint:
    """Inverse of :func:`to_dict`."""
    if not isinstance(d, dict) or d.get("type") not in TYPES:
        raise ValueError(f"hint dict needs a type among {TYPES}, got {d!r}")
    try:
        if d["type"] == "either_is":
            f, s = d["first"], d["second"]
            return validate(space, Hint("either_is", space.index(f["a"]), space.index(f["b"]),
                                        space.index(s["a"]), space.index(s["b"])))
        c = space.index(d["c"]) if d["type"] == "or" else None
        k = d.get("k") if d["type"] == "before" else None
        return validate(space, Hint(d["type"], space.index(d["a"]), space.index(d["b"]), c, k=k))
    except KeyError as err:
        raise ValueError(f"hint dict {d!r} lacks field {err}") from None


def type_counts(hints: list[Hint]) -> dict[str, int]:
    """How many hints of each type (keys in :data:`TYPES` order)."""
    return {t: sum(h.type == t for h in hints) for t in TYPES}
