"""pubeval, Gerald Tesauro's public benchmark evaluator (1993), as the C++ core computes it.

A linear score of the position after a play, used to rank the plays of one turn (it is not
an equity and knows nothing of the cube). Its 122 inputs per position: for each of the
mover's points p = 24..1 five inputs from the signed count n there (mover's checkers
positive, the opponent's negative): ``n == -1``, ``n == 1``, ``n >= 2``, ``n == 3`` and
``(n - 3) / 2`` when ``n >= 4``; then the opponent's bar / 2 and the mover's borne-off
checkers / 15. The race weights are used when the position *before* the play is a race (no
checker of either side still has to pass one of the other), the contact weights otherwise. A
play that bears off the last checker scores 99999999. Weights and encoding: Tesauro's
``WT.race`` / ``WT.cntc``, posted to rec.games.backgammon on 11 February 1993 (public domain);
``cpp/src/pubeval_weights.cpp`` says where the numbers were checked.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import _core
from ..board.movegen import _as_int8_boards
from ..board.position import Position
from ..errors import InvalidPositionError

WIN_SCORE = 99999999.0
"""The score of a play that bears off the mover's last checker."""


def pubeval_weights() -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """pubeval's ``(race, contact)`` weights: two ``(122,)`` float64 arrays, in input order."""
    race, contact = _core.pubeval_weights()
    return race.copy(), contact.copy()


def pubeval_scores(position: Position, candidates: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """pubeval scores of candidate plays from ``position`` (the mover on roll).

    ``candidates`` is ``(K, 2, 26)`` integer, each the position after a play seen by the
    opponent (row 0 the opponent, who is on roll next: the convention of Python policies in
    :mod:`tavla.sim.playout`). Returns ``(K,)`` float64, higher = better for the mover; the race
    or contact weights are chosen on ``position``. Raises
    :class:`~tavla.InvalidPositionError` for a bad shape or a board that breaks R1-R4.
    """
    if not isinstance(position, Position):
        raise InvalidPositionError(f"position must be a Position, got {type(position).__name__}")
    boards = _as_int8_boards(candidates)
    afters = np.ascontiguousarray(boards[:, ::-1, :])
    return _core.pubeval_scores(afters, position.is_race)
