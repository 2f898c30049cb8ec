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

import warnings
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._validate import excerpt
from ..board.dice import parse_roll
from ..board.position import Play, Position
from ..errors import PlayoutError
from ..eval.net import Net
from ..eval.policies import PolicyLike, default_policy
from ..game.cube import Cube
from ..game.cube_context import CubeContext
from ..game.cubeful import cube_action
from ..game.equity import MatchEquityTable
from ..game.scoring import GameEnd, game_result
from ._stats import mean_and_error
from .cube_play import CubeRun, doubles
from .cube_rollout_results import CubefulPlayResult, CubefulRolloutResult
from .playout import first_frame_outside_tavla
from .results import PlayoutResults
from .rollout_rounds import (
    ROTATION_GAMES,
    Line,
    Reporter,
    RolloutRun,
    play_plays,
    play_rounds,
    target_reached,
)
from .rollout_settings import LineGames, RolloutKeywords, check_rollout, checked_settings
from .run_checks import CUBE_GAME_BYTES, check_memory

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "check_rollout",
    "cube_rollout",
    "cube_rollout_plays",
]


def cube_rollout(
    position: Position,
    policy: PolicyLike | None = None,
    games: int = ROTATION_GAMES,
    *,
    context: CubeContext | None = None,
    met: MatchEquityTable | None = None,
    **settings: Unpack[RolloutKeywords],
) -> CubefulRolloutResult:
    """Cubeful rollout of ``position``, the side on roll to decide on the cube and roll,
    in ``context`` (a :class:`~tavla.game.cube_context.CubeContext`: money play or a match
    score, the cube, the rules; None: money play, centred cube, Jacoby on; its ``on_roll``
    player is the side on roll), ``met`` the table of a match (None: Kazaross-XG2).

    ``games`` games of each line (the module) with ``policy`` on both sides playing the
    checkers and the cube (its cube policy, :mod:`tavla.sim.cube_play`; None:
    :func:`~tavla.eval.policies.default_policy`, the strongest shipped net). A policy that never
    doubles (pubeval, random, a Python policy without a cube method) makes the rollout
    cubeless in all but name: it warns with a :class:`UserWarning`. ``rotate``, ``seed``,
    ``threads``, ``batch``, ``progress``, ``client``, ``chunk`` (or ``options``, a
    :class:`~tavla.RunOptions` of those, :ref:`run-options`), ``se`` and ``check_every`` as
    for :func:`~tavla.rollout` (``se``: the error of the proper action's equity).
    ``variance_reduction`` (None: when the policy has an evaluator) subtracts the luck of
    every roll valued by the cube model (:ref:`variance-reduction`).

    ``truncate=n`` stops a game still on after n plies, and ``truncate_bearoff`` one that
    reaches a bear-off the database values exactly: a stopped game counts the cubeful value of
    its position with the cube where it stands, by the cube model on ``evaluator``'s 0-ply
    probabilities (a :class:`~tavla.eval.Net`, ``"net:PATH"`` or ``"bearoff"``; None: the
    policy's own evaluator), or at an exact bear-off in money play the database's exact
    cubeful value.

    Raises :class:`~tavla.PlayoutError` for bad arguments, among them a finished position
    and rules without the cube.
    """
    policy = default_policy() if policy is None else policy
    run, line_games, cube_run = _cube_settings(
        position, policy, games, context, met, None, settings
    )
    check_memory(run.games, 2 * CUBE_GAME_BYTES + 64)
    context = cube_run.context
    no_double_run = CubeRun(context, first_offer=False, met=met)
    refusal = context.refusal()
    lines = [_cube_line(position, policy, run, line_games, no_double_run, no_double_run, 1.0)]
    if refusal is None:
        doubled = replace(context, cube=Cube(2 * context.cube.value, 1 - context.on_roll))
        taken = CubeRun(doubled, met=no_double_run.met)
        lines.append(_cube_line(position, policy, run, line_games, taken, no_double_run, 1.0))

    def judge(lines: Sequence[Line]) -> tuple[bool, str]:
        estimates = [run.estimate(line.values[:, 0]) for line in lines]
        if len(estimates) == 1:
            return target_reached(run, [estimates[0].std_error]), f"no double {estimates[0]}"
        no_double, double_take = estimates
        proper = max(no_double.mean, min(double_take.mean, 1.0))
        error = no_double.std_error if proper == no_double.mean else double_take.std_error
        done = target_reached(run, [0.0 if proper == 1.0 else error])
        return done, f"no double {no_double}, double/take {double_take}"

    interrupted = play_rounds(run, lines, judge)
    return _summary(lines, no_double_run, refusal, run, line_games.reduced, interrupted)


def cube_rollout_plays(
    position: Position,
    dice: str | Sequence[int],
    policy: PolicyLike | None = None,
    games: int = ROTATION_GAMES,
    *,
    context: CubeContext | None = None,
    met: MatchEquityTable | None = None,
    out_of_contention: float | None = None,
    **settings: Unpack[RolloutKeywords],
) -> list[CubefulPlayResult]:
    """Every legal play of ``dice`` by the side on roll of ``position`` rolled out with the
    cube in ``context``: after each play the opponent is on roll with the cube as it stands
    (it may double at once), and the games go on with the cube. One
    :class:`CubefulPlayResult` per play, best cubeful equity (or MWC) first, on the same
    dice streams. The arguments are :func:`cube_rollout`'s, and ``out_of_contention`` as
    :func:`~tavla.sim.rollout.rollout_plays` takes it."""
    policy = default_policy() if policy is None else policy
    run, line_games, cube_run = _cube_settings(
        position, policy, games, context, met, out_of_contention, settings
    )
    plays = position.legal_plays(parse_roll(dice))
    check_memory(run.games, CUBE_GAME_BYTES + 64 + 8 * len(plays))
    context = cube_run.context
    valued = CubeRun(context, met=met)
    after = CubeRun(replace(context, on_roll=1 - context.on_roll), met=valued.met)

    def summary(play: Play, line: Line, interrupted: bool) -> CubefulPlayResult:
        estimate = run.estimate(line.values[:, 0])
        return CubefulPlayResult(
            play,
            estimate.mean,
            estimate.std_error,
            line.games,
            context,
            valued.met,
            interrupted,
            line_games.reduced,
        )

    return play_plays(
        run,
        plays,
        # The games are the opponent's (policy a): their values turned to the player's side.
        lambda play: _cube_line(play.position, policy, run, line_games, after, after, -1.0),
        0,
        lambda play, interrupted: _finishing(play, valued, interrupted),
        summary,
    )


def _cube_settings(
    position: Position,
    policy: PolicyLike,
    games: int,
    context: CubeContext | None,
    met: MatchEquityTable | None,
    out_of_contention: float | None,
    settings: RolloutKeywords,
) -> tuple[RolloutRun, LineGames, CubeRun]:
    """The run, the games and the cube of a cubeful rollout, checked."""
    run, line_games = checked_settings(position, policy, games, out_of_contention, settings)
    evaluator = line_games.evaluator
    if evaluator is not None and not isinstance(evaluator, (Net, str)):
        raise PlayoutError(
            "a cubeful rollout's evaluator is a Net, 'net:PATH' or 'bearoff' (played in "
            f"C++), got {type(evaluator).__name__}"
        )
    if (
        evaluator is not None
        and line_games.truncate is None
        and line_games.truncate_bearoff is None
    ):
        raise PlayoutError(
            "evaluator values the games a cubeful rollout stops: give truncate (or "
            "truncate_bearoff)"
        )
    cube_run = CubeRun(CubeContext() if context is None else context, met=met)
    _warn_if_never_doubling(policy)
    return run, line_games, cube_run


def _warn_if_never_doubling(policy: PolicyLike) -> None:
    if doubles(policy):
        return
    warnings.warn(
        f"the policy {excerpt(policy)} never doubles (and always takes): a cubeful rollout "
        "with it is a cubeless one with the cube's scoring; give a policy with "
        "probabilities (a net) for real cube play",
        UserWarning,
        stacklevel=first_frame_outside_tavla(),
    )


def _cube_line(
    start: Position,
    policy: PolicyLike,
    run: RolloutRun,
    line_games: LineGames,
    cube: CubeRun,
    unit: CubeRun,
    sign: float,
) -> Line:
    """The games from ``start`` played with ``cube``, valued per unit of ``unit``'s cube for
    its side on roll (policy a) times ``sign``."""

    def play(first: int, count: int, report: Reporter) -> tuple[npt.NDArray[np.float64], bool]:
        results = line_games.play(policy, start, run, first, count, report, cube)
        line.runs.append(results)
        return sign * _equities(results, unit)[:, np.newaxis], results.interrupted

    line = Line(play)
    return line


def _finishing(play: Play, run: CubeRun, interrupted: bool) -> CubefulPlayResult:
    """A play that bears off the last checker: its points, certain, as one game."""
    context = run.context
    kind = play.position.winner_kind
    assert kind is not None
    scored = game_result(
        context.on_roll,
        kind,
        context.cube.value,
        GameEnd.BORNE_OFF,
        context.game_rules,
        money=context.is_money,
        cube_turned=context.cube.owner is not None,
    ).points
    equity = float(scored) / context.cube.value
    if run.met is not None:
        mwc = run.met.mwc_after(
            context.away, context.opponent_away, scored, crawford_rule=context.match.crawford_rule
        )
        equity = run.met.mwc_to_equity(
            mwc,
            context.away,
            context.opponent_away,
            context.cube.value,
            crawford_rule=context.match.crawford_rule,
        )
    return CubefulPlayResult(play, equity, 0.0, 1, context, run.met, interrupted, False)


def _equities(results: PlayoutResults, run: CubeRun) -> npt.NDArray[np.float64]:
    """Per game, the side on roll's (policy a's) value per unit of the cube at the start of
    ``run``: the points (or the MWC) of a game played out, the value where a game stopped,
    less the luck of its rolls when the run measured it."""
    context = run.context
    cube = context.cube.value
    points = results.points.astype(np.int64)
    luck = 0.0 if results.luck is None else results.luck
    stopped = results.stopped
    stop_values = results.stop_values if results.stop_values is not None else 0.0
    if run.met is None:
        return (np.where(stopped, stop_values, points) - luck) / cube
    met, away, opponent_away = run.met, context.away, context.opponent_away
    rule = context.match.crawford_rule
    values = {0: 0.0}  # a stopped game scored nothing: its value is where it stopped
    for p in np.unique(points[~stopped]):
        mwc = met.mwc_after(away, opponent_away, int(p), crawford_rule=rule)
        values[int(p)] = met.mwc_to_equity(mwc, away, opponent_away, cube, crawford_rule=rule)
    # MWC maps to the unit linearly: 2 / (win - lose) an MWC.
    win = met.mwc_after(away, opponent_away, cube, crawford_rule=rule)
    lose = met.mwc_after(away, opponent_away, -cube, crawford_rule=rule)
    played = np.array([values[int(p)] for p in points], dtype=np.float64)
    at_stop = 2 * (stop_values - lose) / (win - lose) - 1
    return np.where(stopped, at_stop, played) - 2 * luck / (win - lose)


def _summary(
    lines: Sequence[Line],
    run: CubeRun,
    refusal: str | None,
    rollout: RolloutRun,
    variance_reduction: bool,
    interrupted: bool,
) -> CubefulRolloutResult:
    n = lines[0].games
    columns = [line.values[:n, 0] for line in lines]
    if len(columns) == 2:
        columns.append(columns[1] - columns[0])
    means, errors = mean_and_error(np.column_stack(columns), rollout.strata(n), 36)
    context = run.context
    parts = [_joined(line, n, interrupted) for line in lines]
    if len(lines) == 1:
        dt = dt_error = gain_error = dp = None
        action, take = "no double", False
    else:
        dt, dt_error, gain_error, dp = float(means[1]), float(errors[1]), float(errors[2]), 1.0
        action, take = cube_action(float(means[0]), dt, 1.0, beavers=context.beavers)
    return CubefulRolloutResult(
        context,
        float(means[0]),
        float(errors[0]),
        dt,
        dt_error,
        gain_error,
        dp,
        action,
        take,
        refusal,
        n,
        (parts[0], parts[1] if len(parts) > 1 else None),
        run.met,
        interrupted,
        variance_reduction,
    )


def _joined(line: Line, games: int, interrupted: bool) -> PlayoutResults:
    stops = any(part.on_roll is not None for part in line.runs)
    return PlayoutResults.joined(line.runs, interrupted, truncated=stops).head(games)
