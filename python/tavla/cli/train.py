"""``tavla train OUT``: train a net by TD(λ) self-play, with checkpoints and duels."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from .._run_options import RunOptions
from ..eval.encoding import encodings
from ..eval.net import Net
from ..eval.train import DEFAULTS, Monitor, train_td
from ..sim.monitor import duel_monitor
from .errors import InputError
from .options import (
    FloatRange,
    count_option,
    existing_option,
    option_given,
    progress_option,
    seed_option,
    valued_option,
)
from .playout_options import playout_run
from .playout_output import echo_json, exit_if_interrupted
from .train_supervised import run_supervised, supervised_options


def _hidden(value: str) -> tuple[int, ...]:
    try:
        sizes = tuple(int(part) for part in value.split(","))
    except ValueError:
        raise InputError(f"--hidden {value!r}: sizes separated by commas: 80, 128,64") from None
    return sizes


TD_ONLY = (
    "games",
    "lambda_",
    "alpha",
    "alpha_end",
    "checkpoint_every",
    "duel_every",
    "duel_games",
    "no_duel",
    "resume",
)
"""The options of TD training that supervised training does not take."""


@click.command(short_help="Train a net by TD(lambda) self-play, or supervised on rollouts.")
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path), metavar="OUT")
@click.option(
    "--games",
    "-n",
    type=click.IntRange(min=1),
    default=None,
    help="Games to train in all (a resumed run counts those already trained); "
    "required without --supervised.",
)
@click.option(
    "--hidden",
    default=None,
    metavar="SIZES",
    help="Hidden layer sizes, separated by commas (128,64: two layers) [default: 80; "
    "with --supervised 128].",
)
@click.option(
    "--encoding",
    default=None,
    type=click.Choice(sorted(encodings())),
    help="Input encoding [default: td198; with --supervised contact229 for contact "
    "and crashed nets, race205 for race nets].",
)
@click.option(
    "--activation",
    default="sigmoid",
    show_default=True,
    type=click.Choice(["sigmoid", "tanh", "relu"]),
    help="Of the hidden layers.",
)
@valued_option(
    "outputs", click.Choice(["5", "1"]), "5", "5 (win, gammons, backgammons) or 1 (win only)."
)
@click.option(
    "--lambda",
    "lambda_",
    type=FloatRange(0, 1),
    default=None,
    help=f"TD(λ)'s λ [default: {DEFAULTS['lambda_']}, or the checkpoint's].",
)
@click.option(
    "--alpha",
    type=FloatRange(0, min_open=True),
    default=None,
    help=f"Step size [default: {DEFAULTS['alpha']}, or the checkpoint's].",
)
@click.option(
    "--alpha-end",
    type=FloatRange(0),
    default=None,
    help="Step size at the last game, reached linearly [default: --alpha].",
)
@seed_option(
    "Seed of the dice and the start weights [default: 0, or the checkpoint's].", default=None
)
@click.option(
    "--threads",
    "-t",
    type=click.IntRange(1, 256),
    default=None,
    help="Threads [default: 1, which gives the same weights for a seed however the "
    "run is cut into parts].",
)
@existing_option(
    "start", "Train this net further (its layers and encoding are kept).", files_only=True
)
@existing_option(
    "resume",
    "Go on with the run of this checkpoint (its settings and games). A "
    "--supervised run goes on by itself: run the same command again.",
    files_only=True,
)
@count_option("checkpoint-every", 100_000, "Games between two writes of OUT.")
@count_option("duel-every", 100_000, "Games between two duels against pubeval.")
@count_option("duel-games", 2_000, "Games of each duel (duplicate dice, an even number).", low=2)
@click.option("--no-duel", is_flag=True, help="Do not duel while training.")
@progress_option
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON at the end.")
@supervised_options
def train(
    out: Path,
    games: int | None,
    hidden: str | None,
    encoding: str | None,
    activation: str,
    outputs: str,
    lambda_: float | None,
    alpha: float | None,
    alpha_end: float | None,
    seed: int | None,
    threads: int | None,
    start: str | None,
    resume: str | None,
    checkpoint_every: int,
    duel_every: int,
    duel_games: int,
    no_duel: bool,
    progress: bool | None,
    as_json: bool,
    supervised: tuple[Path, ...],
    **supervised_settings: Any,
) -> None:
    """Train a net by TD(λ) self-play (Tesauro's method; see the docs' Training page) and
    write it to OUT (a tavla net file, .npz added when missing), which is also the
    checkpoint: written every --checkpoint-every games, at the end and on Ctrl-C, and taken
    by --resume OUT to go on. Every --duel-every games the net duels pubeval (0-ply, duplicate
    dice) and the points per game with their 95% interval are printed on stderr.

    With --supervised DATA (folders of rollout shards of tavla data rollouts), trains instead
    a net set on them (a net each for the contact, crashed and race positions; --class for
    one net) by Adam on the cross-entropy of the rolled-out probabilities, with a validation
    split and early stopping (see the docs' 'Supervised training'); OUT is the net set, each
    member trained at OUT.CLASS.npz with its state beside it. The same command run again
    goes on where the last one stopped (other settings are an error)."""
    options = RunOptions(seed=seed, threads=threads, progress=progress)
    if supervised:
        given = [name for name in TD_ONLY if option_given(name)]
        if given:
            option = "--" + given[0].rstrip("_").replace("_", "-")
            raise InputError(f"{option} is for TD training, not --supervised")
        run_supervised(
            out,
            supervised,
            hidden=_hidden(hidden) if hidden else None,
            encoding=encoding,
            activation=activation,
            outputs=int(outputs),
            start=start,
            options=options,
            as_json=as_json,
            **supervised_settings,
        )
        return
    if games is None:
        raise InputError("--games is required (or --supervised DATA)")
    with playout_run(None):
        monitor = None if no_duel else duel_monitor(games=duel_games)

        def report(line: str) -> None:  # train_td prints them itself unless --no-progress
            if progress is False and not as_json:
                click.echo(line, err=True)

        result = train_td(
            games,
            start=start,
            resume=resume,
            hidden=_hidden(hidden or "80"),
            encoding=encoding or "td198",
            activation=activation,
            outputs=int(outputs),
            lambda_=lambda_,
            alpha=alpha,
            alpha_end=alpha_end,
            checkpoint=out,
            checkpoint_every=checkpoint_every,
            monitor=None if monitor is None else _reporting(monitor, report),
            monitor_every=duel_every,
            options=options,
        )
    record = {
        "net": str(result.checkpoint),
        "games": result.games,
        "games_this_run": result.games_this_run,
        "seconds": result.seconds,
        "games_per_second": result.games_per_second,
        "interrupted": result.interrupted,
        "duels": [{"games": g, "report": line} for g, line in result.reports],
        "settings": result.net.metadata["training"]["settings"],
    }
    if as_json:
        echo_json(record)
    else:
        state = "interrupted after" if result.interrupted else "trained"
        click.echo(
            f"{state} {result.games:,} games ({result.games_this_run:,} in this run, "
            f"{result.games_per_second:,.0f} games/s): {result.checkpoint}"
        )
    exit_if_interrupted(result.interrupted)


def _reporting(monitor: Monitor, report: Callable[[str], None]) -> Monitor:
    def check(net: Net, trained: int) -> str | None:
        line = monitor(net, trained)
        if line:
            report(line)
        return line

    return check
