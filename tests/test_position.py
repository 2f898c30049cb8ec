"""Position: construction, validation (R1-R4), views, equality, results (R15-R16)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from tavla import InvalidIdError, InvalidPositionError, Position, ResultKind
from tests.helpers.boards import board_array as board


def changed(array: np.ndarray, row: int, index: int, delta: int) -> np.ndarray:
    array[row, index] += delta
    return array


START = {6: 5, 8: 3, 13: 5, 24: 2}


def test_initial_position() -> None:
    start = Position.initial()
    assert start.position_id == "4HPwATDgc/ABMA"
    assert start.pip_counts == (167, 167)
    assert start == Position(board(START, START))
    assert start.board.dtype == np.int8 and start.board.shape == (2, 26)
    assert not start.is_race and not start.is_over
    assert start.winner is None and start.winner_kind is None


def test_board_is_a_fresh_copy() -> None:
    start = Position.initial()
    copy = start.board
    copy[0, 6] = 0
    assert start.board[0, 6] == 5


def test_swapped_exchanges_the_rows() -> None:
    # After an opening 3-1 played 8/5 6/5, seen from either side (docs/formats.rst).
    after = Position.from_position_id("sGfwATDgc/ABMA")
    assert after.swapped().position_id == "4HPwATCwZ/ABMA"
    assert after.swapped().swapped() == after
    assert after.pip_counts == (167, 163)


def test_pip_count_counts_the_bar_as_25() -> None:
    position = Position(board({25: 1, 6: 14}, START))
    assert position.pip_counts == (25 + 6 * 14, 167)


def test_race_and_contact() -> None:
    assert Position(board({6: 5, 5: 10}, {6: 5, 5: 10})).is_race
    # The mover's checker on its 20-point meets the opponent's on its 6 (the mover's 19).
    assert not Position(board({20: 1, 6: 14}, {6: 15})).is_race
    assert not Position(board({6: 15}, {25: 1, 6: 14})).is_race


@pytest.mark.parametrize(
    ("loser", "kind"),
    [
        ({0: 1, 6: 14}, ResultKind.SINGLE),  # the loser has borne off one checker
        ({6: 15}, ResultKind.GAMMON),
        ({19: 1, 6: 14}, ResultKind.BACKGAMMON),  # in the winner's home board
        ({25: 1, 6: 14}, ResultKind.BACKGAMMON),  # on the bar
        ({18: 1, 6: 14}, ResultKind.GAMMON),  # outside the winner's home board
    ],
)
def test_winner_kind(loser: dict[int, int], kind: ResultKind) -> None:
    # The side that just played (row 1) has borne off all 15; the loser is on roll.
    finished = Position(board(loser, {0: 15}))
    assert finished.is_over and finished.winner == 1 and finished.winner_kind == kind
    assert finished.swapped().winner == 0 and finished.swapped().winner_kind == kind


def test_equality_hash_repr_and_pickle() -> None:
    a = Position.from_position_id("4HPwATDgc/ABMA")
    assert a == Position.initial() and hash(a) == hash(Position.initial())
    assert len({a, Position.initial(), a.swapped()}) == 1  # the start is symmetric
    assert repr(a) == "Position.from_position_id('4HPwATDgc/ABMA')"
    assert pickle.loads(pickle.dumps(a)) == a
    with pytest.raises(AttributeError):
        a._key = b""  # type: ignore[misc]


def test_accepts_lists_and_integer_arrays() -> None:
    rows = board(START, START).tolist()
    assert Position(rows) == Position.initial()
    assert Position(np.array(rows, dtype=np.int64)) == Position.initial()
    assert Position(np.array(rows, dtype=float)) == Position.initial()


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (np.zeros((2, 25)), r"shape \(2, 26\), got \(2, 25\)"),
        (np.zeros((26,)), r"shape \(2, 26\), got \(26,\)"),
        ([["a"] * 26] * 2, "integer counts"),
        (board(START, START).astype(float) + np.eye(2, 26) * 0.5, "fractional"),
        (board({6: 16, 0: -1}, START), "negative count"),
        (changed(board(START, START), 1, 24, -1), "opponent has 14 checkers, not 15"),
        (changed(board(START, START), 0, 0, 1), "side on roll has 16 checkers, not 15"),
        # The mover's 19-point is the opponent's 6-point.
        (board({19: 1, 6: 14}, START), "point 19 of the side on roll .* held by both sides"),
        (board(START, START).astype(np.int64) * 100, "out of range"),
        (board({}, {}), "both sides have borne off all 15"),
    ],
)
def test_invalid_boards_name_the_fault(bad: object, message: str) -> None:
    assert issubclass(InvalidPositionError, ValueError)
    with pytest.raises(InvalidPositionError, match=message):
        Position(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4HPwATDgc/ABM", "14 characters, got 13"),
        ("4HPwATDgc/AB!A", "'!' at 13 is not base64"),
        ("/////////////A", "more than 15 checkers on one point"),
        ("4HPwATDgc/ABMB", "bits set beyond"),
        ("AAAAAAAAAAAA", "14 characters, got 12"),
        ("AAAAAAAAAAAAAA", "both sides have borne off all 15"),
        # Both sides on one point: the mover's 6 and the opponent's 19 (the mover's 6); the
        # ID of the board START against {19: 1, 6: 4, 8: 3, 13: 5, 24: 2}, encoded by hand
        # (docs/formats.rst, "GNU Backgammon Position ID"), as the core no longer encodes an
        # invalid board.
        ("4Dn4QDDgc/ABMA", "both"),
    ],
)
def test_position_id_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidIdError, match=message):
        Position.from_position_id(text)


def test_text_given_to_the_position_constructor_points_to_from_position_id() -> None:
    with pytest.raises(InvalidPositionError, match=r"Position.from_position_id"):
        Position("4HPwATDgc/ABMA")  # type: ignore[arg-type]


class _CraftedPosition:
    """Pickles as a Position whose key has 15 checkers on every point."""

    def __reduce__(self) -> tuple[object, ...]:
        return (Position._from_key, (bytes([15] * 52),))


def test_a_crafted_pickle_of_a_position_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="checkers"):
        pickle.loads(pickle.dumps(_CraftedPosition()))


def test_positions_still_pickle() -> None:
    after = Position.initial().play("31", "8/5 6/5")
    assert pickle.loads(pickle.dumps(after)) == after
