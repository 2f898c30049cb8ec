"""Cube decisions of positions: :func:`cube_decision` evaluates a position (or takes given
probabilities) and applies the cube model of :mod:`tavla.game.cubeful` (:doc:`/cube`).

Money positions in the exact two-sided bear-off table get the exact cubeful equities of
:func:`tavla.eval.bearoff.cube_options` (optimal cube play, unlimited redoubles) unless
``bearoff=False``; other exact sources plug in through :data:`EXACT_SOURCES`
(:mod:`tavla.eval.exact_cube`).
"""

from __future__ import annotations

from typing import cast

import numpy as np
import numpy.typing as npt

from ..board.position import Position
from ..errors import CubeModelError
from ..game.cube_context import CubeContext
from ..game.cube_model import DEFAULT_CUBE_LIFE
from ..game.cubeful import CubeDecision, decide
from ..game.equity import MatchEquityTable
from .evaluators import DEFAULT_KEEP, DEFAULT_MARGIN, EvaluatorLike
from .exact_cube import EXACT_SOURCES, ExactCubeSource, bearoff_cube_options
from .search import evaluate

__all__ = ["EXACT_SOURCES", "ExactCubeSource", "bearoff_cube_options", "cube_decision"]


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
    evaluated by ``evaluator`` (None: the strongest shipped net,
    :data:`tavla.eval.nets.DEFAULT`) at ``plies`` as :func:`~tavla.eval.evaluate` does
    (with ``bearoff``, ``keep``, ``margin``), or five cubeless probabilities in
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
    evaluation = evaluate(
        position,
        evaluator,
        plies,
        bearoff=bearoff,
        keep=keep,
        margin=margin,
        context=CubeContext() if context is None else context,
        cube_life=cube_life,
        met=met,
    )
    assert evaluation.cube is not None  # a context was given
    return evaluation.cube


def _position(value: object) -> Position | None:
    if isinstance(value, Position):
        return value
    if isinstance(value, np.ndarray) and value.shape == (2, 26):
        return Position(value)
    return None
