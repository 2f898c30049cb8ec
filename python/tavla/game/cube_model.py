"""The cube model: what the cube options are worth, from the cubeless probabilities
(:doc:`/cube` gives the formulas and their sources).

Every value is a function of the side on roll's chance ``p`` of winning the game, the way its
wins and losses split into single games, gammons and backgammons held fixed (Janowski's
assumption), and each is piecewise linear in ``p``:

- **dead cube**: nobody doubles again; the value is linear in ``p``.
- **fully live cube**: the game's chances move continuously, so every double comes exactly
  at a take or cash point, and the value is linear in ``p`` between them (an optional
  stopping argument: ``p`` is a martingale).
- **cubeful** = ``x · live + (1 - x) · dead``, ``x`` the **cube life** (Rick Janowski,
  "Take-Points in Money Games", 1993; carried over to match winning chances as in GNU
  Backgammon's manual, "Cubeful equities").

Money values are in points per unit of the cube.  Match values are match winning chances
(MWC) from a :class:`~tavla.game.equity.MatchEquityTable`, the live cube's take and cash
points found level by level up to the value where the cube is dead.

The formulas have one implementation, in the core (``cpp/src/cube_model.cpp``), which the
playout engine's cube policies apply too; :func:`equities` is its entry point here.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import excerpt
from ..errors import CubeModelError
from ..formats.context import MAX_CUBE_VALUE
from .cube_context import CubeContext
from .cube_owner import CubeOwner
from .equity import MatchEquityTable

DEFAULT_CUBE_LIFE = 0.68
"""The default cube life ``x``: 0.68, the cube efficiency GNU Backgammon uses for contact
positions (Janowski's own estimates for typical positions lie between 0.6 and 0.8)."""

_SLACK = 1e-9  # rounding allowed in given probabilities

OWNERS = tuple(CubeOwner)
""":attr:`CubeContext.owner` values, in the core's numbering (0, 1, 2): the members of
:class:`~tavla.game.cube_owner.CubeOwner`."""


def check_probabilities(probabilities: npt.ArrayLike) -> tuple[float, float, float, float, float]:
    """Five cumulative probabilities in :data:`tavla.eval.OUTPUTS` order, checked: numbers
    in [0, 1] with ``win_gammon <= win``, ``win_backgammon <= win_gammon``, ``lose_gammon
    <= 1 - win`` and ``lose_backgammon <= lose_gammon`` (within 1e-9).  Raises
    :class:`~tavla.CubeModelError` naming the fault."""
    try:
        array = np.asarray(probabilities, dtype=np.float64)
    except (TypeError, ValueError):
        raise CubeModelError(
            f"probabilities are five numbers, got {excerpt(probabilities)}"
        ) from None
    if array.shape != (5,):
        raise CubeModelError(f"probabilities are five numbers, got shape {array.shape}")
    if not np.isfinite(array).all() or (array < -_SLACK).any() or (array > 1 + _SLACK).any():
        raise CubeModelError(f"probabilities are in [0, 1], got {excerpt(array.tolist())}")
    win, win_gammon, win_bg, lose_gammon, lose_bg = (float(v) for v in np.clip(array, 0, 1))
    for part, whole, what in (
        (win_gammon, win, "the gammon wins exceed the wins"),
        (win_bg, win_gammon, "the backgammon wins exceed the gammon wins"),
        (lose_gammon, 1 - win, "the gammon losses exceed the losses (1 - win)"),
        (lose_bg, lose_gammon, "the backgammon losses exceed the gammon losses"),
    ):
        if part > whole + _SLACK:
            raise CubeModelError(f"inconsistent probabilities: {what} ({part} > {whole})")
    return (
        win,
        min(win_gammon, win),
        min(win_bg, win_gammon),
        min(lose_gammon, 1 - win),
        min(lose_bg, lose_gammon),
    )


def check_cube_life(cube_life: object) -> float:
    """A cube life ``x``: a number from 0 (dead cube) to 1 (fully live)."""
    if isinstance(cube_life, bool) or not isinstance(cube_life, (int, float, np.number)):
        raise CubeModelError(f"the cube life is a number from 0 to 1, got {excerpt(cube_life)}")
    if not 0 <= float(cube_life) <= 1:
        raise CubeModelError(f"the cube life is a number from 0 to 1, got {excerpt(cube_life)}")
    return float(cube_life)


class Equities(NamedTuple):
    """The model's values for the side on roll, per unit of the cube (points in money play;
    a match's MWC mapped to -1 .. +1 as
    :meth:`~tavla.game.equity.MatchEquityTable.equity_to_mwc` does)."""

    no_double: float
    double_take: float
    take_point: float
    """The opponent's take point for a double now: the least chance of winning the game at
    which its take is worth its pass (1 - the side's chance where double/take reaches +1)."""
    cubeless: float
    """Nobody ever doubles: the dead cube's value."""


def _situation(context: CubeContext, met: MatchEquityTable | None) -> _core.CubeSituation:
    """The core's situation of ``context``: the cube, the rules and, in a match (``met``
    given), the table and the away scores (checked against the table)."""
    rules = context.game_rules
    native = None
    away = opponent_away = 0
    if met is not None:
        met.mwc(context.away, context.opponent_away)  # checks both away scores against it
        native = met.native(context.match.crawford_rule)
        away, opponent_away = context.away, context.opponent_away
    return _core.CubeSituation(
        value=context.cube.value,
        owner=context.owner.number,
        backgammons=rules.backgammons,
        jacoby=rules.jacoby,
        met=native,
        away=away,
        opponent_away=opponent_away,
        crawford_game=context.match.crawford,
        max_cube=rules.max_cube or MAX_CUBE_VALUE,
    )


def equities(
    probabilities: npt.NDArray[np.float64],
    context: CubeContext,
    life: float,
    met: MatchEquityTable | None,
) -> Equities:
    """The model's values for checked ``probabilities`` (:func:`check_probabilities`) in
    ``context``, with cube life ``life`` and, in a match, the table ``met``.  In the
    Crawford game nobody doubles, so no double is the dead cube's value.  Raises
    :class:`~tavla.MatchEquityError` for a score beyond the table."""
    return Equities(*_core.cube_equities(probabilities, _situation(context, met), life))


def proper_equities(
    probabilities: npt.ArrayLike,
    context: CubeContext,
    life: float,
    met: MatchEquityTable | None,
) -> npt.NDArray[np.float64]:
    """The cubeful equity of the proper cube action of the side on roll of ``context`` (per
    unit of the cube, as :attr:`~tavla.game.cubeful.CubeDecision.best`, beavers included)
    for each row of ``(N, 5)`` probabilities, in one call to the core: ``(N,)`` float64.
    Raises :class:`~tavla.CubeModelError` for rows that are not consistent probabilities,
    :class:`~tavla.MatchEquityError` for a score beyond the table."""
    rows = np.ascontiguousarray(probabilities, dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] != 5:
        raise CubeModelError(f"probabilities have shape (N, 5), got {rows.shape}")
    return _core.proper_equities(
        rows, _situation(context, met), life, context.refusal() is None, context.beavers
    )
