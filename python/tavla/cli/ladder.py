"""``tavla ladder [RUNG ...]``: a strength ladder of duplicate duels."""

from __future__ import annotations

import click

from ..sim.ladder import default_rungs
from ..sim.ladder import ladder as run_ladder
from .options import (
    FloatRange,
    RunArgs,
    collected,
    count_option,
    json_option,
    progress_option,
    threads_option,
    valued_option,
)
from .playout_options import playout_run
from .playout_output import echo_json, exit_if_interrupted
from .policy_param import POLICIES_HELP, POLICY, ParsedPolicy


@click.command(
    short_help="Duel rungs of policies until the intervals are narrow.", epilog=POLICIES_HELP
)
@click.argument("rungs", nargs=-1, type=POLICY, metavar="[RUNG ...]")
@valued_option("anchor", POLICY, "pubeval", "Every rung also duels this one (when it is a rung).")
@valued_option(
    "half-width",
    FloatRange(0, min_open=True),
    0.02,
    "Play each duel until its 95% interval is this narrow.",
)
@count_option("batch", 4_000, "Games added to a duel at a time (even).", low=2)
@count_option("max-games", 400_000, "The most games of one duel.", low=2)
@valued_option(
    "seed",
    click.IntRange(0, 2**62),
    0,
    "Seed of every duel's dice (each duel grows on the same dice streams, batch after batch).",
)
@threads_option("Threads to use [default: every core].")
@progress_option
@json_option
@collected("running", RunArgs)
def ladder(
    rungs: tuple[ParsedPolicy, ...],
    anchor: ParsedPolicy,
    half_width: float,
    batch: int,
    max_games: int,
    running: RunArgs,
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
            options=running.options(),
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
