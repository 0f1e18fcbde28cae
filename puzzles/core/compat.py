"""Calls whose spelling changed between the oldest and newest versions pyproject.toml allows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import matplotlib

_MPL = tuple(int(p) for p in matplotlib.__version__.split(".")[:2])


def boxplot(ax: Any, data: Sequence[Any], labels: Sequence[str], **kwargs: Any) -> dict:
    """``ax.boxplot(data, tick_labels=labels, ...)``; matplotlib < 3.9 calls it ``labels``."""
    key = "tick_labels" if _MPL >= (3, 9) else "labels"
    return ax.boxplot(data, **{key: list(labels)}, **kwargs)
