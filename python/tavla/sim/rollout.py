"""Cubeless rollouts: a position (or every play of a roll) played out many times by a policy.

Outcomes are counted from the side on roll in the position rolled out (for ``dice=``: the side
that makes the play). The five probabilities are gnubg's: win, win a gammon, win a
backgammon, lose a gammon, lose a backgammon, where a gammon includes the backgammons (R16).
The cubeless equity is the expected points per game,
``2 * win - 1 + win_gammon - lose_gammon + win_backgammon - lose_backgammon``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, overload

import numpy as np
import numpy.typing as npt

from .._validate import check_bool
from ..board.dice import parse_roll
from ..board.position import Play, Position
from ..errors import EvaluatorError, PlayoutError
from ..eval.evaluators import resolve_net
from ..eval.net import Net
from ..eval.policies import PolicyLike, probability_rows
from ..eval.search import evaluate_boards
from ..game.cube_context import CubeContext
from ..game.equity import MatchEquityTable
from ._stats import Estimate, mean_and_error
from .cube_rollout import ROTATION_GAMES, CubefulRolloutResult, check_rollout, cube_rollout
from .luck import variance_reduction_for
from .playout import (
    DEFAULT_BATCH,
    GAME_BYTES,
    check_memory,
    play_games,
)
from .results import PlayoutResults

if TYPE_CHECKING:
    from distributed import Client

OUTCOME_BYTES = 48
"""Memory a play keeps per game rolled out: its six outcomes (float64)."""

ROLLOUT_GAME_BYTES = GAME_BYTES + 256
"""Memory a game rolled out needs beside the outcomes kept: the run's results, and the
outcomes being counted and summed up (with their deviations per stratum)."""


@dataclass(frozen=True, eq=False)
class RolloutResult:
    """The outcome of a rollout.

    ``probabilities``: ``(5,)`` float64, (win, win gammon, win backgammon, lose gammon,
    lose backgammon) of the side on roll (of the side that made ``play``). ``std_errors``:
    their standard errors, same shape. ``equity``: cubeless points per game, with
    ``equity_std_error`` (both as :attr:`estimate`). ``games``: games played. ``play``: the
    play rolled out, for :func:`rollout_plays`, else None. ``interrupted``: Ctrl-C stopped
    the rollout early. ``variance_reduction``: whether the luck of the rolls was
    subtracted (:ref:`variance-reduction`).
    """

    probabilities: npt.NDArray[np.float64]
    std_errors: npt.NDArray[np.float64]
    equity: float
    equity_std_error: float
    games: int
    play: Play | None = None
    interrupted: bool = False
    variance_reduction: bool = False

    @property
    def win(self) -> float:
        """Probability that the side on roll wins."""
        return float(self.probabilities[0])

    @property
    def estimate(self) -> Estimate:
        """The equity with its standard error."""
        return Estimate(self.equity, self.equity_std_error)


Estimator = Callable[[npt.NDArray[np.int8]], npt.ArrayLike]

Evaluator = Estimator | Net | str
"""Estimates positions where a truncated rollout stops: a callable from ``(M, 2, 26)`` int8
boards, each seen from the side on roll, to ``(M, 5)`` probabilities for that side in the order
of :attr:`RolloutResult.probabilities`; or an evaluator played in C++ at 0-ply (a
:class:`~tavla.eval.Net`, ``"net:PATH"``, ``"bearoff"``), the bear-off database taking over
where both sides are home."""


def _estimator(
    evaluator: Evaluator | None,
) -> Estimator | None:
    """The callable a truncated rollout calls for ``evaluator`` (checked now)."""
    if evaluator is None or (callable(evaluator) and not isinstance(evaluator, Net)):
        return evaluator
    if not isinstance(evaluator, (Net, str)):
        raise PlayoutError(
            "evaluator must be a callable, a Net, 'net:PATH' or 'bearoff', got "
            f"{type(evaluator).__name__}"
        )
    try:
        net = resolve_net(evaluator)
    except EvaluatorError as error:
        raise PlayoutError(str(error)) from None
    return functools.partial(evaluate_boards, evaluator=net)


def _equity(probabilities: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Cubeless points per game of rows of the five probabilities (see the module)."""
    weights = np.array([2.0, 1.0, 1.0, -1.0, -1.0])
    equity: npt.NDArray[np.float64] = probabilities @ weights - 1.0
    return equity


def _estimates(evaluator: Estimator, boards: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]:
    return probability_rows(evaluator(boards), boards, "an evaluator")


def _outcomes(
    results: PlayoutResults, side: int, evaluator: Estimator | None
) -> npt.NDArray[np.float64]:
    """Per game: the five indicators and the points, for policy index ``side``'s side; a
    game stopped by truncation counts the evaluator's estimate instead."""
    won = results.winner == side
    lost = (results.winner >= 0) & ~won
    kind = results.kind
    columns = [won, won & (kind >= 2), won & (kind == 3), lost & (kind >= 2), lost & (kind == 3)]
    outcomes = np.column_stack(columns).astype(np.float64)
    stopped = results.stopped
    if evaluator is not None and results.final_boards is not None and stopped.any():
        estimates = _estimates(evaluator, results.final_boards[stopped])
        # Estimates are the side on roll's; for the other side, wins and losses swap.
        theirs = (results.on_roll[stopped] != side)[:, np.newaxis]  # type: ignore[index]
        flipped = np.column_stack([1 - estimates[:, 0], estimates[:, [3, 4, 1, 2]]])
        outcomes[stopped] = np.where(theirs, flipped, estimates)
    if results.luck is not None:
        # The luck is policy a's; for b a change of a's win is the opposite change of b's,
        # and a's gammons are b's lost gammons.
        luck = results.luck if side == 0 else results.luck[:, [0, 3, 4, 1, 2]] * _B_SIDE
        outcomes = outcomes - luck
    return np.column_stack([outcomes, _equity(outcomes)])


_B_SIDE = np.array([-1.0, 1.0, 1.0, 1.0, 1.0])
"""The signs that turn a change of policy a's probabilities, reordered, into b's."""


def _summary(outcomes: npt.NDArray[np.float64], rotate: bool, **extra: object) -> RolloutResult:
    """The result of per-game outcomes (rows of :func:`_outcomes`) of games 0, 1, ...; with
    rotation, game g's first roll is stratum g mod 36."""
    strata = np.arange(len(outcomes), dtype=np.int64) % 36 if rotate else None
    means, errors = mean_and_error(outcomes, strata, 36)
    return RolloutResult(
        probabilities=means[:5],
        std_errors=errors[:5],
        equity=float(means[5]),
        equity_std_error=float(errors[5]),
        games=outcomes.shape[0],
        **extra,  # type: ignore[arg-type]
    )


def _certain(play: Play, interrupted: bool) -> RolloutResult:
    """The result of a play that bears off the last checker: a sure win, counted as one game."""
    kind = int(play.position.winner_kind or 0)
    outcome = np.array([1, kind >= 2, kind == 3, 0, 0], dtype=np.float64)
    return RolloutResult(outcome, np.zeros(5), float(kind), 0.0, 1, play, interrupted)


def _play_out(
    start: Position,
    side: int,
    policy: PolicyLike,
    games: int,
    *,
    seed: int,
    rotate: bool,
    threads: int | None,
    batch: int,
    progress: bool | None,
    truncate: int | None,
    evaluator: Estimator | None,
    variance_reduction: bool,
    client: Client | None,
    chunk: int | None,
) -> tuple[npt.NDArray[np.float64], bool]:
    """Per-game outcomes of ``games`` games from ``start`` for policy index ``side``, and
    whether Ctrl-C stopped them (the outcomes then hold the games that finished)."""
    level = 0 if not rotate else (2 if games >= ROTATION_GAMES else 1)
    results = play_games(
        policy, policy, games, start=start, seed=seed, rotate=level, truncate=truncate,
        threads=threads, batch=batch, progress=progress, client=client, chunk=chunk,
        variance_reduction=variance_reduction,
    )  # fmt: skip
    return _outcomes(results, side, evaluator), results.interrupted


def _ranked(
    plays: Sequence[Play],
    play_out: Callable[[Position, int], tuple[npt.NDArray[np.float64], bool]],
    games: int,
    rotate: bool,
    variance_reduction: bool,
) -> list[RolloutResult]:
    """Every play rolled out by ``play_out(position, side)``, best equity first (see
    :func:`rollout_plays` for Ctrl-C)."""
    rolled_out: list[tuple[Play, npt.NDArray[np.float64] | None]] = []
    interrupted = False
    for play in plays:
        if play.position.is_over:
            rolled_out.append((play, None))
            continue
        outcomes, interrupted = play_out(play.position, 1)
        rolled_out.append((play, outcomes))
        if interrupted:
            finished = len(outcomes)
            # Every play keeps the games the interrupted one finished (the same dice
            # streams); when it finished none, it goes and the others stay whole.
            if finished == 0:
                rolled_out.pop()
            games = finished or games
            break
    results = [
        _certain(play, interrupted)
        if outcomes is None
        else _summary(
            outcomes[:games],
            rotate,
            play=play,
            interrupted=interrupted,
            variance_reduction=variance_reduction,
        )
        for play, outcomes in rolled_out
    ]
    return sorted(results, key=lambda result: -result.equity)


@overload
def rollout(
    position: Position,
    policy: PolicyLike = ...,
    games: int = ...,
    *,
    dice: None = ...,
    seed: int = ...,
    rotate: bool = ...,
    truncate: int | None = ...,
    evaluator: Evaluator | None = ...,
    variance_reduction: bool | None = ...,
    threads: int | None = ...,
    batch: int = ...,
    progress: bool | None = ...,
    client: Client | None = ...,
    chunk: int | None = ...,
    cubeful: Literal[False] = ...,
    context: None = ...,
    met: None = ...,
) -> RolloutResult: ...
@overload
def rollout(
    position: Position,
    policy: PolicyLike = ...,
    games: int = ...,
    *,
    dice: str | Sequence[int],
    seed: int = ...,
    rotate: bool = ...,
    truncate: int | None = ...,
    evaluator: Evaluator | None = ...,
    variance_reduction: bool | None = ...,
    threads: int | None = ...,
    batch: int = ...,
    progress: bool | None = ...,
    client: Client | None = ...,
    chunk: int | None = ...,
    cubeful: Literal[False] = ...,
    context: None = ...,
    met: None = ...,
) -> list[RolloutResult]: ...
@overload
def rollout(
    position: Position,
    policy: PolicyLike = ...,
    games: int = ...,
    *,
    dice: str | Sequence[int] | None = ...,
    seed: int = ...,
    rotate: bool = ...,
    truncate: int | None = ...,
    evaluator: Evaluator | None = ...,
    variance_reduction: bool | None = ...,
    threads: int | None = ...,
    batch: int = ...,
    progress: bool | None = ...,
    client: Client | None = ...,
    chunk: int | None = ...,
    cubeful: Literal[False] = ...,
    context: None = ...,
    met: None = ...,
) -> RolloutResult | list[RolloutResult]: ...
@overload
def rollout(
    position: Position,
    policy: PolicyLike = ...,
    games: int = ...,
    *,
    dice: None = ...,
    seed: int = ...,
    rotate: bool = ...,
    truncate: None = ...,
    evaluator: None = ...,
    variance_reduction: bool | None = ...,
    threads: int | None = ...,
    batch: int = ...,
    progress: bool | None = ...,
    client: Client | None = ...,
    chunk: int | None = ...,
    cubeful: Literal[True],
    context: CubeContext | None = ...,
    met: MatchEquityTable | None = ...,
) -> CubefulRolloutResult: ...
def rollout(
    position: Position,
    policy: PolicyLike = "pubeval",
    games: int = ROTATION_GAMES,
    *,
    dice: str | Sequence[int] | None = None,
    seed: int = 0,
    rotate: bool = True,
    truncate: int | None = None,
    evaluator: Evaluator | None = None,
    variance_reduction: bool | None = None,
    threads: int | None = None,
    batch: int = DEFAULT_BATCH,
    progress: bool | None = None,
    client: Client | None = None,
    chunk: int | None = None,
    cubeful: bool = False,
    context: CubeContext | None = None,
    met: MatchEquityTable | None = None,
) -> RolloutResult | list[RolloutResult] | CubefulRolloutResult:
    """Cubeless rollout of ``position`` with the side on roll to roll next.

    Plays ``games`` games with ``policy`` on both sides (a built-in name or a Python policy,
    see :mod:`tavla.sim.playout`) until a side has borne off all 15, and returns a
    :class:`RolloutResult`. With ``truncate=n`` a game still on after n plies (counted from
    ``position``) stops, and ``evaluator`` (required then, see :data:`Evaluator`) estimates
    it: a truncated rollout, whose outcomes mix played-out results and the evaluator's
    probabilities.

    ``variance_reduction`` (None: whenever the policy has an evaluator, see
    :func:`has_evaluator`) subtracts the luck of every roll from each game's outcome
    (:ref:`variance-reduction`): the same games, the same expected result, a much smaller
    standard error, at about 21 evaluations of a turn's plays per turn instead of one.
    True for a policy without an evaluator (pubeval, random, a Python callable) raises
    :class:`~tavla.PlayoutError`.

    ``rotate=True`` stratifies the dice as gnubg's rotation does: game g's first roll is the
    (g mod 36)-th of the 36 ordered rolls, and from 1296 games on its second roll is the
    ((g // 36) mod 36)-th, so every 36 (1296) consecutive games see each first roll (pair of
    rolls) exactly once. The means are then post-stratified over the first roll (each of the
    36 weighted 1/36) with the error ``sqrt(sum_h s_h^2 / n_h) / 36``, which ignores the
    second-roll stratification and so errs on the safe side; without rotation the sample mean
    and ``s / sqrt(n)`` are used. Games run on ``threads`` threads (None = every core), or
    with ``client`` (a ``distributed.Client``) on a Dask cluster in chunks of ``chunk`` games,
    with the same results (:func:`~tavla.sim.playout.play_games`).

    Ctrl-C stops the rollout (with an :class:`~tavla.InterruptedRunWarning`) and returns
    what finished, marked ``interrupted`` with its real ``games``.

    The older spellings forward: ``dice=`` to :func:`rollout_plays` (a list, one result per
    play) and ``cubeful=True`` (with ``context`` and ``met``) to
    :func:`~tavla.sim.cube_rollout.cube_rollout`.

    Raises :class:`~tavla.PlayoutError` for bad arguments, including a finished position,
    and for an evaluator's bad answers; a Python policy's or evaluator's own exceptions pass
    through, as do Dask's on a cluster.
    """
    if check_bool(cubeful, "cubeful", PlayoutError):
        if dice is not None or truncate is not None or evaluator is not None:
            raise PlayoutError(
                "a cubeful rollout plays whole games from the position: no dice, truncate or "
                "evaluator"
            )
        return cube_rollout(
            position, policy, games, context=context, met=met, seed=seed, rotate=rotate,
            variance_reduction=variance_reduction, threads=threads, batch=batch,
            progress=progress, client=client, chunk=chunk,
        )  # fmt: skip
    if context is not None or met is not None:
        raise PlayoutError("context and met are for cubeful rollouts: give cubeful=True")
    if dice is not None:
        return rollout_plays(
            position, dice, policy, games, seed=seed, rotate=rotate, truncate=truncate,
            evaluator=evaluator, variance_reduction=variance_reduction, threads=threads,
            batch=batch, progress=progress, client=client, chunk=chunk,
        )  # fmt: skip
    games, evaluator, variance_reduction = _checked(
        position, policy, rotate, games, truncate, evaluator, variance_reduction
    )
    check_memory(games, ROLLOUT_GAME_BYTES + OUTCOME_BYTES)
    outcomes, interrupted = _play_out(
        position, 0, policy, games, seed=seed, rotate=rotate, truncate=truncate,
        evaluator=evaluator, variance_reduction=variance_reduction, threads=threads,
        batch=batch, progress=progress, client=client, chunk=chunk,
    )  # fmt: skip
    return _summary(
        outcomes, rotate, interrupted=interrupted, variance_reduction=variance_reduction
    )


def rollout_plays(
    position: Position,
    dice: str | Sequence[int],
    policy: PolicyLike = "pubeval",
    games: int = ROTATION_GAMES,
    *,
    seed: int = 0,
    rotate: bool = True,
    truncate: int | None = None,
    evaluator: Evaluator | None = None,
    variance_reduction: bool | None = None,
    threads: int | None = None,
    batch: int = DEFAULT_BATCH,
    progress: bool | None = None,
    client: Client | None = None,
    chunk: int | None = None,
) -> list[RolloutResult]:
    """Cubeless rollouts of the position after every legal play of ``dice`` (``"31"`` or
    ``(3, 1)``) by the side on roll of ``position``: one :class:`RolloutResult` per play,
    best equity first, each from the side that made the play. Every play sees the same dice
    streams (common random numbers), which makes the differences between plays more precise
    than each equity alone. The other arguments are :func:`rollout`'s (``truncate`` counts
    the plies after the play).

    Ctrl-C stops the whole rollout (with an :class:`~tavla.InterruptedRunWarning`): the plays
    not reached are left out and every play rolled out keeps only the games the interrupted
    play finished, so all are still compared on the same dice (when it finished none, it is
    left out and the others keep all their games), every result marked ``interrupted``; a
    play that bears off the last checker counts as one game, won for sure.

    Raises :class:`~tavla.PlayoutError` as :func:`rollout` does, and for a bad roll.
    """
    games, estimator, reduced = _checked(
        position, policy, rotate, games, truncate, evaluator, variance_reduction
    )
    plays = position.legal_plays(parse_roll(dice))
    check_memory(games, ROLLOUT_GAME_BYTES + OUTCOME_BYTES * len(plays))

    def play_out(start: Position, side: int) -> tuple[npt.NDArray[np.float64], bool]:
        return _play_out(
            start, side, policy, games, seed=seed, rotate=rotate, truncate=truncate,
            evaluator=estimator, variance_reduction=reduced, threads=threads, batch=batch,
            progress=progress, client=client, chunk=chunk,
        )  # fmt: skip

    return _ranked(plays, play_out, games, rotate, reduced)


def _checked(
    position: Position,
    policy: PolicyLike,
    rotate: bool,
    games: int,
    truncate: int | None,
    evaluator: Evaluator | None,
    variance_reduction: bool | None,
) -> tuple[int, Estimator | None, bool]:
    """The games, the truncation's estimator and whether to reduce the variance, checked."""
    games = check_rollout(position, rotate, games)
    if (truncate is None) != (evaluator is None):
        raise PlayoutError(
            "truncate and evaluator go together: a truncated rollout needs an evaluator for "
            "the positions where its games stop"
        )
    return games, _estimator(evaluator), variance_reduction_for(policy, variance_reduction)
