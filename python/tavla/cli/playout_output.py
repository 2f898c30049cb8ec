"""What the playout commands (selfplay, rollout, duel) print: game counts, rates, strict
JSON, and the exit status of an interrupted run."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

import click

from .._json import json_safe


def exit_if_interrupted(interrupted: bool) -> None:
    """After the output of a run that Ctrl-C stopped: exit status 130, as the shell gives a
    command that SIGINT ended."""
    if interrupted:
        click.get_current_context().exit(130)


def echo_json(record: object, interrupted: bool = False) -> None:
    """Print ``record`` as strict JSON: a number that is not finite (a rate over no games,
    the error of a single game) is written null; then exit as :func:`exit_if_interrupted`
    does."""
    click.echo(json.dumps(json_safe(record), indent=2, allow_nan=False))
    exit_if_interrupted(interrupted)


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


def echo_rows(rows: Sequence[tuple[str, str]], interrupted: bool) -> None:
    """Print ``rows`` of (label, value), two spaces in, the values lined up, then exit as
    :func:`exit_if_interrupted` does."""
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        click.echo(f"  {label:<{width}}  {value}")
    exit_if_interrupted(interrupted)
