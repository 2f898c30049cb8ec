"""Options shared by the playout commands (selfplay, rollout, duel)."""

from __future__ import annotations

import json
import math
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .. import cluster
from ..errors import InterruptedRunWarning
from ..playout import builtin_policies
from .errors import input_errors

if TYPE_CHECKING:
    from distributed import Client

F = TypeVar("F", bound=Callable[..., Any])

POLICY = click.Choice(builtin_policies())
"""A built-in policy name on the command line."""


def games_option(default: int) -> Callable[[F], F]:
    """``--games N``: how many games to play."""
    return click.option(
        "--games", "-n", type=click.IntRange(min=1), default=default, show_default=True,
        help="Number of games.",
    )  # fmt: skip


def playout_options(function: F) -> F:
    """``--seed``, ``--threads``, ``--progress/--no-progress``, ``--json``, and
    ``--scheduler ADDRESS`` with ``--chunk N`` to play on a Dask cluster."""
    for option in reversed(
        [
            click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0,
                         show_default=True, help="Seed of the dice streams."),
            click.option("--threads", "-t", type=click.IntRange(min=1), default=None,
                         help="Threads to use [default: every core; with --scheduler, 1 a task]."),
            click.option("--progress/--no-progress", default=None,
                         help="Show a progress bar [default: when stderr is a terminal]."),
            click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON."),
            click.option("--scheduler", metavar="ADDRESS", default=None,
                         help="Play on the Dask cluster of this scheduler (tcp://host:8786); "
                              'needs pip install "tavla[dask]". Same results as here.'),
            click.option("--chunk", type=click.IntRange(min=1), default=None,
                         help="Games per Dask task [default: 4 tasks per worker thread, "
                              "at most 20,000 games]."),
        ]
    ):  # fmt: skip
        function = option(function)
    return function


@contextmanager
def playout_run(scheduler: str | None) -> Iterator[Client | None]:
    """Where a playout command plays: bad input (a bad argument, no scheduler) reported as
    ``Error:`` with exit status 2, a client of the Dask scheduler at ``scheduler`` (None
    without one, closed on exit), and no :class:`~tavla.InterruptedRunWarning`: the command
    reports an interrupted run itself (:func:`exit_if_interrupted`)."""
    with input_errors(), warnings.catch_warnings():
        warnings.simplefilter("ignore", InterruptedRunWarning)
        if scheduler is None:
            yield None
            return
        client = cluster.connect(scheduler)
        try:
            yield client
        finally:
            client.close()


def exit_if_interrupted(interrupted: bool) -> None:
    """After the output of a run that Ctrl-C stopped: exit status 130, as the shell gives a
    command that SIGINT ended."""
    if interrupted:
        click.get_current_context().exit(130)


def echo_json(record: object) -> None:
    """Print ``record`` as strict JSON: a number that is not finite (a rate over no games,
    the error of a single game) is written null."""

    def finite(value: object) -> object:
        if isinstance(value, float) and not math.isfinite(value):
            return None
        if isinstance(value, dict):
            return {key: finite(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [finite(item) for item in value]
        return value

    click.echo(json.dumps(finite(record), indent=2, allow_nan=False))


def percent(rate: float) -> str:
    """``"12.34%"``, or ``"n/a"`` for a rate over no games."""
    return f"{rate:.2%}" if math.isfinite(rate) else "n/a"


def signed(value: float) -> str:
    """``"+0.1234"``, or ``"n/a"`` for a mean over no games."""
    return f"{value:+.4f}" if math.isfinite(value) else "n/a"


def games_text(games: int, interrupted: bool = False) -> str:
    """``"1 game"``, ``"1,296 games"``; ``"27,968 games (interrupted)"`` after Ctrl-C."""
    text = f"{games:,} game{'' if games == 1 else 's'}"
    return f"{text} (interrupted)" if interrupted else text
