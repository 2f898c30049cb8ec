"""Boards written by hand for the tests: ``{index: count}`` for each side."""

from __future__ import annotations

import numpy as np

from tavla import Position


def board_array(mover: dict[int, int], opponent: dict[int, int]) -> np.ndarray:
    """A ``(2, 26)`` int8 board from the checkers of each side on points 1..24 and the bar
    (25), the side on roll first; the rest of each side's 15 are borne off (index 0)."""
    array = np.zeros((2, 26), dtype=np.int8)
    for row, counts in enumerate((mover, opponent)):
        for index, count in counts.items():
            array[row, index] = count
        array[row, 0] = 15 - sum(count for index, count in counts.items() if index != 0)
    return array


def position(mover: dict[int, int], opponent: dict[int, int]) -> Position:
    """:func:`board_array` as a :class:`~tavla.Position`."""
    return Position(board_array(mover, opponent))
