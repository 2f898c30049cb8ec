"""``tavla benchmark [EVALUATOR...]``: the error rate of evaluators on the benchmark's decisions,
per position class, in millipoints per decision."""

from __future__ import annotations

import math
from pathlib import Path

import click

from ..eval import nets
from ..eval.strength import BenchmarkResult, benchmark, load_benchmark
from .errors import input_errors
from .eval_options import bearoff_option, plies_option
from .options import existing_option, json_option, threads_option
from .playout_output import echo_json


def _record(result: BenchmarkResult) -> dict[str, object]:
    scores = {"overall": result.overall, **result.scores}
    return {
        "evaluator": result.evaluator,
        "plies": result.plies,
        "classes": {
            name: {
                "decisions": s.decisions,
                "error_rate": s.error_rate,
                "std_error": s.std_error,
                "best": s.best,
                "outside": s.outside,
            }
            for name, s in scores.items()
        },
    }


@click.command(short_help="Error rates of evaluators on the benchmark's decisions.")
@click.argument("evaluators", nargs=-1, metavar="[EVALUATOR]...")
@plies_option(0, "Search depth of every evaluator.")
@existing_option(
    "data",
    "Benchmark data: a file, or a folder of tavla data benchmark's shards "
    "[default: the one shipped with tavla].",
)
@bearoff_option
@threads_option("Threads [default: every core].")
@json_option
def benchmark_command(
    evaluators: tuple[str, ...],
    plies: int,
    data: Path | None,
    bearoff: bool,
    threads: int | None,
    as_json: bool,
) -> None:
    """The error rate of each EVALUATOR (net:NAME, net:PATH, pubeval; default: the shipped
    default net) searched at --plies on the benchmark: for each decision, a position and a
    roll whose best candidate plays were rolled out long, the equity lost against the best
    of them, averaged per position class, in millipoints (thousandths of a point) per
    decision, with its standard error; 'best' is how often the evaluator played the best
    candidate, 'outside' how often it chose none of them (which counts the worst
    candidate's loss)."""
    with input_errors():
        bench = load_benchmark(data)
        results = [
            benchmark(e, plies, data=bench, bearoff=bearoff, threads=threads)
            for e in (evaluators or (f"net:{nets.DEFAULT}",))
        ]
    if as_json:
        echo_json([_record(r) for r in results])
        return
    for result in results:
        click.echo(f"{result.evaluator} at {result.plies}-ply:")
        click.echo("  class      decisions  error (mp)     best  outside")
        for name, s in {**result.scores, "overall": result.overall}.items():
            error = (
                f"{s.error_rate:6.1f} ± {s.std_error:4.1f}"
                if math.isfinite(s.std_error)
                else (f"{s.error_rate:6.1f}       ")
            )
            click.echo(f"  {name:9} {s.decisions:10,}  {error}  {s.best:6.1%}  {s.outside:6.1%}")
