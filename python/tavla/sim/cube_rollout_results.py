"""What a cubeful rollout returns: :class:`CubefulRolloutResult` (a cube decision rolled out)
and :class:`CubefulPlayResult` (a play of a roll rolled out with the cube)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..board.position import Play
from ..errors import PlayoutError
from ..game.cube_context import CubeContext
from ..game.equity import MatchEquityTable
from ._stats import EquityEstimate
from .results import PlayoutResults


@dataclass(frozen=True, eq=False)
class CubefulRolloutResult(EquityEstimate):
    """The outcome of a cubeful rollout, for the side on roll, per unit of the cube.

    ``no_double`` and ``double_take`` (None when the side may not double: ``refusal`` says
    why) are the rolled-out cubeful equities, with ``no_double_std_error`` and
    ``double_take_std_error``; ``double_pass`` is +1.  ``double_gain_std_error`` is the
    standard error of double/take minus no double, paired game for game on the same dice.
    ``action`` and ``take``: the proper cube action from the three equities
    (:func:`~tavla.game.cubeful.cube_action`; ``"no double"`` when the side may not
    double).  ``equity``: the value of that action, ``equity_std_error`` its error.  In a
    match, :meth:`mwc` turns an equity (or an error, ``error=True``) into match winning
    chances.  ``games``: games played in each line; ``results``: the per-game arrays of the
    no-double line and of the double/take line (None when not rolled out).
    ``interrupted``: Ctrl-C stopped the rollout (both lines keep the same games).
    ``variance_reduction``: whether the luck of the rolls was subtracted.
    """

    context: CubeContext
    no_double: float
    no_double_std_error: float
    double_take: float | None
    double_take_std_error: float | None
    double_gain_std_error: float | None
    double_pass: float | None
    action: str
    take: bool
    refusal: str | None
    games: int
    results: tuple[PlayoutResults, PlayoutResults | None]
    met: MatchEquityTable | None = None
    interrupted: bool = False
    variance_reduction: bool = False

    @property
    def equity(self) -> float:
        """The cubeful equity of the proper action."""
        if self.double_take is None or self.double_pass is None:
            return self.no_double
        return max(self.no_double, min(self.double_take, self.double_pass))

    @property
    def equity_std_error(self) -> float:
        """The standard error of :attr:`equity` (0 for a pass, which is exact)."""
        if self.action.startswith("double/take"):
            return float(self.double_take_std_error or 0.0)
        if self.action.startswith("double/pass"):
            return 0.0
        return self.no_double_std_error

    @property
    def close_call(self) -> str | None:
        """Why the verdict is too close to call, or None: the options that decide it differ
        by less than two standard errors of their difference. Whether to double compares
        double/take (paired with no double on the same dice) or double/pass (+1, exact) with
        no double; whether to take, double/take with +1."""
        if self.double_take is None:
            return None
        no_double, double_take = self.no_double, self.double_take
        if double_take < 1.0:
            gap, error = double_take - no_double, self.double_gain_std_error
            what = "double/take - no double"
        else:
            gap, error, what = 1.0 - no_double, self.no_double_std_error, "double/pass - no double"
        if _within_two(gap, error):
            return f"{what} {gap:+.4f} ± {error:.4f}"
        if min(double_take, 1.0) > no_double and _within_two(
            1.0 - double_take, self.double_take_std_error
        ):
            error = self.double_take_std_error
            return f"take or pass: double/take {double_take:+.4f} ± {error:.4f}"
        return None

    @property
    def too_close_to_call(self) -> bool:
        """Whether :attr:`close_call` has a reason."""
        return self.close_call is not None

    def mwc(self, equity: float, *, error: bool = False) -> float:
        """The MWC an equity of this rollout stands for in its match (with ``error``: the
        MWC a standard error stands for, scaled alike); raises
        :class:`~tavla.PlayoutError` in money play."""
        return _mwc(self.context, self.met, equity, error)

    def __repr__(self) -> str:
        options = f"no double {self.no_double:+.4f} ± {self.no_double_std_error:.4f}"
        if self.double_take is not None:
            options += f", double/take {self.double_take:+.4f} ± {self.double_take_std_error:.4f}"
        return f"<CubefulRolloutResult {self.action}: {options}, {self.games} games>"


@dataclass(frozen=True, eq=False)
class CubefulPlayResult(EquityEstimate):
    """A play of a roll rolled out with the cube (:func:`cube_rollout_plays`), for the side
    that made it, per unit of the cube (a match: MWC mapped to -1..+1, :meth:`mwc` turns it
    back): ``equity`` with ``equity_std_error`` (:attr:`estimate`), after the opponent, now
    on roll, has made its cube decision and both sides have played on with the cube.
    ``games``: games played (fewer for a play found out of contention).
    """

    play: Play
    equity: float
    equity_std_error: float
    games: int
    context: CubeContext
    met: MatchEquityTable | None = None
    interrupted: bool = False
    variance_reduction: bool = False

    def mwc(self, equity: float, *, error: bool = False) -> float:
        """As :meth:`CubefulRolloutResult.mwc`, for the side that made the play."""
        return _mwc(self.context, self.met, equity, error)


def _within_two(gap: float, error: float | None) -> bool:
    return error is not None and math.isfinite(error) and abs(gap) < 2 * error


def _mwc(context: CubeContext, met: MatchEquityTable | None, equity: float, error: bool) -> float:
    """The MWC an equity (per unit of the cube, -1..+1) stands for in ``context``'s match,
    or with ``error`` the MWC a standard error stands for."""
    if met is None:
        raise PlayoutError("money play has no match winning chances")
    away, opponent_away, cube = context.away, context.opponent_away, context.cube.value
    rule = context.match.crawford_rule
    if error:
        win = met.mwc_after(away, opponent_away, cube, crawford_rule=rule)
        lose = met.mwc_after(away, opponent_away, -cube, crawford_rule=rule)
        return (win - lose) * float(equity) / 2
    return met.equity_to_mwc(equity, away, opponent_away, cube, crawford_rule=rule)
