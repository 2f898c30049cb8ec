"""Net speed: a 198-128-5 sigmoid td198 net through Net.evaluate in batches of 20 and 1,000,
against a NumPy forward pass on the same batches (given the inputs already encoded); 0-ply
self-play with that net played in C++ on one and two threads, and the same net played as a
Python policy (the NumPy forward pass scoring the candidates) on one.

Run: python -m pytest bench/test_net_bench.py --benchmark-columns=mean,ops
Each benchmark stores evaluations (or games) per second in its extra_info (issue 9's targets,
one thread: >= 2,000,000 evaluations/s in batches of 1,000, >= 2,000 games/s of self-play in
C++, at least twice the Python policy's games/s; two threads >= 1.9x one).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from tavla import PlayoutResults, selfplay
from tavla.eval import Net, Policy, encode

EVALUATIONS = 20_000  # per timed call, in batches
GAMES = 4000  # per timed self-play run


@pytest.fixture(scope="module")
def net() -> Net:
    return Net.random((198, 128, 5), seed=1)


@pytest.fixture(scope="module")
def boards(corpus) -> np.ndarray:
    """EVALUATIONS boards of the move-generation corpus (repeated), in corpus order."""
    corpus_boards = corpus[2]
    return np.ascontiguousarray(np.resize(corpus_boards, (EVALUATIONS, 2, 26)))


def numpy_forward(net: Net, inputs: np.ndarray) -> np.ndarray:
    (w0, w1), (b0, b1) = net.weights, net.biases
    hidden = 1 / (1 + np.exp(-(inputs @ w0 + b0)))
    return 1 / (1 + np.exp(-(hidden @ w1 + b1)))


@pytest.mark.parametrize("batch", [20, 1000])
def test_net_evaluate(benchmark, record_rates, net: Net, boards: np.ndarray, batch: int) -> None:
    batches = [boards[i : i + batch] for i in range(0, EVALUATIONS, batch)]

    def run() -> int:
        return sum(len(net.evaluate(b)) for b in batches)

    assert benchmark(run) == EVALUATIONS
    record_rates(evaluations_per_second=EVALUATIONS)


@pytest.mark.parametrize("batch", [20, 1000])
def test_numpy_forward(benchmark, record_rates, net: Net, boards: np.ndarray, batch: int) -> None:
    inputs = encode(boards, "td198")
    batches = [inputs[i : i + batch] for i in range(0, EVALUATIONS, batch)]
    expected = net.evaluate(boards[:batch])[:, 0]  # the win output: the clamp leaves it
    np.testing.assert_allclose(numpy_forward(net, batches[0])[:, 0], expected, atol=1e-5)

    def run() -> int:
        return sum(len(numpy_forward(net, b)) for b in batches)

    assert benchmark(run) == EVALUATIONS
    record_rates(evaluations_per_second=EVALUATIONS)


def check_and_record(record_rates, results: PlayoutResults) -> None:
    """Checks that the run played every game it was timed for, then stores its rates."""
    assert results.games == GAMES and not results.interrupted
    assert results.kind.min() >= 1  # played out: 1 single, 2 gammon, 3 backgammon
    record_rates(games_per_second=results.games, plies_per_second=int(results.plies.sum()))


@pytest.fixture(scope="module")
def policy(net: Net) -> Policy:
    """The net at 0-ply in C++, its search (and the bear-off database) built before timing."""
    policy = Policy(net)
    assert policy.native is not None
    return policy


@pytest.mark.parametrize("threads", [1, 2])
def test_net_selfplay(benchmark, record_rates, policy: Policy, threads: int) -> None:
    options = {"seed": 1, "threads": threads, "progress": False}
    results = benchmark.pedantic(
        selfplay, args=(policy, GAMES), kwargs=options, rounds=3, iterations=1
    )
    check_and_record(record_rates, results)


def numpy_net_policy(net: Net) -> Callable[[np.ndarray], np.ndarray]:
    """The net at 0-ply as a Python policy: the candidates (seen by the opponent) scored by
    minus the opponent's cubeless equity from the NumPy forward pass, a finished game first."""

    def score(candidates: np.ndarray) -> np.ndarray:
        p = numpy_forward(net, encode(candidates, "td198"))
        equity = 2 * p[:, 0] - 1 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4]
        return np.where(candidates[:, 1, 0] == 15, 3.0, -equity)

    return score


def test_numpy_net_selfplay(benchmark, record_rates, net: Net) -> None:
    options = {"seed": 1, "batch": 1024, "progress": False}
    results = benchmark.pedantic(
        selfplay, args=(numpy_net_policy(net), GAMES), kwargs=options, rounds=3, iterations=1
    )
    check_and_record(record_rates, results)
