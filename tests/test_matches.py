"""Whole matches with the cube in the playout engine (R23, R24): scores, the Crawford game,
the cube questions at each score, duplicate dice with the seats swapped, threads, Ctrl-C."""

from __future__ import annotations

import numpy as np
import pytest

from tavla import PlayoutError, Rules, RulesError
from tavla.eval import Policy, nets
from tavla.sim import play_matches
from tests.helpers.cube import Scripted
from tests.helpers.interrupt import interrupt_at

NET = nets.load("td198-40")


def each_match(results):
    offsets = results.offsets
    for m in range(results.matches):
        yield m, slice(offsets[m], offsets[m + 1])


def test_scores_add_up_and_the_crawford_game_comes_once() -> None:
    results = play_matches("pubeval", "random", 200, 5, seed=1)
    games = results.game_results
    assert results.matches == 200 and int(results.games.sum()) == games.games
    for m, rows in each_match(results):
        score = [0, 0]
        crawford_seen = False
        for winner, scored, crawford in zip(
            games.winner[rows], games.scored[rows], games.crawford[rows], strict=True
        ):
            # R24: the game after a side first reaches 4 is the Crawford game, and only it.
            assert crawford == (4 in score and not crawford_seen)
            crawford_seen |= 4 in score
            score[winner] += scored
        assert tuple(score) == tuple(results.score[m])
        assert score[results.winner[m]] >= 5 > score[1 - results.winner[m]]
    assert games.crawford.sum() > 20 and (games.cube == 1).all()  # neither side doubles


def test_a_double_dropped_at_once_wins_a_point_a_game_except_in_the_crawford_game() -> None:
    policy = Scripted(offer=1, answer=1)
    results = play_matches(policy, policy, 40, 5, seed=2)
    games = results.game_results
    crawford = games.crawford
    assert (games.plies[~crawford] == 1).all() and (games.scored[~crawford] == 1).all()
    assert (games.plies[crawford] > 1).all() and crawford.sum() == 40  # 4-4 never comes first
    asked = np.concatenate(policy.questions)
    # The doubler's away scores 5 to 1 (post-Crawford trailers double too), never a beaver.
    assert set(asked[:, 3]) <= {1, 2, 3, 4, 5} and set(asked[:, 4]) <= {1, 2, 3, 4, 5}
    assert (asked[:, 5] == 0).all() and (asked[:, 2] == 0).all()
    # After the Crawford game the leader (1 away) doubles too: the rules allow it.
    assert ((asked[:, 0] == 0) & (asked[:, 3] == 1)).any()


def test_a_one_point_match_never_uses_the_cube() -> None:
    policy = Scripted(offer=1, answer=1)
    results = play_matches(policy, policy, 30, 1, seed=3)
    assert (results.games == 1).all() and not policy.questions
    assert (results.game_results.cube == 1).all()


def test_duplicate_matches_swap_the_seats_on_the_same_dice() -> None:
    # pubeval against itself: match 2k + 1 is match 2k with the seats, so the policies,
    # exchanged, game for game.
    results = play_matches("pubeval", "pubeval", 60, 7, seed=4, duplicate=True)
    assert np.array_equal(results.winner[1::2], 1 - results.winner[::2])
    assert np.array_equal(results.games[1::2], results.games[::2])
    assert np.array_equal(results.score[1::2], results.score[::2, ::-1])
    offsets = results.offsets
    for k in range(30):
        first = slice(offsets[2 * k], offsets[2 * k + 1])
        second = slice(offsets[2 * k + 1], offsets[2 * k + 2])
        games = results.game_results
        assert np.array_equal(games.plies[first], games.plies[second])
        assert np.array_equal(games.winner[first], 1 - games.winner[second])


def test_matches_do_not_depend_on_threads() -> None:
    policy = Policy(NET)
    runs = [play_matches(policy, "pubeval", 40, 5, seed=5, threads=t) for t in (1, 2)]
    for name in ("winner", "games", "score"):
        assert np.array_equal(getattr(runs[0], name), getattr(runs[1], name))
    assert np.array_equal(runs[0].game_results.cube, runs[1].game_results.cube)
    assert (runs[0].game_results.doubler == 0).any()


def test_first_match_plays_the_same_matches_as_a_longer_run() -> None:
    whole = play_matches("pubeval", "random", 30, 3, seed=6)
    part = play_matches("pubeval", "random", 10, 3, seed=6, first_match=20)
    assert np.array_equal(part.score, whole.score[20:])
    assert np.array_equal(part.game_results.plies, whole.game_results.plies[whole.offsets[20] :])


def test_ctrl_c_keeps_the_matches_finished_first(monkeypatch: pytest.MonkeyPatch) -> None:
    full = play_matches("pubeval", "random", 400, 3, seed=7, threads=1)
    interrupt_at(monkeypatch, 2)  # after the second chunk of 64 matches
    with pytest.warns(RuntimeWarning, match="kept the 128 of 400 matches"):
        partial = play_matches("pubeval", "random", 400, 3, seed=7, threads=1)
    assert partial.interrupted and partial.matches == 128
    assert np.array_equal(partial.score, full.score[:128])
    assert partial.game_results.games == int(full.games[:128].sum())


def test_bad_match_arguments() -> None:
    with pytest.raises(PlayoutError, match="holds 25 points, less than the 26-point match"):
        play_matches("pubeval", "random", 1, 26)
    with pytest.raises(RulesError, match="money play only"):
        play_matches("pubeval", "random", 1, 5, rules=Rules(jacoby=True))
    with pytest.raises(PlayoutError, match="match length"):
        play_matches("pubeval", "random", 1, 0)
