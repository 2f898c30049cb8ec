"""Money games with the cube in the playout engine (R16, R18-R22): what the cube actions do
to a game, followed by hand from scripted cube policies; that a cube action never shifts the
dice; the built-in cube policies; the Python protocol; threads and lockstep."""

from __future__ import annotations

import numpy as np
import pytest

from tavla import CubeContext, PlayoutError, Position, Rules
from tavla.eval import CubePolicy, Policy, nets, pubeval_scores
from tavla.sim.cube_play import CubeRun
from tavla.sim.playout import play_games, selfplay
from tests.helpers.cube import Scripted, hashed_scores

NO_JACOBY = CubeContext.money(jacoby=False)
NET = nets.load("td198-40")


def movers(results, ply: np.ndarray) -> np.ndarray:
    """The policy on roll at ``ply`` of each game (the first mover at even plies)."""
    return np.where(ply % 2 == 0, results.first, 1 - results.first)


def test_never_doubling_plays_the_cubeless_games() -> None:
    cubeless = selfplay("pubeval", 400, seed=3)
    for context, scored in ((NO_JACOBY, cubeless.kind), (CubeContext(), np.ones(400))):
        cubeful = selfplay("pubeval", 400, seed=3, cubeful=True, context=context)
        for name in ("winner", "kind", "first", "plies"):
            assert np.array_equal(getattr(cubeful, name), getattr(cubeless, name))
        assert (cubeful.cube == 1).all() and (cubeful.cube_owner == -1).all()
        assert (cubeful.doubler == -1).all() and (cubeful.dropped == -1).all()
        # Jacoby (R22): a gammon with the cube never turned counts single.
        assert np.array_equal(cubeful.scored, scored)
    assert cubeless.cube is None


def test_a_double_dropped_at_once_ends_each_game_at_its_second_turn() -> None:
    # No double before the opening roll, which is played at once (R5): the second player
    # doubles before its first roll, the first drops (R19): one point, single.
    policy = Scripted(offer=1, answer=1)
    results = selfplay(policy, 200, seed=4, cubeful=True, context=NO_JACOBY)
    assert (results.plies == 1).all()
    assert np.array_equal(results.dropped, results.first)
    assert np.array_equal(results.winner, 1 - results.first)
    assert np.array_equal(results.doubler, 1 - results.first)
    assert (results.cube == 1).all() and (results.scored == 1).all() and (results.kind == 1).all()
    asked = np.concatenate(policy.questions)
    # Money play: the doubler's cube 1, centred, no away scores, no beavers.
    assert {tuple(row) for row in asked} == {(0, 1, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0)}


def test_doubles_always_taken_raise_the_cube_to_max_cube() -> None:
    # Every turn after the first the side on roll owns the cube (or it is centred) and
    # doubles, the other takes: P plies make P - 1 doubles, up to max_cube (R19).
    context = CubeContext(rules=Rules(max_cube=64))
    results = selfplay(Scripted(offer=1, answer=0), 300, seed=5, cubeful=True, context=context)
    assert (results.dropped == -1).all()
    doubles = np.minimum(results.plies - 1, 6)
    assert np.array_equal(results.cube, 2**doubles)
    assert np.array_equal(results.scored, results.cube * results.kind)  # turned: no Jacoby
    assert np.array_equal(results.doubler, movers(results, doubles))
    assert np.array_equal(results.cube_owner, 1 - results.doubler)
    assert (results.kind == 3).any() and (results.cube == 64).any()


def test_beavers_quadruple_the_cube_and_a_dropped_beaver_loses_two() -> None:
    # R20: the doubled side beavers (takes and redoubles, keeping the cube); the doubler
    # takes: four times the cube, while max_cube allows it, else a plain take.
    context = CubeContext(rules=Rules(beavers=True, max_cube=256))
    policy = Scripted(offer=1, answer=2, beaver=1)
    results = selfplay(policy, 300, seed=6, cubeful=True, context=context)
    doubles = results.plies - 1
    beavered = np.minimum(doubles, 4)  # 4**4 = 256; at 256 no double is allowed
    assert np.array_equal(results.cube, 4**beavered)
    asked = np.concatenate(policy.questions)
    assert ((asked[:, 0] != 1) | (asked[:, 5] == (4 * asked[:, 1] <= 256))).all()
    # The doubler passes the beaver: it loses the doubled cube, 2 (R20).
    passed = selfplay(
        Scripted(offer=1, answer=2, beaver=0), 100, seed=6, cubeful=True, context=context
    )
    assert (passed.plies == 1).all() and (passed.scored == 2).all() and (passed.cube == 2).all()
    assert np.array_equal(passed.dropped, 1 - passed.first)
    assert np.array_equal(passed.winner, passed.first)


def test_raccoons_multiply_the_cube_by_eight_and_the_raccooner_keeps_it() -> None:
    # R20: the second player doubles before its first roll, the first beavers, the doubler
    # raccoons (takes and redoubles again, keeping the cube) and the beaverer takes: cube 8,
    # the raccooner's. It doubled this turn, so it rolls; the first player may not double a
    # cube it does not own; at the raccooner's next turn 8 -> 16 -> 32 -> 64, then 512 at the
    # turn after; 1024 would pass max_cube, so the cube stays there.
    context = CubeContext(rules=Rules(beavers=True, max_cube=512))
    policy = Scripted(offer=1, answer=2, beaver=2, raccoon=1)
    results = selfplay(policy, 300, seed=6, cubeful=True, context=context)
    rounds = np.minimum(results.plies // 2, 3)  # the raccooner's turns: plies 1, 3, 5
    assert (results.plies >= 2).all() and (results.dropped == -1).all()
    assert np.array_equal(results.cube, 8**rounds)
    assert np.array_equal(results.cube_owner, 1 - results.first)
    assert np.array_equal(results.doubler, 1 - results.first)
    assert np.array_equal(results.scored, results.cube * results.kind)  # turned: no Jacoby
    asked = np.concatenate(policy.questions)
    assert (asked[:, 0] == 3).any()  # the beaverer answered raccoons
    beavered = asked[asked[:, 0] == 2]  # a raccoon is allowed up to max_cube (R19)
    assert np.array_equal(beavered[:, 5], 8 * beavered[:, 1] <= 512)


def test_a_raccoon_beyond_max_cube_is_a_take_and_a_dropped_raccoon_loses_four() -> None:
    # max_cube 256: the raccoons to 8 and 64 are allowed, then 64 -> 128 -> beaver 256, and
    # a raccoon to 512 is not: the doubler takes, the cube is 256, the beaverer's (R19, R20).
    context = CubeContext(rules=Rules(beavers=True, max_cube=256))
    results = selfplay(
        Scripted(offer=1, answer=2, beaver=2), 300, seed=6, cubeful=True, context=context
    )
    assert (results.plies >= 6).all()  # every game reaches the raccooner's third turn
    assert (results.cube == 256).all()
    assert np.array_equal(results.cube_owner, results.first)
    # The beaverer passes the raccoon: it loses the beavered cube, 4 (R20), as a single game.
    passed = selfplay(
        Scripted(offer=1, answer=2, beaver=2, raccoon=0), 100, seed=6, cubeful=True, context=context
    )
    assert (passed.plies == 1).all() and (passed.scored == 4).all() and (passed.cube == 4).all()
    assert (passed.kind == 1).all()
    assert np.array_equal(passed.dropped, passed.first)
    assert np.array_equal(passed.winner, 1 - passed.first)
    # Without raccoons no raccoon is allowed: every beaver is taken, as with beaver=1.
    rules = Rules(beavers=True, raccoons=False, max_cube=256)
    policy = Scripted(offer=1, answer=2, beaver=2)
    plain = selfplay(policy, 100, seed=6, cubeful=True, context=CubeContext(rules=rules))
    assert np.array_equal(plain.cube, 4 ** np.minimum(plain.plies - 1, 4))
    asked = np.concatenate(policy.questions)
    assert (asked[asked[:, 0] == 2, 5] == 0).all() and not (asked[:, 0] == 3).any()


def test_backgammons_off_count_as_gammons() -> None:
    context = CubeContext(rules=Rules(backgammons=False))
    on = selfplay("random", 400, seed=7, cubeful=True, context=NO_JACOBY)
    off = selfplay("random", 400, seed=7, cubeful=True, context=context)
    assert (on.kind == 3).any() and np.array_equal(on.kind, off.kind)
    assert np.array_equal(off.scored, np.minimum(on.scored, 2))


def test_a_cube_action_never_shifts_the_dice() -> None:
    # The same games, doubled or not, see the same rolls: with hashed play and a cube that
    # never ends a game, the plays and so the plies are those of the cubeless games.
    cubeless = selfplay(hashed_scores, 200, seed=8)
    doubled = selfplay(Scripted(offer=1, answer=0), 200, seed=8, cubeful=True, context=NO_JACOBY)
    for name in ("winner", "kind", "first", "plies"):
        assert np.array_equal(getattr(doubled, name), getattr(cubeless, name))


class PubevalWithNetCube:
    """pubeval's plays and the net's probabilities for the cube, in Python."""

    def score_turns(
        self, candidates: np.ndarray, positions: np.ndarray, offsets: np.ndarray
    ) -> np.ndarray:
        return np.concatenate(
            [
                pubeval_scores(Position(positions[t]), candidates[offsets[t] : offsets[t + 1]])
                for t in range(len(positions))
            ]
        )

    def cube_probabilities(self, positions: np.ndarray) -> np.ndarray:
        return NET.evaluate(positions)


def test_a_python_cube_policy_plays_as_the_builtin_model() -> None:
    native = Policy("pubeval", bearoff=False, cube=CubePolicy(NET, bearoff=False))
    expected = selfplay(native, 120, seed=9, cubeful=True, context=NO_JACOBY)
    python = selfplay(PubevalWithNetCube(), 120, seed=9, cubeful=True, context=NO_JACOBY, batch=7)
    assert (expected.doubler >= 0).sum() > 30 and (expected.dropped >= 0).any()
    for name in ("winner", "kind", "plies", "cube", "scored", "doubler", "dropped", "cube_owner"):
        assert np.array_equal(getattr(python, name), getattr(expected, name)), name


def test_builtin_cube_play_does_not_depend_on_threads() -> None:
    policy = Policy(NET)
    runs = [selfplay(policy, 200, seed=10, cubeful=True, threads=t) for t in (1, 2)]
    for name in ("winner", "plies", "cube", "scored", "doubler", "dropped"):
        assert np.array_equal(getattr(runs[0], name), getattr(runs[1], name)), name
    assert (runs[0].doubler >= 0).mean() > 0.5


def test_pubeval_never_doubles_and_always_takes() -> None:
    results = selfplay((Policy(NET), "pubeval"), 300, seed=11, cubeful=True)
    assert (results.doubler != 1).all() and (results.dropped != 1).all()
    assert (results.doubler == 0).any() and (results.cube <= 2).all()
    # Taken doubles leave pubeval the cube, which it never turns: at most 2.
    assert np.array_equal(results.cube_owner == 1, results.doubler == 0)


def test_bad_cube_answers() -> None:
    class Beavering(Scripted):
        def cube_actions(self, positions: np.ndarray, questions: np.ndarray) -> np.ndarray:
            return np.where(questions[:, 0] == 1, 2, 1)

    with pytest.raises(PlayoutError, match="answered 2"):
        selfplay(Beavering(1, 2), 10, cubeful=True)  # no beavers in these rules

    class Short(Scripted):
        def cube_actions(self, positions: np.ndarray, questions: np.ndarray) -> np.ndarray:
            return np.ones(len(questions) + 1)

    with pytest.raises(PlayoutError, match="must return 10 choices"):
        selfplay(Short(1, 1), 10, cubeful=True, batch=10)
    # A game stopped with the cube is valued by an evaluator, which pubeval is not.
    with pytest.raises(PlayoutError, match="games stopped with the cube are valued by an"):
        play_games("pubeval", "pubeval", 10, truncate=5, cube=CubeRun())
    with pytest.raises(PlayoutError, match="without the cube"):
        selfplay("pubeval", 10, cubeful=True, context=CubeContext(rules=Rules.turkish()))
    with pytest.raises(PlayoutError, match="give cubeful=True"):
        selfplay("pubeval", 10, context=NO_JACOBY)
