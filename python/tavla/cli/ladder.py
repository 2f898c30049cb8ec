"""``tavla ladder [RUNG ...]``: a strength ladder of duplicate duels."""

from __future__ import annotations

import click

from ..sim.ladder import default_rungs
from ..sim.ladder import ladder as run_ladder
from .playout_options import playout_run
from .playout_output import echo_json, exit_if_interrupted
from .policy_param import POLICIES_HELP, POLICY, ParsedPolicy


@click.command(
    short_help="Duel rungs of policies until the intervals are narrow.", epilog=POLICIES_HELP
)
@click.argument("rungs", nargs=-1, type=POLICY, metavar="[RUNG ...]")
@click.option(
    "--anchor",
    type=POLICY,
    default="pubeval",
    show_default=True,
    help="Every rung also duels this one (when it is a rung).",
)
@click.option(
    "--half-width",
    type=click.FloatRange(0, min_open=True),
    default=0.02,
    show_default=True,
    help="Play each duel until its 95% interval is this narrow.",
)
@click.option(
    "--batch",
    type=click.IntRange(min=2),
    default=4_000,
    show_default=True,
    help="Games added to a duel at a time (even).",
)
@click.option(
    "--max-games",
    type=click.IntRange(min=2),
    default=400_000,
    show_default=True,
    help="The most games of one duel.",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**62),
    default=0,
    show_default=True,
    help="Seed of the first batch's dice (the next batches take seed + 1, ...).",
)
@click.option(
    "--threads",
    "-t",
    type=click.IntRange(min=1),
    default=None,
    help="Threads to use [default: every core].",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar [default: when stderr is a terminal].",
)
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
def ladder(
    rungs: tuple[ParsedPolicy, ...],
    anchor: ParsedPolicy,
    half_width: float,
    batch: int,
    max_games: int,
    seed: int,
    threads: int | None,
    progress: bool | None,
    as_json: bool,
) -> None:
    """Duel each RUNG (bottom to top) against the rung below and against the anchor, with
    duplicate dice, cubeless, and print a Markdown table of points per game with 95%
    intervals. Without RUNGs: random, pubeval, then every shipped net at 0-ply and 1-ply."""
    with playout_run(None):
        result = run_ladder(
            [rung.text for rung in rungs] or default_rungs(),  # the texts name the rungs
            anchor=anchor.text,
            half_width=half_width,
            batch=batch,
            max_games=max_games,
            seed=seed,
            threads=threads,
            progress=progress,
        )
    if as_json:
        echo_json(
            {
                "rungs": list(result.rungs),
                "duels": [
                    {
                        "a": d.a,
                        "b": d.b,
                        "ppg": d.ppg,
                        "std_error": d.std_error,
                        "ci95": list(d.ci),
                        "games": d.games,
                    }
                    for d in result.duels
                ],
                "interrupted": result.interrupted,
            }
        )
    else:
        click.echo(result.table())
    exit_if_interrupted(result.interrupted)
