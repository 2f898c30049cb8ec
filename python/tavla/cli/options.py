"""Options shared by several commands, and the ways of putting options together: a stack of
them (:func:`stacked`), and a group whose values reach a command as one value
(:func:`option_group`)."""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from .._run_options import RunOptions

F = TypeVar("F", bound=Callable[..., Any])

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]
"""A click option (or argument) as a decorator."""

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


def option_given(name: str) -> bool:
    """Whether the option of the running command whose parameter is ``name`` was given (on
    the command line or from the environment), not left at its default."""
    source = click.get_current_context().get_parameter_source(name)
    return source is not click.core.ParameterSource.DEFAULT


class FloatRange(click.FloatRange):
    """:class:`click.FloatRange` refusing ``nan``, which passes its bounds (every comparison
    with it is false): every number option of the CLI is one of these."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"{value!r} is not a number", param, ctx)
        return number


def seed_option(help: str, default: int | None = 0) -> Callable[[F], F]:
    """``--seed N``, ``default`` unless told (shown unless None), with ``help``."""
    return click.option(
        "--seed",
        type=click.IntRange(0, 2**64 - 1),
        default=default,
        show_default=True if default is not None else None,
        help=help,
    )


def threads_option(help: str) -> Callable[[F], F]:
    """``--threads N`` (``-t``), every core by default, with ``help``."""
    return click.option("--threads", "-t", type=click.IntRange(min=1), default=None, help=help)


def scheduler_option(help: str) -> Callable[[F], F]:
    """``--scheduler ADDRESS``: a Dask scheduler to run on, with ``help``."""
    return click.option("--scheduler", metavar="ADDRESS", default=None, help=help)


def valued_option(
    name: str, kind: click.ParamType[Any], default: Any, help: str
) -> Callable[[F], F]:
    """``--NAME VALUE`` of the type ``kind``, ``default`` (shown) unless told, with ``help``."""
    return click.option(f"--{name}", type=kind, default=default, show_default=True, help=help)


def optional_option(
    name: str, kind: Any, metavar: str, help: str, *, dest: str | None = None
) -> Callable[[F], F]:
    """``--NAME METAVAR`` of the type ``kind``, None unless given, with ``help``; ``dest``:
    the parameter's name, when not the option's."""
    names = [f"--{name}"] if dest is None else [f"--{name}", dest]
    return click.option(*names, type=kind, default=None, metavar=metavar, help=help)


def count_option(
    name: str, default: int | None, help: str, *, low: int = 1, short: str | None = None
) -> Callable[[F], F]:
    """``--NAME N`` (and the ``short`` flag, if any): a count of at least ``low``,
    ``default`` (shown) unless told, with ``help``."""
    flags = [f"--{name}"] if short is None else [f"--{name}", short]
    return click.option(
        *flags,
        type=click.IntRange(min=low),
        default=default,
        show_default=True,
        metavar="N",
        help=help,
    )


def games_option(default: int, help: str = "Number of games.", *, low: int = 1) -> Callable[[F], F]:
    """``--games N`` (``-n``): how many games to play, at least ``low``."""
    return count_option("games", default, help, low=low, short="-n")


def switch_option(name: str, help: str) -> Callable[[F], F]:
    """``--NAME/--no-NAME``, on unless told, with ``help``."""
    return click.option(f"--{name}/--no-{name}", default=True, show_default=True, help=help)


@dataclasses.dataclass(frozen=True)
class RunArgs:
    """``--seed``, ``--threads`` and ``--progress/--no-progress`` as given
    (:func:`collected` into one argument)."""

    seed: int
    threads: int | None
    progress: bool | None

    def options(self, client: Any = None) -> RunOptions:
        """These as :class:`~tavla.RunOptions`, with ``client`` (a Dask client, or None)."""
        return RunOptions(
            seed=self.seed, threads=self.threads, progress=self.progress, client=client
        )


def existing_option(
    name: str, help: str, *, files_only: bool = False, multiple: bool = False
) -> Callable[[F], F]:
    """``--NAME PATH``: a file or folder that exists (``files_only``: a file, as text;
    otherwise a :class:`~pathlib.Path`), None unless given, or ``multiple`` times."""
    kind = (
        click.Path(exists=True, dir_okay=False)
        if files_only
        else click.Path(exists=True, path_type=Path)
    )
    given: dict[str, Any] = {"multiple": True} if multiple else {"default": None}
    return click.option(f"--{name}", type=kind, help=help, **given)


def stacked(options: Sequence[Decorator]) -> Callable[[F], F]:
    """The ``options`` as one decorator, in the order given (the first listed first)."""

    def decorate(function: F) -> F:
        for option in reversed(options):
            function = option(function)  # type: ignore[assignment]
        return function

    return decorate


def collected(argument: str, group: type[Any]) -> Decorator:
    """The values of the options named as the fields of the dataclass ``group`` (given
    anywhere among the command's options) reach the command as one argument ``argument``,
    the ``group`` made of them."""
    names = [field.name for field in dataclasses.fields(group)]

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def with_group(*args: Any, **kwargs: Any) -> Any:
            values = {name: kwargs.pop(name) for name in names}
            return function(*args, **{argument: group(**values)}, **kwargs)

        return with_group

    return decorate


def option_group(argument: str, group: type[Any], options: Sequence[Decorator]) -> Decorator:
    """The ``options``, whose values reach the command as one argument ``argument``: the
    dataclass ``group`` made of them, its fields named as the options' parameters."""

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        return stacked(options)(collected(argument, group)(function))

    return decorate
