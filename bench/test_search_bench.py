"""The search with a 198-128-5 sigmoid net: a 1-ply and a 2-ply hint of the opening 3-1 (the
move filter's defaults), and 1-ply evaluations of positions.

Run: python -m pytest bench/test_search_bench.py --benchmark-columns=mean,ops
"""

from __future__ import annotations

import pytest

from tavla import Position
from tavla.eval import Net, evaluate, hint


@pytest.fixture(scope="module")
def net() -> Net:
    return Net.random((198, 128, 5), seed=1)


@pytest.mark.parametrize("plies", [1, 2])
def test_hint_of_the_opening(benchmark, record_rates, net: Net, plies: int) -> None:
    ranked = benchmark.pedantic(
        hint, args=(Position.initial(), "31", net, plies), rounds=1 if plies == 2 else 5
    )
    assert len(ranked) == 16 and ranked[0].plies == plies
    record_rates(hints=1)


def test_one_ply_evaluation(benchmark, record_rates, net: Net) -> None:
    result = benchmark(evaluate, Position.initial(), net, 1)
    assert result.plies == 1
    record_rates(positions=1)
