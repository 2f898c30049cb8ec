"""legal_results: shapes, dtypes, passes, and errors naming the row."""

from __future__ import annotations

import re

import numpy as np
import pytest

from tavla import InvalidPositionError, NotationError, Position, errors, legal_results

START = Position.initial().board
# The side on roll on the bar against a closed board: nothing moves (see test_cli_moves).
CLOSED_OUT = Position.from_position_id("27Y5AADg/wcAQA").board


def test_shapes_offsets_and_a_pass() -> None:
    boards = np.stack([START, CLOSED_OUT, START])
    results, offsets = legal_results(boards, [[3, 1], [6, 6], [1, 1]])
    assert results.dtype == np.int8 and offsets.dtype == np.int64
    assert offsets.tolist() == [0, 16, 17, 17 + 42]
    assert results.shape == (59, 2, 26)
    # The pass hands the unchanged board to the opponent.
    assert (results[16] == CLOSED_OUT[::-1]).all()


def test_empty_batch() -> None:
    results, offsets = legal_results(np.zeros((0, 2, 26), dtype=np.int8), np.zeros((0, 2), int))
    assert results.shape == (0, 2, 26) and offsets.tolist() == [0]


def test_any_integer_dtype_and_whole_floats_are_accepted() -> None:
    for dtype in (np.int64, np.uint8, np.float32):
        _, offsets = legal_results(START[np.newaxis].astype(dtype), np.array([[6, 5]]))
        assert offsets.tolist() == [0, 7]


def test_invalid_board_names_its_row() -> None:
    bad = START.copy()
    bad[0, 6] = 6  # 16 checkers
    with pytest.raises(InvalidPositionError, match="row 1: side on roll has 16 checkers"):
        legal_results(np.stack([START, bad]), [[3, 1], [3, 1]])


def test_finished_game_names_its_row() -> None:
    over = np.zeros((2, 26), dtype=np.int8)
    over[0, 0] = 15
    over[1, 6] = 15
    with pytest.raises(InvalidPositionError, match="row 0: the game is over"):
        legal_results(over[np.newaxis], [[3, 1]])


@pytest.mark.parametrize(
    ("boards", "dice", "error", "message"),
    [
        (START[np.newaxis], [[0, 1]], NotationError, r"row 0: dice must be 1 to 6, got \(0, 1\)"),
        (np.stack([START, START]), [[1, 1], [3, 7]], NotationError, r"row 1: dice"),
        (START[np.newaxis], [[1, 1], [2, 2]], NotationError, r"shape \(1, 2\)"),
        (START[np.newaxis], [[1.0, 1.0]], NotationError, "integers"),
        (START, [[1, 1]], InvalidPositionError, r"shape \(N, 2, 26\)"),
        (START[np.newaxis] + 0.5, [[1, 1]], InvalidPositionError, "row 0: .* not a finite whole"),
        (START[np.newaxis].astype(bool), [[1, 1]], InvalidPositionError, "integer counts"),
    ],
)
def test_bad_input(boards: object, dice: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        legal_results(boards, dice)  # type: ignore[arg-type]


# -- out=: a results buffer reused across calls ------------------------------------------------


def test_out_is_filled_and_returned_as_a_view() -> None:
    boards = np.stack([START, CLOSED_OUT, START])
    dice = [[3, 1], [6, 6], [1, 1]]
    expected, expected_offsets = legal_results(boards, dice)
    out = np.full((100, 2, 26), -1, dtype=np.int8)
    for _ in range(2):  # the same memory serves call after call
        results, offsets = legal_results(boards, dice, out=out)
        assert results.shape == (59, 2, 26) and results.dtype == np.int8
        assert results.ctypes.data == out.ctypes.data and np.shares_memory(results, out)
        assert (results == expected).all() and (offsets == expected_offsets).all()
    assert (out[59:] == -1).all()  # rows beyond the results are left alone


def test_out_of_exactly_the_result_count() -> None:
    out = np.empty((16, 2, 26), dtype=np.int8)
    results, _ = legal_results(START[np.newaxis], [[3, 1]], out=out)
    assert np.shares_memory(results, out) and len(results) == 16


@pytest.mark.parametrize(
    ("out", "message"),
    [
        (np.empty((100, 2, 26), dtype=np.int16), "out must have dtype int8, got int16"),
        (np.empty((100, 52), dtype=np.int8), r"out must have shape \(K, 2, 26\), got \(100, 52\)"),
        (np.empty((100, 2, 52), dtype=np.int8)[:, :, ::2], "out must be C-contiguous"),
        ([[[0] * 26] * 2] * 100, "out must be a NumPy array or None, got list"),
        (np.empty((15, 2, 26), dtype=np.int8), "out has room for 15 results, the batch has 16"),
    ],
)
def test_bad_out_buffers_are_named(out: object, message: str) -> None:
    with pytest.raises(errors.InvalidBufferError, match=message):
        legal_results(START[np.newaxis], [[3, 1]], out=out)  # type: ignore[arg-type]
    assert issubclass(errors.InvalidBufferError, ValueError)


def test_a_read_only_or_overlapping_out_is_refused() -> None:
    frozen = np.empty((100, 2, 26), dtype=np.int8)
    frozen.flags.writeable = False
    with pytest.raises(errors.InvalidBufferError, match="out must be writable"):
        legal_results(START[np.newaxis], [[3, 1]], out=frozen)
    boards = np.stack([START] * 20)  # int8 and C-contiguous: used as they are
    with pytest.raises(errors.InvalidBufferError, match="must not share memory with boards"):
        legal_results(boards, [[3, 1]] * 20, out=boards)
    assert (boards == START).all()


def test_ragged_batches_are_tavla_errors() -> None:
    start = Position.initial().board
    with pytest.raises(InvalidPositionError, match="boards cannot be read as an array"):
        legal_results([start, start[:, :20]], [[3, 1], [3, 1]])
    with pytest.raises(NotationError, match="dice cannot be read as an array"):
        legal_results([start, start], [[3], [1, 2]])


@pytest.mark.parametrize("bad", [np.inf, -np.inf, np.nan])
def test_a_count_that_is_not_finite(bad: float) -> None:
    boards = np.array([Position.initial().board], dtype=float)
    boards[0, 0, 6] = bad
    message = "a count is not a finite whole number (fractional, inf or nan)"
    with pytest.raises(InvalidPositionError, match=f"^{re.escape('row 0: ' + message)}$"):
        legal_results(boards, np.array([[3, 1]]))
    with pytest.raises(InvalidPositionError, match=f"^{re.escape(message)}$"):
        Position(boards[0])
