"""The exact bear-off databases: values counted by hand, every distribution and the two-sided
table against plain Python recursions over the legal plays, properties over the whole tables,
the race approximation against its formula, and the cache on disk."""

from __future__ import annotations

import functools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings

from tavla import EvaluatorError, InvalidPositionError, Position, _core
from tavla.eval import bearoff, evaluate_boards
from tests.helpers.bearoff import ROLLS, home, home_boards, home_side, results, weight
from tests.helpers.boards import board_array, position


@pytest.fixture(scope="module")
def database() -> bearoff.Database:
    return bearoff.database()


# Hand-counted: one checker on point p is off in one roll unless the roll's pips fall short:
# 2-1 from the 4-point; 2-1, 3-1 and 1-1 from the 5; those and 4-1, 3-2 from the 6.
@pytest.mark.parametrize(("point", "misses"), [(1, 0), (2, 0), (3, 0), (4, 2), (5, 5), (6, 9)])
def test_one_checker_distribution(point: int, misses: int) -> None:
    counts = [0] * 6
    counts[point - 1] = 1
    distribution = bearoff.rolls_distribution(counts)
    assert distribution[:3] == pytest.approx([0, (36 - misses) / 36, misses / 36], abs=1e-15)
    assert distribution[3:].sum() == 0


def test_two_checker_distributions() -> None:
    # Two on the 1-point: each die bears one off.  Two on the 6-point: only 3-3, 4-4, 5-5 and
    # 6-6 bear both off at once.
    assert bearoff.rolls_distribution([2, 0, 0, 0, 0, 0])[1] == 1.0
    assert bearoff.rolls_distribution([0, 0, 0, 0, 0, 2])[1] == pytest.approx(4 / 36, abs=1e-15)
    # 1-1 bears off a checker on each of the 1- and 2-points (2/1, 1/off, 1/off).
    assert bearoff.rolls_distribution([1, 1, 0, 0, 0, 0])[1] == 1.0


def test_board_row_and_counts_agree() -> None:
    row = board_array({2: 3, 5: 4}, {})[0]
    assert np.array_equal(
        bearoff.rolls_distribution(row), bearoff.rolls_distribution([0, 3, 0, 0, 4, 0])
    )


@functools.cache
def reference_distribution(counts: tuple[int, ...]) -> tuple[Fraction, ...]:
    """Exact rational distribution of the rolls to bear off every checker, each roll played
    to the least expected rolls."""
    if sum(counts) == 0:
        return (Fraction(1),)
    total: list[Fraction] = [Fraction(0)] * 40
    for roll in ROLLS:
        options = [reference_distribution(r) for r in results(counts, roll)]
        best = min(options, key=lambda d: sum(n * p for n, p in enumerate(d)))
        for n, p in enumerate(best):
            total[n + 1] += Fraction(weight(roll), 36) * p
    while total[-1] == 0:
        total.pop()
    return tuple(total)


def test_distributions_of_small_boards_against_a_recursion(database: bearoff.Database) -> None:
    for counts in home_boards(3):
        exact = [float(p) for p in reference_distribution(counts)]
        got = database.rolls_distribution(counts)
        assert got[: len(exact)] == pytest.approx(exact, abs=1e-14), counts
        assert got[len(exact) :].sum() == 0


def test_first_checker_distribution_of_a_full_board(database: bearoff.Database) -> None:
    # Fifteen on the 6-point: a checker comes off at once with a 6 (11 rolls), 5-1 or 4-2
    # (4), 2-2 or 3-3 (2); not with 5-2, say, as a die larger than needed bears off only
    # from the highest point held (R13).
    got = database.rolls_distribution([0, 0, 0, 0, 0, 15], first=True)
    assert got[:2] == pytest.approx([0, 17 / 36], abs=1e-15)
    # With one checker already off there is nothing to save.
    assert database.rolls_distribution([0, 0, 0, 0, 0, 14], first=True)[0] == 1.0


def test_every_distribution_sums_to_one(database: bearoff.Database) -> None:
    for table in (database.native.off, database.native.first):
        assert table.shape == (54264, database.max_rolls)
        assert np.abs(table.sum(axis=1) - 1).max() < 1e-12
        assert table.min() >= 0


@functools.cache
def reference_win(mover: tuple[int, ...], opponent: tuple[int, ...]) -> Fraction:
    """The side on roll's exact chance to win, both sides playing to win."""
    total = Fraction(0)
    for roll in ROLLS:
        total += Fraction(weight(roll), 36) * max(
            Fraction(1) if sum(r) == 0 else 1 - reference_win(opponent, r)
            for r in results(mover, roll)
        )
    return total


def test_two_sided_table_against_a_recursion(database: bearoff.Database) -> None:
    boards = [b for b in home_boards(2) if sum(b)]
    positions = [position(home(a), home(b)) for a in boards for b in boards]
    got = database.probabilities(positions)
    expected = [float(reference_win(a, b)) for a in boards for b in boards]
    assert got[:, 0] == pytest.approx(expected, abs=1e-14)
    assert not got[:, 1:].any()  # no gammons: each side has borne off 13


def test_hand_values() -> None:
    assert bearoff.probabilities(position({1: 1}, {1: 1}))[0] == 1.0
    assert bearoff.probabilities(position({6: 1}, {1: 1}))[0] == pytest.approx(27 / 36)
    assert bearoff.covered(position({6: 1}, {1: 1}))


def test_race_gammons_by_hand() -> None:
    # One checker on the 1-point against 15 on the board: off at once, a gammon.
    assert list(bearoff.probabilities(position({1: 1}, {1: 15}))) == [1, 1, 0, 0, 0]
    # From the 6-point: a gammon with the 27 rolls that bear it off, a single win otherwise
    # (the opponent takes a checker off the 1-point meanwhile).
    p = bearoff.probabilities(position({6: 1}, {1: 15}))
    assert p == pytest.approx([1, 27 / 36, 0, 0, 0], abs=1e-15)
    # Fifteen on the 6-point against one on the 2-point: gammoned unless the first roll bears
    # a checker off (17 of 36, above).
    p = bearoff.probabilities(position({6: 15}, {2: 1}))
    assert p == pytest.approx([0, 0, 0, 19 / 36, 0], abs=1e-15)
    assert not bearoff.covered(position({6: 15}, {2: 1}))


def race_formula(database: bearoff.Database, board: np.ndarray) -> list[float]:
    """The one-sided approximation written out from the distributions."""
    off = [database.rolls_distribution(board[s]) for s in (0, 1)]
    first = [database.rolls_distribution(board[s], first=True) for s in (0, 1)]
    rolls = range(len(off[0]))
    win = sum(off[0][n] * off[1][n:].sum() for n in rolls)
    win_gammon = sum(off[0][n] * first[1][n:].sum() for n in rolls) if board[1, 0] == 0 else 0
    lose_gammon = sum(off[1][n] * first[0][n + 1 :].sum() for n in rolls) if board[0, 0] == 0 else 0
    return [win, win_gammon, 0, lose_gammon, 0]


@settings(max_examples=60, deadline=None)
@given(home_side(15), home_side(15))
def test_race_approximation_is_its_formula(mover: list[int], opponent: list[int]) -> None:
    board = board_array(home(tuple(mover)), home(tuple(opponent)))
    database = bearoff.database()
    if database.covered(board):
        return
    assert database.probabilities(board) == pytest.approx(race_formula(database, board), abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(home_side(6), home_side(6))
def test_two_sided_values_satisfy_their_recursion(mover: list[int], opponent: list[int]) -> None:
    """The table's value is the average over the rolls of the best play's value, read from
    the same table (the Bellman equation of the retrograde analysis)."""
    database = bearoff.database()
    a, b = tuple(mover), tuple(opponent)

    def value(m: tuple[int, ...], o: tuple[int, ...]) -> float:
        return float(database.probabilities(board_array(home(m), home(o)))[0])

    expected = sum(
        weight(roll) / 36 * max(1.0 if sum(r) == 0 else 1 - value(b, r) for r in results(a, roll))
        for roll in ROLLS
    )
    assert value(a, b) == pytest.approx(expected, abs=1e-12)


def test_two_sided_table_is_monotone(database: bearoff.Database) -> None:
    """A checker more for the side on roll never raises its chances, one more for the
    opponent never lowers them, over the whole table."""
    boards = home_boards(database.checkers)
    index = {b: i for i, b in enumerate(boards)}
    order = np.array([_core.home_index(np.array(b, np.int8)) for b in boards])
    table = database.native.two_sided[np.ix_(order, order)]
    for b, i in index.items():
        if sum(b) == 0:
            continue
        for point in range(6):
            more = list(b)
            more[point] += 1
            j = index.get(tuple(more))
            if j is None:
                continue
            assert (table[j, 1:] <= table[i, 1:] + 1e-12).all()
            assert (table[1:, j] >= table[1:, i] - 1e-12).all()


def test_having_the_roll_never_hurts(database: bearoff.Database) -> None:
    """Over the whole table: a side's chance on roll is at least its chance with the opponent
    on roll, V(a, b) >= 1 - V(b, a); with equal boards, at least a half."""
    table = database.native.two_sided[1:, 1:]
    assert (table + table.T >= 1 - 1e-12).all()
    assert (np.diag(table) >= 0.5).all()


def test_batches_and_single_positions_agree(database: bearoff.Database) -> None:
    boards = np.stack([board_array({6: 2, 1: 3}, {2: 4}), board_array({6: 15}, {5: 2})])
    batch = database.probabilities(boards)
    assert batch.shape == (2, 5)
    assert np.array_equal(batch[1], database.probabilities(Position(boards[1])))
    assert list(database.covered(boards)) == [True, False]
    assert list(database.applies(boards)) == [True, True]


def test_bad_input() -> None:
    with pytest.raises(EvaluatorError, match="board 0: not a bear-off"):
        bearoff.probabilities(Position.initial())
    assert bearoff.applies(Position.initial()) is False
    with pytest.raises(InvalidPositionError, match="board 0"):
        bearoff.probabilities(board_array({}, {1: 1}))  # finished
    with pytest.raises(InvalidPositionError, match="shape"):
        bearoff.probabilities(np.zeros((3, 26), np.int8))
    with pytest.raises(EvaluatorError, match="outside its home board"):
        bearoff.rolls_distribution(board_array({7: 1}, {})[0])
    with pytest.raises(EvaluatorError, match="at most 15"):
        bearoff.rolls_distribution([15, 1, 0, 0, 0, 0])
    with pytest.raises(EvaluatorError, match="6 counts"):
        bearoff.rolls_distribution([1, 2, 3])
    with pytest.raises(EvaluatorError, match="checkers must be"):
        bearoff.build(checkers=11)


def test_numpy_bools_and_batches() -> None:
    side = [0, 0, 0, 0, 0, 1]
    assert np.array_equal(
        bearoff.rolls_distribution(side, first=np.True_),  # type: ignore[arg-type]
        bearoff.rolls_distribution(side, first=True),
    )
    start = position({6: 2}, {1: 3})
    assert evaluate_boards(start.board).shape == (5,)
    assert evaluate_boards(np.stack([start.board] * 3)).shape == (3, 5)
    with pytest.raises(InvalidPositionError, match="board 0"):
        evaluate_boards(position({}, {1: 1}).board[np.newaxis])
    with pytest.raises(EvaluatorError, match="does not apply"):
        evaluate_boards(Position.initial().board, "bearoff")
