"""Options shared by the playout commands (selfplay, rollout, duel)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .. import cluster
from ..playout import builtin_policies

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
                         help="Games per Dask task [default: 4 per worker thread]."),
        ]
    ):  # fmt: skip
        function = option(function)
    return function


@contextmanager
def cluster_client(scheduler: str | None) -> Iterator[Client | None]:
    """A client of the Dask scheduler at ``scheduler``, closed on exit; None without one."""
    if scheduler is None:
        yield None
        return
    client = cluster.connect(scheduler)
    try:
        yield client
    finally:
        client.close()


def games_text(games: int, interrupted: bool = False) -> str:
    """``"1 game"``, ``"1,296 games"``; ``"27,968 games (interrupted)"`` after Ctrl-C."""
    text = f"{games:,} game{'' if games == 1 else 's'}"
    return f"{text} (interrupted)" if interrupted else text
