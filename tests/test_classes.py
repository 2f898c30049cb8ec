"""Position classes: hand-built positions of each class, the crashed threshold, symmetry
between the sides, and the refusals."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given

from tavla import InvalidPositionError, NetError, Position
from tavla.eval.classes import CLASSES, classify
from tests.helpers.boards import board_array, position
from tests.helpers.strategies import boards

# The side on roll has crashed: 5 on its 1-point, 4 on its 2-point, and only 6 active
# checkers (2 on each of its 3- and 4-points, 2 on its anchor on the opponent's 5-point).
CRASHED_MOVER = {1: 5, 2: 4, 3: 2, 4: 2, 20: 2}
OPPONENT_BUILDING = {6: 5, 8: 3, 13: 5, 19: 2}


def test_names_and_order() -> None:
    assert CLASSES == ("contact", "crashed", "race", "bearoff")


def test_each_class_by_hand() -> None:
    assert classify(Position.initial()) == "contact"
    assert classify(position({1: 2, 6: 1}, {2: 3})) == "bearoff"  # both home
    assert classify(position({10: 5}, {5: 3})) == "race"  # the opponent's 5 is the mover's 20
    # Its 20 is the mover's 5: contact, and with 5 and 3 checkers on the board, crashed.
    assert classify(position({10: 5}, {20: 3})) == "crashed"
    assert classify(position({10: 5}, {20: 3}), crashed_checkers=2) == "contact"
    assert classify(position(CRASHED_MOVER, OPPONENT_BUILDING)) == "crashed"
    # One more active checker (a third on the 4-point, one fewer on the 1-point): contact.
    assert classify(position({**CRASHED_MOVER, 1: 4, 4: 3}, OPPONENT_BUILDING)) == "contact"


def test_the_bar_is_active_and_the_threshold_is_a_parameter() -> None:
    # 13 checkers on the 1 and 2 points, one on the bar, one on the 3-point: 2 active.
    crunched = position({1: 7, 2: 6, 3: 1, 25: 1}, {6: 5, 7: 3, 13: 5, 21: 2})
    assert classify(crunched) == "crashed"
    assert classify(crunched, crashed_checkers=1) == "contact"
    assert classify(crunched, crashed_checkers=2) == "crashed"
    board = position(CRASHED_MOVER, OPPONENT_BUILDING)
    assert classify(board, crashed_checkers=5) == "contact"
    assert classify(board, crashed_checkers=0) == "contact"


def test_borne_off_checkers_are_not_active() -> None:
    # Bearing off against an anchor: the side on roll has 8 off, 2 on its 1-point and only 5
    # active (on its points 3-6); the opponent holds the anchor with all 15 on the board.
    bearing_off = position({3: 1, 4: 2, 6: 2, 1: 2}, {20: 2, 6: 5, 8: 3, 13: 5})
    assert classify(bearing_off) == "crashed"
    assert classify(bearing_off.swapped()) == "crashed"


def test_batch_gives_indices() -> None:
    batch = np.stack(
        [
            Position.initial().board,
            board_array(CRASHED_MOVER, OPPONENT_BUILDING),
            board_array({10: 5}, {5: 3}),
            board_array({1: 2}, {2: 3}),
        ]
    )
    result = classify(batch)
    assert isinstance(result, np.ndarray) and result.dtype == np.int8
    assert [CLASSES[c] for c in result] == list(CLASSES)


@given(boards())
def test_a_class_does_not_depend_on_the_side_on_roll(board: np.ndarray) -> None:
    assert classify(board) == classify(board[::-1].copy())


def test_refusals() -> None:
    with pytest.raises(NetError, match="crashed_checkers must be an int from 0 to 15"):
        classify(Position.initial(), crashed_checkers=16)
    with pytest.raises(NetError, match="crashed_checkers"):
        classify(Position.initial(), crashed_checkers=True)
    bad = np.stack([Position.initial().board] * 2)
    bad[1, 0, 6] = 9
    with pytest.raises(InvalidPositionError, match="board 1"):
        classify(bad)


@given(boards())
def test_crashed_is_the_fewest_active_checkers_of_a_side(board: np.ndarray) -> None:
    # Active: on the bar (25) or points 3..24, counted from the board as it is given.
    fewest = int(board[:, 3:26].sum(axis=1).min())
    if classify(board) in ("race", "bearoff"):
        return
    assert classify(board, crashed_checkers=fewest) == "crashed"
    if fewest > 0:
        assert classify(board, crashed_checkers=fewest - 1) == "contact"
