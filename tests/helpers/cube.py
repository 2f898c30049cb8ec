"""Python policies for the tests of cube play: hashed plays and scripted cube answers."""

from __future__ import annotations

import numpy as np


def hashed_scores(candidates: np.ndarray) -> np.ndarray:
    """A deterministic play choice that depends only on the candidates."""
    weights = np.arange(1, 53, dtype=np.int64).reshape(2, 26)
    return ((candidates.astype(np.int64) * weights).sum(axis=(1, 2)) * 2654435761) % 1000


class Scripted:
    """Plays by hashed scores and answers every cube question the same way: ``offer`` for
    a double (1 doubles), ``answer`` for the opponent (0 take, 1 drop, 2 beaver where
    allowed, else take), ``beaver`` for the doubler after a beaver (1 takes)."""

    def __init__(self, offer: int, answer: int, beaver: int = 1) -> None:
        self.offer, self.answer, self.beaver = offer, answer, beaver
        self.questions: list[np.ndarray] = []

    def __call__(self, candidates: np.ndarray) -> np.ndarray:
        return hashed_scores(candidates)

    def cube_actions(self, positions: np.ndarray, questions: np.ndarray) -> np.ndarray:
        assert positions.shape == (len(questions), 2, 26) and questions.dtype == np.int32
        self.questions.append(questions.copy())
        kind, beaver_allowed = questions[:, 0], questions[:, 5]
        answer = np.where((self.answer == 2) & (beaver_allowed == 0), 0, self.answer)
        return np.select([kind == 0, kind == 1], [self.offer, answer], self.beaver)
