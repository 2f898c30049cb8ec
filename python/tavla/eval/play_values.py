"""What a play is worth to the side that makes it, with the cube and at the match score: the
cubeful equity (normalised to a cube of 1, as GNU Backgammon's EMG) and, in a match, the
match winning chance (MWC), from the cubeless probabilities after the play (:doc:`/cube`).

After a play the opponent is on roll and holds the cube decision: the play is worth the
negative of the opponent's cubeful equity there, the proper action taken by the model of
:mod:`tavla.game.cubeful` (Janowski's cube life in money play, the match equity table in a
match).  A play that bears off the last checker is worth what the game scores (R16, R22).
Both sides' values are per unit of the current cube: a match's MWC is mapped to -1 .. +1
by :meth:`~tavla.game.equity.MatchEquityTable.equity_to_mwc` with the cube's value.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from .. import _core
from ..board.position import Position, ResultKind
from ..errors import CubeModelError
from ..game.cube_context import CubeContext
from ..game.cube_model import DEFAULT_CUBE_LIFE, check_cube_life, proper_equities
from ..game.equity import MatchEquityTable
from ..game.scoring import GameEnd, game_result
from .evaluators import five_probabilities


@dataclass(frozen=True)
class PlayValue:
    """A play's value to the side that made it.

    Attributes:
        equity: cubeful equity per unit of the cube (money points, or in a match the MWC
            as an equity, EMG).
        mwc: the match winning chance after the play (None in money play).
    """

    equity: float
    mwc: float | None


def flipped(probabilities: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """The five probabilities (:data:`~tavla.eval.OUTPUTS` order) of one side as the other
    side's: ``(1 - win, lose_gammon, lose_backgammon, win_gammon, win_backgammon)``; works
    on ``(5,)`` and ``(N, 5)`` arrays (the core's :func:`flipped`); raises
    :class:`~tavla.EvaluatorError` for another shape."""
    p = five_probabilities(probabilities)
    return _core.flipped_probabilities(p.reshape(-1, 5)).reshape(p.shape)


def play_values(
    plays_after: list[Position],
    probabilities: npt.ArrayLike,
    context: CubeContext,
    *,
    cube_life: float = DEFAULT_CUBE_LIFE,
    met: MatchEquityTable | None = None,
) -> list[PlayValue]:
    """The value of each play to the side on roll of ``context`` (who plays).

    ``plays_after`` are the positions the plays lead to, seen from the opponent (as
    :attr:`~tavla.Play.position` is); ``probabilities`` the ``(N, 5)`` cubeless
    probabilities of the side that plays after each of them (:class:`RankedPlay`'s).
    ``met`` is the match equity table (None: Kazaross-XG2).  The cube model runs in one
    call to the core for all plays.  Raises :class:`~tavla.CubeModelError` for a context
    that is not a :class:`CubeContext`, a bad cube life, or probabilities of the wrong
    shape or not consistent, :class:`~tavla.MatchEquityError` for a score beyond the table.
    """
    values = np.asarray(probabilities, dtype=np.float64).reshape(-1, 5)
    if len(values) != len(plays_after):
        raise CubeModelError(f"{len(plays_after)} plays but {len(values)} rows of probabilities")
    results = np.array([after.board for after in plays_after], dtype=np.int8).reshape(-1, 2, 26)
    equities, mwcs = result_values(results, flipped(values), context, cube_life=cube_life, met=met)
    if mwcs is None:
        return [PlayValue(float(equity), None) for equity in equities]
    return [PlayValue(float(e), float(m)) for e, m in zip(equities, mwcs, strict=True)]


def result_values(
    results: npt.NDArray[np.int8],
    theirs: npt.NDArray[np.float64],
    context: CubeContext,
    *,
    cube_life: float = DEFAULT_CUBE_LIFE,
    met: MatchEquityTable | None = None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64] | None]:
    """:func:`play_values` for arrays: ``results`` the ``(N, 2, 26)`` boards plays lead to
    (the opponent on roll, as :func:`~tavla.legal_results` gives them), ``theirs`` the
    ``(N, 5)`` cubeless probabilities of the opponent on roll there (rows of finished games
    are not read).  Returns the ``(N,)`` cubeful equities of the side that played and, in
    a match, their ``(N,)`` MWC (None in money play)."""
    if not isinstance(context, CubeContext):
        raise CubeModelError(f"a context is a CubeContext, got {type(context).__name__}")
    life = check_cube_life(cube_life)
    table = None if context.is_money else met or MatchEquityTable.default()
    answering = replace(context, on_roll=1 - context.on_roll)
    playing = results[:, 1, 0] != 15  # the side that played has not borne off all 15
    equities = np.empty(len(results))
    equities[playing] = -proper_equities(theirs[playing], answering, life, table)
    mwcs: npt.NDArray[np.float64] | None = None
    if table is not None:
        # The opponent's equity per unit of the cube as its MWC (equity_to_mwc, vectorised).
        win, lose = (
            table.mwc_after(
                answering.away,
                answering.opponent_away,
                sign * context.cube.value,
                crawford_rule=context.match.crawford_rule,
            )
            for sign in (1, -1)
        )
        mwcs = np.empty(len(results))
        mwcs[playing] = 1 - (lose + (win - lose) * (1 - equities[playing]) / 2)
    for row in np.flatnonzero(~playing):
        won = _game_won(Position(results[row]), context, table)
        equities[row] = won.equity
        if mwcs is not None:
            assert won.mwc is not None
            mwcs[row] = won.mwc
    return equities, mwcs


def _game_won(after: Position, context: CubeContext, table: MatchEquityTable | None) -> PlayValue:
    """The play bore off the last checker: the game's points (R16, R19, R22), per unit of
    the cube."""
    # A cube still centred has never been turned: the Jacoby rule's condition.
    multiplier = game_result(
        0,
        after.winner_kind or ResultKind.SINGLE,
        1,
        GameEnd.BORNE_OFF,
        context.game_rules,
        money=context.is_money,
        cube_turned=context.cube.owner is not None,
    ).points
    if table is None:
        return PlayValue(float(multiplier), None)
    cube = context.cube.value
    crawford_rule = context.match.crawford_rule
    mwc = table.mwc_after(
        context.away, context.opponent_away, cube * multiplier, crawford_rule=crawford_rule
    )
    equity = table.mwc_to_equity(
        mwc, context.away, context.opponent_away, cube, crawford_rule=crawford_rule
    )
    return PlayValue(equity, mwc)
