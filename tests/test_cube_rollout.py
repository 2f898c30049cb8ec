"""Cubeful rollouts and cube rollouts (tavla.rollout(cubeful=True)): exact bear-offs against
the exact cubeful table, a cube nobody turns against the cubeless rollout, the dead cube of
1-away/1-away, refusals, Ctrl-C, threads."""

from __future__ import annotations

import numpy as np
import pytest

import tavla
from tavla import CubeContext, PlayoutError, Position, Rules
from tavla.eval import bearoff
from tests.helpers.boards import position
from tests.helpers.interrupt import interrupt_at

START = Position.initial()

# pubeval never doubles: the rollouts below that play it say so (a test of its own checks it).
pytestmark = pytest.mark.filterwarnings("ignore:the policy 'pubeval' never doubles:UserWarning")


@pytest.mark.parametrize(
    ("mover", "opponent", "action"),
    [
        ({1: 1, 2: 1, 3: 1, 5: 1}, {1: 2, 3: 2}, "double/take"),
        ({4: 3, 3: 2}, {5: 2}, "no double"),
    ],
)
def test_a_cube_rollout_of_an_exact_bearoff_agrees_with_the_exact_cubeful_values(
    mover: dict[int, int], opponent: dict[int, int], action: str
) -> None:
    # Both sides play the bear-off database's checkers and its exact cubeful cube actions.
    start = position(mover, opponent)
    no_double, double_take, _ = bearoff.cube_options(start, "centred")
    assert bearoff.cube_actions(start) == action
    result = tavla.rollout(start, "bearoff", 2592, cubeful=True, seed=3)
    assert result.games == 2592 and result.action == action
    assert abs(result.no_double - no_double) < 3 * result.no_double_std_error
    assert abs(result.double_take - double_take) < 3 * result.double_take_std_error
    assert result.double_pass == 1.0
    # The lines share their dice: the difference is known better than the double/take value.
    assert result.double_gain_std_error < result.double_take_std_error


def test_a_cube_nobody_turns_gives_the_cubeless_rollout_and_twice_it() -> None:
    # pubeval never doubles and always takes: the no-double line is the cubeless rollout,
    # game for game (no Jacoby here), and the double/take line plays it at a cube of 2.
    position_ = Position.from_position_id("4HPwATDgc/ABMA")
    money = CubeContext.money(jacoby=False)
    cubeless = tavla.rollout(position_, "pubeval", 1296, seed=4)
    cubeful = tavla.rollout(position_, "pubeval", 1296, seed=4, cubeful=True, context=money)
    assert cubeful.no_double == pytest.approx(cubeless.equity, abs=1e-12)
    assert cubeful.no_double_std_error == pytest.approx(cubeless.equity_std_error, abs=1e-12)
    assert cubeful.double_take == pytest.approx(2 * cubeless.equity, abs=1e-12)
    dropped = cubeful.results[1].dropped  # type: ignore[union-attr]
    assert (dropped == -1).all() and (cubeful.results[1].cube == 2).all()  # type: ignore[union-attr]


def test_at_one_away_each_the_cube_is_dead() -> None:
    # 6-6 in a 7-point match, post-Crawford: one game for the match, whatever the cube or
    # the gammons, so double/take is worth no double, and the MWC is the chance to win.
    context = CubeContext.for_match(7, (6, 6))
    net = tavla.eval.Policy("net:td198-40")
    result = tavla.rollout(START, net, 1296, seed=5, cubeful=True, context=context)
    cubeless = tavla.rollout(START, net, 1296, seed=5)
    assert result.double_take == pytest.approx(result.no_double, abs=1e-12)
    assert result.double_gain_std_error == 0.0
    assert result.mwc(result.no_double) == pytest.approx(cubeless.win, abs=1e-12)
    assert result.mwc(result.no_double_std_error, error=True) == pytest.approx(
        cubeless.std_errors[0], abs=1e-12
    )
    assert result.action == "no double"


def test_no_double_line_only_where_the_side_may_not_double() -> None:
    crawford = CubeContext.for_match(5, (4, 2), crawford=True)
    result = tavla.rollout(START, "pubeval", 72, seed=6, cubeful=True, context=crawford)
    assert result.double_take is None and result.results[1] is None
    assert (result.action, result.refusal) == (
        "no double",
        "no doubling in the Crawford game (R24)",
    )
    owned = CubeContext.money(2, 1)  # the opponent's cube
    result = tavla.rollout(START, "pubeval", 72, seed=6, cubeful=True, context=owned)
    assert result.double_take is None and result.refusal is not None
    assert (result.results[0].cube == 2).all()
    with pytest.raises(PlayoutError, match="money play has no match winning chances"):
        result.mwc(0.0)


def test_cube_rollouts_do_not_depend_on_threads() -> None:
    net = tavla.eval.Policy("net:td198-40")
    runs = [tavla.rollout(START, net, 144, seed=7, cubeful=True, threads=t) for t in (1, 2)]
    assert (runs[0].no_double, runs[0].double_take) == (runs[1].no_double, runs[1].double_take)


def test_ctrl_c_keeps_the_same_games_in_both_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    full = tavla.rollout(START, "pubeval", 640, seed=8, cubeful=True, threads=1)
    interrupt_at(monkeypatch, 13)  # 10 chunks and the end of the first line, 2 of the second
    with pytest.warns(RuntimeWarning, match="interrupted"):
        partial = tavla.rollout(START, "pubeval", 640, seed=8, cubeful=True, threads=1)
    assert partial.interrupted and partial.games == 128
    lines = [line for line in partial.results if line is not None]
    assert [line.games for line in lines] == [128, 128]
    assert np.array_equal(lines[0].scored, full.results[0].scored[:128])


def test_a_policy_that_never_doubles_is_warned_of() -> None:
    with pytest.warns(UserWarning, match=r"'random' never doubles.*\(a net\)"):
        tavla.rollout(START, "random", 36, cubeful=True)
    with pytest.warns(UserWarning, match="never doubles"):
        tavla.rollout(START, lambda candidates: np.zeros(len(candidates)), 36, cubeful=True)


def test_bad_cubeful_rollouts() -> None:
    with pytest.raises(PlayoutError, match="evaluator values the games a cubeful rollout"):
        tavla.rollout(START, "pubeval", 10, cubeful=True, evaluator="net:td198-40")
    with pytest.raises(PlayoutError, match="is a Net, 'net:PATH' or 'bearoff'"):
        tavla.rollout(START, "pubeval", 10, cubeful=True, truncate=3, evaluator=len)  # type: ignore[call-overload]
    with pytest.raises(PlayoutError, match="games stopped with the cube are valued by an"):
        tavla.rollout(START, "pubeval", 10, cubeful=True, truncate=3)
    with pytest.raises(PlayoutError, match="out_of_contention is for the plays of a roll"):
        tavla.rollout(START, "pubeval", 10, cubeful=True, out_of_contention=2.0)
    with pytest.raises(PlayoutError, match="give cubeful=True"):
        tavla.rollout(START, "pubeval", 10, context=CubeContext())
    with pytest.raises(PlayoutError, match="without the cube"):
        tavla.rollout(
            START, "pubeval", 10, cubeful=True, context=CubeContext(rules=Rules.turkish())
        )
