"""Options shared by the playout commands (selfplay, rollout, duel)."""

from __future__ import annotations

import signal
import threading
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from ..engines import GNUBG_NAME, UBGI_PREFIX
from ..errors import EngineError, InterruptedRunWarning, PlayoutError
from ..eval import nets
from ..eval.policies import builtin_policies, parse_policy
from ..sim import cluster
from .errors import input_errors

if TYPE_CHECKING:
    from distributed import Client

F = TypeVar("F", bound=Callable[..., Any])


class PolicyParam(click.types.StringParamType):
    """A policy on the command line: a built-in name, ``net:PATH``, each with an optional
    ``@N`` for an N-ply search, or an external engine (``ubgi:COMMAND``, ``gnubg``,
    ``gnubg@N``); checked when read (an engine is not started), passed on as the text."""

    name = "policy"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            parse_policy(str(value))
        except (PlayoutError, EngineError) as error:  # EngineError: gnubg is not installed
            self.fail(str(error), param, ctx)
        return str(value)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[click.shell_completion.CompletionItem]:
        return [
            click.shell_completion.CompletionItem(name)
            for name in (*builtin_policies(), "net:", UBGI_PREFIX, GNUBG_NAME)
            if name.startswith(incomplete)
        ]


POLICY = PolicyParam()
"""A policy on the command line."""

POLICIES_HELP = (
    f"Policies: {', '.join(builtin_policies())}, net:NAME (a shipped net: "
    f"{', '.join(nets.available())}), or net:PATH (a .npz net); add @N to search N plies "
    '(net:td198-40@1). External engines: ubgi:"COMMAND" (a program speaking UBGI), gnubg '
    "(GNU Backgammon at 0-ply, gnubg@N at N plies)."
)
"""The policies a command's help lists (as an epilog)."""


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
