"""What the tests of the RL environments share."""

from __future__ import annotations

import numpy as np

from tavla import Position
from tavla.eval import pubeval_scores


class PubevalScorer:
    """pubeval played in Python (a TurnScorer): the choices of the built-in "pubeval", asked
    in lockstep; counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def score_turns(
        self, candidates: np.ndarray, positions: np.ndarray, offsets: np.ndarray
    ) -> np.ndarray:
        self.calls += 1
        turns = [candidates[offsets[t] : offsets[t + 1]] for t in range(len(positions))]
        return np.concatenate(
            [
                pubeval_scores(Position(board), turn)
                for board, turn in zip(positions, turns, strict=True)
            ]
        )
