"""The plays of a turn as a search values them (a net sums the first layer of each candidate
from the position before the turn and the inputs the play changed) against single evaluations of
their results."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from tavla import Position, _core


def search_of(native: _core.Evaluator) -> _core.Search:
    """A 0-ply search of the evaluator, no bear-off database."""
    return _core.Search(native, None, 8, 0.16)


def check_plays(
    search: _core.Search,
    evaluate: Callable[[np.ndarray], np.ndarray],
    board: np.ndarray,
    roll: tuple[int, int],
) -> int:
    """The values ``search`` gives the plays of ``board`` and ``roll`` agree with ``evaluate`` of
    each result to 1e-5 (wins are exact); returns how many results there were."""
    results, values, _ = search.plays(Position(board).key, *roll, 0)
    finished = results[:, 0, 0] == 15
    if finished.any():  # won: a gammon when the opponent has none off
        assert (values[finished, 0] == 1).all() and not values[finished, 3:].any()
        assert np.array_equal(values[finished, 1], results[finished, 1, 0] == 0)
    if (~finished).any():
        seen = evaluate(results[~finished][:, ::-1])
        flipped = np.column_stack([1 - seen[:, 0], seen[:, [3, 4, 1, 2]]])
        np.testing.assert_allclose(values[~finished], flipped, atol=1e-5, rtol=0)
    return len(results)
