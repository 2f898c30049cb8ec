"""Options shared by the playout commands (selfplay, rollout, duel)."""

from __future__ import annotations

import signal
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from .._run_options import RunOptions
from ..errors import InterruptedRunWarning
from ..sim import cluster
from .errors import input_errors
from .options import (
    json_option,
    option_group,
    progress_option,
    scheduler_option,
    seed_option,
    threads_option,
)

if TYPE_CHECKING:
    from distributed import Client


@dataclass(frozen=True)
class PlayoutArgs:
    """What the options of :data:`playout_options` say: how a playout command runs."""

    seed: int
    threads: int | None
    progress: bool | None
    as_json: bool
    scheduler: str | None
    chunk: int | None

    @contextmanager
    def playing(self) -> Iterator[RunOptions]:
        """The run's options, its client on the scheduler's cluster (if any), for a block
        run as :func:`playout_run` runs one."""
        with playout_run(self.scheduler) as client:
            yield RunOptions(
                seed=self.seed,
                threads=self.threads,
                progress=self.progress,
                client=client,
                chunk=self.chunk,
            )


playout_options = option_group(
    "run",
    PlayoutArgs,
    [
        seed_option("Seed of the dice streams."),
        threads_option("Threads to use [default: every core; with --scheduler, 1 a task]."),
        progress_option,
        json_option,
        scheduler_option(
            "Play on the Dask cluster of this scheduler (tcp://host:8786); "
            'needs pip install "tavla[dask]". Same results as here.'
        ),
        click.option(
            "--chunk",
            type=click.IntRange(min=1),
            default=None,
            help="Games per Dask task [default: 4 tasks per worker thread, at most 20,000 games].",
        ),
    ],
)
"""``--seed``, ``--threads``, ``--progress/--no-progress``, ``--json``, and
``--scheduler ADDRESS`` with ``--chunk N`` to play on a Dask cluster, passed to the command
as one ``run`` argument (:class:`PlayoutArgs`)."""


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
