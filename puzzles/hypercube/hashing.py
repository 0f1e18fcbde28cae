"""An open-addressing hash map from packed states (int64 >= 0) to an int64 and an int32, in numba.

numba's typed dict is several times slower than this for int64 keys; the searches of this
family spend most of their time here. Empty slots hold key -1. Callers keep the load below one
half by calling :func:`maybe_grow` after each insertion.
"""

from __future__ import annotations

import numpy as np
from numba import njit

EMPTY = -1


@njit(cache=True)
def new_table(capacity: int):
    """Arrays (keys, vals, aux) of a power-of-two capacity, all slots empty."""
    cap = 1 << 4
    while cap < capacity:
        cap <<= 1
    keys = np.full(cap, EMPTY, dtype=np.int64)
    return keys, np.zeros(cap, dtype=np.int64), np.zeros(cap, dtype=np.int32)


@njit(cache=True)
def slot_of(keys: np.ndarray, key: np.int64) -> int:
    """The slot holding ``key``, or the empty slot where it would go."""
    mask = np.uint64(keys.shape[0] - 1)
    x = np.uint64(key)
    x ^= x >> np.uint64(33)
    x *= np.uint64(0xFF51AFD7ED558CCD)
    x ^= x >> np.uint64(33)
    i = np.int64(x & mask)
    m = np.int64(mask)
    while keys[i] != EMPTY and keys[i] != key:
        i = (i + 1) & m
    return i


@njit(cache=True)
def find(keys: np.ndarray, key: np.int64) -> int:
    """The slot holding ``key``, or -1."""
    i = slot_of(keys, key)
    return i if keys[i] == key else -1


@njit(cache=True)
def maybe_grow(keys, vals, aux, count: int):
    """Double the table when more than half full; return (keys, vals, aux)."""
    if 2 * count < keys.shape[0]:
        return keys, vals, aux
    nk, nv, na = new_table(keys.shape[0] * 2)
    for i in range(keys.shape[0]):
        if keys[i] != EMPTY:
            j = slot_of(nk, keys[i])
            nk[j] = keys[i]
            nv[j] = vals[i]
            na[j] = aux[i]
    return nk, nv, na


@njit(cache=True)
def grow_array(arr: np.ndarray, needed: int) -> np.ndarray:
    """``arr`` itself if it holds ``needed`` items, else a copy twice as large (or more)."""
    if needed <= arr.shape[0]:
        return arr
    size = arr.shape[0] * 2
    while size < needed:
        size *= 2
    out = np.empty(size, dtype=arr.dtype)
    out[: arr.shape[0]] = arr
    return out
