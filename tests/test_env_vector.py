"""The vector environment (tavla.env.VectorEnv): batched spaces, autoreset NEXT_STEP, the same
games whatever the threads, a Python opponent in lockstep, illegal actions, reset options,
gymnasium.make_vec."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

from tavla import EnvError, IllegalActionError, Position
from tavla.env import ENV_ID, MAX_PLAYS, VectorEnv
from tests.helpers.env import PubevalScorer


def random_actions(observation: dict, rng: np.random.Generator) -> np.ndarray:
    """A random legal action for each game: a play index below its count of plays, or one of
    the mask's actions before the roll."""
    mask = observation["action_mask"]
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def run(env: VectorEnv, steps: int, seed: int = 0) -> list[tuple]:
    rng = np.random.default_rng(seed)
    observation, _ = env.reset(seed=5)
    trace = []
    for _ in range(steps):
        observation, reward, terminated, truncated, _ = env.step(random_actions(observation, rng))
        trace.append((observation, reward, terminated, truncated))
    return trace


def same_trace(a: list[tuple], b: list[tuple]) -> bool:
    for (oa, *ra), (ob, *rb) in zip(a, b, strict=True):
        if oa.keys() != ob.keys() or not all(np.array_equal(oa[k], ob[k]) for k in oa):
            return False
        if not all(np.array_equal(x, y) for x, y in zip(ra, rb, strict=True)):
            return False
    return True


def test_spaces_and_shapes() -> None:
    env = VectorEnv(6, "random", cube=True, observation="td198")
    assert env.single_action_space == gymnasium.spaces.Discrete(MAX_PLAYS + 6)
    observation, info = env.reset(seed=1)
    assert env.observation_space.contains(observation) and info == {}
    assert observation["board"].shape == (6, 2, 26) and observation["encoded"].shape == (6, 198)
    observation, reward, terminated, truncated, info = env.step(
        random_actions(observation, np.random.default_rng(0))
    )
    assert env.observation_space.contains(observation)
    assert reward.dtype == np.float64 and terminated.dtype == truncated.dtype == np.bool_
    assert reward.shape == terminated.shape == (6,) and not truncated.any() and info == {}


def test_autoreset_next_step() -> None:
    env = VectorEnv(8, "random", seed=3)
    rng = np.random.default_rng(1)
    observation, _ = env.reset()
    ended = np.zeros(8, bool)
    finished = 0
    for _ in range(400):
        actions = random_actions(observation, rng)
        actions[ended] = MAX_PLAYS + 99  # ignored: those games start their next episode
        observation, reward, terminated, _, _ = env.step(actions)
        # The step after an end: the next episode's first observation, reward 0.
        assert not terminated[ended].any() and (reward[ended] == 0).all()
        assert (observation["board"][ended].sum(axis=(1, 2)) == 30).all()
        assert (observation["action_mask"][ended].sum(axis=1) > 0).all()
        # At an end: the final observation (no legal action) and the points of the game.
        assert (observation["action_mask"][terminated].sum(axis=1) == 0).all()
        assert (np.abs(reward[terminated]) >= 1).all() and (reward[~terminated] == 0).all()
        finished += terminated.sum()
        ended = terminated
    assert finished > 8


def test_the_same_games_whatever_the_threads() -> None:
    one = run(VectorEnv(16, "pubeval", cube=True, threads=1), 150)
    two = run(VectorEnv(16, "pubeval", cube=True, threads=2), 150)
    assert same_trace(one, two)
    other_seed = VectorEnv(16, "pubeval", cube=True)
    assert not same_trace(one, run(other_seed, 150, seed=1))


def test_game_i_does_not_depend_on_the_others() -> None:
    # Game i gets its actions from its own generator: in a set of 3 and one of 9, the first
    # three games are the same games.
    envs = [VectorEnv(3, "random", action="move"), VectorEnv(9, "random", action="move")]
    observations = [env.reset(seed=7)[0] for env in envs]
    generators = [[np.random.default_rng(i) for i in range(env.num_envs)] for env in envs]
    for _ in range(300):
        assert all(
            np.array_equal(observations[0][k], observations[1][k][:3]) for k in observations[0]
        )
        for e, env in enumerate(envs):
            mask = observations[e]["action_mask"]
            actions = np.array(
                [(g.random(mask.shape[1]) * mask[i]).argmax() for i, g in enumerate(generators[e])]
            )
            observations[e] = env.step(actions)[0]


def test_a_python_opponent_in_lockstep_plays_as_the_built_in() -> None:
    scorer = PubevalScorer()
    in_python = run(VectorEnv(12, scorer), 120)
    built_in = run(VectorEnv(12, "pubeval"), 120)
    assert same_trace(in_python, built_in)
    assert 0 < scorer.calls <= 121  # one call per step (and reset) at most, for all 12 games


def test_an_illegal_action_names_the_game_and_changes_nothing() -> None:
    env = VectorEnv(4, "random")
    observation, _ = env.reset(seed=2)
    actions = random_actions(observation, np.random.default_rng(0))
    actions[2] = observation["plays"][2]  # one past its plays
    with pytest.raises(IllegalActionError, match="environment 2"):
        env.step(actions)
    assert np.array_equal(env._native.observe(0)["board"], observation["board"])
    with pytest.raises(IllegalActionError, match="shape"):
        env.step(actions[:3])
    with pytest.raises(IllegalActionError, match="ints"):
        env.step(actions.astype(float))
    # A uint64 of 2**63 wrapped to int64's least and was reported as a negative action.
    wide = actions.astype(np.uint64)
    wide[1] = 2**63
    with pytest.raises(IllegalActionError, match="environment 1, action 9223372036854775808:"):
        env.step(wide)
    assert np.array_equal(env._native.observe(0)["board"], observation["board"])
    legal = random_actions(observation, np.random.default_rng(0))
    env.step(legal.astype(np.uint8))  # any integer dtype holding legal actions


def test_a_step_that_fails_partway_demands_a_reset() -> None:
    # Game 20's roll 3-3 has 96 plays, more than 90, met after other games had moved: the
    # next step used to go on from the half-advanced games.
    env = VectorEnv(64, "random", seed=1, max_plays=90)
    observation, _ = env.reset()
    actions = (np.random.default_rng(0).random(64) * observation["plays"]).astype(np.int64)
    with pytest.raises(EnvError, match="96 legal plays"):
        env.step(actions)
    with pytest.raises(EnvError, match=r"failed partway \(EnvError: the roll 3-3 .*call reset"):
        env.step(np.zeros(64, np.int64))
    observation, _ = env.reset(seed=4)  # a seed whose first steps stay within 90 plays
    env.step(random_actions(observation, np.random.default_rng(0)))


def test_reset_options_start_every_game_and_every_next_episode() -> None:
    board = np.zeros((2, 26), np.int8)
    board[:, 1], board[:, 0] = 1, 14
    race = Position(board)  # whoever rolls first wins
    env = VectorEnv(5, "random")
    observation, _ = env.reset(seed=1, options={"position": race.position_id})
    assert (observation["board"] == race.board).all()
    observation, reward, terminated, _, _ = env.step(np.zeros(5, np.int64))
    assert terminated.all() and (reward == 1).all()
    observation, reward, terminated, _, _ = env.step(np.zeros(5, np.int64))
    assert not terminated.any() and (observation["board"] == race.board).all()


def test_make_vec_builds_it() -> None:
    env = gymnasium.make_vec(
        ENV_ID, num_envs=3, vectorization_mode="vector_entry_point", opponent="random"
    )
    assert isinstance(env.unwrapped, VectorEnv) and env.num_envs == 3
    observation, _ = env.reset(seed=0)
    assert observation["board"].shape == (3, 2, 26)
    env.close()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": 2, "threads": 0}, "threads"),
        ({"num_envs": 2, "seed": -1}, "seed"),
    ],
)
def test_bad_arguments(arguments: dict, message: str) -> None:
    with pytest.raises(EnvError, match=message):
        VectorEnv(**arguments)


def test_step_before_reset() -> None:
    with pytest.raises(EnvError, match="reset"):
        VectorEnv(2, "random").step(np.zeros(2, np.int64))
