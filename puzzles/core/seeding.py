"""Seeding: one root seed, one child seed per task key.

Every stochastic task derives its randomness from ``(root seed, task key)`` alone, never from
the worker that runs it or from the order of execution, so 1 worker, N workers and a dask
cluster give the same numbers.
"""

from __future__ import annotations

import hashlib

import numpy as np

KeyPart = int | str


def _key_words(key: tuple[KeyPart, ...]) -> tuple[int, ...]:
    """Map a task key to non-negative integers (strings through a stable hash, not ``hash()``)."""
    words = []
    for part in key:
        if isinstance(part, bool) or not isinstance(part, int | str | np.integer):
            raise ValueError(
                f"seed key parts must be int or str, got {part!r} ({type(part).__name__})")
        if isinstance(part, str):
            digest = hashlib.sha256(part.encode("utf-8")).digest()
            words.append(int.from_bytes(digest[:8], "little"))
        else:
            if part < 0:
                raise ValueError(f"integer seed key parts must be >= 0, got {part}")
            words.append(int(part))
    return tuple(words)


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` if it is an int >= 0 (a root seed), else ValueError naming ``name``."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ValueError(f"{name} must be an int >= 0, got {seed!r}")
    return int(seed)


def seed_sequence(root: int, *key: KeyPart) -> np.random.SeedSequence:
    """The child ``SeedSequence`` of ``root`` for the task named by ``key``."""
    if isinstance(root, bool) or not isinstance(root, int | np.integer) or root < 0:
        raise ValueError(f"root seed must be a non-negative int, got {root!r}")
    return np.random.SeedSequence(int(root), spawn_key=_key_words(key))


def derive_seed(root: int, *key: KeyPart) -> int:
    """A 32-bit integer seed for the task ``key``: what numba kernels pass to ``np.random.seed``."""
    return int(seed_sequence(root, *key).generate_state(1, dtype=np.uint32)[0])


def derive_rng(root: int, *key: KeyPart) -> np.random.Generator:
    """A ``numpy.random.Generator`` for the task ``key``."""
    return np.random.default_rng(seed_sequence(root, *key))
