"""pubeval written in NumPy, as a Python policy for tavla's lockstep playouts.

It encodes every candidate into pubeval's 122 inputs with array operations (no Python loop
over positions) and scores them with the same weights as the built-in ``"pubeval"``, so both
choose the same plays; it shows how a batched evaluator (a neural network, say) plugs in:

    >>> import tavla
    >>> results = tavla.selfplay(NumpyPubeval(), 1000, seed=1)

The encoding follows shared/data/pubeval/README.md: for the mover's point p = 24 - b with
signed count n (the mover's checkers positive, the opponent's negative), inputs 5b..5b+4 are
[n == -1], [n == 1], [n >= 2], [n == 3] and (n - 3) / 2 for n >= 4; input 120 is the
opponent's bar / 2 and input 121 the mover's borne-off checkers / 15. Race or contact is
decided on the position before the play, which is why this policy uses ``score_turns``.

Run as a script (``python examples/numpy_pubeval.py``), it plays 400 games with each
version on the same dice and a duel of the two, and prints how well they agree.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import tavla
from tavla.eval.pubeval import WIN_SCORE, pubeval_weights


def pubeval_inputs(afters: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]:
    """The ``(K, 122)`` inputs of boards ``(K, 2, 26)`` seen by the side that just moved."""
    mover = afters[:, 0, 24:0:-1].astype(np.int64)  # the mover's points 24..1
    opponent = afters[:, 1, 1:25].astype(np.int64)  # the same points, opponent's numbering
    n = mover - opponent
    x = np.zeros((len(afters), 122))
    block = x[:, :120].reshape(-1, 24, 5)
    block[:, :, 0] = n == -1
    block[:, :, 1] = n == 1
    block[:, :, 2] = n >= 2
    block[:, :, 3] = n == 3
    block[:, :, 4] = np.where(n >= 4, (n - 3) / 2.0, 0.0)
    x[:, 120] = afters[:, 1, 25] / 2.0
    x[:, 121] = afters[:, 0, 0] / 15.0
    return x


def is_race(positions: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]:
    """Race flags of boards ``(T, 2, 26)``: the highest occupied indexes (1..25) of the two
    sides add up to less than 25."""
    occupied = positions[:, :, 1:] > 0
    highest = np.where(occupied.any(axis=2), 25 - np.argmax(occupied[:, :, ::-1], axis=2), 0)
    return highest.sum(axis=1) < 25


class NumpyPubeval:
    """pubeval as a :class:`tavla.sim.playout.TurnScorer`.

    The five inputs of a point depend only on its signed count, so each weight set folds into
    a table of one value per (point, count): a score is 24 look-ups and two products.
    """

    def __init__(self) -> None:
        race, contact = pubeval_weights()
        counts = np.arange(-15, 16)
        per_count = pubeval_inputs(_single_point_boards(counts))[:, 115:120]  # the ace point
        # table[r, b, c]: weight set r (0 contact, 1 race), input block b, count c - 15.
        self.table = np.stack(
            [(w[:120].reshape(24, 1, 5) * per_count[None]).sum(axis=2) for w in (contact, race)]
        )
        self.bar = np.array([contact[120], race[120]]) / 2.0
        self.off = np.array([contact[121], race[121]]) / 15.0

    def score_turns(
        self,
        candidates: npt.NDArray[np.int8],
        positions: npt.NDArray[np.int8],
        offsets: npt.NDArray[np.int64],
    ) -> npt.NDArray[np.float64]:
        """One score per candidate (seen by the opponent, as tavla hands them over)."""
        afters = candidates[:, ::-1, :]
        race = np.repeat(is_race(positions), np.diff(offsets)).astype(np.int64)
        n = afters[:, 0, 24:0:-1].astype(np.int64) - afters[:, 1, 1:25]
        flat = (race[:, None] * 24 + np.arange(24)) * 31 + n + 15
        scores = self.table.ravel()[flat].sum(axis=1)
        scores += self.bar[race] * afters[:, 1, 25] + self.off[race] * afters[:, 0, 0]
        return np.where(afters[:, 0, 0] == 15, WIN_SCORE, scores)


def _single_point_boards(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int8]:
    """Boards whose mover's ace point holds each signed count (other checkers off)."""
    boards = np.zeros((len(counts), 2, 26), dtype=np.int8)
    boards[:, 0, 1] = np.maximum(counts, 0)
    boards[:, 1, 24] = np.maximum(-counts, 0)
    boards[:, 0, 0] = 15 - boards[:, 0, 1]
    boards[:, 1, 0] = 15 - boards[:, 1, 24]
    return boards


def main(games: int = 400, seed: int = 1) -> int:
    """Play ``games`` games with this policy and the same games (the same seed, so the same
    dice) with the built-in ``"pubeval"``, then a duplicate duel of the two; print how many
    games came out the same (winner, result and length) and the duel's points per game
    (exactly 0 when both choose the same plays); return the games that agreed."""
    builtin = tavla.selfplay("pubeval", games, seed=seed, progress=False)
    numpy = tavla.selfplay(NumpyPubeval(), games, seed=seed, batch=100, progress=False)
    same = (
        (builtin.winner == numpy.winner) & (builtin.kind == numpy.kind)
        & (builtin.plies == numpy.plies)
    )  # fmt: skip
    agreed = int(same.sum())
    duel = tavla.duel(NumpyPubeval(), "pubeval", games, seed=seed, progress=False)
    print(f"NumPy pubeval and the built-in pubeval, {games} games of seed {seed}:")
    print(f"  the same winner, result and length in {agreed} of {games} games")
    print(f"  duplicate duel, NumPy against built-in: {duel.ppg:+.4f} points per game")
    return agreed


if __name__ == "__main__":
    main()
