"""One return type per run: tavla.rollout_plays, tavla.cube_rollout, cube_rollout_plays and
tavla.match_duel give what the older spellings (rollout(dice=), rollout(cubeful=True),
duel(match_length=)) gave, which forward to them; match_duel's first_match extends a duel."""

from __future__ import annotations

import numpy as np
import pytest

import tavla
from tavla import PlayoutError, Position
from tavla.sim import cube_rollout_plays
from tests.helpers.boards import position

START = Position.initial()
BEAROFF = position({1: 1, 2: 1, 3: 1, 5: 1}, {1: 2, 3: 2})


def test_rollout_plays_is_the_rollout_of_a_roll() -> None:
    new = tavla.rollout_plays(START, "31", "pubeval", 72, seed=5, threads=1)
    old = tavla.rollout(START, "pubeval", 72, dice="31", seed=5, threads=1)
    assert len(new) == len(old) == 16
    for a, b in zip(new, old, strict=True):
        assert a.play == b.play and a.games == b.games == 72
        assert (a.equity, a.equity_std_error) == (b.equity, b.equity_std_error)
        assert np.array_equal(a.probabilities, b.probabilities)


def test_cube_rollout_is_the_cubeful_rollout() -> None:
    new = tavla.cube_rollout(BEAROFF, "bearoff", 144, seed=3, threads=1)
    old = tavla.rollout(BEAROFF, "bearoff", 144, cubeful=True, seed=3, threads=1)
    assert new.games == old.games == 144 and new.action == old.action
    assert (new.no_double, new.double_take) == (old.no_double, old.double_take)
    assert new.estimate == old.estimate
    new_plays = cube_rollout_plays(BEAROFF, "21", "bearoff", 72, seed=3, threads=1)
    old_plays = tavla.rollout(BEAROFF, "bearoff", 72, cubeful=True, dice="21", seed=3, threads=1)
    assert [(p.play, p.equity, p.games) for p in new_plays] == [
        (p.play, p.equity, p.games) for p in old_plays
    ]


def test_the_old_spellings_keep_their_checks() -> None:
    with pytest.raises(PlayoutError, match="context and met are for cubeful rollouts"):
        tavla.rollout(START, "pubeval", 36, context=tavla.CubeContext())
    with pytest.raises(PlayoutError, match="a match duel counts matches"):
        tavla.duel("pubeval", "random", 20, match_length=3)


def test_match_duel_is_the_duel_of_whole_matches() -> None:
    new = tavla.match_duel("pubeval", "random", 3, 20, seed=2, threads=1)
    old = tavla.duel("pubeval", "random", match_length=3, matches=20, seed=2, threads=1)
    assert isinstance(new, tavla.MatchDuelResult)
    assert (new.win_rate, new.std_error, new.ci) == (old.win_rate, old.std_error, old.ci)
    assert (new.ppg, new.ppg_std_error, new.matches, new.games, new.length) == (
        old.ppg,
        old.ppg_std_error,
        old.matches,
        old.games,
        old.length,
    )
    assert np.array_equal(new.results.score, old.results.score)


def test_a_match_duel_from_first_match_is_the_rest_of_the_long_one() -> None:
    whole = tavla.match_duel("pubeval", "random", 3, 12, seed=4, threads=1)
    rest = tavla.match_duel("pubeval", "random", 3, 8, seed=4, threads=1, first_match=4)
    assert np.array_equal(rest.results.score, whole.results.score[4:])
    assert np.array_equal(rest.results.winner, whole.results.winner[4:])
    with pytest.raises(PlayoutError, match="first_match must be even"):
        tavla.match_duel("pubeval", "random", 3, 8, first_match=1)
