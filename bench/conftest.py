"""Shared inputs for the benchmarks (the move-generation corpus as boards and rolls) and the
recording of their rates."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from corpus import corpus_lines, load_corpus
from tavla import Position


@pytest.fixture
def record_rates(benchmark) -> Callable[..., None]:
    """``record_rates(name=count, ...)`` stores ``name: count per second`` in the benchmark's
    extra_info for each count done in one timed call; nothing when timing is off
    (``--benchmark-disable`` runs each benchmark once, to check what it counts)."""

    def record(**counts: float) -> None:
        if benchmark.stats is not None:
            seconds = benchmark.stats.stats.mean
            benchmark.extra_info.update({name: count / seconds for name, count in counts.items()})

    return record


@pytest.fixture(scope="session")
def corpus() -> tuple[list[Position], list[tuple[int, int]], np.ndarray, np.ndarray]:
    """(positions, rolls, boards (N, 2, 26) int8, dice (N, 2) int64) of the corpus."""
    return load_corpus()


@pytest.fixture(scope="session")
def corpus_results() -> int:
    """How many legal results the whole corpus has (GNU Backgammon's count, in the file)."""
    return sum(len(line["results"]) for line in corpus_lines())
