"""Options shared by the playout commands (selfplay, rollout, duel)."""

from __future__ import annotations

import signal
import threading
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..errors import InterruptedRunWarning
from ..sim import cluster
from .errors import input_errors

if TYPE_CHECKING:
    from distributed import Client

F = TypeVar("F", bound=Callable[..., Any])


def games_option(default: int) -> Callable[[F], F]:
    """``--games N``: how many games to play."""
    return click.option(
        "--games",
        "-n",
        type=click.IntRange(min=1),
        default=default,
        show_default=True,
        help="Number of games.",
    )


def playout_options(function: F) -> F:
    """``--seed``, ``--threads``, ``--progress/--no-progress``, ``--json``, and
    ``--scheduler ADDRESS`` with ``--chunk N`` to play on a Dask cluster."""
    for option in reversed(
        [
            click.option(
                "--seed",
                type=click.IntRange(0, 2**64 - 1),
                default=0,
                show_default=True,
                help="Seed of the dice streams.",
            ),
            click.option(
                "--threads",
                "-t",
                type=click.IntRange(min=1),
                default=None,
                help="Threads to use [default: every core; with --scheduler, 1 a task].",
            ),
            click.option(
                "--progress/--no-progress",
                default=None,
                help="Show a progress bar [default: when stderr is a terminal].",
            ),
            click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON."),
            click.option(
                "--scheduler",
                metavar="ADDRESS",
                default=None,
                help="Play on the Dask cluster of this scheduler (tcp://host:8786); "
                'needs pip install "tavla[dask]". Same results as here.',
            ),
            click.option(
                "--chunk",
                type=click.IntRange(min=1),
                default=None,
                help="Games per Dask task [default: 4 tasks per worker thread, "
                "at most 20,000 games].",
            ),
        ]
    ):
        function = option(function)
    return function


@contextmanager
def playout_run(scheduler: str | None) -> Iterator[Client | None]:
    """Where a playout command plays: bad input (a bad argument, no scheduler) reported as
    ``Error:`` with exit status 2; a client of the Dask scheduler at ``scheduler`` (None
    without one, closed on exit); SIGTERM taken as Ctrl-C, and no
    :class:`~tavla.InterruptedRunWarning`: the command reports an interrupted run itself
    (:func:`.playout_output.exit_if_interrupted`)."""
    with input_errors(), warnings.catch_warnings(), sigterm_as_ctrl_c():
        warnings.simplefilter("ignore", InterruptedRunWarning)
        if scheduler is None:
            yield None
            return
        try:
            client = cluster.connect(scheduler)
        except KeyboardInterrupt:
            click.echo("interrupted while connecting to the Dask scheduler", err=True)
            click.get_current_context().exit(130)
        try:
            yield client
        finally:
            client.close()


@contextmanager
def sigterm_as_ctrl_c() -> Iterator[None]:
    """While a run goes on, SIGTERM stops it as Ctrl-C does: the games finished are kept and
    reported. (Python can only set signal handlers in the main thread.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
