"""Move generation speed: the per-position API, the batch API, and one micro case.

Run: python -m pytest bench/test_movegen_bench.py --benchmark-columns=mean,ops
Each benchmark stores resulting positions per second in its extra_info.
"""

from __future__ import annotations

import numpy as np

from tavla import Position, legal_results


def test_legal_plays_over_the_corpus(benchmark, record_rates, corpus, corpus_results: int) -> None:
    positions, rolls, _, _ = corpus

    def run() -> int:
        return sum(len(p.legal_plays(r)) for p, r in zip(positions, rolls, strict=True))

    results = benchmark(run)
    assert results == corpus_results
    record_rates(results_per_second=results)


def test_batch_over_the_corpus(benchmark, record_rates, corpus, corpus_results: int) -> None:
    _, _, boards, dice = corpus
    # Repeat the corpus so one call is long enough to time well.
    many_boards = np.tile(boards, (20, 1, 1))
    many_dice = np.tile(dice, (20, 1))

    def run() -> int:
        results, _ = legal_results(many_boards, many_dice)
        return len(results)

    results = benchmark(run)
    assert results == 20 * corpus_results
    record_rates(results_per_second=results)


def test_legal_plays_start_31(benchmark, record_rates) -> None:
    start = Position.initial()
    plays = benchmark(start.legal_plays, (3, 1))
    assert len(plays) == 16
    record_rates(calls_per_second=1)
