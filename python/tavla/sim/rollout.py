"""Cubeless rollouts: a position (:func:`rollout`) or every play of a roll
(:func:`rollout_plays`) played out many times by a policy.

Outcomes are counted from the side on roll in the position rolled out (for a roll's plays:
the side that makes the play). The five probabilities are gnubg's: win, win a gammon, win a
backgammon, lose a gammon, lose a backgammon, where a gammon includes the backgammons (R16).
The cubeless equity is the expected points per game,
``2 * win - 1 + win_gammon - lose_gammon + win_backgammon - lose_backgammon``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, overload

import numpy as np
import numpy.typing as npt

from .._validate import check_bool
from ..board.dice import parse_roll
from ..board.position import Position
from ..errors import PlayoutError
from ..eval.policies import PolicyLike, default_policy
from ..game.cube_context import CubeContext
from ..game.equity import MatchEquityTable
from .cube_rollout import cube_rollout, cube_rollout_plays
from .cube_rollout_results import CubefulPlayResult, CubefulRolloutResult
from .rollout_outcomes import Evaluator, RolloutResult, certain, estimator, outcomes
from .rollout_outcomes import summary as _summary
from .rollout_rounds import (
    ROTATION_GAMES,
    Line,
    Reporter,
    RolloutRun,
    play_plays,
    play_rounds,
    target_reached,
)
from .rollout_settings import LineGames, RolloutKeywords, checked_settings
from .run_checks import GAME_BYTES, check_memory

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Evaluator", "RolloutResult", "rollout", "rollout_plays"]

OUTCOME_BYTES = 48
"""Memory a play keeps per game rolled out: its six outcomes (float64)."""

ROLLOUT_GAME_BYTES = GAME_BYTES + 256
"""Memory a game rolled out needs beside the outcomes kept: the run's results, and the
outcomes being counted and summed up (with their deviations per stratum)."""

EQUITY = 5
"""The column of the equity in the per-game outcomes."""


@overload
def rollout(
    position: Position,
    policy: PolicyLike | None = ...,
    games: int = ...,
    **settings: Unpack[RolloutKeywords],
) -> RolloutResult: ...
@overload
def rollout(
    position: Position,
    policy: PolicyLike | None = ...,
    games: int = ...,
    *,
    dice: str | Sequence[int] | None,
    out_of_contention: float | None = ...,
    **settings: Unpack[RolloutKeywords],
) -> RolloutResult | list[RolloutResult]: ...
@overload
def rollout(
    position: Position,
    policy: PolicyLike | None = ...,
    games: int = ...,
    *,
    cubeful: Literal[True],
    dice: str | Sequence[int] | None = ...,
    context: CubeContext | None = ...,
    met: MatchEquityTable | None = ...,
    out_of_contention: float | None = ...,
    **settings: Unpack[RolloutKeywords],
) -> CubefulRolloutResult | list[CubefulPlayResult]: ...
def rollout(
    position: Position,
    policy: PolicyLike | None = None,
    games: int = ROTATION_GAMES,
    *,
    dice: str | Sequence[int] | None = None,
    cubeful: bool = False,
    context: CubeContext | None = None,
    met: MatchEquityTable | None = None,
    out_of_contention: float | None = None,
    **settings: Unpack[RolloutKeywords],
) -> RolloutResult | list[RolloutResult] | CubefulRolloutResult | list[CubefulPlayResult]:
    """Cubeless rollout of ``position`` with the side on roll to roll next.

    Plays ``games`` games with ``policy`` on both sides (a built-in name, a
    :class:`~tavla.eval.Policy` at its checker-play depth and move filter, a Python policy:
    see :mod:`tavla.sim.playout`; None: :func:`~tavla.eval.policies.default_policy`, the
    strongest shipped net at 0-ply) until a side has borne off all 15, and returns a
    :class:`RolloutResult`. With ``truncate=n`` a game still on after n plies (counted from
    ``position``) stops, and ``evaluator`` (required then, see :data:`Evaluator`) estimates
    it: a truncated rollout, whose outcomes mix played-out results and the evaluator's
    probabilities. ``truncate_bearoff=True`` (or ``"exact"``) also stops a game as soon as
    the bear-off database values its position exactly, and counts that exact value (no
    evaluator needed); ``truncate_bearoff="one-sided"`` stops it as soon as both sides are
    home and counts the database's value there, its one-sided race approximation where the
    two-sided table does not reach (as GNU Backgammon truncates cubeless rollouts at its
    one-sided database: much shorter games, a bias of the approximation's size, see
    :ref:`variance-reduction`; cubeless rollouts only).

    ``variance_reduction`` (None: whenever the policy has an evaluator, see
    :func:`~tavla.sim.luck.has_evaluator`) subtracts the luck of every roll from each game's
    outcome (:ref:`variance-reduction`): the same games, the same expected result, a much
    smaller standard error. A policy at 0-ply then values every roll by the best of the
    ``luck_keep`` (4) plays pubeval ranks highest (0: of every play), about 5 evaluations
    a turn for each of the 21 rolls. True for a policy without an evaluator (pubeval, random,
    a Python callable) raises :class:`~tavla.PlayoutError`.

    ``se=0.005`` stops once the equity's standard error is below it, ``games`` being then the
    most to play: the games are played in rounds of ``check_every`` and the error is checked
    after each, so the stop (and the result) is the same for a seed and ``check_every``
    whatever the threads or the cluster.

    ``rotate=True`` stratifies the dice as gnubg's rotation does: game g's first roll is the
    (g mod 36)-th of the 36 ordered rolls, and from 1296 games on its second roll is the
    ((g // 36) mod 36)-th, so every 36 (1296) consecutive games see each first roll (pair of
    rolls) exactly once. The means are then post-stratified over the first roll (each of the
    36 weighted 1/36) with the error ``sqrt(sum_h s_h^2 / n_h) / 36``, which ignores the
    second-roll stratification and so errs on the safe side; without rotation the sample mean
    and ``s / sqrt(n)`` are used. Games run on ``threads`` threads (None = every core), or
    with ``client`` (a ``distributed.Client``) on a Dask cluster in chunks of ``chunk`` games,
    with the same results (:func:`~tavla.sim.playout.play_games`). ``progress``: a bar of the
    games with the running equity and its error (None: when stderr is a terminal).
    ``options``: a :class:`~tavla.RunOptions` of ``seed``, ``threads``, ``batch``,
    ``progress``, ``client`` and ``chunk``, whose keywords are its shorthands
    (:ref:`run-options`).

    Ctrl-C stops the rollout (with an :class:`~tavla.InterruptedRunWarning`) and returns
    what finished, marked ``interrupted`` with its real ``games``.

    The keyword arguments are the :class:`~tavla.sim.rollout_settings.RolloutKeywords`,
    which every rollout takes; an unknown one raises :class:`~tavla.PlayoutError`.

    The older spellings forward, each to a function of one return type: ``dice=`` (with
    ``out_of_contention``) to :func:`rollout_plays` (a list, one result per play),
    ``cubeful=True`` (with ``context`` and ``met``) to :func:`~tavla.cube_rollout` and,
    with ``dice=`` too, to :func:`~tavla.sim.cube_rollout_plays`.

    Raises :class:`~tavla.PlayoutError` for bad arguments, including a finished position,
    and for an evaluator's bad answers; a Python policy's or evaluator's own exceptions pass
    through, as do Dask's on a cluster.
    """
    if check_bool(cubeful, "cubeful", PlayoutError):
        if dice is not None:
            return cube_rollout_plays(
                position,
                dice,
                policy,
                games,
                context=context,
                met=met,
                out_of_contention=out_of_contention,
                **settings,
            )
        _refuse_contention(out_of_contention)
        return cube_rollout(position, policy, games, context=context, met=met, **settings)
    if context is not None or met is not None:
        raise PlayoutError("context and met are for cubeful rollouts: give cubeful=True")
    if dice is not None:
        return rollout_plays(
            position, dice, policy, games, out_of_contention=out_of_contention, **settings
        )
    _refuse_contention(out_of_contention)
    policy = default_policy() if policy is None else policy
    run, line_games = _checked(position, policy, games, None, settings)
    check_memory(run.games, ROLLOUT_GAME_BYTES + OUTCOME_BYTES)
    line = _line(position, 0, policy, run, line_games)

    def judge(lines: Sequence[Line]) -> tuple[bool, str]:
        estimate = run.estimate(lines[0].values[:, EQUITY])
        return target_reached(run, [estimate.std_error]), f"equity {estimate}"

    interrupted = play_rounds(run, [line], judge)
    values = line.values if line.rows else np.zeros((0, 6))
    return _summary(
        values, run.rotate, interrupted=interrupted, variance_reduction=line_games.reduced
    )


def _refuse_contention(out_of_contention: float | None) -> None:
    if out_of_contention is not None:
        raise PlayoutError("out_of_contention is for the plays of a roll: give dice=")


def rollout_plays(
    position: Position,
    dice: str | Sequence[int],
    policy: PolicyLike | None = None,
    games: int = ROTATION_GAMES,
    *,
    out_of_contention: float | None = None,
    **settings: Unpack[RolloutKeywords],
) -> list[RolloutResult]:
    """Cubeless rollouts of the position after every legal play of ``dice`` (``"31"`` or
    ``(3, 1)``) by the side on roll of ``position``: one :class:`RolloutResult` per play,
    best equity first, each from the side that made the play. Every play sees the same dice
    streams (common random numbers), which makes the differences between plays more precise
    than each equity alone. The other arguments are :func:`rollout`'s (``truncate`` counts
    the plies after the play; ``se`` stops once every play still rolled out is that
    precise).

    ``out_of_contention=k`` stops rolling out a play, as GNU Backgammon's stopping on the
    joint standard deviation does, once its equity is below the best play's by more than
    ``k`` standard errors of their difference (paired game for game on the same dice),
    checked every ``check_every`` games: its result then has fewer ``games``.

    Ctrl-C stops the whole rollout (with an :class:`~tavla.InterruptedRunWarning`): the plays
    not reached are left out and every play rolled out keeps only the games all of them
    finished, so all are still compared on the same dice, every result marked
    ``interrupted``; a play that bears off the last checker counts as one game, won for
    sure.

    Raises :class:`~tavla.PlayoutError` as :func:`rollout` does, and for a bad roll.
    """
    policy = default_policy() if policy is None else policy
    run, line_games = _checked(position, policy, games, out_of_contention, settings)
    plays = position.legal_plays(parse_roll(dice))
    check_memory(run.games, ROLLOUT_GAME_BYTES + OUTCOME_BYTES * len(plays))
    reduced = line_games.reduced
    return play_plays(
        run,
        plays,
        lambda play: _line(play.position, 1, policy, run, line_games),
        EQUITY,
        certain,
        lambda play, line, stopped: _summary(
            line.values, run.rotate, play=play, interrupted=stopped, variance_reduction=reduced
        ),
    )


def _checked(
    position: Position,
    policy: PolicyLike,
    games: int,
    out_of_contention: float | None,
    settings: RolloutKeywords,
) -> tuple[RolloutRun, LineGames]:
    """The run and the games of a cubeless rollout, checked (:func:`checked_settings`)."""
    run, line_games = checked_settings(position, policy, games, out_of_contention, settings)
    if (line_games.truncate is None) != (line_games.evaluator is None):
        raise PlayoutError(
            "truncate and evaluator go together: a truncated rollout needs an evaluator for "
            "the positions where its games stop"
        )
    return run, line_games


def _line(
    start: Position, side: int, policy: PolicyLike, run: RolloutRun, line_games: LineGames
) -> Line:
    """The games of ``start`` counted for policy index ``side`` (0: the side on roll there;
    1: its opponent, who made the play that led there)."""
    evaluator = estimator(line_games.evaluator)

    def play(first: int, count: int, report: Reporter) -> tuple[npt.NDArray[np.float64], bool]:
        results = line_games.play(policy, start, run, first, count, report)
        rows = outcomes(results, side, evaluator, line_games.truncate_bearoff)
        return rows, results.interrupted

    return Line(play)
