"""The ``tavla`` command line: one module per command, each registered on :func:`main`."""

from __future__ import annotations

import errno
import os
import sys
from importlib.metadata import PackageNotFoundError, version
from typing import Any, NoReturn

import click

from .analyse import analyse
from .bench import bench
from .benchmark import benchmark_command
from .data import data
from .duel import duel
from .errors import InputError
from .evaluate import evaluate_command
from .hint import hint
from .ladder import ladder
from .moves import moves
from .play import play
from .replay import replay
from .rollout import rollout
from .selfplay import selfplay
from .show import show
from .train import train
from .ubgi import ubgi

_INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it)."""


def _version() -> str:
    try:
        return version("tavla")
    except PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"


class _Tavla(click.Group):
    """The command group, with the last word on failures that no command reports itself:
    usage errors of every command (one ``Error:`` line, exit status 2), running out of
    memory, and output that cannot be written (a full disk: ``Error:`` and
    exit status 2; a closed pipe, as in ``tavla ... | head``, is click's own quiet exit 1);
    and Ctrl-C, which ends any command with exit status 130 and no word (click would say
    "Aborted!" and exit with 1)."""

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            raise click.exceptions.Exit(_INTERRUPTED) from None
        except click.UsageError as exc:
            raise _one_line(exc) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            raise _one_line(exc) from None
        except MemoryError as exc:
            detail = f": {exc}" if str(exc) else ""
            raise InputError(f"out of memory{detail}") from None
        except KeyboardInterrupt:
            ctx.exit(_INTERRUPTED)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().main(*args, **kwargs)
        except OSError as exc:  # click has already handled EPIPE
            if exc.errno == errno.EPIPE:
                raise
            _output_failed(exc)


_HELP_FOR_NO_ARGUMENTS: tuple[type[click.UsageError], ...] = tuple(
    kind for kind in [getattr(click.exceptions, "NoArgsIsHelpError", None)] if kind is not None
)
"""What click raises to show a group's help when it is given no command (click 8.2 on)."""


def _one_line(exc: click.UsageError) -> click.ClickException:
    """A usage error (a bad option value, a missing argument, an unknown option or command)
    as one ``Error:`` line, exit status 2, where click would print the usage and a hint
    first; a group given nothing still shows its help."""
    if isinstance(exc, _HELP_FOR_NO_ARGUMENTS):
        return exc
    return InputError(exc.format_message())


def _output_failed(exc: OSError) -> NoReturn:
    """Report an OSError that escaped a command (one writing the output: a command reports
    the files it reads itself) in one line, exit status 2, and no complaint at exit about
    the output still buffered."""
    reason = exc.strerror or str(exc)
    where = f"{exc.filename}: " if exc.filename else "cannot write the output: "
    try:
        stdout = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        pass
    else:  # what is still buffered goes nowhere when Python flushes it at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout)
        os.close(devnull)
    try:
        click.echo(f"Error: {where}{reason}", err=True)
    except OSError:  # stderr cannot be written either: the exit status still tells
        pass
    sys.exit(InputError.exit_code)


@click.group(cls=_Tavla, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(_version(), prog_name="tavla")
def main() -> None:
    """tavla: backgammon rules, positions, plays and matches."""


main.add_command(moves)
main.add_command(evaluate_command)
main.add_command(hint)
main.add_command(replay)
main.add_command(analyse)
main.add_command(show)
main.add_command(selfplay)
main.add_command(rollout)
main.add_command(duel)
main.add_command(train)
main.add_command(data)
main.add_command(ladder)
main.add_command(bench)
main.add_command(benchmark_command, "benchmark")
main.add_command(ubgi)
main.add_command(play)
