"""Rollouts: bear-offs whose answers are known by hand, rotation, ranking the plays of a roll,
Python policies, and bad arguments."""

from __future__ import annotations

import numpy as np
import pytest

from tavla import PlayoutError, Position, rollout
from tests.helpers.examples import load_example
from tests.helpers.interrupt import interrupt_at


def board_row(off: int, **points: int) -> list[int]:
    """One side's row: ``off`` borne off, and counts given as p6=1, bar=1, ..."""
    row = [off, *[0] * 25]
    for name, count in points.items():
        row[25 if name == "bar" else int(name[1:])] = count
    return row


# The side on roll has one checker on its 6-point, the opponent one on its 1-point (each has
# 14 off). The side on roll bears off at once when its roll moves the checker 6 pips or more:
# any roll with dice adding to 6 or more, and 2-2 (8 pips as four moves). It fails with 1-1
# (4 pips) and the eight rolls adding to 3, 4 or 5 (2-1, 1-2, 3-1, 1-3, 4-1, 1-4, 3-2, 2-3):
# 9 of the 36 rolls. After a miss the opponent bears off its last checker with any roll. So
# it wins exactly 27/36 = 0.75 of the games, always a single game (both sides have 14 off).
SIX_VS_ACE = Position([board_row(14, p6=1), board_row(14, p1=1)])

# As above, but the opponent has all 15 checkers on its 1-point. A hit of the 27 rolls wins a
# gammon (the opponent has borne off nothing, and its 1-point is outside the winner's home
# board). After a miss the checker stands on the 3-point or lower (1-1 and 3-1 leave it on 2,
# 2-1 on 3, 4-1 and 3-2 on 1), the opponent bears off at least two checkers, and any roll
# then bears the last checker off: a single game. Win 1, win gammon 27/36, equity
# 2 * 27/36 + 9/36 = 1.75.
SIX_VS_FIFTEEN = Position([board_row(14, p6=1), board_row(0, p1=15)])

# The side on roll bears off its last checker (on the 1-point) with any roll while the
# opponent, with nothing off, has a checker on the bar: a backgammon every time (R16).
ACE_VS_BAR = Position([board_row(14, p1=1), board_row(0, p6=14, bar=1)])


def test_six_point_against_ace_point_without_rotation() -> None:
    result = rollout(SIX_VS_ACE, "random", 3600, seed=1, rotate=False)
    assert result.std_errors[0] < 0.05 / 3  # small enough to tell 0.75 from 0.70
    assert abs(result.win - 0.75) < 3 * result.std_errors[0]
    assert result.equity == pytest.approx(2 * result.win - 1)
    assert list(result.probabilities[1:]) == [0, 0, 0, 0]


def test_rotation_makes_a_first_roll_decision_exact() -> None:
    # Every 36 games see each first roll once, and the first roll decides this game.
    result = rollout(SIX_VS_ACE, "pubeval", 360, seed=2)
    assert result.win == 0.75 and result.equity == 0.5
    assert result.std_errors[0] == 0 and result.equity_std_error == 0


def test_gammons_six_point_against_fifteen() -> None:
    result = rollout(SIX_VS_FIFTEEN, "random", 1296, seed=3)
    assert list(result.probabilities) == [1.0, 0.75, 0.0, 0.0, 0.0]
    assert result.equity == 1.75
    free = rollout(SIX_VS_FIFTEEN, "random", 3600, seed=3, rotate=False)
    assert free.win == 1.0
    assert abs(free.probabilities[1] - 0.75) < 3 * free.std_errors[1] < 0.05


def test_backgammon_with_a_checker_on_the_bar() -> None:
    result = rollout(ACE_VS_BAR, "random", 100, seed=4)
    assert list(result.probabilities) == [1.0, 1.0, 1.0, 0.0, 0.0]
    assert result.equity == 3.0 and result.games == 100


def test_every_play_of_a_roll_is_rolled_out_and_ranked() -> None:
    start = Position.initial()
    ranked = rollout(start, "pubeval", 72, dice="31", seed=5)
    assert len(ranked) == 16 and len({r.play.notation for r in ranked}) == 16
    equities = [r.equity for r in ranked]
    assert equities == sorted(equities, reverse=True)
    # Each is the rollout of the position after the play, seen from the side that played.
    best = ranked[0]
    after = rollout(best.play.position, "pubeval", 72, seed=5)
    assert best.equity == pytest.approx(-after.equity)
    assert best.win == pytest.approx(1 - after.win)
    assert list(best.probabilities[1:]) == pytest.approx(list(after.probabilities[[3, 4, 1, 2]]))


def test_plays_with_known_outcomes() -> None:
    (miss,) = rollout(SIX_VS_ACE, "random", 36, dice="21", seed=6)
    assert miss.play.notation == "6/3" and miss.equity == -1.0 and miss.win == 0.0
    (hit,) = rollout(SIX_VS_ACE, "random", 36, dice="61", seed=6)
    assert hit.play.notation == "6/off" and hit.equity == 1.0 and hit.win == 1.0


def test_a_python_policy_rolls_out_like_the_builtin() -> None:
    numpy_pubeval = load_example("numpy_pubeval").NumpyPubeval()
    position = Position.from_position_id("4HPwATDgc/ABMA")
    builtin = rollout(position, "pubeval", 144, seed=7)
    python = rollout(position, numpy_pubeval, 144, seed=7, batch=50)
    assert np.array_equal(builtin.probabilities, python.probabilities)


def test_bad_rollouts() -> None:
    over = Position([board_row(15), board_row(0, p6=15)])
    with pytest.raises(PlayoutError, match="finished"):
        rollout(over)
    with pytest.raises(PlayoutError, match="games"):
        rollout(SIX_VS_ACE, games=0)
    # One message for too few games, whether negative or 0 (it was "a rollout needs games
    # >= 1" for 0, after "games must be an int >= 0" for -1).
    for games in (np.int64(0), -1):
        with pytest.raises(PlayoutError, match=r"^games must be an int >= 1, got "):
            rollout(SIX_VS_ACE, games=games)
    with pytest.raises(PlayoutError, match="rotate must be True or False, got 'no'"):
        rollout(SIX_VS_ACE, rotate="no")  # type: ignore[call-overload]
    with pytest.raises(PlayoutError, match="Position"):
        rollout("4HPwATDgc/ABMA")  # type: ignore[call-overload]


def certain(probabilities: list[float]):  # type: ignore[no-untyped-def]
    """An evaluator giving every stopped position the same probabilities."""
    return lambda boards: np.tile(probabilities, (len(boards), 1))


def test_truncated_after_one_ply_uses_the_evaluator_where_games_stop() -> None:
    # SIX_VS_ACE: 27 of the 36 first rolls bear off (a single win); the 9 misses stop after
    # one ply with the opponent on roll, whom the evaluator gives a sure win: 27/36 again.
    result = rollout(
        SIX_VS_ACE, "random", 360, seed=4, truncate=1, evaluator=certain([1, 0, 0, 0, 0])
    )
    assert list(result.probabilities) == [0.75, 0, 0, 0, 0] and result.equity == 0.5


def test_truncated_estimates_are_turned_to_the_side_rolled_out() -> None:
    # The evaluator says the side on roll at the stop (the opponent, after each of the 9
    # misses) loses a gammon: those 9 become gammon wins for the side rolled out, beside the
    # 27 single wins. Win 1, win gammon 9/36, equity 27/36 * 1 + 9/36 * 2 = 1.25.
    result = rollout(
        SIX_VS_ACE, "random", 360, seed=4, truncate=1, evaluator=certain([0, 0, 0, 1, 0])
    )
    assert list(result.probabilities) == [1.0, 0.25, 0, 0, 0] and result.equity == 1.25


def test_truncation_needs_an_evaluator_that_answers_well() -> None:
    with pytest.raises(PlayoutError, match="truncate and evaluator go together"):
        rollout(SIX_VS_ACE, "random", 36, truncate=1)
    with pytest.raises(PlayoutError, match="truncate and evaluator go together"):
        rollout(SIX_VS_ACE, "random", 36, evaluator=certain([1, 0, 0, 0, 0]))
    with pytest.raises(PlayoutError, match=r"return shape \(9, 5\)"):
        rollout(SIX_VS_ACE, "random", 36, truncate=1, evaluator=certain([1, 0, 0, 0]))
    with pytest.raises(PlayoutError, match="an evaluator must return real numbers"):
        rollout(SIX_VS_ACE, "random", 36, truncate=1, evaluator=certain([0.5 + 3j, 0, 0, 0, 0]))
    with pytest.raises(PlayoutError, match="an evaluator must return real numbers"):
        rollout(SIX_VS_ACE, "random", 36, truncate=1, evaluator=lambda b: [["x"] * 5] * len(b))
    with pytest.raises(PlayoutError, match=r"outside 0\.\.1"):
        rollout(SIX_VS_ACE, "random", 36, truncate=1, evaluator=certain([1.5, 0, 0, 0, 0]))
    expected = r"truncate must be an int from 1 to 2,147,483,647 plies \(None plays out\), got 0"
    with pytest.raises(PlayoutError, match=expected):
        rollout(SIX_VS_ACE, "random", 36, truncate=0, evaluator=certain([1, 0, 0, 0, 0]))
    for impossible in (
        [0.1, 0.9, 0, 0, 0],
        [0.5, 0.2, 0.3, 0, 0],
        [0.7, 0, 0, 0.4, 0],
        [0.5, 0, 0, 0.1, 0.2],
    ):
        with pytest.raises(PlayoutError, match=r"impossible probabilities .* for board 0"):
            rollout(SIX_VS_ACE, "random", 36, truncate=1, evaluator=certain(impossible))
    # Possible at the edge: the side on roll at each of the 9 stops loses a backgammon.
    edge = rollout(SIX_VS_ACE, "random", 36, truncate=1, evaluator=certain([0, 0, 0, 1, 1]))
    assert edge.probabilities.tolist() == [1, 0.25, 0.25, 0, 0]


# One-thread runs of built-in policies call the progress callback after every 64 games, so
# a rollout of 1296 games calls it 21 times (20 chunks of 64 and one of 16), plus once at the
# end: 22 calls a play.
CALLS_PER_PLAY = 22


def test_ctrl_c_stops_every_play_and_keeps_them_on_the_same_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plays = Position.initial().legal_plays("31")
    # Ctrl-C in the third play after 5 chunks (320 games): the first two plays are cut to
    # those 320 games, the other 13 are not rolled out.
    interrupt_at(monkeypatch, 2 * CALLS_PER_PLAY + 5)
    with pytest.warns(RuntimeWarning, match="interrupted"):
        ranked = rollout(Position.initial(), "pubeval", 1296, dice="31", seed=8, threads=1)
    assert {r.play.notation for r in ranked} == {p.notation for p in plays[:3]}
    assert all(r.interrupted and r.games == 320 for r in ranked)
    # Each is the interrupted rollout of its play's position (the same first 320 games,
    # rotated as for 1296), from the other side.
    for result in ranked:
        interrupt_at(monkeypatch, 5)
        with pytest.warns(RuntimeWarning, match="interrupted"):
            after = rollout(result.play.position, "pubeval", 1296, seed=8, threads=1)
        assert after.interrupted and after.games == 320
        assert result.equity == pytest.approx(-after.equity)
        assert result.win == pytest.approx(1 - after.win)


def test_ctrl_c_before_a_play_finished_a_game_leaves_it_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A play whose rollout is stopped at 0 games is left out and the plays before it keep
    # all their games. A Python policy checks in after every lockstep step, and after the
    # first one no game is over yet.
    numpy_pubeval = load_example("numpy_pubeval").NumpyPubeval()
    seen = interrupt_at(monkeypatch, 1)
    with pytest.warns(RuntimeWarning, match="interrupted"):
        assert rollout(Position.initial(), numpy_pubeval, 72, dice="31") == []
    assert seen == [0, 0]
    first_play = Position.initial().legal_plays("31")[0]
    calls = interrupt_at(monkeypatch, 0)  # counts the calls of the first play's rollout
    whole = rollout(first_play.position, numpy_pubeval, 72)
    interrupt_at(monkeypatch, len(calls) + 1)
    with pytest.warns(RuntimeWarning, match="interrupted"):
        ranked = rollout(Position.initial(), numpy_pubeval, 72, dice="31")
    assert [r.play.notation for r in ranked] == [first_play.notation]
    assert ranked[0].games == 72 and ranked[0].interrupted
    assert ranked[0].equity == pytest.approx(-whole.equity)


def test_a_rollout_whose_games_all_end_alike_has_no_error() -> None:
    # Every game stops after one ply and gets the same estimate: the errors are exactly 0,
    # with rotation (post-stratified) and without.
    for rotate in (True, False):
        result = rollout(
            Position.initial(),
            "random",
            720,
            truncate=1,
            rotate=rotate,
            evaluator=certain([0.3, 0.1, 0.01, 0.2, 0.02]),
        )
        assert result.std_errors.tolist() == [0.0] * 5 and result.equity_std_error == 0.0
        assert np.allclose(result.probabilities, [0.7, 0.2, 0.02, 0.1, 0.01])
