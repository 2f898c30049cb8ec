"""Cubeless rollouts: a position (or every play of a roll) played out many times by a policy.

Outcomes are counted from the side on roll in the position rolled out (for ``dice=``: the side
that makes the play). The five probabilities are gnubg's: win, win a gammon, win a
backgammon, lose a gammon, lose a backgammon, where a gammon includes the backgammons (R16).
The cubeless equity is the expected points per game,
``2 * win - 1 + win_gammon - lose_gammon + win_backgammon - lose_backgammon``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import overload

import numpy as np
import numpy.typing as npt

from ._stats import mean_and_error
from .dice import parse_roll
from .errors import PlayoutError
from .play import Play
from .playout import DEFAULT_BATCH, PlayoutResults, Policy, play_games
from .position import Position

ROTATION_GAMES = 1296
"""From this many games on, the second roll is stratified too (36 x 36 pairs)."""


@dataclass(frozen=True, eq=False)
class RolloutResult:
    """The outcome of a rollout.

    ``probabilities``: ``(5,)`` float64, (win, win gammon, win backgammon, lose gammon,
    lose backgammon) of the side on roll (of the side that made ``play``). ``std_errors``:
    their standard errors, same shape. ``equity``: cubeless points per game, with
    ``equity_std_error``. ``games``: games played. ``play``: the play rolled out, for
    ``rollout(..., dice=...)``, else None. ``interrupted``: Ctrl-C stopped the rollout early.
    """

    probabilities: npt.NDArray[np.float64]
    std_errors: npt.NDArray[np.float64]
    equity: float
    equity_std_error: float
    games: int
    play: Play | None = None
    interrupted: bool = False

    @property
    def win(self) -> float:
        """Probability that the side on roll wins."""
        return float(self.probabilities[0])


def _outcomes(results: PlayoutResults, side: int) -> npt.NDArray[np.float64]:
    """Per game: the five indicators and the points, for policy index ``side``'s side."""
    won = results.winner == side
    lost = ~won
    kind = results.kind
    columns = [won, won & (kind >= 2), won & (kind == 3), lost & (kind >= 2), lost & (kind == 3)]
    points = np.where(won, kind, -kind)
    return np.column_stack([*columns, points]).astype(np.float64)


def _summary(
    outcomes: npt.NDArray[np.float64], strata: npt.NDArray[np.int64] | None, **extra: object
) -> RolloutResult:
    means, errors = mean_and_error(outcomes, strata, 36)
    return RolloutResult(
        probabilities=means[:5],
        std_errors=errors[:5],
        equity=float(means[5]),
        equity_std_error=float(errors[5]),
        games=outcomes.shape[0],
        **extra,  # type: ignore[arg-type]
    )


def _roll_out(
    start: Position,
    side: int,
    policy: Policy,
    games: int,
    *,
    seed: int,
    rotate: bool,
    threads: int | None,
    batch: int,
    progress: bool | None,
    play: Play | None = None,
) -> RolloutResult:
    if start.is_over:
        # The play bore off the last checker: the result is certain.
        kind = int(start.winner_kind or 0)
        won = start.winner == side
        outcome = np.array([[won, won and kind >= 2, won and kind == 3, not won and kind >= 2,
                             not won and kind == 3, kind if won else -kind]], dtype=np.float64)
        zeros = np.zeros(6)
        return RolloutResult(outcome[0, :5], zeros[:5], float(outcome[0, 5]), 0.0, 1, play)
    level = 0 if not rotate else (2 if games >= ROTATION_GAMES else 1)
    results = play_games(
        policy, policy, games, start=start, seed=seed, rotate=level, threads=threads,
        batch=batch, progress=progress,
    )  # fmt: skip
    strata = np.arange(results.games, dtype=np.int64) % 36 if rotate else None
    return _summary(_outcomes(results, side), strata, play=play, interrupted=results.interrupted)


@overload
def rollout(
    position: Position,
    policy: Policy = ...,
    games: int = ...,
    *,
    dice: None = ...,
    seed: int = ...,
    rotate: bool = ...,
    threads: int | None = ...,
    batch: int = ...,
    progress: bool | None = ...,
) -> RolloutResult: ...
@overload
def rollout(
    position: Position,
    policy: Policy = ...,
    games: int = ...,
    *,
    dice: str | Sequence[int],
    seed: int = ...,
    rotate: bool = ...,
    threads: int | None = ...,
    batch: int = ...,
    progress: bool | None = ...,
) -> list[RolloutResult]: ...
@overload
def rollout(
    position: Position,
    policy: Policy = ...,
    games: int = ...,
    *,
    dice: str | Sequence[int] | None = ...,
    seed: int = ...,
    rotate: bool = ...,
    threads: int | None = ...,
    batch: int = ...,
    progress: bool | None = ...,
) -> RolloutResult | list[RolloutResult]: ...
def rollout(
    position: Position,
    policy: Policy = "pubeval",
    games: int = ROTATION_GAMES,
    *,
    dice: str | Sequence[int] | None = None,
    seed: int = 0,
    rotate: bool = True,
    threads: int | None = None,
    batch: int = DEFAULT_BATCH,
    progress: bool | None = None,
) -> RolloutResult | list[RolloutResult]:
    """Cubeless rollout of ``position`` with the side on roll to roll next.

    Plays ``games`` games with ``policy`` on both sides (a built-in name or a Python policy,
    see :mod:`tavla.playout`) until a side has borne off all 15 (no truncation), and returns
    a :class:`RolloutResult`. With ``dice`` (``"31"`` or ``(3, 1)``), rolls out the position
    after every legal play of that roll instead and returns one result per play, best
    equity first; every play sees the same dice streams (common random numbers), which makes
    the differences between plays more precise than each equity alone.

    ``rotate=True`` stratifies the dice as gnubg's rotation does: game g's first roll is the
    (g mod 36)-th of the 36 ordered rolls, and from 1296 games on its second roll is the
    ((g // 36) mod 36)-th, so every 36 (1296) consecutive games see each first roll (pair of
    rolls) exactly once. The means are then post-stratified over the first roll (each of the
    36 weighted 1/36) with the error ``sqrt(sum_h s_h^2 / n_h) / 36``, which ignores the
    second-roll stratification and so errs on the safe side; without rotation the sample mean
    and ``s / sqrt(n)`` are used. Games run on ``threads`` threads (None = every core).
    Raises :class:`~tavla.PlayoutError` for bad arguments, including a finished position.
    """
    if not isinstance(position, Position):
        raise PlayoutError(f"position must be a Position, got {type(position).__name__}")
    if position.is_over:
        raise PlayoutError("the position is a finished game: there is nothing to roll out")
    if isinstance(games, int) and games < 1:
        raise PlayoutError(f"a rollout needs games >= 1, got {games}")
    options = dict(seed=seed, rotate=rotate, threads=threads, batch=batch, progress=progress)
    if dice is None:
        return _roll_out(position, 0, policy, games, **options)  # type: ignore[arg-type]
    results = [
        _roll_out(play.position, 1, policy, games, play=play, **options)  # type: ignore[arg-type]
        for play in position.legal_plays(parse_roll(dice))
    ]
    return sorted(results, key=lambda result: -result.equity)
