"""Home boards for the bear-off tests: the 21 rolls, home boards as 6 counts, the boards a side
reaches with a roll, and a Hypothesis strategy of home boards."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from tests.helpers.boards import position

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def weight(roll: tuple[int, int]) -> int:
    return 1 if roll[0] == roll[1] else 2


def home(counts: tuple[int, ...]) -> dict[int, int]:
    return {point: n for point, n in enumerate(counts, start=1) if n}


def home_boards(most: int) -> list[tuple[int, ...]]:
    return [c for c in itertools.product(range(most + 1), repeat=6) if sum(c) <= most]


def results(counts: tuple[int, ...], roll: tuple[int, int]) -> set[tuple[int, ...]]:
    """The home boards a side can reach with a roll (opponent out of the way)."""
    start = position(home(counts), {1: 15})
    return {tuple(int(n) for n in p.position.board[1, 1:7]) for p in start.legal_plays(roll)}


def home_side(most: int) -> st.SearchStrategy[list[int]]:
    """The counts of points 1-6 of a home board of 1 to ``most`` checkers, each checker on a
    point drawn alike (no filtering)."""
    return st.lists(st.integers(1, 6), min_size=1, max_size=most).map(
        lambda points: [points.count(p) for p in range(1, 7)]
    )
