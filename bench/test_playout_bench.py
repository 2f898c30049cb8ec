"""Playout speed: built-in self-play on one thread and on every core, and a NumPy policy in
lockstep.

Run: python -m pytest bench/test_playout_bench.py --benchmark-columns=mean,ops
Each benchmark stores games and plies per second in its extra_info (issue 4's targets, single
thread: random >= 30,000 games/s, pubeval >= 10,000, a NumPy policy >= 2,000; 2 threads
>= 1.8x one).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tavla import PlayoutResults, selfplay
from tavla.sim.playout import thread_count

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "numpy_pubeval.py"


def numpy_pubeval() -> object:
    spec = importlib.util.spec_from_file_location("numpy_pubeval", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.NumpyPubeval()


def check_and_record(record_rates, results: PlayoutResults, games: int) -> None:
    """Checks that the run played every game it was timed for, then stores its rates."""
    assert results.games == games and not results.interrupted
    assert results.kind.min() >= 1  # played out: 1 single, 2 gammon, 3 backgammon
    record_rates(games_per_second=results.games, plies_per_second=int(results.plies.sum()))


@pytest.mark.parametrize("threads", sorted({1, 2, thread_count(None)}))
@pytest.mark.parametrize(("policy", "games"), [("random", 40_000), ("pubeval", 20_000)])
def test_builtin_selfplay(benchmark, record_rates, policy: str, games: int, threads: int) -> None:
    results = benchmark.pedantic(
        selfplay,
        args=(policy, games),
        kwargs={"seed": 1, "threads": threads, "progress": False},
        rounds=3,
        iterations=1,
    )
    check_and_record(record_rates, results, games)


def test_numpy_pubeval_lockstep(benchmark, record_rates) -> None:
    policy = numpy_pubeval()
    results = benchmark.pedantic(
        selfplay,
        args=(policy, 4000),
        kwargs={"seed": 1, "batch": 1024, "progress": False},
        rounds=3,
        iterations=1,
    )
    check_and_record(record_rates, results, 4000)
