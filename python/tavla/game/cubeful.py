"""Cube decisions from cubeless probabilities: the cubeful equities of no double,
double/take and double/pass, the proper action, and take points (:doc:`/cube`).

:func:`tavla.cube_decision` is the entry point; it evaluates positions and calls
:func:`decide` here, which works on the five probabilities alone with the model of
:mod:`tavla.game.cube_model`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from .. import _core
from ..errors import CubeModelError
from ..formats.context import MAX_CUBE_VALUE
from .cube_context import CubeContext
from .cube_model import (
    DEFAULT_CUBE_LIFE,
    check_cube_life,
    check_probabilities,
    equities,
)
from .equity import MatchEquityTable

ACTIONS = ("no double", "double/take", "double/pass", "too good")
"""The proper cube actions; with beavers on (R20), ``"/beaver"`` is added where the
opponent's best answer to a double would be a beaver (``"no double/beaver"``)."""

BEAVER = "/beaver"


@dataclass(frozen=True)
class CubeDecision:
    """A cube decision for the side on roll, before it rolls (immutable).

    Attributes:
        probabilities: ``(5,)`` float64 cubeless probabilities (:data:`tavla.eval.OUTPUTS`).
        context: the :class:`~tavla.game.cube_context.CubeContext` decided in.
        no_double: cubeful equity if the side does not double, per unit of the current
            cube (points in money play; a match's MWC mapped to -1 .. +1 as
            :meth:`~tavla.game.equity.MatchEquityTable.equity_to_mwc` does).
        double_take: cubeful equity after a double and a take (None when the side may
            not double: see ``refusal``).
        double_pass: equity after a double and a pass: +1 (None when it may not double).
        action: the proper action, one of :data:`ACTIONS` (with ``"/beaver"`` added where
            that applies).
        take: the opponent should take a double (double/take is worth no more than
            double/pass to the doubler); False when the side may not double.
        refusal: why the side on roll may not double (the cube is the opponent's, the
            Crawford game, ...), or None.
        cubeless_equity: the equity when nobody ever doubles: money play's
            ``2·win - 1 + wg - lg + wbg - lbg`` (backgammons as gammons without the
            ``backgammons`` rule), or a match's cubeless MWC as an equity.
        cube_life: the cube life ``x`` used (:data:`~tavla.game.cube_model.DEFAULT_CUBE_LIFE`).
        met: the match equity table used (None in money play).
        plies: the depth the probabilities were evaluated at (None when they were given).
        probabilities_exact: the exact bear-off database gave the probabilities.
        exact: the cubeful equities are exact (an exact source answered), not the model's.
        raccoon: where the opponent should beaver and the rules allow a raccoon of it
            (money play with ``raccoons``, R20, the cube at eight times within
            ``max_cube``), whether the side on roll should then raccoon; None elsewhere,
            and where an exact source gave the equities (it holds no raccoon values).
            Decided as the engine decides it in play (the core's ``cube_choices``).
        raccoon_take: with ``raccoon`` known, whether the beaverer should take the
            raccoon; None elsewhere.
    """

    probabilities: npt.NDArray[np.float64] = field(repr=False)
    context: CubeContext
    no_double: float
    double_take: float | None
    double_pass: float | None
    action: str
    take: bool
    refusal: str | None
    cubeless_equity: float
    cube_life: float
    met: MatchEquityTable | None = field(default=None, repr=False)
    plies: int | None = None
    probabilities_exact: bool = False
    exact: bool = False
    raccoon: bool | None = None
    raccoon_take: bool | None = None

    @property
    def beaver(self) -> bool:
        """The opponent should beaver a double (money play with beavers on, R20)."""
        return self.action.endswith(BEAVER)

    @property
    def best(self) -> float:
        """The cubeful equity of the proper action: no double when the side may not double,
        else the better of no double and a double answered properly (a take, a pass or,
        with beavers, a beaver the doubler then takes at twice double/take or passes at
        -2)."""
        if self.double_take is None or self.double_pass is None:
            return self.no_double
        return _core.proper_equity(
            self.no_double, self.double_take, self.double_pass, True, self.context.beavers
        )

    def __repr__(self) -> str:
        options = f"no double {self.no_double:+.4f}"
        if self.double_take is not None and self.double_pass is not None:
            options += f", double/take {self.double_take:+.4f}, double/pass {self.double_pass:+.4f}"
        action = self.action
        if self.raccoon is not None:
            answer = "take" if self.raccoon_take else "pass"
            action += f" (then raccoon/{answer})" if self.raccoon else " (then no raccoon)"
        return f"<CubeDecision {action}: {options}>"

    def mwc(self, equity: float) -> float:
        """The MWC an equity of this decision stands for (match play only; raises
        :class:`~tavla.CubeModelError` in money play)."""
        if self.met is None:
            raise CubeModelError("money play has no match winning chances")
        context = self.context
        return self.met.equity_to_mwc(
            equity,
            context.away,
            context.opponent_away,
            context.cube.value,
            crawford_rule=context.match.crawford_rule,
        )


def cube_action(
    no_double: float, double_take: float, double_pass: float, *, beavers: bool = False
) -> tuple[str, bool]:
    """The proper action and whether the opponent should take, from the three cubeful
    equities of the side on roll (per unit of the cube).

    The opponent answers a double with what leaves the doubler least: a take
    (``double_take``), a pass (``double_pass``) or, with ``beavers``, a beaver, after
    which the doubler takes (twice ``double_take``) or passes (-2).  The side doubles
    when that answer leaves it more than ``no_double``; otherwise it is ``"too good"``
    when playing on is worth more than a pass, else ``"no double"``.  Ties go to no
    double and to the take.
    """
    kind, take, beavered = _core.cube_action(
        float(no_double), float(double_take), float(double_pass), bool(beavers)
    )
    return ACTIONS[kind] + (BEAVER if beavered else ""), take


def decide(
    probabilities: npt.ArrayLike,
    context: CubeContext | None = None,
    *,
    cube_life: float = DEFAULT_CUBE_LIFE,
    met: MatchEquityTable | None = None,
) -> CubeDecision:
    """The cube decision of the side on roll from its cubeless ``probabilities`` (five, in
    :data:`tavla.eval.OUTPUTS` order) in ``context`` (None: money play, centred cube,
    Jacoby on), by the model (:mod:`tavla.game.cube_model`) with ``cube_life`` and, in a
    match, ``met`` (None: :meth:`MatchEquityTable.default`).

    Raises :class:`~tavla.CubeModelError` for probabilities that are not five consistent
    numbers in [0, 1], a cube life outside [0, 1], a context that is not a
    :class:`CubeContext`; :class:`~tavla.MatchEquityError` for a score beyond the table.
    """
    context = _context(context)
    values = np.array(check_probabilities(probabilities), dtype=np.float64)
    life = check_cube_life(cube_life)
    table = _table(context, met)
    model = equities(values, context, life, table)
    refusal = context.refusal()
    double_take: float | None = None
    double_pass: float | None = None
    action, take, raccoon, raccoon_take = "no double", False, None, None
    if refusal is None:
        double_take, double_pass = model.double_take, 1.0
        action, take = cube_action(model.no_double, double_take, 1.0, beavers=context.beavers)
        if action.endswith(BEAVER):
            raccoon, raccoon_take = _raccoon(values, context, life)
    return CubeDecision(
        values,
        context,
        model.no_double,
        double_take,
        double_pass,
        action,
        take,
        refusal,
        model.cubeless,
        life,
        table,
        raccoon=raccoon,
        raccoon_take=raccoon_take,
    )


def _raccoon(
    probabilities: npt.NDArray[np.float64], context: CubeContext, life: float
) -> tuple[bool | None, bool | None]:
    """After a beaver of the side on roll's double (money play): whether it raccoons and
    whether the beaverer takes, by the engine's own rule (the core's ``cube_choices``: the
    beaver and raccoon questions of a run with these rules), or (None, None) where the
    rules allow no raccoon of it (``redouble_refusal``, as :meth:`Game.raccoon` asks)."""
    rules = context.game_rules
    cube = context.cube.value
    max_cube = rules.max_cube or MAX_CUBE_VALUE
    refusal = _core.redouble_refusal(
        match_length=0, option=bool(rules.raccoons), redoubled=8 * cube, max_cube=max_cube
    )
    if refusal != 0:
        return None, None
    play = context.native_play()
    owner = context.owner.number
    # The doubler's answer to the beaver (kind 2, the raccoon allowed), then the beaverer's
    # answer to the raccoon (kind 3): the columns of tavla.sim.cube_play.QUESTION_COLUMNS.
    questions = np.array([[2, cube, owner, 0, 0, 1], [3, cube, owner, 0, 0, 0]], dtype=np.int32)
    choices = _core.cube_choices(np.stack([probabilities] * 2), questions, play, life)
    return bool(choices[0] == 2), bool(choices[1] == 1)


def take_point(
    probabilities: npt.ArrayLike,
    context: CubeContext | None = None,
    *,
    cube_life: float = DEFAULT_CUBE_LIFE,
    met: MatchEquityTable | None = None,
) -> float:
    """The opponent's take point for a double by the side on roll now: the least chance of
    winning the game at which the opponent's take is worth its pass, under the model with
    ``cube_life`` (0: the dead cube's take point, 1: the fully live cube's), the gammon and
    backgammon shares of ``probabilities`` held fixed (the side on roll's: its gammon wins
    are the taker's gammon losses).  Money play, gammonless: 25% dead, 20% fully live,
    Janowski's ``(L - 1/2)/(W + L + x/2)`` in general (W, L the taker's average win and
    loss).  Arguments and errors as :func:`decide`; also :class:`~tavla.CubeModelError`
    when the side on roll may not double."""
    context = _context(context)
    values = np.array(check_probabilities(probabilities), dtype=np.float64)
    refusal = context.refusal()
    if refusal is not None:
        raise CubeModelError(f"no take point: the side on roll may not double ({refusal})")
    return equities(values, context, check_cube_life(cube_life), _table(context, met)).take_point


def _context(context: object) -> CubeContext:
    if context is None:
        return CubeContext()
    if not isinstance(context, CubeContext):
        raise CubeModelError(f"a context is a CubeContext or None, got {type(context).__name__}")
    return context


def _table(context: CubeContext, met: MatchEquityTable | None) -> MatchEquityTable | None:
    if context.is_money:
        return None
    if met is None:
        return MatchEquityTable.default()
    if not isinstance(met, MatchEquityTable):
        raise CubeModelError(f"met is a MatchEquityTable or None, got {type(met).__name__}")
    return met
