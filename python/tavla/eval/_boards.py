"""The positions an evaluator takes: one position or a batch, as ``(N, 2, 26)`` int8 boards."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..board.position import Position, int8_counts
from ..errors import InvalidPositionError


def boards_argument(
    positions: Position | Sequence[Position] | npt.ArrayLike,
) -> tuple[npt.NDArray[np.int8], bool]:
    """``(boards, single)``: the positions as a C-contiguous ``(N, 2, 26)`` int8 array, and
    whether one position was given (a :class:`~tavla.Position` or a ``(2, 26)`` board) rather
    than a batch (an ``(N, 2, 26)`` array or a sequence of positions).  Counts are checked as
    whole numbers of the right shape; the core checks the rules (R1-R4).  Raises
    :class:`~tavla.InvalidPositionError`."""
    if (
        isinstance(positions, np.ndarray)
        and positions.dtype == np.int8
        and positions.ndim == 3
        and positions.shape[1:] == (2, 26)
        and positions.flags.c_contiguous
    ):
        return positions, False  # what the core reads as it is (and checks)
    if isinstance(positions, Position):
        return positions.board[np.newaxis].copy(), True
    if isinstance(positions, Sequence) and positions and isinstance(positions[0], Position):
        boards = [p.board for p in positions if isinstance(p, Position)]
        if len(boards) != len(positions):
            raise InvalidPositionError("a sequence of positions must hold only tavla.Position")
        return np.stack(boards), False
    try:
        array = np.asarray(positions)
    except (TypeError, ValueError) as exc:
        raise InvalidPositionError(f"positions cannot be read as an array: {exc}") from None
    if array.shape == (2, 26):
        return np.ascontiguousarray(int8_counts(array[np.newaxis], rows=True)), True
    if array.ndim != 3 or array.shape[1:] != (2, 26):
        raise InvalidPositionError(
            f"positions must be a Position, a (2, 26) board or (N, 2, 26) boards, got shape "
            f"{array.shape}"
        )
    return np.ascontiguousarray(int8_counts(array, rows=True)), False
