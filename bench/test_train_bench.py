"""Training speed: TD(λ) self-play training games per second for a 198-40-5 sigmoid td198 net
(issue 10's target: >= 1,500 games/s on one thread, and scaling on two) and for 198-128-5,
each from the same random start weights.

Run: python -m pytest bench/test_train_bench.py --benchmark-columns=mean,ops
Each benchmark stores training games per second in its extra_info.
"""

from __future__ import annotations

import pytest

from tavla.eval import Net, train_td

GAMES = 10_000  # per timed run


@pytest.mark.parametrize("hidden", [40, 128])
@pytest.mark.parametrize("threads", [1, 2])
def test_td_training(benchmark, record_rates, hidden: int, threads: int) -> None:
    start = Net.random((198, hidden, 5), seed=1)

    def run() -> int:
        return train_td(GAMES, start=start, threads=threads, progress=False).games

    assert benchmark.pedantic(run, rounds=3, iterations=1) == GAMES
    record_rates(games_per_second=GAMES)
