"""The rules of Lights Out on 3x3 as plain functions over 9-bit masks.

Pressing a cell toggles it and its orthogonal neighbours; the goal is every light off. A state
is an int whose bit ``3 r + c`` is set when the light in row ``r``, column ``c`` is lit.
"""

from __future__ import annotations

import numpy as np

SIZE = 3
CELLS = SIZE * SIZE
STATES = 1 << CELLS
ALL_OFF = 0


def check_cell(cell: int) -> int:
    """``cell`` if it is on the board (0..8), else ValueError naming it."""
    if isinstance(cell, bool) or not isinstance(cell, int | np.integer):
        raise ValueError(f"a cell is an int, got {cell!r}")
    if not 0 <= cell < CELLS:
        raise ValueError(f"cell {cell} is off the board: cells are 0..{CELLS - 1} "
                         f"(1-{CELLS} on the board)")
    return int(cell)


def check_state(state: int) -> int:
    """``state`` if it is a 9-bit mask, else ValueError naming what is wrong."""
    if isinstance(state, bool) or not isinstance(state, int | np.integer):
        raise ValueError(f"a state is an int bit mask, got {state!r}")
    if not 0 <= state < STATES:
        raise ValueError(f"a 3x3 state is a mask in 0..{STATES - 1}, got {state}")
    return int(state)


def press_mask(cell: int) -> int:
    """The lights a press on ``cell`` toggles: itself and its orthogonal neighbours."""
    r, c = divmod(check_cell(cell), SIZE)
    mask = 1 << cell
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
            mask |= 1 << ((r + dr) * SIZE + c + dc)
    return mask


def lights_on(state: int) -> int:
    """How many lights are lit."""
    return bin(check_state(state)).count("1")
