"""Duels: two policies compared over many cubeless games, with duplicate dice."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .._validate import excerpt
from ..errors import PlayoutError
from ..eval.policies import PolicyLike
from ._stats import Z95, mean_and_error
from .playout import DEFAULT_BATCH, count_argument, play_games
from .results import PlayoutResults

if TYPE_CHECKING:
    from distributed import Client


@dataclass(frozen=True, eq=False)
class DuelResult:
    """The outcome of :func:`duel`, from ``a``'s side.

    ``ppg``: points per game won by a (single 1, gammon 2, backgammon 3: R16), with its
    ``std_error`` and the 95% interval ``ci = (low, high)``. ``win_rate``: fraction of games
    a won; ``gammon_win_rate`` / ``gammon_loss_rate``: fraction of games a won / lost by a
    gammon or backgammon; ``backgammon_win_rate`` / ``backgammon_loss_rate`` likewise for
    backgammons. ``games``: games played; ``duplicate``: whether dice were duplicated;
    ``results``: the per-game arrays (policy index 0 = a).
    """

    ppg: float
    std_error: float
    ci: tuple[float, float]
    win_rate: float
    gammon_win_rate: float
    gammon_loss_rate: float
    backgammon_win_rate: float
    backgammon_loss_rate: float
    games: int
    duplicate: bool
    results: PlayoutResults

    @property
    def interrupted(self) -> bool:
        """Ctrl-C stopped the duel early: ``games`` counts the games kept (whole pairs)."""
        return self.results.interrupted


def duel(
    a: PolicyLike,
    b: PolicyLike,
    games: int = 10_000,
    *,
    seed: int = 0,
    duplicate: bool = True,
    threads: int | None = None,
    batch: int = DEFAULT_BATCH,
    progress: bool | None = None,
    client: Client | None = None,
    chunk: int | None = None,
) -> DuelResult:
    """Compare policy ``a`` with ``b`` over ``games`` cubeless games from the start (R4, R5).

    Policies are built-in names or Python policies (:mod:`tavla.sim.playout`). With
    ``duplicate=True`` (``games`` must then be even) the games come in pairs that use the
    same dice stream, one with a in seat 0 and one with the seats swapped: both policies face
    exactly the same dice, which removes most of the luck from the comparison. Without it,
    every game has its own dice and a takes seat 0 in even games, seat 1 in odd ones.

    Statistics: the unit is the pair when duplicate (its mean points for a), the game
    otherwise; with n units of values x, ``ppg`` is their mean, ``std_error`` is
    ``s / sqrt(n)`` (s the sample standard deviation, n - 1 in the denominator) and ``ci`` is
    ``ppg -+ 1.96 * std_error``, the normal-approximation 95% interval (valid by the central
    limit theorem for the thousands of games a duel needs; NaN below two units). A policy
    against itself with duplicate dice scores exactly 0 when it is deterministic given the
    dice (both built-ins are: random draws its choices from the dice stream's own key).

    Built-in policies run on ``threads`` threads (None = every core); with ``client`` (a
    ``distributed.Client``) the games run on a Dask cluster in chunks of ``chunk`` games,
    with the same results (:func:`~tavla.sim.playout.play_games`). Ctrl-C stops the duel and
    reports the complete pairs played. Raises :class:`~tavla.PlayoutError` for bad
    arguments; a Python policy's own exceptions pass through, as do Dask's on a cluster.
    """
    if not isinstance(duplicate, (bool, np.bool_)):
        raise PlayoutError(f"duplicate must be True or False, got {excerpt(duplicate)}")
    if duplicate and count_argument("games", games) % 2:
        raise PlayoutError(f"a duplicate duel plays games in pairs: games must be even: {games}")
    results = play_games(
        a, b, games, seed=seed, duplicate=duplicate, alternate=True, threads=threads,
        batch=batch, progress=progress, client=client, chunk=chunk,
    )  # fmt: skip
    if duplicate and results.games % 2:  # interrupted inside a pair: keep whole pairs
        paired = slice(0, results.games - 1)
        results = replace(
            results,
            winner=results.winner[paired],
            kind=results.kind[paired],
            first=results.first[paired],
            plies=results.plies[paired],
        )
    points = results.points.astype(np.float64)
    if duplicate:
        points = points.reshape(-1, 2).mean(axis=1)
    means, errors = mean_and_error(points[:, None])
    ppg, error = float(means[0]), float(errors[0])
    won = results.winner == 0
    kind = results.kind

    def rate(mask: npt.NDArray[np.bool_]) -> float:
        return float(mask.mean()) if len(mask) else float("nan")

    return DuelResult(
        ppg=ppg,
        std_error=error,
        ci=(ppg - Z95 * error, ppg + Z95 * error),
        win_rate=rate(won),
        gammon_win_rate=rate(won & (kind >= 2)),
        gammon_loss_rate=rate(~won & (kind >= 2)),
        backgammon_win_rate=rate(won & (kind == 3)),
        backgammon_loss_rate=rate(~won & (kind == 3)),
        games=results.games,
        duplicate=duplicate,
        results=results,
    )
