"""Playing with the cube: money self-play games/s and 7-point matches/s, with pubeval (which
never doubles: the engine's cost of cube play alone) and with the shipped net td198-40 (the
cube model on its own probabilities, one more evaluation a turn), on one thread and two; and
the time of a cube rollout of the start position (1296 games in each of the two lines).

Run: python -m pytest bench/test_cube_play_bench.py --benchmark-columns=mean,ops
Each benchmark stores games (matches) per second in its extra_info.
"""

from __future__ import annotations

import pytest

import tavla
from tavla.eval import Policy
from tavla.sim import play_matches


@pytest.fixture(scope="module")
def net() -> Policy:
    """td198-40 at 0-ply, its search and cube policy built before timing."""
    policy = Policy("net:td198-40")
    assert policy.native is not None and policy.cube_policy.native is not None
    return policy


def players(name: str, net: Policy) -> Policy | str:
    return net if name == "net" else "pubeval"


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize(("name", "games"), [("pubeval", 20_000), ("net", 4000)])
def test_cubeful_money_selfplay(
    benchmark, record_rates, net: Policy, name: str, games: int, threads: int
) -> None:
    policy = players(name, net)
    options = {"seed": 1, "threads": threads, "progress": False, "cubeful": True}
    results = benchmark.pedantic(
        tavla.selfplay, args=(policy, games), kwargs=options, rounds=3, iterations=1
    )
    assert results.games == games and (results.cube >= 1).all()
    record_rates(games_per_second=results.games, plies_per_second=int(results.plies.sum()))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize(("name", "matches"), [("pubeval", 2000), ("net", 400)])
def test_seven_point_matches(
    benchmark, record_rates, net: Policy, name: str, matches: int, threads: int
) -> None:
    policy = players(name, net)
    options = {"seed": 1, "threads": threads, "progress": False}
    results = benchmark.pedantic(
        play_matches, args=(policy, policy, matches, 7), kwargs=options, rounds=3, iterations=1
    )
    assert results.matches == matches and (results.score.max(axis=1) >= 7).all()
    record_rates(matches_per_second=results.matches, games_per_second=int(results.games.sum()))


@pytest.mark.parametrize("threads", [1, 2])
def test_cube_rollout_of_the_start(benchmark, record_rates, net: Policy, threads: int) -> None:
    start = tavla.Position.initial()
    options = {"cubeful": True, "threads": threads, "progress": False}
    result = benchmark.pedantic(
        tavla.rollout, args=(start, net, 1296), kwargs=options, rounds=3, iterations=1
    )
    assert result.games == 1296 and result.double_take is not None
    record_rates(rollouts_per_second=1, games_per_second=2 * result.games)
