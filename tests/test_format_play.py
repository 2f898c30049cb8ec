"""Writing plays: format_play (docs/board.rst "Move notation") and the errors for what is
not a play."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from tavla.board.notation import format_play
from tavla.errors import NotationError

BAD_MOVE = "a checker moves from the bar or a point 1..24 down to a lower point or off"


@pytest.mark.parametrize(
    ("moves", "hits", "message"),
    [
        ([(0, 5)], None, f"cannot read the move (0, 5): {BAD_MOVE}"),
        ([(5, 7)], None, f"cannot read the move (5, 7): {BAD_MOVE}"),
        ([(26, 1)], None, f"cannot read the move (26, 1): {BAD_MOVE}"),
        ([(25, 25)], None, f"cannot read the move (25, 25): {BAD_MOVE}"),
        ([(True, False)], None, "a move is a (from, to) pair of ints, got (True, False)"),
        ([(13, 7, 5)], None, "a move is a (from, to) pair of ints, got (13, 7, 5)"),
        (["13"], None, "a move is a (from, to) pair of ints, got '13'"),
        ([(13.0, 7)], None, "a move is a (from, to) pair of ints, got (13.0, 7)"),
        ("x", None, "a play is a sequence of (from, to) moves, got 'x'"),
        (None, None, "a play is a sequence of (from, to) moves, got None"),
        ([(13, 7), (7, 5)], [True], "hits must hold one bool per move: 2 moves, got 1"),
        ([(13, 7)], [1], "hits must be a sequence of bools, got [1]"),
        ([(13, 7)], "x", "hits must be a sequence of bools, got 'x'"),
    ],
)
def test_format_play_refuses_what_is_not_a_play(moves: Any, hits: Any, message: str) -> None:
    with pytest.raises(NotationError, match=f"^{re.escape(message)}$"):
        format_play(moves, hits)


def test_format_play_still_takes_plays() -> None:
    assert format_play([(13, 7), (7, 5)], hits=[True, False]) == "13/7*/5"
    assert format_play([(25, 20), (6, 0)]) == "bar/20 6/off"
    assert format_play([]) == ""
    assert format_play(np.array([[13, 7], [7, 5]]), np.array([True, False])) == "13/7*/5"
    assert format_play([(np.int8(8), np.int64(5))], (np.bool_(False),)) == "8/5"
