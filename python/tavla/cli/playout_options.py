"""Options shared by the playout commands (selfplay, rollout, duel, bench)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..playout import builtin_policies

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
    """``--seed``, ``--threads``, ``--progress/--no-progress`` and ``--json``."""
    for option in reversed(
        [
            click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0,
                         show_default=True, help="Seed of the dice streams."),
            click.option("--threads", "-t", type=click.IntRange(min=1), default=None,
                         help="Threads to use [default: every core]."),
            click.option("--progress/--no-progress", default=None,
                         help="Show a progress bar [default: when stderr is a terminal]."),
            click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON."),
        ]
    ):  # fmt: skip
        function = option(function)
    return function


def games_text(games: int, interrupted: bool = False) -> str:
    """``"1 game"``, ``"1,296 games"``; ``"27,968 games (interrupted)"`` after Ctrl-C."""
    text = f"{games:,} game{'' if games == 1 else 's'}"
    return f"{text} (interrupted)" if interrupted else text
