"""Cubeful rollouts and cube rollouts: a position played out many times with the cube, in
money play or at a match score (:func:`cube_rollout`, which :func:`~tavla.rollout` calls for
``cubeful=True``).

As GNU Backgammon's cube rollout does, the position is rolled out twice on the same dice: the
**no-double** line (the side on roll does not double now; both sides play the cube by their
cube policy from then on) and, when the side on roll may double, the **double/take** line
(the cube doubled and taken before the first roll). Double/pass is +1 exactly (R19). Every
value is the side on roll's, per unit of the cube before the decision: points in money play,
and in a match the MWC after the game (the match equity table at the score it leaves)
mapped to -1 .. +1 as :meth:`~tavla.game.equity.MatchEquityTable.equity_to_mwc` does.
Checker play does not depend on the cube, so the two lines play the same games until a drop
ends one of them: their difference is far more precise than each value alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._validate import excerpt
from ..board.position import Position
from ..errors import PlayoutError
from ..eval.policies import PolicyLike
from ..game.cube import Cube
from ..game.cube_context import CubeContext
from ..game.cubeful import cube_action
from ..game.equity import MatchEquityTable
from ._stats import Estimate, mean_and_error
from .cube_play import CubeRun
from .luck import variance_reduction_for
from .playout import CUBE_GAME_BYTES, DEFAULT_BATCH, check_memory, count_argument, play_games
from .results import PlayoutResults

if TYPE_CHECKING:
    from distributed import Client

ROTATION_GAMES = 1296
"""From this many games on, the second roll is stratified too (36 x 36 pairs)."""


@dataclass(frozen=True, eq=False)
class CubefulRolloutResult:
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
    def estimate(self) -> Estimate:
        """:attr:`equity` with :attr:`equity_std_error`."""
        return Estimate(self.equity, self.equity_std_error)

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

    def mwc(self, equity: float, *, error: bool = False) -> float:
        """The MWC an equity of this rollout stands for in its match (with ``error``: the
        MWC a standard error stands for, scaled alike); raises
        :class:`~tavla.PlayoutError` in money play."""
        if self.met is None:
            raise PlayoutError("money play has no match winning chances")
        context = self.context
        away, opponent_away, cube = context.away, context.opponent_away, context.cube.value
        rule = context.match.crawford_rule
        if error:
            win = self.met.mwc_after(away, opponent_away, cube, crawford_rule=rule)
            lose = self.met.mwc_after(away, opponent_away, -cube, crawford_rule=rule)
            return (win - lose) * float(equity) / 2
        return self.met.equity_to_mwc(equity, away, opponent_away, cube, crawford_rule=rule)

    def __repr__(self) -> str:
        options = f"no double {self.no_double:+.4f} ± {self.no_double_std_error:.4f}"
        if self.double_take is not None:
            options += f", double/take {self.double_take:+.4f} ± {self.double_take_std_error:.4f}"
        return f"<CubefulRolloutResult {self.action}: {options}, {self.games} games>"


def cube_rollout(
    position: Position,
    policy: PolicyLike = "pubeval",
    games: int = ROTATION_GAMES,
    *,
    context: CubeContext | None = None,
    met: MatchEquityTable | None = None,
    seed: int = 0,
    rotate: bool = True,
    variance_reduction: bool | None = None,
    threads: int | None = None,
    batch: int = DEFAULT_BATCH,
    progress: bool | None = None,
    client: Client | None = None,
    chunk: int | None = None,
) -> CubefulRolloutResult:
    """Cubeful rollout of ``position``, the side on roll to decide on the cube and roll,
    in ``context`` (a :class:`~tavla.game.cube_context.CubeContext`: money play or a match
    score, the cube, the rules; None: money play, centred cube, Jacoby on; its ``on_roll``
    player is the side on roll), ``met`` the table of a match (None: Kazaross-XG2).

    ``games`` games of each line (the module) with ``policy`` on both sides playing the
    checkers and the cube (its cube policy, :mod:`tavla.sim.cube_play`: pubeval never
    doubles, so give a policy with probabilities, a net, for a real cube rollout).
    ``rotate``, ``seed``, ``threads``, ``batch``, ``progress``, ``client``, ``chunk`` as for
    :func:`~tavla.rollout`: rotated first rolls, post-stratified means and errors, the same
    results on any number of threads or Dask chunks. Ctrl-C stops it with what finished.
    ``variance_reduction`` (None: when the policy has an evaluator) subtracts the luck of
    every roll valued by the cube model (:ref:`variance-reduction`).

    Raises :class:`~tavla.PlayoutError` for bad arguments, among them a finished position
    and rules without the cube.
    """
    games = check_rollout(position, rotate, games)
    reduced = variance_reduction_for(policy, variance_reduction)
    context = CubeContext() if context is None else context
    no_double_run = CubeRun(context, first_offer=False, met=met)
    check_memory(games, 2 * CUBE_GAME_BYTES + 64)
    level = 0 if not rotate else (2 if games >= ROTATION_GAMES else 1)

    def play(run: CubeRun, count: int) -> PlayoutResults:
        return play_games(
            policy, policy, count, start=position, seed=seed, rotate=level, threads=threads,
            batch=batch, progress=progress, client=client, chunk=chunk, cube=run,
            variance_reduction=reduced,
        )  # fmt: skip

    no_double = play(no_double_run, games)
    refusal = context.refusal()
    double_take = None
    if refusal is None and no_double.games:
        cube = Cube(2 * context.cube.value, 1 - context.on_roll)
        doubled = CubeRun(replace(context, cube=cube), met=no_double_run.met)
        double_take = play(doubled, no_double.games)
        if double_take.games < no_double.games:  # interrupted: the same games in both lines
            no_double = no_double.head(double_take.games)
    return _summary(no_double, double_take, no_double_run, refusal, rotate, reduced)


def check_rollout(position: object, rotate: object, games: int) -> int:
    """The games of a rollout of ``position`` (a Position not finished) with ``rotate`` (a
    bool), checked: :class:`~tavla.PlayoutError` otherwise."""
    if not isinstance(position, Position):
        raise PlayoutError(f"position must be a Position, got {type(position).__name__}")
    if position.is_over:
        raise PlayoutError("the position is a finished game: there is nothing to roll out")
    if not isinstance(rotate, (bool, np.bool_)):
        raise PlayoutError(f"rotate must be True or False, got {excerpt(rotate)}")
    return count_argument("games", games, low=1)


def _equities(results: PlayoutResults, run: CubeRun) -> npt.NDArray[np.float64]:
    """Per game, the side on roll's (policy a's) value per unit of the cube at the start,
    less the luck of its rolls when the run measured it."""
    context = run.context
    cube = context.cube.value
    points = results.points.astype(np.int64)
    luck = 0.0 if results.luck is None else results.luck
    if run.met is None:
        return (points - luck) / cube
    met, away, opponent_away = run.met, context.away, context.opponent_away
    rule = context.match.crawford_rule
    values = {}
    for p in np.unique(points):
        mwc = met.mwc_after(away, opponent_away, int(p), crawford_rule=rule)
        values[int(p)] = met.mwc_to_equity(mwc, away, opponent_away, cube, crawford_rule=rule)
    # The luck is in MWC: the unit maps MWC to equity linearly, 2 / (win - lose) an MWC.
    win = met.mwc_after(away, opponent_away, cube, crawford_rule=rule)
    lose = met.mwc_after(away, opponent_away, -cube, crawford_rule=rule)
    played = np.array([values[int(p)] for p in points], dtype=np.float64)
    return played - 2 * luck / (win - lose)


def _summary(
    no_double: PlayoutResults,
    double_take: PlayoutResults | None,
    run: CubeRun,
    refusal: str | None,
    rotate: bool,
    variance_reduction: bool,
) -> CubefulRolloutResult:
    n = no_double.games
    columns = [_equities(no_double, run)]
    if double_take is not None:
        taken = _equities(double_take, run)
        columns += [taken, taken - columns[0]]
    strata = np.arange(n, dtype=np.int64) % 36 if rotate else None
    means, errors = mean_and_error(np.column_stack(columns), strata, 36)
    context = run.context
    interrupted = no_double.interrupted or (double_take is not None and double_take.interrupted)
    if double_take is None:
        dt = dt_error = gain_error = dp = None
        action, take = "no double", False
    else:
        dt, dt_error, gain_error, dp = float(means[1]), float(errors[1]), float(errors[2]), 1.0
        action, take = cube_action(float(means[0]), dt, 1.0, beavers=context.beavers)
    return CubefulRolloutResult(
        context, float(means[0]), float(errors[0]), dt, dt_error, gain_error, dp, action, take,
        refusal, n, (no_double, double_take), run.met, interrupted, variance_reduction,
    )  # fmt: skip
