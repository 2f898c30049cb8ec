"""Properties of legal plays over random valid positions (Hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla import Position, _core, legal_results
from tests.helpers.strategies import positions

rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


def playable() -> st.SearchStrategy[Position]:
    return positions().filter(lambda p: not p.is_over)


@settings(max_examples=300, deadline=None)
@given(playable(), rolls)
def test_plays_conserve_checkers_and_are_distinct(
    position: Position, dice: tuple[int, int]
) -> None:
    plays = position.legal_plays(dice)
    assert plays
    results = [play.position for play in plays]
    assert len(set(results)) == len(results)
    for result in results:
        board = result.board
        assert (board.sum(axis=1) == 15).all() and (board >= 0).all()
        assert not any(board[0, p] and board[1, 25 - p] for p in range(1, 25))
    # R9: every play uses the same number of dice.
    assert len({len(play.moves) for play in plays}) == 1


@settings(max_examples=300, deadline=None)
@given(playable(), rolls)
def test_moves_replayed_one_by_one_reach_the_result(
    position: Position, dice: tuple[int, int]
) -> None:
    for play in position.legal_plays(dice):
        key = position.key
        hits = 0
        for start, end in play.moves:
            die = start - end if end > 0 else None
            candidates = [die] if die is not None else [d for d in set(dice) if d >= start]
            for d in candidates:
                try:
                    key, hit = _core.single_move(key, start, d)
                except ValueError:
                    continue
                hits += hit
                break
            else:
                raise AssertionError(f"{play.notation}: move {start}/{end} cannot be played")
        assert Position._from_key(key).swapped() == play.position
        assert hits == play.hits


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(playable(), rolls), min_size=1, max_size=8))
def test_batch_agrees_with_legal_plays(rows: list[tuple[Position, tuple[int, int]]]) -> None:
    boards = np.stack([position.board for position, _ in rows])
    results, offsets = legal_results(boards, np.array([dice for _, dice in rows]))
    for i, (position, dice) in enumerate(rows):
        batch = {Position(board) for board in results[offsets[i] : offsets[i + 1]]}
        assert batch == {play.position for play in position.legal_plays(dice)}


@settings(max_examples=200, deadline=None)
@given(positions())
def test_swapped_twice_is_the_same_position(position: Position) -> None:
    assert position.swapped().swapped() == position
    assert position.swapped().pip_counts == position.pip_counts[::-1]
