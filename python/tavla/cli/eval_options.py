"""Options shared by ``tavla eval`` and ``tavla hint``: the evaluator, the depth, the
bear-off database."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from ..board.position import Position
from ..eval import bearoff as bearoff_tables
from ..eval import nets
from ..eval.evaluators import MAX_PLIES
from .options import json_option, option_group, switch_option

F = TypeVar("F", bound=Callable[..., Any])

EVALUATORS_HELP = (
    f"Evaluators: net:NAME (a shipped net: {nets.DEFAULT}, the default, or "
    f"{', '.join(name for name in nets.available() if name != nets.DEFAULT)}), net:PATH "
    "(a .npz net, see the docs' 'Neural nets'), or bearoff (the exact bear-off database "
    "alone: positions where both sides are home)."
)


def plies_option(default: int, help: str) -> Callable[[F], F]:
    """``--plies N`` (``-p``): a search depth, 0 to :data:`~tavla.eval.evaluators.MAX_PLIES`."""
    return click.option(
        "--plies",
        "-p",
        type=click.IntRange(0, MAX_PLIES),
        default=default,
        show_default=True,
        help=help,
    )


bearoff_option = switch_option(
    "bearoff", "Let the exact bear-off database take over where both sides are home."
)


@dataclass(frozen=True)
class Evaluation:
    """What the options of :data:`evaluator_options` say."""

    evaluator: str
    plies: int
    bearoff: bool
    as_json: bool

    def how(self, positions: Sequence[Position]) -> str:
        """What gave the values of ``positions`` (:func:`evaluated_by`)."""
        return evaluated_by(positions, self.evaluator, self.plies, self.bearoff)


evaluator_options = option_group(
    "evaluation",
    Evaluation,
    [
        click.option(
            "--evaluator",
            "-e",
            default=f"net:{nets.DEFAULT}",
            show_default=True,
            metavar="EVALUATOR",
            help="What evaluates positions (see below).",
        ),
        plies_option(
            0,
            "Search depth: 0-ply is the evaluator alone, "
            "1-ply averages the best play of each of the 21 rolls.",
        ),
        bearoff_option,
        json_option,
    ],
)
"""``--evaluator``, ``--plies``, ``--bearoff/--no-bearoff`` and ``--json``, passed to a
command as one ``evaluation`` argument (:class:`Evaluation`)."""


def percent(value: float) -> str:
    """A probability as a percentage with one decimal, ``52.1%``."""
    return f"{100 * value:.1f}%"


def exact_value(position: Position, bearoff: bool) -> bool:
    """Whether the value of ``position`` is exact: a finished game, or (with ``bearoff``) one
    the bear-off database's two-sided table covers."""
    return position.is_over or (bearoff and bool(bearoff_tables.covered(position)))


def evaluated_by(positions: Sequence[Position], evaluator: str, plies: int, bearoff: bool) -> str:
    """What gave the values of ``positions`` (evaluated at ``plies``), as a header says it:
    the exact bear-off database, its one-sided race approximation where both sides are home
    and the two-sided table does not cover them, or the evaluator."""
    playing = [position for position in positions if not position.is_over]
    home = [bearoff and bool(bearoff_tables.applies(position)) for position in playing]
    if all(exact_value(position, bearoff) for position in positions):
        return "exact bear-off database"
    if all(home):
        approximation = "the one-sided race approximation where it is not exact"
        return f"bear-off database at {plies}-ply, {approximation}"
    if any(home):
        return f"{evaluator} at {plies}-ply, the bear-off database where both sides are home"
    return f"{evaluator} at {plies}-ply"
