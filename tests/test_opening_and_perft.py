"""Counts from the start position: the 21 opening rolls and perft to depth 2."""

from __future__ import annotations

import numpy as np

from tavla import Position, legal_results

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]

# Distinct plays per opening roll, from the corpus lines of the start position (GNU
# Backgammon agrees on each).
OPENING_COUNTS = {
    (1, 1): 42,
    (2, 1): 15,
    (2, 2): 75,
    (3, 1): 16,
    (3, 2): 17,
    (3, 3): 73,
    (4, 1): 14,
    (4, 2): 18,
    (4, 3): 17,
    (4, 4): 52,
    (5, 1): 8,
    (5, 2): 8,
    (5, 3): 9,
    (5, 4): 9,
    (5, 5): 4,
    (6, 1): 10,
    (6, 2): 14,
    (6, 3): 14,
    (6, 4): 14,
    (6, 5): 7,
    (6, 6): 11,
}


def test_opening_rolls() -> None:
    start = Position.initial()
    counts = {roll: len(start.legal_plays(roll)) for roll in ROLLS}
    assert counts == OPENING_COUNTS
    assert sum(counts.values()) == 447


def perft(boards: np.ndarray) -> tuple[int, np.ndarray]:
    """Plays summed over every (board, roll) (a pass counts 1), and all the results."""
    repeated = np.repeat(boards, len(ROLLS), axis=0)
    dice = np.tile(np.array(ROLLS), (len(boards), 1))
    results, offsets = legal_results(repeated, dice)
    return int(offsets[-1]), results


def test_perft_depth_two() -> None:
    depth1, after_one = perft(Position.initial().board[np.newaxis])
    assert depth1 == 447
    depth2, _ = perft(after_one)
    assert depth2 == 202_782
