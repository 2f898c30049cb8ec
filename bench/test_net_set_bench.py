"""Net sets and supervised training: a net set of contact229 and race205 nets (128 hidden units
each) evaluating corpus boards in batches of 1,000 and playing 0-ply self-play in C++ on one
thread; the encodings alone; a supervised trainer's steps (positions per second) on one and two
threads.

Run: python -m pytest bench/test_net_set_bench.py --benchmark-columns=mean,ops
Each benchmark stores its rate in extra_info (issue 22's target: 0-ply self-play with the
default >= 3,000 games/s on one thread).
"""

from __future__ import annotations

import numpy as np
import pytest

from tavla import _core, selfplay
from tavla.eval import Net, NetSet, Policy, encode

EVALUATIONS = 20_000
GAMES = 2000
STEPS = 50
BATCH = 256


@pytest.fixture(scope="module")
def net_set() -> NetSet:
    contact = Net.random((229, 128, 5), encoding="contact229", seed=1)
    race = Net.random((205, 128, 5), encoding="race205", seed=2)
    return NetSet({"contact": contact, "race": race})


@pytest.fixture(scope="module")
def boards(corpus) -> np.ndarray:
    return np.ascontiguousarray(np.resize(corpus[2], (EVALUATIONS, 2, 26)))


def test_net_set_evaluate(benchmark, record_rates, net_set: NetSet, boards: np.ndarray) -> None:
    batches = [boards[i : i + 1000] for i in range(0, EVALUATIONS, 1000)]
    assert benchmark(lambda: sum(len(net_set.evaluate(b)) for b in batches)) == EVALUATIONS
    record_rates(evaluations_per_second=EVALUATIONS)


@pytest.mark.parametrize("encoding", ["tavla218", "contact229", "race205"])
def test_encode(benchmark, record_rates, boards: np.ndarray, encoding: str) -> None:
    assert len(benchmark(encode, boards, encoding)) == EVALUATIONS
    record_rates(boards_per_second=EVALUATIONS)


def test_net_set_selfplay(benchmark, record_rates, net_set: NetSet) -> None:
    policy = Policy(net_set)
    assert policy.native is not None
    options = {"seed": 1, "threads": 1, "progress": False}
    results = benchmark.pedantic(
        selfplay, args=(policy, GAMES), kwargs=options, rounds=3, iterations=1
    )
    assert results.games == GAMES and not results.interrupted
    record_rates(games_per_second=GAMES)


@pytest.mark.parametrize("threads", [1, 2])
def test_supervised_steps(benchmark, record_rates, boards: np.ndarray, threads: int) -> None:
    net = Net.random((229, 128, 5), encoding="contact229", seed=3)
    playable = boards[~(boards[:, :, 0] == 15).any(axis=1)]
    targets = Net.random((229, 16, 5), encoding="contact229", seed=4).evaluate(playable)
    trainer = _core.SupervisedTrainer(
        list(net.weights), list(net.biases), "contact229", "sigmoid", []
    )
    trainer.set_data(np.ascontiguousarray(playable), targets.astype(np.float32))
    benchmark(trainer.train, STEPS, 1e-3, 1e-3, 0, 0.0, BATCH, 0, threads)
    record_rates(positions_per_second=STEPS * BATCH)
