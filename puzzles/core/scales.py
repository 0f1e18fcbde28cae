"""Budgets per scale: each puzzle family registers one dict per scale, notebooks look them up."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

SCALES: tuple[str, ...] = ("smoke", "paper")

_BUDGETS: dict[str, dict[str, Mapping[str, Any]]] = {}


def check_scale(scale: str) -> str:
    """Return ``scale`` if it is known, else raise ``ValueError`` naming the known ones."""
    if scale not in SCALES:
        raise ValueError(f"unknown scale {scale!r}; expected one of {', '.join(SCALES)}")
    return scale


def register_budgets(family: str, budgets: Mapping[str, Mapping[str, Any]]) -> None:
    """Register ``family``'s budgets: one mapping per scale, every scale present, same keys."""
    if not family or not isinstance(family, str):
        raise ValueError(f"family must be a non-empty string, got {family!r}")
    missing = [s for s in SCALES if s not in budgets]
    extra = [s for s in budgets if s not in SCALES]
    if missing or extra:
        raise ValueError(
            f"budgets for {family!r}: missing scales {missing}, unknown scales {extra}")
    keys = {s: set(budgets[s]) for s in SCALES}
    if len({frozenset(k) for k in keys.values()}) != 1:
        raise ValueError(f"budgets for {family!r} must have the same keys at every scale: {keys}")
    _BUDGETS[family] = {s: MappingProxyType(dict(budgets[s])) for s in SCALES}


def budgets(family: str, scale: str) -> Mapping[str, Any]:
    """The read-only budget mapping of ``family`` at ``scale``."""
    check_scale(scale)
    if family not in _BUDGETS:
        known = ", ".join(sorted(_BUDGETS)) or "none registered"
        raise ValueError(f"unknown family {family!r}; known: {known}")
    return _BUDGETS[family][scale]


def families() -> list[str]:
    """Names of the families that registered budgets (those imported so far)."""
    return sorted(_BUDGETS)
