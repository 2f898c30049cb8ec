"""The cube model in Python: one cube decision on given probabilities, in money play
(Janowski's closed form) and in a 25-point match (the MET's take and cash points found level by
level).

Run: python -m pytest bench/test_cube_bench.py --benchmark-columns=mean,ops
"""

from __future__ import annotations

import pytest

from tavla import CubeContext
from tavla.game.cubeful import decide

PROBABILITIES = [0.62, 0.18, 0.01, 0.09, 0.004]


@pytest.mark.parametrize(
    "context",
    [CubeContext.money(), CubeContext.for_match(7, (2, 3)), CubeContext.for_match(25, (3, 8))],
    ids=["money", "7-point", "25-point"],
)
def test_a_cube_decision(benchmark, record_rates, context: CubeContext) -> None:
    decision = benchmark(decide, PROBABILITIES, context)
    assert decision.action in ("no double", "double/take", "double/pass", "too good")
    record_rates(decisions=1)
