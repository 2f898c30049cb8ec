"""The bear-off databases: build time with and without the cubeful table (its peak memory and
file size are in the docs), lookups per second in batches (exact, by the race approximation,
cubeful), and a 1-ply search of a race.

Run: python -m pytest bench/test_bearoff_bench.py --benchmark-columns=mean,ops
"""

from __future__ import annotations

import numpy as np
import pytest

from tavla import _core
from tavla.eval import bearoff, evaluate_boards

RNG = np.random.default_rng(7)


def home_boards(count: int, most: int) -> np.ndarray:
    """Random bear-off boards, each side with 1 to ``most`` checkers home."""
    boards = np.zeros((count, 2, 26), np.int8)
    for board in boards:
        for side in (0, 1):
            for _ in range(int(RNG.integers(1, most + 1))):
                board[side, int(RNG.integers(1, 7))] += 1
            board[side, 0] = 15 - board[side, 1:7].sum()
    return boards


@pytest.mark.parametrize(("checkers", "cubeful"), [(2, True), (6, False), (6, True)])
def test_build(benchmark, record_rates, checkers: int, cubeful: bool) -> None:
    database = benchmark.pedantic(_core.BearoffDatabase.build, args=(checkers, cubeful), rounds=1)
    assert database.off.shape == (_core.ONE_SIDED_BOARDS, database.max_rolls)
    assert database.two_sided.shape == (_core.home_boards(checkers),) * 2
    assert database.cubeful == cubeful
    record_rates(builds=1)


@pytest.mark.parametrize(("kind", "most"), [("exact", 6), ("race", 15)])
def test_lookups(benchmark, record_rates, kind: str, most: int) -> None:
    database = bearoff.database()
    boards = home_boards(100_000, most)
    covered = database.covered(boards)
    boards = boards[covered] if kind == "exact" else boards[~covered]
    values = benchmark(database.probabilities, boards)
    assert values.shape == (len(boards), 5) and len(boards) > 10_000
    record_rates(positions_per_second=len(boards))


def test_cubeful_lookups(benchmark, record_rates) -> None:
    database = bearoff.database()
    boards = home_boards(100_000, 6)
    boards = boards[database.covered(boards)]
    values = benchmark(database.cubeful_equities, boards)
    assert values.shape == (len(boards), 3) and len(boards) > 10_000
    record_rates(positions_per_second=len(boards))


def test_one_ply_search_of_races(benchmark, record_rates) -> None:
    boards = home_boards(2_000, 15)
    boards = boards[~bearoff.covered(boards)]
    values = benchmark.pedantic(evaluate_boards, args=(boards,), kwargs={"plies": 1}, rounds=3)
    assert values.shape == (len(boards), 5)
    record_rates(positions_per_second=len(boards))
