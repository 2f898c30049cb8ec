"""Options shared by several commands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

lang_option = click.option(
    "--lang",
    type=click.Choice(["en", "tr"]),
    default="en",
    show_default=True,
    help="Language of rolls and terms: tr shows Turkish dice names (R28) and terms (mars).",
)

progress_option = click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar [default: when stderr is a terminal].",
)

json_option = click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")


def seed_option(help: str) -> Callable[[F], F]:
    """``--seed N``, 0 by default, with ``help``."""
    return click.option(
        "--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True, help=help
    )


def threads_option(help: str) -> Callable[[F], F]:
    """``--threads N`` (``-t``), every core by default, with ``help``."""
    return click.option("--threads", "-t", type=click.IntRange(min=1), default=None, help=help)
