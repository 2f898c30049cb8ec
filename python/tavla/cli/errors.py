"""How the CLI reports bad input: one clear line on stderr, exit status 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click

from ..errors import TavlaError


class InputError(click.ClickException):
    """Bad input given to a command: shown as ``Error: ...``, exit status 2."""

    exit_code = 2


@contextmanager
def input_errors() -> Iterator[None]:
    """Turn a tavla error raised inside the block into :class:`InputError`."""
    try:
        yield
    except TavlaError as exc:
        raise InputError(str(exc)) from None
