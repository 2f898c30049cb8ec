"""Match analysis: tavla's 2-ply analysis of a real 3-point match (62 plays) on one and two
threads, and GNU Backgammon 1.07's own 2-ply analysis of the same
file (a separate program, when installed), in CPU seconds per play.

Run: python -m pytest bench/test_analysis_bench.py --benchmark-columns=mean
"""

from __future__ import annotations

import resource
import sys
from pathlib import Path

import pytest

from tavla.analysis import analyse

sys.path.insert(0, str(Path(__file__).parents[1]))

from tests.helpers.gnubg import GNUBG
from tests.helpers.gnubg_analysis import SCRIPT, gnubg_analyse

DATA = Path(__file__).parents[1] / "tests" / "data" / "realdata"
MATCH = DATA / "Player0752 - Player0592 3pt Backgammon Studio 2024_05_11 20_10_33.txt"
PLAYS = 62


@pytest.mark.parametrize("threads", [1, 2])
def test_tavla_analysis(benchmark, record_rates, threads: int) -> None:
    analysis = benchmark.pedantic(
        analyse, args=(MATCH,), kwargs={"plies": 2, "threads": threads}, rounds=1
    )
    assert len(analysis.plays) == PLAYS
    record_rates(plays=PLAYS)


@pytest.mark.skipif(GNUBG is None or SCRIPT is None, reason="GNU Backgammon is not installed")
def test_gnubg_analysis(benchmark) -> None:
    """gnubg's CPU time (its process's, not the wall clock) goes in extra_info."""

    def run() -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        statistics = gnubg_analyse(MATCH, 2)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        assert statistics.checker["Total moves"] == (31.0, 31.0)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

    seconds = benchmark.pedantic(run, rounds=1)
    benchmark.extra_info["cpu_seconds_per_play"] = seconds / PLAYS
