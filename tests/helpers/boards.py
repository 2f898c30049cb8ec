"""Boards for the tests: written by hand (``{index: count}`` for each side), and those random
games reach."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tavla import Position
from tavla.sim.playout import play_games


def board_array(mover: dict[int, int], opponent: dict[int, int]) -> np.ndarray:
    """A ``(2, 26)`` int8 board from the checkers of each side on points 1..24 and the bar
    (25), the side on roll first; the rest of each side's 15 are borne off (index 0)."""
    array = np.zeros((2, 26), dtype=np.int8)
    for row, counts in enumerate((mover, opponent)):
        for index, count in counts.items():
            array[row, index] = count
        array[row, 0] = 15 - sum(count for index, count in counts.items() if index != 0)
    return array


def position(mover: dict[int, int], opponent: dict[int, int]) -> Position:
    """:func:`board_array` as a :class:`~tavla.Position`."""
    return Position(board_array(mover, opponent))


def stopped_boards(plies: Sequence[int], games: int, seed: int = 0) -> np.ndarray:
    """The distinct unfinished boards (int8 ``(N, 2, 26)``, the side on roll first) that
    ``games`` random games reach after each number of ``plies``, the games of ``p`` plies on
    the dice of seed ``seed + p``."""
    found = []
    for count in plies:
        run = play_games(
            "random", "random", games, seed=seed + count, truncate=count, progress=False
        )
        assert run.final_boards is not None
        found.append(run.final_boards[run.stopped])
    return np.unique(np.concatenate(found), axis=0)
