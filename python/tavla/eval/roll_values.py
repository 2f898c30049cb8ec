"""What each roll is worth to the side about to roll: the cubeful value of its best play with
each of the 21 rolls (or the 15 opening rolls), in a few calls to the core, and from them the
position's value before the roll and the luck of a roll (the value with the roll minus the
average over the rolls), as match analysis and variance reduction use them."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..board.dice import Roll
from ..board.movegen import legal_results
from ..board.position import Position
from ..game.cube_context import CubeContext
from ..game.cube_model import DEFAULT_CUBE_LIFE
from ..game.equity import MatchEquityTable
from .evaluators import DEFAULT_KEEP, DEFAULT_MARGIN, EvaluatorLike
from .play_values import result_values
from .search import evaluate_boards

ROLLS: tuple[tuple[Roll, int], ...] = tuple(
    ((high, low), 1 if high == low else 2) for high in range(1, 7) for low in range(1, high + 1)
)
"""The 21 rolls, higher die first, with their chances out of 36."""

OPENING_ROLLS: tuple[tuple[Roll, int], ...] = tuple(
    (roll, 1) for roll, chances in ROLLS if chances == 2
)
"""The 15 rolls that can open a game (R5: never a double), equally likely."""


@dataclass(frozen=True)
class RollValues:
    """The best play's cubeful value with each roll, for the side on roll.

    Attributes:
        rolls: the rolls with their weights (:data:`ROLLS` or :data:`OPENING_ROLLS`).
        equities: ``(R,)`` float64, the best play's cubeful equity per unit of the cube
            with each roll (EMG in a match).
        mwcs: ``(R,)`` float64 MWC of the same in a match; None in money play.
    """

    rolls: tuple[tuple[Roll, int], ...]
    equities: npt.NDArray[np.float64]
    mwcs: npt.NDArray[np.float64] | None

    def _mean(self, values: npt.NDArray[np.float64]) -> float:
        weights = np.array([weight for _, weight in self.rolls], dtype=np.float64)
        return float(np.dot(values, weights) / weights.sum())

    @property
    def equity(self) -> float:
        """The position's value before the roll: the rolls' average."""
        return self._mean(self.equities)

    @property
    def mwc(self) -> float | None:
        return None if self.mwcs is None else self._mean(self.mwcs)

    def index(self, roll: Roll) -> int:
        high, low = max(roll), min(roll)
        return next(i for i, (each, _) in enumerate(self.rolls) if each == (high, low))

    def luck(self, roll: Roll) -> tuple[float, float | None]:
        """The luck of ``roll``: its value minus the average, in equity and (match play)
        MWC."""
        i = self.index(roll)
        mwc = None
        if self.mwcs is not None:
            mwc = float(self.mwcs[i]) - self._mean(self.mwcs)
        return float(self.equities[i]) - self.equity, mwc


def roll_values(
    position: Position,
    context: CubeContext,
    evaluator: EvaluatorLike | None = None,
    plies: int = 0,
    *,
    opening: bool = False,
    bearoff: bool = True,
    keep: int = DEFAULT_KEEP,
    margin: float = DEFAULT_MARGIN,
    cube_life: float = DEFAULT_CUBE_LIFE,
    met: MatchEquityTable | None = None,
) -> RollValues:
    """The cubeful value of the best play of each roll in ``position`` (seen from the side
    on roll, who plays in ``context``): every legal result of every roll evaluated at
    ``plies`` in one batch (:func:`~tavla.eval.evaluate_boards`), valued with the cube
    (:func:`~tavla.eval.play_values.result_values`), the best taken per roll.  With
    ``opening`` the 15 opening rolls (R5).  Arguments and errors as
    :func:`~tavla.eval.evaluate` and :func:`~tavla.eval.hint`."""
    rolls = OPENING_ROLLS if opening else ROLLS
    boards = np.repeat(position.board[None], len(rolls), axis=0)
    results, offsets = legal_results(boards, np.array([roll for roll, _ in rolls]))
    playing = results[:, 1, 0] != 15
    theirs = np.zeros((len(results), 5))
    if playing.any():
        theirs[playing] = evaluate_boards(
            results[playing], evaluator, plies, bearoff=bearoff, keep=keep, margin=margin
        )
    equities, mwcs = result_values(results, theirs, context, cube_life=cube_life, met=met)
    starts = offsets[:-1]
    best = np.maximum.reduceat(equities, starts)
    best_mwc = None if mwcs is None else np.maximum.reduceat(mwcs, starts)
    return RollValues(rolls, best, best_mwc)
