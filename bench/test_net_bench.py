"""Net speed: a 198-128-5 sigmoid td198 net through Net.evaluate in batches of 20 and 1,000,
against a NumPy forward pass on the same batches (given the inputs already encoded), and
0-ply self-play with that net on one thread.

Run: python -m pytest bench/test_net_bench.py --benchmark-columns=mean,ops
Each benchmark stores evaluations (or games) per second in its extra_info (issue 9's targets,
one thread: >= 2,000,000 evaluations/s in batches of 1,000, >= 2,000 games/s of self-play).
"""

from __future__ import annotations

import numpy as np
import pytest

from tavla import Position, _core
from tavla.eval import Net, encode

EVALUATIONS = 20_000  # per timed call, in batches


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


def test_net_selfplay(benchmark, record_rates, net: Net) -> None:
    policy = _core.search_policy(_core.Search(net.native, None, 8, 0.16), 0, "")  # type: ignore[attr-defined]
    games = 2000

    def run() -> tuple:
        return _core.play_games(
            policy, policy, games, 0, Position.initial().key, True, 1, 0, False, False, 0, 1,
            1024, None,
        )  # fmt: skip

    _, kind, _, plies, _, _, finished, interrupted = benchmark.pedantic(
        run, rounds=3, iterations=1
    )
    assert finished == games and not interrupted and kind.min() >= 1
    record_rates(games_per_second=games, plies_per_second=int(plies.sum()))
