"""Exact cubeful equities where they are known: money positions in the exact two-sided
bear-off table (:func:`tavla.eval.bearoff.cube_options`: optimal cube play, unlimited
redoubles), and any other exact source a user plugs in through :data:`EXACT_SOURCES`.
:func:`tavla.cube_decision` and :func:`tavla.evaluate` with a context ask them in turn, and
the first that answers for a position gives the equities instead of the cube model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..board.position import Position
from ..game.cube_context import CubeContext
from ..game.cubeful import CubeDecision, cube_action
from . import bearoff as _bearoff

ExactCubeSource = Callable[[Position, CubeContext], "tuple[float, float, float] | None"]
"""A source of exact cubeful equities: given a position and its context, the side on
roll's ``(no_double, double_take, double_pass)`` per unit of the cube (as in
:class:`~tavla.game.cubeful.CubeDecision`), or None where it does not know the position."""

EXACT_SOURCES: list[ExactCubeSource] = []
"""More exact sources asked, in order, before the bear-off database."""


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


def with_exact_values(
    decision: CubeDecision, position: Position, *, bearoff: bool = True
) -> CubeDecision:
    """``decision`` with the equities of the first exact source that knows ``position``
    (:data:`EXACT_SOURCES`, then with ``bearoff`` the bear-off table), its action and take
    decided again from them; ``decision`` itself where none does."""
    sources = [*EXACT_SOURCES, bearoff_cube_options] if bearoff else EXACT_SOURCES
    for source in sources:
        equities = source(position, decision.context)
        if equities is not None:
            return _exact(decision, *equities)
    return decision


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
        raccoon=None,  # the exact sources hold no raccoon values
        raccoon_take=None,
    )
