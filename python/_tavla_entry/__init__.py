"""Where the ``tavla`` script starts: outside the tavla package, whose modules (NumPy, the
compiled core, every command) take a second or so to load, so that a Ctrl-C while they load
ends the command as one during it does: exit status 130, nothing printed (no traceback)."""

from __future__ import annotations

import sys

INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it)."""


def main() -> None:
    """Load the command line and run it (:func:`tavla.cli.main`)."""
    try:
        from tavla.cli import main as command_line
    except KeyboardInterrupt:
        sys.exit(INTERRUPTED)
    command_line()
