"""Duels: pubeval against random, self-duels, duplicate dice and their statistics."""

from __future__ import annotations

import numpy as np
import pytest

from tavla import PlayoutError, duel
from tests.helpers.examples import load_example
from tests.helpers.interrupt import interrupt_at


def test_pubeval_beats_random_by_a_wide_margin() -> None:
    result = duel("pubeval", "random", 1000, seed=1)
    assert result.games == 1000 and result.duplicate
    assert result.win_rate > 0.9
    assert result.ci[0] > 1.5  # more than a gammon and a half per game, at 95%
    assert result.gammon_win_rate > result.gammon_loss_rate


@pytest.mark.parametrize("policy", ["random", "pubeval"])
def test_duplicate_self_duel_is_exactly_even(policy: str) -> None:
    # The same dice and the same choices, seats swapped: every pair cancels.
    result = duel(policy, policy, 2000, seed=2)
    assert result.ppg == 0.0 and result.std_error == 0.0 and result.ci == (0.0, 0.0)
    assert result.win_rate == 0.5


def test_python_pubeval_against_builtin_is_exactly_even() -> None:
    numpy_pubeval = load_example("numpy_pubeval").NumpyPubeval()
    result = duel(numpy_pubeval, "pubeval", 200, seed=3, batch=64)
    assert result.ppg == 0.0 and result.win_rate == 0.5


def test_self_duel_without_duplicate_contains_zero() -> None:
    result = duel("random", "random", 4000, seed=4, duplicate=False)
    low, high = result.ci
    assert low < 0 < high
    assert high - low == pytest.approx(2 * 1.959963984540054 * result.std_error)
    points = result.results.points.astype(float)
    assert result.ppg == pytest.approx(points.mean())
    assert result.std_error == pytest.approx(points.std(ddof=1) / np.sqrt(len(points)))


def test_duplicate_pairs_share_dice_with_seats_swapped() -> None:
    result = duel("pubeval", "random", 400, seed=5)
    first = result.results.first
    # The same opening roll in both games of a pair, so the same seat starts: the policy
    # that starts is a in one game and b in the other.
    assert (first[0::2] != first[1::2]).all()
    pairs = result.results.points.reshape(-1, 2).mean(axis=1)
    assert result.ppg == pytest.approx(pairs.mean())
    assert result.std_error == pytest.approx(pairs.std(ddof=1) / np.sqrt(len(pairs)))


def test_ctrl_c_keeps_the_games_played(monkeypatch: pytest.MonkeyPatch) -> None:
    # One thread checks in after every 64 games: stopped at the third check, 192 games.
    interrupt_at(monkeypatch, 3)
    with pytest.warns(RuntimeWarning, match="interrupted"):
        result = duel("pubeval", "random", 10_000, seed=6, threads=1)
    assert result.interrupted and result.games == 192
    # Game g does not depend on how many games were asked for.
    monkeypatch.undo()
    whole = duel("pubeval", "random", 192, seed=6)
    assert not whole.interrupted and result.ppg == whole.ppg


def test_bad_duels() -> None:
    with pytest.raises(PlayoutError, match="even"):
        duel("random", "pubeval", 11)
    with pytest.raises(PlayoutError, match="unknown policy"):
        duel("random", "gnu", 10)
    with pytest.raises(PlayoutError, match="even"):
        duel("random", "random", np.int64(3))
    with pytest.raises(PlayoutError, match="duplicate must be True or False, got None"):
        duel("random", "random", 10, duplicate=None)  # type: ignore[arg-type]
