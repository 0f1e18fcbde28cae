"""Logic-grid puzzle spaces: categories of entities, global entity numbering, solutions.

A space has N categories of M entities each. Entity ``j`` of category ``c`` has the global index
``c * M + j``; the solvers work on these integers. A solution links every entity of the first
category (a "row") to exactly one entity of every other category.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import permutations

import numpy as np

MAX_ENTITIES = 32  # N * M must fit the solver's 32-bit possibility masks (kept in int64)


def norm(text: str) -> str:
    """Lookup key: lower case, letters and digits only ("Ball room" = "Ballroom")."""
    return re.sub(r"[^0-9a-z]", "", text.lower())


@dataclass(frozen=True)
class Category:
    """One category: its name (used in clues, e.g. "suspect"), entities, and numeric flag/unit."""

    name: str
    entities: tuple[str, ...]
    numeric: bool = False
    unit: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not norm(self.name):
            raise ValueError(f"category name must be a non-empty string, got {self.name!r}")
        ents = tuple(self.entities)
        object.__setattr__(self, "entities", ents)
        if len(ents) < 2 or not all(isinstance(e, str) and norm(e) for e in ents):
            raise ValueError(f"category {self.name!r}: entities must be >= 2 non-empty strings")
        if len({norm(e) for e in ents}) != len(ents):
            raise ValueError(f"category {self.name!r}: entity names are not distinct: {ents}")
        if self.numeric and not norm(self.unit):
            raise ValueError(f"category {self.name!r}: a numeric category needs a unit")


@dataclass(frozen=True)
class Space:
    """A puzzle space: categories of equal size, at most one numeric, entity names unique."""

    categories: tuple[Category, ...]

    def __post_init__(self) -> None:
        cats = tuple(self.categories)
        object.__setattr__(self, "categories", cats)
        if len(cats) < 2 or not all(isinstance(c, Category) for c in cats):
            raise ValueError("categories must be at least two Category objects")
        sizes = {len(c.entities) for c in cats}
        if len(sizes) != 1:
            raise ValueError(f"categories must have equal sizes, got {sorted(sizes)}")
        if len(cats) * len(cats[0].entities) > MAX_ENTITIES:
            raise ValueError(f"categories: at most {MAX_ENTITIES} entities in all")
        if len({norm(c.name) for c in cats}) != len(cats):
            raise ValueError("categories: names are not distinct")
        if sum(c.numeric for c in cats) > 1:
            raise ValueError("categories: at most one numeric category")
        names = [norm(e) for c in cats for e in c.entities]
        if len(set(names)) != len(names):
            raise ValueError("categories: entity names must be unique across categories")

    @property
    def n(self) -> int:
        """Number of categories N."""
        return len(self.categories)

    @property
    def m(self) -> int:
        """Entities per category M."""
        return len(self.categories[0].entities)

    @property
    def numeric(self) -> int:
        """Index of the numeric category, -1 if none."""
        return next((i for i, c in enumerate(self.categories) if c.numeric), -1)

    @property
    def size(self) -> int:
        """Number of possible solutions, (M!)^(N-1)."""
        f = 1
        for k in range(2, self.m + 1):
            f *= k
        return f ** (self.n - 1)

    def entity(self, x: int) -> str:
        """Name of global entity ``x``."""
        if not 0 <= int(x) < self.n * self.m:
            raise ValueError(f"entity index {x} out of range 0..{self.n * self.m - 1}")
        return self.categories[x // self.m].entities[x % self.m]

    def category_of(self, x: int) -> Category:
        """The category of global entity ``x``."""
        self.entity(x)
        return self.categories[x // self.m]

    def index(self, name: str, category: str | None = None) -> int:
        """Global index of the entity called ``name`` (optionally within ``category``)."""
        key = norm(name)
        for ci, cat in enumerate(self.categories):
            if category is not None and norm(cat.name) != norm(category):
                continue
            for j, e in enumerate(cat.entities):
                if norm(e) == key:
                    return ci * self.m + j
        where = f" in category {category!r}" if category else ""
        raise ValueError(f"unknown entity {name!r}{where}")

    def category_index(self, name: str) -> int:
        """Index of the category called ``name``."""
        for ci, cat in enumerate(self.categories):
            if norm(cat.name) == norm(name):
                return ci
        raise ValueError(f"unknown category {name!r}")

    def to_dict(self) -> list[dict]:
        """The categories as JSON-ready dicts ``{"name", "entities", "numeric"}``."""
        return [{"name": c.name, "entities": list(c.entities), "numeric": c.numeric}
                for c in self.categories]


CLUE = Space((
    Category("suspect", ("Ms. Scarlet", "Mrs. White", "Col. Mustard", "Prof. Plum")),
    Category("weapon", ("Knife", "Rope", "Candle Stick", "Wrench")),
    Category("room", ("Ball Room", "Living Room", "Kitchen", "Study")),
    Category("hour", ("1:00 PM", "2:00 PM", "3:00 PM", "4:00 PM"), numeric=True, unit="hour"),
))
"""The paper's 4 x 4 space: 4!^3 = 13,824 possible solutions."""

MINI = Space((CLUE.categories[0], CLUE.categories[1], CLUE.categories[3]))
"""The paper's 3 x 4 "mini" space (suspect, weapon, hour): 576 possible solutions."""


def assignment_table(space: Space) -> np.ndarray:
    """``rows[a, x]``: the row (first-category entity) linked to entity ``x`` in assignment ``a``.

    Assignments are numbered in mixed radix over one permutation per non-first category; the first
    category is the identity, so ``a`` ranges over ``(M!)^(N-1)`` values.
    """
    n, m = space.n, space.m
    perms = np.array(list(permutations(range(m))), dtype=np.int64)  # perms[p][row] = entity
    inv = np.argsort(perms, axis=1)  # inv[p][entity] = row
    count = len(perms) ** (n - 1)
    rows = np.empty((count, n * m), dtype=np.int8)
    rows[:, :m] = np.arange(m)
    idx = np.arange(count)
    for c in range(n - 1, 0, -1):
        p = idx % len(perms)
        idx = idx // len(perms)
        rows[:, c * m:(c + 1) * m] = inv[p]
    return rows


def solution_dict(space: Space, rows: np.ndarray) -> dict[str, list[str]]:
    """``{category: [entity linked to each row]}`` from one row of :func:`assignment_table`."""
    rows = np.asarray(rows)
    if rows.shape != (space.n * space.m,):
        raise ValueError(f"rows must have shape ({space.n * space.m},), got {rows.shape}")
    out: dict[str, list[str]] = {}
    for ci, cat in enumerate(space.categories):
        names = [""] * space.m
        for j, e in enumerate(cat.entities):
            names[int(rows[ci * space.m + j])] = e
        out[cat.name] = names
    return out


def solution_rows(space: Space, solution: dict[str, list[str]]) -> np.ndarray:
    """Inverse of :func:`solution_dict`: the row of every global entity; validates the dict."""
    if not isinstance(solution, dict) or set(solution) != {c.name for c in space.categories}:
        raise ValueError("solution must map every category name to a list of entities")
    rows = np.empty(space.n * space.m, dtype=np.int8)
    for cat in space.categories:
        names = solution[cat.name]
        if sorted(norm(x) for x in names) != sorted(norm(e) for e in cat.entities):
            raise ValueError(f"solution[{cat.name!r}] must be a permutation of {cat.entities}")
        for r, name in enumerate(names):
            rows[space.index(name, cat.name)] = r
    if list(rows[:space.m]) != list(range(space.m)):
        raise ValueError(f"solution[{space.categories[0].name!r}] must list the first category "
                         "in its own order (it names the rows)")
    return rows
