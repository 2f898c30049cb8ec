"""Cube decisions of positions: :func:`cube_decision` evaluates a position (or takes given
probabilities) and applies the cube model of :mod:`tavla.game.cubeful` (:doc:`/cube`).

Money positions in the exact two-sided bear-off table get the exact cubeful equities of
:func:`tavla.eval.bearoff.cube_options` (optimal cube play, unlimited redoubles) unless
``bearoff=False``.  Other exact sources plug in through :data:`EXACT_SOURCES`: each is asked
in turn, before the database, and the first that answers for a position gives the equities
instead of the model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import cast

import numpy as np
import numpy.typing as npt

from ..board.position import Position
from ..errors import CubeModelError
from ..game.cube_context import CubeContext
from ..game.cube_model import DEFAULT_CUBE_LIFE
from ..game.cubeful import CubeDecision, cube_action, decide
from ..game.equity import MatchEquityTable
from . import bearoff as _bearoff
from .evaluators import DEFAULT_KEEP, DEFAULT_MARGIN, EvaluatorLike
from .search import evaluate

ExactCubeSource = Callable[[Position, CubeContext], "tuple[float, float, float] | None"]
"""A source of exact cubeful equities: given a position and its context, the side on
roll's ``(no_double, double_take, double_pass)`` per unit of the cube (as in
:class:`~tavla.game.cubeful.CubeDecision`), or None where it does not know the position."""

EXACT_SOURCES: list[ExactCubeSource] = []
"""More exact sources :func:`cube_decision` asks, in order, before the bear-off database."""


def bearoff_cube_options(
    position: Position, context: CubeContext
) -> tuple[float, float, float] | None:
    """The exact ``(no_double, double_take, double_pass)`` of a money position in the
    two-sided bear-off table (None elsewhere, in matches, or with a ``max_cube``: the table
    assumes unlimited redoubles)."""
    database = _bearoff.database()
    if (
        not context.is_money
        or context.game_rules.max_cube is not None
        or not database.cubeful
        or not database.covered(position)
    ):
        return None
    owner = context.cube.owner
    cube = "centred" if owner is None else "owned" if owner == context.on_roll else "opponent"
    no_double, double_take, double_pass = database.cube_options(position, cube)
    return float(no_double), float(double_take), float(double_pass)


def cube_decision(
    position_or_probabilities: Position | npt.ArrayLike,
    context: CubeContext | None = None,
    evaluator: EvaluatorLike | None = None,
    *,
    plies: int = 0,
    bearoff: bool = True,
    keep: int = DEFAULT_KEEP,
    margin: float = DEFAULT_MARGIN,
    cube_life: float = DEFAULT_CUBE_LIFE,
    met: MatchEquityTable | None = None,
) -> CubeDecision:
    """The cube decision of the side on roll, before it rolls: the cubeful equities of no
    double, double/take and double/pass per unit of the cube, the proper action and
    whether the opponent should take (:class:`~tavla.game.cubeful.CubeDecision`).

    ``position_or_probabilities`` is a :class:`~tavla.Position` (or a ``(2, 26)`` board),
    evaluated by ``evaluator`` at ``plies`` as :func:`~tavla.eval.evaluate` does (with
    ``bearoff``, ``keep``, ``margin``), or five cubeless probabilities in
    :data:`~tavla.eval.OUTPUTS` order.  ``context`` is a
    :class:`~tavla.game.cube_context.CubeContext`: money or a match, the cube and its
    owner, the side on roll and the rules (None: money play, centred cube, Jacoby on).
    ``cube_life`` is Janowski's cube life (0 dead .. 1 fully live), ``met`` the match
    equity table (None: Kazaross-XG2).

    A money position in the exact two-sided bear-off table gets the table's exact cubeful
    equities (``exact`` set), unless ``bearoff`` is False.

    Raises what :func:`~tavla.eval.evaluate` raises for a position, and
    :class:`~tavla.CubeModelError` for probabilities that are not five consistent numbers
    in [0, 1], an evaluator given with probabilities, a bad cube life or context;
    :class:`~tavla.MatchEquityError` for a score beyond the table.
    """
    position = _position(position_or_probabilities)
    if position is None:
        if evaluator is not None:
            raise CubeModelError("an evaluator evaluates positions: give a position, or none")
        probabilities = cast("npt.ArrayLike", position_or_probabilities)
        return decide(probabilities, context, cube_life=cube_life, met=met)
    evaluation = evaluate(position, evaluator, plies, bearoff=bearoff, keep=keep, margin=margin)
    decision = decide(evaluation.probabilities, context, cube_life=cube_life, met=met)
    decision = replace(decision, plies=evaluation.plies, probabilities_exact=evaluation.exact)
    sources = [*EXACT_SOURCES, bearoff_cube_options] if bearoff else EXACT_SOURCES
    for source in sources:
        equities = source(position, decision.context)
        if equities is not None:
            return _exact(decision, *equities)
    return decision


def _position(value: object) -> Position | None:
    if isinstance(value, Position):
        return value
    if isinstance(value, np.ndarray) and value.shape == (2, 26):
        return Position(value)
    return None


def _exact(
    decision: CubeDecision, no_double: float, double_take: float, double_pass: float
) -> CubeDecision:
    if decision.refusal is not None:
        return replace(decision, no_double=float(no_double), exact=True)
    beavers = decision.context.beavers
    action, take = cube_action(no_double, double_take, double_pass, beavers=beavers)
    return replace(
        decision,
        no_double=float(no_double),
        double_take=float(double_take),
        double_pass=float(double_pass),
        action=action,
        take=take,
        exact=True,
    )
