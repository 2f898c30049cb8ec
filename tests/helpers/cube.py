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
    allowed, else take), ``beaver`` for the doubler after a beaver (1 takes, 0 drops, 2
    raccoons where allowed, else takes), ``raccoon`` for the beaverer after a raccoon
    (1 takes, 0 drops)."""

    def __init__(self, offer: int, answer: int, beaver: int = 1, raccoon: int = 1) -> None:
        self.offer, self.answer, self.beaver, self.raccoon = offer, answer, beaver, raccoon
        self.questions: list[np.ndarray] = []

    def __call__(self, candidates: np.ndarray) -> np.ndarray:
        return hashed_scores(candidates)

    def cube_actions(self, positions: np.ndarray, questions: np.ndarray) -> np.ndarray:
        assert positions.shape == (len(questions), 2, 26) and questions.dtype == np.int32
        self.questions.append(questions.copy())
        kind, redouble_allowed = questions[:, 0], questions[:, 5]
        answer = np.where((self.answer == 2) & (redouble_allowed == 0), 0, self.answer)
        beaver = np.where((self.beaver == 2) & (redouble_allowed == 0), 1, self.beaver)
        return np.select(
            [kind == 0, kind == 1, kind == 2], [self.offer, answer, beaver], self.raccoon
        )


class HashedCube:
    """Plays by hashed scores and answers each cube question with one of its allowed choices
    (:data:`tavla.sim.cube_play.QUESTION_COLUMNS`), picked by a hash of its position: every
    double, beaver and raccoon is taken, dropped or redoubled in some game."""

    def __call__(self, candidates: np.ndarray) -> np.ndarray:
        return hashed_scores(candidates)

    def cube_actions(self, positions: np.ndarray, questions: np.ndarray) -> np.ndarray:
        kind, redouble_allowed = questions[:, 0], questions[:, 5]
        highest = np.where(np.isin(kind, (1, 2)), 1 + redouble_allowed, 1)
        return hashed_scores(positions + kind[:, None, None]) % (highest + 1)
