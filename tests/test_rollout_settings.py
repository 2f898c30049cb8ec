"""Rollout settings: stopping at a target standard error, plays out of contention, truncation
at exact bear-offs, cubeful rollouts of a roll's plays and truncated cubeful rollouts, close
cube calls, and the progress bar's running equity."""

from __future__ import annotations

import re

import numpy as np
import pytest

import tavla
from tavla import CubeContext, PlayoutError
from tavla.eval import Policy, bearoff, evaluate
from tavla.sim.cube_rollout import cube_rollout, cube_rollout_plays
from tavla.sim.cube_rollout_results import CubefulRolloutResult
from tavla.sim.rollout import rollout_plays
from tests.helpers.boards import position

NET = Policy("net:td198-40")
MIDDLE = position({6: 4, 7: 2, 8: 3, 13: 3, 24: 2, 25: 1}, {6: 4, 5: 2, 8: 2, 13: 4, 20: 2, 23: 1})
RACE = position({1: 2, 2: 2, 3: 3, 4: 2, 5: 2, 6: 2, 9: 2}, {1: 3, 2: 3, 4: 2, 6: 3, 10: 2, 14: 2})
BEAROFF = position({1: 1, 2: 1, 3: 1, 5: 1}, {1: 2, 3: 2})  # in the exact two-sided table


def test_a_target_error_stops_at_the_first_check_that_reaches_it() -> None:
    kwargs = {"seed": 3, "rotate": False, "variance_reduction": False}
    stopped = tavla.rollout(RACE, NET, 100_000, se=0.05, check_every=50, **kwargs)
    assert stopped.games % 50 == 0 and stopped.equity_std_error < 0.05
    # The same games as a rollout of that many, and one check earlier was not enough.
    same = tavla.rollout(RACE, NET, stopped.games, **kwargs)
    assert (same.equity, same.equity_std_error) == (stopped.equity, stopped.equity_std_error)
    if stopped.games > 50:
        fewer = tavla.rollout(RACE, NET, stopped.games - 50, **kwargs)
        assert fewer.equity_std_error >= 0.05
    other = tavla.rollout(RACE, NET, 100_000, se=0.05, check_every=50, threads=1, **kwargs)
    assert (other.games, other.equity) == (stopped.games, stopped.equity)


def test_the_cap_of_games_holds_when_the_target_is_not_reached() -> None:
    result = tavla.rollout(MIDDLE, "pubeval", 72, se=1e-6, check_every=36)
    assert result.games == 72 and result.equity_std_error > 1e-6


def test_plays_out_of_contention_stop_early_and_the_others_play_on() -> None:
    full = rollout_plays(RACE, "61", NET, 360, seed=5, variance_reduction=False)
    pruned = rollout_plays(
        RACE,
        "61",
        NET,
        360,
        seed=5,
        variance_reduction=False,
        check_every=36,
        out_of_contention=2.0,
    )
    by_play = {r.play.notation: r for r in full}  # type: ignore[union-attr]
    assert pruned[0].games == 360 and pruned[0].play == full[0].play
    stopped = [r for r in pruned if r.games < 360]
    assert stopped and all(r.games % 36 == 0 for r in stopped)
    for result in pruned:
        if result.games == 360:  # played to the end: the very games of the full rollout
            assert result.equity == by_play[result.play.notation].equity  # type: ignore[union-attr]
        else:
            assert result.equity < pruned[0].equity


def test_truncation_at_exact_bearoffs_counts_the_exact_values() -> None:
    # Every game stops after its first play, in the exact table: the rotated mean over the 36
    # first rolls of the exact values after the database's plays is the exact value.
    exact = evaluate(BEAROFF, "bearoff").probabilities
    result = tavla.rollout(BEAROFF, NET, 36, truncate_bearoff=True, variance_reduction=False)
    assert result.probabilities == pytest.approx(exact, abs=1e-12)
    # A race stopped where it reaches the table agrees with the race played out.
    whole = tavla.rollout(RACE, NET, 216, seed=2)
    short = tavla.rollout(RACE, NET, 216, seed=3, truncate_bearoff=True)
    error = np.hypot(whole.equity_std_error, short.equity_std_error)
    assert abs(whole.equity - short.equity) < 4 * error


def test_cubeful_plays_of_an_exact_bearoff_are_the_exact_cubeful_equities() -> None:
    # After each play the opponent decides on the cube exactly and rolls; the games stop at
    # the exact table, so the rotated mean is the opponent's exact cubeful equity, negated.
    results = cube_rollout_plays(
        BEAROFF, "21", NET, 36, truncate_bearoff=True, variance_reduction=False
    )
    plays = BEAROFF.legal_plays("21")
    assert sorted(r.play.notation for r in results) == sorted(p.notation for p in plays)
    for result in results:
        if result.play.position.is_over:
            continue
        exact = -bearoff.cubeful_equities(result.play.position)[0]
        assert result.equity == pytest.approx(exact, abs=1e-9)
        assert result.games == 36
    assert [r.equity for r in results] == sorted((r.equity for r in results), reverse=True)
    forwarded = tavla.rollout(
        BEAROFF,
        NET,
        36,
        cubeful=True,
        dice="21",
        truncate_bearoff=True,
        variance_reduction=False,
    )
    assert [r.equity for r in forwarded] == [r.equity for r in results]  # type: ignore[union-attr]


def test_truncated_cubeful_rollouts_agree_with_whole_ones() -> None:
    whole = cube_rollout(RACE, NET, 144, seed=4)
    short = cube_rollout(RACE, NET, 144, seed=5, truncate=8, evaluator="net:td198-40")
    assert short.results[0].stop_values is not None
    assert (short.results[0].plies <= 8).all()
    error = np.hypot(whole.no_double_std_error, short.no_double_std_error)
    assert abs(whole.no_double - short.no_double) < 4 * error
    # In a match too, where stopped games are valued in MWC.
    context = CubeContext.for_match(5, (3, 1))
    short = cube_rollout(RACE, NET, 72, seed=6, truncate=4, context=context)
    assert short.met is not None and -1.0 <= short.no_double <= 1.0


def _verdict(no_double: float, double_take: float, errors: tuple[float, float, float]) -> object:
    return CubefulRolloutResult(
        CubeContext(),
        no_double,
        errors[0],
        double_take,
        errors[1],
        errors[2],
        1.0,
        "no double",
        False,
        None,
        100,
        (None, None),  # type: ignore[arg-type]
    )


def test_a_verdict_within_two_standard_errors_is_too_close_to_call() -> None:
    # Double or not: double/take against no double, paired (the third error).
    close = _verdict(0.50, 0.52, (0.03, 0.04, 0.015))
    assert close.too_close_to_call
    assert close.close_call == "double/take - no double +0.0200 ± 0.0150"
    assert not _verdict(0.50, 0.60, (0.03, 0.04, 0.015)).too_close_to_call
    # A double that is clearly right, and a take or a pass that is not clear.
    take_or_pass = _verdict(0.60, 0.95, (0.01, 0.04, 0.01))
    assert take_or_pass.close_call == "take or pass: double/take +0.9500 ± 0.0400"
    # Past the pass, double/pass against no double (too good?), the pass being exact.
    too_good = _verdict(0.97, 1.3, (0.02, 0.04, 0.02))
    assert too_good.close_call == "double/pass - no double +0.0300 ± 0.0200"


def test_the_progress_bar_shows_the_running_equity(capsys: pytest.CaptureFixture[str]) -> None:
    tavla.rollout(RACE, NET, 72, check_every=36, progress=True)
    assert re.search(r"equity [+-]\d\.\d{4} ± \d\.\d{4}", capsys.readouterr().err)


def test_bad_settings() -> None:
    for value, name in ((0, "se"), (-1.0, "se"), ("0.1", "se")):
        with pytest.raises(PlayoutError, match=f"{name} must be a number > 0 or None"):
            tavla.rollout(RACE, NET, 36, se=value)  # type: ignore[arg-type]
    with pytest.raises(PlayoutError, match="check_every must be an int >= 1"):
        tavla.rollout(RACE, NET, 36, check_every=0)
    with pytest.raises(PlayoutError, match="out_of_contention is for the plays of a roll"):
        tavla.rollout(RACE, NET, 36, out_of_contention=2.0)
    with pytest.raises(PlayoutError, match="out_of_contention must be a number of errors > 0"):
        rollout_plays(RACE, "31", NET, 36, out_of_contention=0)
    for stop in (1, "one_sided", "Exact"):
        with pytest.raises(
            PlayoutError, match="truncate_bearoff must be True, False, 'exact' or 'one-sided'"
        ):
            tavla.rollout(RACE, NET, 36, truncate_bearoff=stop)  # type: ignore[arg-type]
    with pytest.raises(PlayoutError, match="games with the cube stop only where the bear-off"):
        tavla.rollout(RACE, NET, 36, cubeful=True, truncate_bearoff="one-sided")
    for keep in (-1, 2.0, True):
        with pytest.raises(PlayoutError, match="luck_keep must be an int >= 0"):
            tavla.rollout(RACE, NET, 36, luck_keep=keep)  # type: ignore[arg-type]
    with pytest.raises(PlayoutError, match="a rollout takes no argument 'rotation': its settings"):
        tavla.rollout(RACE, NET, 36, rotation=False)  # type: ignore[call-overload]
    with pytest.raises(PlayoutError, match="a cubeful rollout's evaluator is a Net"):
        cube_rollout(RACE, NET, 36, truncate=2, evaluator=lambda boards: boards)


INT32 = "2,147,483,647"


@pytest.mark.parametrize("truncate", [-1, 0, 2**31, 1.5, True, "3"])
def test_truncate_has_one_message(truncate: object) -> None:
    message = f"truncate must be an int from 1 to {INT32} plies (None plays out), got {truncate!r}"
    certain = lambda boards: np.tile([1.0, 0, 0, 0, 0], (len(boards), 1))  # noqa: E731
    with pytest.raises(PlayoutError, match=f"^{re.escape(message)}$"):
        tavla.rollout(tavla.Position.initial(), "random", 36, truncate=truncate, evaluator=certain)  # type: ignore[arg-type]
