"""The net input encodings, input by input on hand positions (docs/nets.rst), the sparse form
against the dense one, and the refusals."""

from __future__ import annotations

import numpy as np
import pytest

from tavla import InvalidPositionError, NetError, Position
from tavla.eval import encode, encodings
from tavla.eval.encoding import encode_sparse
from tests.helpers.boards import board_array

START = Position.initial()
# The side on roll has two checkers on the bar; the opponent has borne one off and left a blot
# on its 5-point, within 5 pips of those checkers.
BAR = board_array({25: 2, 6: 5, 8: 3, 13: 5}, {24: 2, 13: 5, 8: 3, 6: 3, 5: 1})
# A race: the side on roll bears off (8 off), the opponent too (8 off).
BEAROFF = board_array({1: 4, 2: 3}, {1: 2, 3: 3, 6: 2})
START_POINTS = {6: 5, 8: 3, 13: 5, 24: 2}


def expected(size: int, units: dict[int, float]) -> np.ndarray:
    vector = np.zeros(size, dtype=np.float32)
    for index, value in units.items():
        vector[index] = value
    return vector


def td_units(points: dict[int, int], base: int) -> dict[int, float]:
    """Tesauro's four units of each point (1..24), from ``base``; the bar and off apart."""
    units: dict[int, float] = {}
    for point, n in points.items():
        at = base + 4 * (point - 1)
        units.update({at: 1.0, at + 1: float(n >= 2), at + 2: float(n >= 3)})
        units[at + 3] = max(n - 3, 0) / 2
    return units


def test_encodings_and_counts() -> None:
    assert encodings() == {
        "td198": 198,
        "gnubg200": 200,
        "tavla218": 218,
        "contact229": 229,
        "race205": 205,
    }
    for name, count in encodings().items():
        assert encode(START, name).shape == (count,)
        assert encode(START, name).dtype == np.float32


def test_td198_start() -> None:
    units = {**td_units(START_POINTS, 0), **td_units(START_POINTS, 98), 196: 1.0}
    assert np.array_equal(encode(START, "td198"), expected(198, units))


def test_td198_bar_and_off() -> None:
    units = {**td_units({6: 5, 8: 3, 13: 5}, 0), 96: 1.0}
    units.update(td_units({24: 2, 13: 5, 8: 3, 6: 3, 5: 1}, 98))
    units.update({98 + 97: 1 / 15, 196: 1.0})
    assert np.array_equal(encode(BAR, "td198"), expected(198, units))


def test_td198_bearoff() -> None:
    units = {0: 1, 1: 1, 2: 1, 3: 0.5, 4: 1, 5: 1, 6: 1, 97: 8 / 15}
    units.update({98: 1, 99: 1, 98 + 8: 1, 98 + 9: 1, 98 + 10: 1, 98 + 20: 1, 98 + 21: 1})
    units.update({98 + 97: 8 / 15, 196: 1.0})
    assert np.array_equal(encode(BEAROFF, "td198"), expected(198, units))


def test_gnubg200_start() -> None:
    # Opponent first: 2 on 24 -> (0,1,0,0); 5 on 13 -> (0,0,1,1); 3 on 8 -> (0,0,1,0); 5 on 6.
    side = {4 * 23 + 1: 1.0, 4 * 12 + 2: 1.0, 4 * 12 + 3: 1.0, 4 * 7 + 2: 1.0}
    side.update({4 * 5 + 2: 1.0, 4 * 5 + 3: 1.0})
    units = {**side, **{100 + i: v for i, v in side.items()}}
    assert np.array_equal(encode(START, "gnubg200"), expected(200, units))


def test_gnubg200_bar() -> None:
    opponent = {4 * 23 + 1: 1, 4 * 12 + 2: 1, 4 * 12 + 3: 1, 4 * 7 + 2: 1, 4 * 5 + 2: 1}
    opponent[4 * 4] = 1  # the blot on its 5-point
    mover = {100 + 4 * 5 + 2: 1, 100 + 4 * 5 + 3: 1, 100 + 4 * 7 + 2: 1}
    mover.update({100 + 4 * 12 + 2: 1, 100 + 4 * 12 + 3: 1})
    mover.update({196: 1, 197: 1})  # two on the bar, cumulative: (1, 1, 0, 0)
    assert np.array_equal(encode(BAR, "gnubg200"), expected(200, {**opponent, **mover}))
    heavy = board_array({25: 5, 6: 10}, {6: 15})
    assert encode(heavy, "gnubg200")[196:].tolist() == [1, 1, 1, 1]  # (n - 3) / 2 = 1


def tavla_features(values: list[float], base: int) -> dict[int, float]:
    return {base + i: v for i, v in enumerate(values)}


def test_tavla218_start() -> None:
    base = {**td_units(START_POINTS, 0), **td_units(START_POINTS, 98), 196: 1.0}  # contact
    # pips, home, outfield, back, blots, exposed, home points, prime, anchors, rearmost
    side = [1.0, 5 / 15, 8 / 15, 2 / 15, 0, 0, 1 / 6, 1 / 6, 1 / 6, 24 / 25]
    units = {**base, **tavla_features(side, 198), **tavla_features(side, 208)}
    np.testing.assert_allclose(encode(START, "tavla218"), expected(218, units), rtol=1e-6)


def test_tavla218_bar() -> None:
    inputs = encode(BAR, "tavla218")
    assert np.array_equal(inputs[:196], encode(BAR, "td198")[:196])
    assert inputs[196:198].tolist() == [1.0, 0.0]
    mover = [169 / 167, 5 / 15, 8 / 15, 2 / 15, 0, 0, 1 / 6, 1 / 6, 0, 1.0]
    opponent = [160 / 167, 4 / 15, 8 / 15, 2 / 15, 1 / 15, 1 / 15, 1 / 6, 1 / 6, 1 / 6, 24 / 25]
    np.testing.assert_allclose(inputs[198:], mover + opponent, rtol=1e-6)


def test_tavla218_bearoff_is_a_race() -> None:
    inputs = encode(BEAROFF, "tavla218")
    assert inputs[196:198].tolist() == [0.0, 1.0]
    mover = [10 / 167, 7 / 15, 0, 0, 0, 0, 2 / 6, 2 / 6, 0, 2 / 25]
    opponent = [23 / 167, 7 / 15, 0, 0, 0, 0, 3 / 6, 1 / 6, 0, 6 / 25]
    np.testing.assert_allclose(inputs[198:], mover + opponent, rtol=1e-6)


def test_exposed_blot_needs_a_checker_within_six_pips() -> None:
    # The side on roll's blot on its 10-point. The opponent's point q is the mover's 25 - q and
    # it moves towards the mover's higher points: from its 18-point (the mover's 7) a 3 hits,
    # from its 14-point (the mover's 11) nothing does.
    near = board_array({10: 1, 6: 14}, {18: 1, 1: 14})
    far = board_array({10: 1, 6: 14}, {14: 1, 1: 14})
    assert encode(near, "tavla218")[198 + 4 : 198 + 6].tolist() == pytest.approx([1 / 15] * 2)
    assert encode(far, "tavla218")[198 + 4 : 198 + 6].tolist() == pytest.approx([1 / 15, 0])


@pytest.mark.parametrize("name", sorted(encodings()))
def test_sparse_is_the_dense_nonzeros(name: str) -> None:
    for board in (START.board, BAR, BEAROFF):
        indices, values = encode_sparse(Position(board), name)
        dense = encode(board, name)
        assert np.array_equal(indices, np.flatnonzero(dense))
        assert np.array_equal(values, dense[indices])


def test_batches_and_refusals() -> None:
    boards = np.stack([START.board, BAR, BEAROFF])
    assert np.array_equal(encode(boards, "td198")[1], encode(BAR, "td198"))
    assert encode(boards[:0], "td198").shape == (0, 198)
    bad = boards.copy()
    bad[2, 0, 6] = 9  # 24 checkers
    with pytest.raises(InvalidPositionError, match="board 2"):
        encode(bad, "td198")
    with pytest.raises(InvalidPositionError, match=r"a \(2, 26\) board.*got shape \(3, 26\)"):
        encode(np.zeros((3, 26), np.int8))
    with pytest.raises(NetError, match="unknown encoding 'td199'"):
        encode(START, "td199")
