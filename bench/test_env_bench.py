"""Speed of the RL environments (tavla.env): the vector environment with random legal actions
chosen in NumPy, whole plays and single moves, and the steps of the single-agent and AEC
environments; beside them built-in random self-play on one thread, the yardstick of issue 21
(the vector environment >= 0.3x its games/s).

Run: python -m pytest bench/test_env_bench.py --benchmark-columns=mean,ops
Each benchmark stores games (and steps) per second in its extra_info; bench/peers.py prints
them side by side with Pgx and OpenSpiel.
"""

from __future__ import annotations

import numpy as np
import pytest

from tavla import selfplay
from tavla.env import BackgammonEnv, VectorEnv, aec_env


def vector_games(num_envs: int, action: str, steps: int) -> tuple[int, int]:
    """(games finished, agent steps) of ``steps`` steps of ``num_envs`` games against the
    built-in random opponent, the agent's actions random and legal, drawn in NumPy."""
    env = VectorEnv(num_envs, "random", action=action, seed=1)
    observation, _ = env.reset()
    rng = np.random.default_rng(0)
    games = 0
    for _ in range(steps):
        if action == "play":  # the legal plays are actions 0 .. plays - 1
            actions = (rng.random(num_envs) * observation["plays"]).astype(np.int64)
        else:
            actions = (
                rng.random(observation["action_mask"].shape) * observation["action_mask"]
            ).argmax(1)
        observation, _, terminated, _, _ = env.step(actions)
        games += int(terminated.sum())
    return games, steps * num_envs


def test_selfplay_random_one_thread(benchmark, record_rates) -> None:
    results = benchmark.pedantic(
        selfplay,
        args=("random", 20_000),
        kwargs={"seed": 1, "threads": 1, "progress": False},
        rounds=3,
        iterations=1,
    )
    assert results.games == 20_000
    record_rates(games_per_second=results.games)


@pytest.mark.parametrize(("action", "steps"), [("play", 400), ("move", 800)])
def test_vector_env_random_actions(benchmark, record_rates, action: str, steps: int) -> None:
    games, agent_steps = benchmark.pedantic(
        vector_games, args=(256, action, steps), rounds=3, iterations=1
    )
    assert games > 0
    record_rates(games_per_second=games, steps_per_second=agent_steps)


def single_agent_steps(steps: int) -> tuple[int, int]:
    """(games finished, steps) of ``steps`` random legal steps against the random opponent."""
    env = BackgammonEnv("random")
    observation, _ = env.reset(seed=1)
    rng = np.random.default_rng(0)
    games = 0
    for _ in range(steps):
        observation, _, terminated, _, _ = env.step(int(rng.integers(observation["plays"])))
        if terminated:
            games += 1
            observation, _ = env.reset()
    return games, steps


def aec_steps(steps: int) -> tuple[int, int]:
    """(games finished, steps) of ``steps`` random legal steps of both agents."""
    env = aec_env()
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    games = 0
    for _ in range(steps):
        if env.terminations[env.agent_selection]:
            games += 1
            env.reset()
        observation = env.observe(env.agent_selection)
        env.step(int(rng.integers(observation["plays"])))
    return games, steps


@pytest.mark.parametrize("run", [single_agent_steps, aec_steps], ids=["single-agent", "aec"])
def test_environment_steps(benchmark, record_rates, run) -> None:
    games, steps = benchmark.pedantic(run, args=(3000,), rounds=3, iterations=1)
    assert steps == 3000 and games > 0
    record_rates(games_per_second=games, steps_per_second=steps)
