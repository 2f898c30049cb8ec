"""Hypothesis strategies shared by the tests: ``from tests.helpers.strategies import positions``."""

from __future__ import annotations

import numpy as np
from hypothesis import assume
from hypothesis import strategies as st

from tavla import Position

_CHECKERS = 15
_BAR, _OFF = 25, 0


@st.composite
def boards(draw: st.DrawFn) -> np.ndarray:
    """A valid ``(2, 26)`` int8 board (docs/board.rst): 15 checkers a side counting the bar
    (index 25) and borne-off checkers (index 0), no point held by both sides, not both
    sides with all 15 off.

    Each checker of the side on roll goes to any index 0..25; each opponent checker to its
    bar, off, or a point the side on roll leaves empty (row 1 index p is row 0's 25 - p).
    """
    board = np.zeros((2, 26), dtype=np.int8)
    for index in draw(st.lists(st.integers(0, 25), min_size=_CHECKERS, max_size=_CHECKERS)):
        board[0, index] += 1
    free = [_OFF, _BAR] + [p for p in range(1, 25) if board[0, 25 - p] == 0]
    spots = st.sampled_from(free)
    for index in draw(st.lists(spots, min_size=_CHECKERS, max_size=_CHECKERS)):
        board[1, index] += 1
    assume(not (board[0, _OFF] == _CHECKERS and board[1, _OFF] == _CHECKERS))
    return board


def positions() -> st.SearchStrategy[Position]:
    """Valid :class:`~tavla.Position` values, built from :func:`boards`."""
    return boards().map(Position)
