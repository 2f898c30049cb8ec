"""Self-play on a Dask LocalCluster (one single-threaded worker process per core) against the
same games on every core of this process: what splitting a run into chunks costs.

Run: python -m pytest bench/test_cluster_bench.py --benchmark-columns=mean,ops
Each benchmark stores games per second in its extra_info.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tavla import selfplay
from tavla.sim.playout import thread_count

distributed = pytest.importorskip("distributed")

GAMES = 200_000


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    with (
        distributed.LocalCluster(
            n_workers=thread_count(None), threads_per_worker=1, dashboard_address=None
        ) as local_cluster,
        distributed.Client(local_cluster) as dask_client,
    ):
        yield dask_client


@pytest.mark.parametrize("where", ["threads", "cluster"])
def test_random_selfplay_on_every_core(
    benchmark, record_rates, client: distributed.Client, where: str
) -> None:
    options = {"client": client} if where == "cluster" else {"threads": thread_count(None)}
    results = benchmark.pedantic(
        selfplay,
        args=("random", GAMES),
        kwargs={"seed": 1, "progress": False, **options},
        rounds=3,
        iterations=1,
    )
    assert results.games == GAMES and not results.interrupted
    record_rates(games_per_second=results.games)
