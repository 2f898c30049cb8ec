"""A policy on the command line, read once where it comes in: :class:`PolicyParam` turns the
text into a :class:`ParsedPolicy`, whose value the commands pass on to their runs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from ..engines import GNUBG_NAME, UBGI_PREFIX
from ..errors import EngineError, PlayoutError
from ..eval import nets
from ..eval.policies import PolicyLike, builtin_policies, parsed_policy

F = TypeVar("F", bound=Callable[..., Any])

_READ = "tavla.policies"
"""The key of a command's ``ctx.meta`` that keeps the policies read, by their text."""


@dataclass(frozen=True)
class ParsedPolicy:
    """A policy given as ``text`` and read into ``value`` (a built-in's name, a
    :class:`~tavla.eval.Policy` or an engine not started), which a run takes as it is."""

    text: str
    value: PolicyLike

    def __str__(self) -> str:
        return self.text


def parsed_text(text: str) -> ParsedPolicy:
    """``text`` read as a policy; :class:`~tavla.PlayoutError` (or
    :class:`~tavla.EngineError`: gnubg is not installed) when it names none."""
    return ParsedPolicy(text, parsed_policy(text))


class PolicyParam(click.ParamType[ParsedPolicy]):
    """A policy on the command line: a built-in name, ``net:PATH``, each with an optional
    ``@N`` for an N-ply search, or an external engine (``ubgi:COMMAND``, ``gnubg``,
    ``gnubg@N``); read when given (an engine is not started) into a :class:`ParsedPolicy`.
    A text given twice to one command is read once, into one value (one engine plays both
    sides)."""

    name = "policy"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> ParsedPolicy:
        if isinstance(value, ParsedPolicy):
            return value
        text = str(value)
        read: dict[str, ParsedPolicy] = {} if ctx is None else ctx.meta.setdefault(_READ, {})
        if text not in read:
            try:
                read[text] = parsed_text(text)
            except (PlayoutError, EngineError) as error:  # EngineError: no gnubg installed
                self.fail(str(error), param, ctx)
        return read[text]

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


def policy_option(help: str) -> Callable[[F], F]:
    """``--policy POLICY`` (``-p``), the strongest shipped net by default, with ``help``."""
    return click.option(
        "--policy",
        "-p",
        type=POLICY,
        default=f"net:{nets.DEFAULT}",
        show_default=True,
        help=help,
    )
