"""The exact cubeful bear-off equities: positions solved by hand as fractions, the table against
a plain Python recursion over the legal plays in rationals, properties over the whole default
table (each proved below), the cube options and actions, and bad input."""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings

import tavla
from tavla import EvaluatorError, InvalidPositionError, Position
from tavla.eval import Net, bearoff
from tavla.game import CubeOwner
from tests.helpers.bearoff import ROLLS, home, home_boards, home_side, results, weight
from tests.helpers.boards import board_array, position

CENTRED, OWNED, OPPONENT = range(3)
AFTER_PLAY = (CENTRED, OPPONENT, OWNED)  # the opponent's view of the cube once a side has played


@pytest.fixture(scope="module")
def database() -> bearoff.Database:
    return bearoff.database()


def best_action(no_double: Fraction, opponent_no_double: Fraction) -> Fraction:
    """The side's equity with the cube centred or its own: it doubles when the opponent's
    better answer, a take (2 ND_O) or a pass (+1), leaves it more than playing on."""
    return max(no_double, min(2 * opponent_no_double, Fraction(1)))


def test_both_sides_one_roll_from_done() -> None:
    # A checker each on the 1-point: the side on roll bears off with any roll, ND = 1 in every
    # state; a double would be passed (a take would be worth 2 to the doubler), E = 1. Playing
    # on wins as much as the pass: the tie goes to no double (tavla.game.cubeful.cube_action).
    p = position({1: 1}, {1: 1})
    assert list(bearoff.cubeful_equities(p)) == [1, 1, 1]
    assert list(bearoff.cube_options(p)) == [1, 2, 1]
    assert bearoff.cube_actions(p) == bearoff.cube_actions(p, "owned") == "no double"


# Against a checker on the opponent's 1-point (off with any roll) the side on roll wins
# exactly when its roll bears every checker off, with chance q: ND = 2q - 1 in every cube
# state (a miss loses one unit, whoever owns the cube), the take is worth 2 (2q - 1) = 4q - 2
# and the pass 1.  So: no double for q <= 1/2, double/take for 1/2 < q <= 3/4 (the take point
# of a last roll), double/pass above.  The q are counted by hand:
LAST_ROLLS = [
    # two on the 6-point: only 3-3, 4-4, 5-5 and 6-6
    ({6: 2}, Fraction(4, 36), "no double"),
    # two on the 3-point: two dice of 3 or more (12 rolls) or a double but 1-1 (5)
    ({3: 2}, Fraction(17, 36), "no double"),
    # two on the 2-point: all but the 10 rolls with a 1 that are not 1-1
    ({2: 2}, Fraction(26, 36), "double/take"),
    # one on the 6-point: all but 2-1, 3-1, 1-1, 4-1, 3-2; the take point exactly, a tie
    # between take and pass that goes to the take
    ({6: 1}, Fraction(27, 36), "double/take"),
    # on the 4- and 1-points: all but 2-1, 3-1, 3-2 and 1-1
    ({4: 1, 1: 1}, Fraction(29, 36), "double/pass"),
]


@pytest.mark.parametrize(("mover", "q", "action"), LAST_ROLLS)
def test_last_roll_by_hand(mover: dict[int, int], q: Fraction, action: str) -> None:
    counts = [mover.get(point, 0) for point in range(1, 7)]
    assert bearoff.rolls_distribution(counts)[1] == pytest.approx(float(q), abs=1e-15)
    p = position(mover, {1: 1})
    no_double = 2 * q - 1
    equity = best_action(no_double, no_double)
    expected = [float(equity), float(equity), float(no_double)]
    assert bearoff.cubeful_equities(p) == pytest.approx(expected, abs=1e-15)
    assert bearoff.cube_options(p) == pytest.approx([float(no_double), float(2 * no_double), 1])
    assert bearoff.cube_actions(p) == bearoff.cube_actions(p, "owned") == action


def test_two_turns_by_hand() -> None:
    """Two on each side's 2-point.  Each side is off with 26 rolls of 36 (above); a miss
    leaves one checker on the 1-point, off next roll.  After the side on roll misses, the
    opponent has ND = 2 * 26/36 - 1 = 4/9 in every state and doubles from the centre or its
    own cube to 8/9 (a take); with the cube the side on roll's it has 4/9.  So the side on
    roll has, not doubling, 26/36 - 10/36 * 8/9 = 77/162 with the cube centred or the
    opponent's and 26/36 - 10/36 * 4/9 = 97/162 with its own, and a double is worth
    2 * 77/162 = 77/81 < 1 to it: double/take, from the centre or its own cube."""
    p = position({2: 2}, {2: 2})
    options = bearoff.cube_options(p, "centred")
    assert options == pytest.approx([77 / 162, 77 / 81, 1], abs=1e-15)
    assert bearoff.cube_options(p, "owned")[0] == pytest.approx(97 / 162, abs=1e-15)
    for spelling in ("on roll", "on-roll", CubeOwner.ON_ROLL):  # one owner, every spelling
        assert bearoff.cube_options(p, spelling)[0] == pytest.approx(97 / 162, abs=1e-15)
    opponent = bearoff.cube_options(p, "opponent")
    assert opponent[0] == pytest.approx(77 / 162, abs=1e-15) and np.isnan(opponent[1:]).all()
    assert bearoff.cubeful_equities(p) == pytest.approx([77 / 81, 77 / 81, 77 / 162], abs=1e-15)
    assert bearoff.cube_actions(p) == bearoff.cube_actions(p, "owned") == "double/take"


def test_owning_the_cube_against_a_redouble_by_hand() -> None:
    """One checker on the 6-point (off with 27 of 36) against two on the 2-point: after a
    miss the opponent doubles to 8/9 as above, or has 4/9 with the cube not its to turn.
    Not doubling: 27/36 - 9/36 * 8/9 = 19/36 centred or the opponent's, 27/36 - 9/36 * 4/9 =
    23/36 with its own cube (the cubeless 2p - 1, p = 3/4 + 1/4 * 5/18: the opponent can never
    double).  A double would be worth 2 * 19/36 > 1 to the side: double/pass."""
    p = position({6: 1}, {2: 2})
    assert bearoff.cube_options(p)[0] == pytest.approx(19 / 36, abs=1e-15)
    assert bearoff.cube_options(p, "owned")[0] == pytest.approx(23 / 36, abs=1e-15)
    assert 2 * float(bearoff.probabilities(p)[0]) - 1 == pytest.approx(23 / 36, abs=1e-15)
    assert bearoff.cubeful_equities(p) == pytest.approx([1, 1, 19 / 36], abs=1e-15)
    assert bearoff.cube_actions(p) == "double/pass"


@functools.cache
def reference_no_double(mover: tuple[int, ...], opponent: tuple[int, ...]) -> list[Fraction]:
    """The side on roll's exact no-double equities (centred, owned, the opponent's): for each
    roll, in each cube state apart, the best play's value, +1 when it bears the last checker
    off, else minus the opponent's equity in its view of the cube after its best action."""
    total = [Fraction(0)] * 3
    for roll in ROLLS:
        for state in range(3):
            total[state] += Fraction(weight(roll), 36) * max(
                Fraction(1) if sum(r) == 0 else -reference_equity(opponent, r)[AFTER_PLAY[state]]
                for r in results(mover, roll)
            )
    return total


def reference_equity(mover: tuple[int, ...], opponent: tuple[int, ...]) -> list[Fraction]:
    centred, owned, theirs = reference_no_double(mover, opponent)
    return [best_action(centred, theirs), best_action(owned, theirs), theirs]


def test_table_against_a_recursion(database: bearoff.Database) -> None:
    boards = [b for b in home_boards(2) if sum(b)]
    positions = [position(home(a), home(b)) for a in boards for b in boards]
    no_double = np.stack(
        [database.cube_options(positions, cube)[:, 0] for cube in bearoff.CUBE_STATES], 1
    )
    expected = [[float(v) for v in reference_no_double(a, b)] for a in boards for b in boards]
    assert no_double == pytest.approx(np.array(expected), abs=1e-14)
    expected = [[float(v) for v in reference_equity(a, b)] for a in boards for b in boards]
    assert database.cubeful_equities(positions) == pytest.approx(np.array(expected), abs=1e-14)


@settings(max_examples=30, deadline=None)
@given(home_side(6), home_side(6))
def test_values_satisfy_their_recursion(mover: list[int], opponent: list[int]) -> None:
    """At any size of the default table, a value is the mean over the rolls of the best
    play's value in its cube state, read from the same table (the Bellman equation)."""
    database = bearoff.database()
    a, b = tuple(mover), tuple(opponent)

    def equity(m: tuple[int, ...], o: tuple[int, ...]) -> np.ndarray:
        return database.cubeful_equities(board_array(home(m), home(o)))

    for state in range(3):
        expected = sum(
            weight(roll)
            / 36
            * max(
                1.0 if sum(r) == 0 else -equity(b, r)[AFTER_PLAY[state]] for r in results(a, roll)
            )
            for roll in ROLLS
        )
        got = database.cube_options(board_array(home(a), home(b)), bearoff.CUBE_STATES[state])
        assert got[0] == pytest.approx(expected, abs=1e-12)


def whole_table(database: bearoff.Database) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The no-double equities ``(n, n, 3)``, the equities after the best action and the
    cubeless equities 2p - 1 of every position of the table (no empty board)."""
    no_double = database.native.no_double[1:, 1:]
    centred, owned, theirs = (no_double[..., s] for s in range(3))
    best = np.minimum(2 * theirs, 1)
    equity = np.stack([np.maximum(centred, best), np.maximum(owned, best), theirs], -1)
    return no_double, equity, 2 * database.native.two_sided[1:, 1:] - 1


# The properties below hold by induction over the order the table is built in (fewer pips
# first), the values of a position coming from its successors' values:
# (a) ND_M >= ND_C >= ND_O and E_M >= E_C >= E_O.  If the successors have E'_M >= E'_C >= E'_O,
#     each play's values -E'_O >= -E'_C >= -E'_M are ordered as the roller's states M, C, O
#     read them; maxima over plays and means over rolls keep the order, so ND_M >= ND_C >=
#     ND_O; then E_M = max(ND_M, d) >= max(ND_C, d) = E_C >= ND_C >= ND_O = E_O, with
#     d = min(2 ND_O, 1).
# (b) Every value is in [-1, 1]: each play's value is (+1 or minus a successor's equity), so
#     ND is; and E = max(ND, min(2 ND_O, 1)) lies between ND and 1.
# (c) ND_O <= 2p - 1 <= ND_M: owning the cube the side can only gain, with it the opponent's
#     it can only lose.  By induction with (a): -E'_M <= 1 - 2p' <= -E'_O play by play, since
#     the successor has E'_O <= ND'_O <= 2p' - 1 <= ND'_M <= E'_M.
# (d) A certain win (p = 1) is worth 1 in every state, a certain loss -1: every play's value
#     is then +1 (the successor a certain loss, -1 in every state) or -1.
# (e) Beavers (R20) change nothing: the taker beavers only when a beaver, worth at least
#     max(4 ND_O, -2) to the doubler, leaves it less than the take, 2 ND_O; that needs
#     ND_O < 0, and then 2 ND_O < ND_O <= ND_C <= ND_M by (a): the double was already wrong.
#     So wherever ND_O < 0, E = ND from the centre and from one's own cube.


def test_cube_states_are_ordered(database: bearoff.Database) -> None:
    no_double, equity, _ = whole_table(database)
    for values in (no_double, equity):
        assert (values[..., OWNED] >= values[..., CENTRED]).all()
        assert (values[..., CENTRED] >= values[..., OPPONENT]).all()
    assert (no_double[..., OWNED] > no_double[..., CENTRED]).any()  # the orders are not ties


def test_equities_are_within_one_unit(database: bearoff.Database) -> None:
    no_double, equity, _ = whole_table(database)
    for values in (no_double, equity):
        assert values.min() >= -1 - 1e-12 and values.max() <= 1 + 1e-12
    assert equity.max() == 1 and no_double.min() == -1


def test_owning_the_cube_against_cubeless(database: bearoff.Database) -> None:
    no_double, _, cubeless = whole_table(database)
    assert (no_double[..., OPPONENT] <= cubeless + 1e-12).all()
    assert (cubeless <= no_double[..., OWNED] + 1e-12).all()


def test_certain_results(database: bearoff.Database) -> None:
    _, equity, cubeless = whole_table(database)
    assert (cubeless == 1).sum() > 0 and (cubeless == -1).sum() > 0
    assert (equity[cubeless == 1] == 1).all()
    assert (equity[cubeless == -1] == -1).all()


def test_beavers_would_change_nothing(database: bearoff.Database) -> None:
    no_double, equity, _ = whole_table(database)
    beaver = no_double[..., OPPONENT] < 0
    assert beaver.any()
    for state in (CENTRED, OWNED):
        assert np.array_equal(equity[..., state][beaver], no_double[..., state][beaver])


def test_batches_and_single_positions_agree(database: bearoff.Database) -> None:
    boards = np.stack([board_array({2: 2}, {2: 2}), board_array({6: 2, 1: 3}, {2: 4})])
    batch = database.cubeful_equities(boards)
    assert batch.shape == (2, 3) and batch.dtype == np.float64
    assert np.array_equal(batch[1], database.cubeful_equities(Position(boards[1])))
    assert database.cube_options(boards, "owned").shape == (2, 3)
    actions = database.cube_actions(boards)
    assert isinstance(actions, list) and actions[0] == "double/take"
    assert set(actions) <= set(bearoff.CUBE_ACTIONS)


def test_bad_input() -> None:
    with pytest.raises(EvaluatorError, match="board 1: not in the exact two-sided"):
        bearoff.cubeful_equities([position({1: 1}, {1: 1}), position({6: 15}, {5: 2})])
    with pytest.raises(EvaluatorError, match="not in the exact two-sided"):
        bearoff.cube_options(Position.initial())
    with pytest.raises(InvalidPositionError, match="board 0"):
        bearoff.cubeful_equities(board_array({}, {1: 1}))  # finished
    with pytest.raises(EvaluatorError, match="cube must be one of"):
        bearoff.cube_options(position({1: 1}, {1: 1}), "mine")
    with pytest.raises(EvaluatorError, match="may not double a cube its opponent owns"):
        bearoff.cube_actions(position({1: 1}, {1: 1}), "opponent")


def test_without_the_cubeful_table(tmp_path: Path) -> None:
    plain = bearoff.load(bearoff.build(tmp_path / "plain.npz", checkers=1, cubeful=False))
    assert not plain.cubeful and bearoff.database().cubeful
    one_each = position({1: 1}, {1: 1})
    assert plain.probabilities(one_each)[0] == 1
    with pytest.raises(EvaluatorError, match="built without its cubeful table"):
        plain.cubeful_equities(one_each)
    with pytest.raises(EvaluatorError, match="cubeful must be True or False"):
        bearoff.build(tmp_path / "x.npz", checkers=1, cubeful=1)  # type: ignore[arg-type]


def test_cube_decision_takes_the_exact_values_of_the_table() -> None:
    # 29/36 to bear off both checkers (the 4 and the 1 points) against a checker off next roll.
    p = position({4: 1, 1: 1}, {1: 1})
    decision = tavla.cube_decision(p)
    assert decision.exact and decision.action == "double/pass" and not decision.take
    expected = bearoff.cube_options(p)
    assert (decision.no_double, decision.double_take, decision.double_pass) == tuple(expected)
    assert decision.no_double == pytest.approx(2 * 29 / 36 - 1)
    assert not tavla.cube_decision(p, evaluator=Net.random((198, 4, 5)), bearoff=False).exact
    owned_by_opponent = tavla.CubeContext.money(cube=2, owner=1)
    opponent_no_double = bearoff.cube_options(p, "opponent")[0]
    assert tavla.cube_decision(p, owned_by_opponent).no_double == pytest.approx(opponent_no_double)
    in_a_match = tavla.CubeContext.for_match(7, (2, 3))
    assert not tavla.cube_decision(p, in_a_match).exact
