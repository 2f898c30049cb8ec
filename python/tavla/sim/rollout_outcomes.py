"""What a cubeless rollout counts: per-game outcomes (the five indicators, or an estimate
where a game stopped, less the luck of its rolls) and their summary, a
:class:`RolloutResult` (see :mod:`tavla.sim.rollout`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..board.position import Play
from ..errors import EvaluatorError, PlayoutError
from ..eval import bearoff
from ..eval.data import consistent
from ..eval.evaluators import resolve_net
from ..eval.net import Net
from ..eval.policies import probability_rows
from ..eval.search import evaluate_boards
from ._stats import EquityEstimate, mean_and_error
from .results import PlayoutResults
from .run_checks import BearoffStop


@dataclass(frozen=True, eq=False)
class RolloutResult(EquityEstimate):
    """The outcome of a rollout.

    ``probabilities``: ``(5,)`` float64, (win, win gammon, win backgammon, lose gammon,
    lose backgammon) of the side on roll (of the side that made ``play``): the means of the
    games' outcomes made valid probabilities (:func:`~tavla.eval.data.consistent`: each in
    [0, 1], backgammons <= gammons <= wins or losses), as a variance-reduced mean, unbiased,
    can fall a little outside them (a backgammon chance of -0.0008). ``std_errors``: the
    estimator's standard errors of the means, same shape. ``equity``: cubeless points per
    game, with ``equity_std_error`` (both as :attr:`estimate`): the estimator's own, kept
    unbiased, so that with variance reduction it can differ a little from the equity of
    ``probabilities``. ``games``: games played. ``play``: the
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


Estimator = Callable[[npt.NDArray[np.int8]], npt.ArrayLike]

Evaluator = Estimator | Net | str
"""Estimates positions where a truncated rollout stops: a callable from ``(M, 2, 26)`` int8
boards, each seen from the side on roll, to ``(M, 5)`` probabilities for that side in the order
of :attr:`RolloutResult.probabilities`; or an evaluator played in C++ at 0-ply (a
:class:`~tavla.eval.Net`, ``"net:PATH"``, ``"bearoff"``), the bear-off database taking over
where both sides are home."""


def estimator(
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


def equity_column(probabilities: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Cubeless points per game of rows of the five probabilities (see the module)."""
    weights = np.array([2.0, 1.0, 1.0, -1.0, -1.0])
    equity: npt.NDArray[np.float64] = probabilities @ weights - 1.0
    return equity


def _stop_estimates(
    evaluator: Estimator | None, boards: npt.NDArray[np.int8], bearoff_stop: BearoffStop | None
) -> npt.NDArray[np.float64]:
    """The probabilities of the side on roll of boards where games stopped: where
    ``bearoff_stop`` stopped them, the bear-off database's (exact, or with ``"one-sided"`` its
    race approximation where it is not); the evaluator's elsewhere."""
    exact = np.zeros(len(boards), dtype=bool)
    if bearoff_stop is not None:
        home = bearoff.applies if bearoff_stop == "one-sided" else bearoff.covered
        exact = np.asarray(home(boards), dtype=bool)
    estimates = np.empty((len(boards), 5))
    if exact.any():
        estimates[exact] = bearoff.probabilities(boards[exact])
    rest = boards[~exact]
    if len(rest):
        if evaluator is None:  # only stop_at_bearoff stopped the games: none is left here
            raise PlayoutError("a game stopped where no evaluator values it")
        estimates[~exact] = probability_rows(evaluator(rest), rest, "an evaluator")
    return estimates


def outcomes(
    results: PlayoutResults,
    side: int,
    evaluator: Estimator | None,
    bearoff_stop: BearoffStop | None = None,
) -> npt.NDArray[np.float64]:
    """Per game: the five indicators and the points, for policy index ``side``'s side; a
    game stopped unfinished counts an estimate instead: the bear-off database's where
    ``bearoff_stop`` stopped it, ``evaluator``'s elsewhere; less the luck of its rolls when
    the run measured it."""
    won = results.winner == side
    lost = (results.winner >= 0) & ~won
    kind = results.kind
    columns = [won, won & (kind >= 2), won & (kind == 3), lost & (kind >= 2), lost & (kind == 3)]
    outcomes = np.column_stack(columns).astype(np.float64)
    stopped = results.stopped
    if results.final_boards is not None and stopped.any():
        estimates = _stop_estimates(evaluator, results.final_boards[stopped], bearoff_stop)
        # Estimates are the side on roll's; for the other side, wins and losses swap.
        theirs = (results.on_roll[stopped] != side)[:, np.newaxis]  # type: ignore[index]
        flipped = np.column_stack([1 - estimates[:, 0], estimates[:, [3, 4, 1, 2]]])
        outcomes[stopped] = np.where(theirs, flipped, estimates)
    if results.luck is not None:
        # The luck is policy a's; for b a change of a's win is the opposite change of b's,
        # and a's gammons are b's lost gammons.
        luck = results.luck if side == 0 else results.luck[:, [0, 3, 4, 1, 2]] * _B_SIDE
        outcomes = outcomes - luck
    return np.column_stack([outcomes, equity_column(outcomes)])


_B_SIDE = np.array([-1.0, 1.0, 1.0, 1.0, 1.0])
"""The signs that turn a change of policy a's probabilities, reordered, into b's."""


def summary(rows: npt.NDArray[np.float64], rotate: bool, **extra: object) -> RolloutResult:
    """The result of per-game outcomes (rows of :func:`outcomes`) of games 0, 1, ...; with
    rotation, game g's first roll is stratum g mod 36.  Every rollout's probabilities are
    made valid here (:class:`RolloutResult`), its equity and errors kept as estimated."""
    strata = np.arange(len(rows), dtype=np.int64) % 36 if rotate else None
    means, errors = mean_and_error(rows, strata, 36)
    return RolloutResult(
        probabilities=consistent(means[:5])[0],
        std_errors=errors[:5],
        equity=float(means[5]),
        equity_std_error=float(errors[5]),
        games=rows.shape[0],
        **extra,  # type: ignore[arg-type]
    )


def certain(play: Play, interrupted: bool) -> RolloutResult:
    """The result of a play that bears off the last checker: a sure win, counted as one game."""
    kind = int(play.position.winner_kind or 0)
    outcome = np.array([1, kind >= 2, kind == 3, 0, 0], dtype=np.float64)
    return RolloutResult(outcome, np.zeros(5), float(kind), 0.0, 1, play, interrupted)
