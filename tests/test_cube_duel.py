"""Duels with the cube: money games (cubeful=True) and whole matches (match_length=N), with
duplicate dice; a side that never doubles; the statistics of match duels."""

from __future__ import annotations

import numpy as np
import pytest

import tavla
from tavla import PlayoutError, Rules
from tavla.eval import CubePolicy, Policy

NET = Policy("net:td198-40")
NEVER = Policy("net:td198-40", cube=CubePolicy())  # the same plays, never doubles, always takes


def test_a_side_that_never_doubles_loses_to_the_same_plays_with_the_cube() -> None:
    # Duplicate dice and the same checker play: only the cube differs.
    money = tavla.duel(NET, NEVER, 1000, cubeful=True, seed=1)
    games = money.results
    assert (games.doubler != 1).all() and (games.dropped != 1).all()
    assert (games.doubler == 0).mean() > 0.5
    assert money.ci[0] > 0.2  # the takes it should have passed cost it
    assert money.ppg == pytest.approx(games.points.mean())
    match = tavla.duel(NET, NEVER, match_length=5, matches=200, seed=1)
    assert match.ci[0] > 0.5 and match.matches == 200
    assert (match.results.game_results.doubler != 1).all()


def test_a_policy_against_itself_on_duplicate_dice_breaks_even() -> None:
    money = tavla.duel(NET, NET, 200, cubeful=True, seed=2)
    assert (money.ppg, money.std_error) == (0.0, 0.0)
    match = tavla.duel(NET, NET, match_length=3, matches=60, seed=2)
    assert (match.win_rate, match.std_error, match.ppg, match.ppg_std_error) == (0.5, 0, 0, 0)


def test_match_duel_statistics_by_hand() -> None:
    result = tavla.duel(NET, "pubeval", match_length=3, matches=40, seed=3)
    matches = result.results
    per_game = matches.game_results.points
    offsets = matches.offsets
    net = np.array([per_game[offsets[m] : offsets[m + 1]].sum() for m in range(40)])
    pairs_net = net.reshape(20, 2).sum(axis=1)
    pairs_games = matches.games.reshape(20, 2).sum(axis=1)
    pairs_wins = (matches.winner == 0).reshape(20, 2).mean(axis=1)
    assert result.win_rate == pytest.approx(pairs_wins.mean())
    assert result.std_error == pytest.approx(pairs_wins.std(ddof=1) / np.sqrt(20))
    ppg = pairs_net.sum() / pairs_games.sum()
    assert result.ppg == pytest.approx(ppg)
    residuals = pairs_net - ppg * pairs_games
    error = np.sqrt((residuals**2).sum() / (20 * 19)) / pairs_games.mean()
    assert result.ppg_std_error == pytest.approx(error)
    assert result.ppg_ci == pytest.approx(
        (ppg - 1.959963984540054 * error, ppg + 1.959963984540054 * error)
    )
    assert result.games == int(matches.games.sum()) and result.length == 3


def test_the_match_winning_interval_is_wilsons() -> None:
    """A probability's 95% interval stays in [0, 1] and never shrinks to a point: Wilson's
    score interval, over the effective number of matches min(matches, p(1 - p) / se**2)
    (issue 18: 10 matches won of 10 gave 100% .. 100%, 9 of 10 gave 70.4% .. 109.6%).  The
    expected bounds are SciPy's ``binomtest(k, n).proportion_ci(method="wilson")``."""
    all_won = tavla.duel("pubeval", "random", match_length=3, matches=10)
    assert (all_won.win_rate, all_won.std_error) == (1.0, 0.0)
    assert all_won.ci == pytest.approx((0.7224672001371109, 1.0))  # 10 of 10
    nine = tavla.duel(NET, "pubeval", match_length=3, matches=10, seed=3)
    assert nine.win_rate == 0.9 and nine.std_error == pytest.approx(0.1)
    # The pairs' error makes 0.9 * 0.1 / 0.1**2 = 9 effective matches: 8.1 of 9.
    assert nine.ci == pytest.approx((0.5772629419384068, 0.9834210193259578))
    split = tavla.duel(NET, NET, match_length=3, matches=60, seed=2)  # each pair 1-1
    assert split.std_error == 0 and split.ci == pytest.approx((0.3773502424155577, 0.62264975758))


def test_bad_duels() -> None:
    with pytest.raises(PlayoutError, match="matches must be even"):
        tavla.duel(NET, NET, match_length=3, matches=3)
    with pytest.raises(PlayoutError, match="give matches="):
        tavla.duel(NET, NET, 100, match_length=3)
    with pytest.raises(PlayoutError, match="give match_length"):
        tavla.duel(NET, NET, 100, matches=10)
    with pytest.raises(PlayoutError, match="give cubeful=True"):
        tavla.duel(NET, NET, 100, rules=Rules.standard_money())
