"""The two scales every experiment runs at: "smoke" (seconds, for tests) and "paper" (the
paper's own protocol). A family's budget at each scale is its ``Paper``'s typed budget."""

from __future__ import annotations

SCALES: tuple[str, ...] = ("smoke", "paper")


def check_scale(scale: str) -> str:
    """Return ``scale`` if it is known, else raise ``ValueError`` naming the known ones."""
    if scale not in SCALES:
        raise ValueError(f"unknown scale {scale!r}; expected one of {', '.join(SCALES)}")
    return scale
