"""The contact229 and race205 encodings: the start position worked by hand, and every feature
against a plain Python reading of its definition (docs/nets.rst) on boards of random games."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from tavla import Position
from tavla.eval import encode, encodings, feature_groups, input_bounds
from tests.helpers.boards import board_array, stopped_boards

ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(d1, 7)]


def weight(roll: tuple[int, int]) -> int:
    return 1 if roll[0] == roll[1] else 2


def made_theirs(other: np.ndarray, x: int) -> bool:
    """Point x (1..24) of the side is made by the other side (its point 25 - x)."""
    return 1 <= x <= 24 and other[25 - x] >= 2


def paths(p: int, roll: tuple[int, int]) -> list[list[int]]:
    """The points one checker on p lands on, in order, for each way to play the roll."""
    d1, d2 = roll
    if d1 == d2:
        return [[p - k * d1 for k in range(1, 5)]]
    return [[p - d1, p - d1 - d2], [p - d2, p - d1 - d2]]


def escapes(row: np.ndarray, other: np.ndarray, p: int) -> int:
    blockers = [x for x in range(13, p) if made_theirs(other, x)]
    if not blockers:
        return 36
    lowest = min(blockers)
    total = 0
    for roll in ROLLS:
        out = False
        for landings in paths(p, roll):
            for x in landings:
                if made_theirs(other, x):
                    break
                if x < lowest:
                    out = True
                    break
        total += weight(roll) * out
    return total


def shots(hitter: np.ndarray, target: np.ndarray) -> int:
    """Rolls on which a checker of ``hitter`` lands on a blot of ``target``."""
    blots = {25 - x for x in range(1, 25) if target[x] == 1}  # on the hitter's numbering
    walls = {25 - x for x in range(1, 25) if target[x] >= 2}
    origins = [25] if hitter[25] else [q for q in range(1, 26) if hitter[q]]
    total = 0
    for roll in ROLLS:
        hit = False
        for q in origins:
            for landings in paths(q, roll):
                for x in landings:
                    if x < 1 or x in walls:
                        break
                    if x in blots:
                        hit = True
                        break
        total += weight(roll) * hit
    return total


def pips(row: np.ndarray) -> int:
    return int(sum(p * row[p] for p in range(1, 26)))


def lead(row: np.ndarray, other: np.ndarray) -> float:
    return float(np.clip((pips(other) - pips(row)) / max(pips(row), 1), -1, 1))


def rearmost(row: np.ndarray) -> int:
    return max((p for p in range(1, 26) if row[p]), default=0)


Side = dict[str, list[float]]
"""One side's inputs by feature group."""


def contact_side(row: np.ndarray, other: np.ndarray) -> Side:
    made = {x for x in range(1, 25) if row[x] >= 2}
    last = rearmost(row)
    back_points = range(13, 26)
    on_back = sum(int(row[p]) for p in back_points)
    mean = sum(int(row[p]) * escapes(row, other, p) for p in back_points)
    anchors = [x for x in made if x >= 19]
    run = prime = 0
    for x in range(1, 25):
        run = run + 1 if x in made else 0
        prime = max(prime, run)
    movers = [25] if row[25] else [p for p in range(1, 26) if row[p]]
    moves = sum(
        1 for p in movers for d in range(1, 7) if p - d >= 1 and not made_theirs(other, p - d)
    )
    front = 25 - rearmost(other)
    backbone = sum(1 for x in range(front + 1, min(front + 12, 24) + 1) if x in made)
    return {
        "pips": [pips(row) / 167],
        "back": [(row[25] + row[19:25].sum()) / 15, last / 25],
        "escapes": [
            1.0 if last == 0 else escapes(row, other, last) / 36,
            1.0 if on_back == 0 else mean / (36 * on_back),
        ],
        "containment": [(36 - min(escapes(row, other, p) for p in back_points)) / 36],
        "anchors": [len(anchors) / 3, (25 - min(anchors)) / 6 if anchors else 0.0],
        "points": [
            len([x for x in made if x <= 6]) / 6,
            len([x for x in made if 7 <= x <= 18]) / 6,
            min(prime, 6) / 6,
        ],
        "blots": [sum(row[1:25] == 1) / 6, shots(other, row) / 36],
        "timing": [sum(int(row[p]) * (p - 6) for p in range(7, 19)) / 72],
        "mobility": [moves / 36],
        "backbone": [backbone / 6 if rearmost(other) else 0.0],
    }


def assembled(encoding: str, board: np.ndarray, mover: Side, opponent: Side) -> np.ndarray:
    """The inputs of ``encoding``: each feature group of the mover's side then the
    opponent's, and the pip lead after the pips."""
    values: list[float] = []
    for group in feature_groups(encoding):
        values += mover[group] + opponent[group]
        if group == "pips":
            values.append(lead(board[0], board[1]))
    return np.array(values)


def contact_reference(board: np.ndarray) -> np.ndarray:
    board = board.astype(np.int64)
    mover, opponent = contact_side(board[0], board[1]), contact_side(board[1], board[0])
    return assembled("contact229", board, mover, opponent)


def race_side(row: np.ndarray) -> Side:
    home = [p for p in range(1, 7) if row[p]]
    highest = max(home, default=0)
    return {
        "pips": [pips(row) / 167],
        "crossovers": [
            (sum(int(row[p]) * ((p - 1) // 6) for p in range(7, 25)) + 4 * row[25]) / 45
        ],
        "outside": [(row[7:26].sum()) / 15],
        "gaps": [sum(1 for p in range(1, highest) if row[p] == 0) / 5],
    }


def race_reference(board: np.ndarray) -> np.ndarray:
    board = board.astype(np.int64)
    return assembled("race205", board, race_side(board[0]), race_side(board[1]))


@pytest.fixture(scope="module")
def boards() -> np.ndarray:
    return stopped_boards((3, 12, 30, 60, 100), 150)


def test_counts_and_groups() -> None:
    assert encodings()["contact229"] == 229 and encodings()["race205"] == 205
    groups = feature_groups("contact229")
    assert list(groups) == [
        "pips",
        "back",
        "escapes",
        "containment",
        "anchors",
        "points",
        "blots",
        "timing",
        "mobility",
        "backbone",
    ]
    assert groups["pips"].start == 196 and groups["backbone"].stop == 229
    assert all(a.stop == b.start for a, b in itertools.pairwise(groups.values()))
    assert list(feature_groups("race205")) == ["pips", "crossovers", "outside", "gaps"]
    assert feature_groups("td198") == {}


def test_contact_start_by_hand() -> None:
    inputs = encode(Position.initial(), "contact229")
    assert np.array_equal(inputs[:196], encode(Position.initial(), "td198")[:196])
    by_group = {name: inputs[r].tolist() for name, r in feature_groups("contact229").items()}
    assert by_group["pips"] == [1.0, 1.0, 0.0]
    assert by_group["back"] == pytest.approx([2 / 15, 24 / 25] * 2)
    # From the 24-point, past the opponent's 8 and 6 points (the side's 17 and 19): 2-6, 3-5,
    # 3-6, 4-5, 4-6, 5-6 and 2-2, 3-3, 4-4 (6-6 stops on 18, before the midpoint): 15 rolls.
    # Mean over the 2 back checkers and the 5 on the 13-point (escaped: 36).
    assert by_group["escapes"] == pytest.approx([15 / 36, (2 * 15 + 5 * 36) / (7 * 36)] * 2)
    assert by_group["anchors"] == pytest.approx([1 / 3, 1 / 6] * 2)  # the 24-point anchor
    assert by_group["points"] == pytest.approx([1 / 6, 2 / 6, 1 / 6] * 2)  # 6; 8 and 13
    assert by_group["blots"] == [0.0] * 4
    assert by_group["timing"] == pytest.approx([(5 * 7 + 3 * 2) / 72] * 2)
    # 24: 5 of 6 dice (not 5, onto the opponent's 6-point); 13: 5 (not 1, its midpoint);
    # 8: all 6; 6: 4 (not 5, its 24-point; not 6, off).
    assert by_group["mobility"] == pytest.approx([20 / 36] * 2)
    assert by_group["backbone"] == pytest.approx([3 / 6] * 2)  # 6, 8, 13 within 12 of the 1


def test_a_blot_and_its_shots_by_hand() -> None:
    # The side on roll has a blot on its 7-point; the opponent's only checkers in front of it
    # are on the opponent's 24-point (the side's 1), 6 pips away: hit by any 6 (11 rolls),
    # 5-1 (by 1 then 5: 5 first lands on the side's 6-point), 4-2, 3-3 and 2-2: 17 rolls.
    board = board_array({7: 1, 6: 5, 8: 3, 13: 6}, {24: 2, 6: 13})
    blots = encode(board, "contact229")[feature_groups("contact229")["blots"]]
    assert blots.tolist() == pytest.approx([1 / 6, 17 / 36, 0, 0])


def test_contact_features_match_the_definitions(boards: np.ndarray) -> None:
    inputs = encode(boards, "contact229")
    expected = np.array([contact_reference(board) for board in boards])
    np.testing.assert_allclose(inputs[:, 196:], expected, atol=1e-6)
    assert np.array_equal(inputs[:, :196], encode(boards, "td198")[:, :196])


def test_race_features_match_the_definitions(boards: np.ndarray) -> None:
    inputs = encode(boards, "race205")
    expected = np.array([race_reference(board) for board in boards])
    np.testing.assert_allclose(inputs[:, 196:], expected, atol=1e-6)
    assert np.array_equal(inputs[:, :196], encode(boards, "td198")[:, :196])


EXTREME_BOARDS = [
    board_array({25: 15}, {6: 15}),  # every checker on the bar: the most pips
    board_array({x: 1 for x in range(7, 22)}, {x: 2 for x in range(19, 25)}),  # 15 blots
    board_array({x: 2 for x in range(19, 25)}, {x: 1 for x in range(7, 22)}),  # 6 anchors
    board_array({18: 15}, {1: 15}),  # timing and crossovers at their most
    board_array({x: 2 for x in range(7, 14)}, {1: 1}),  # 7 outfield points, a lead of -1
    board_array({2: 1}, {24: 15}),
    board_array({6: 15}, {25: 3, 24: 12}),
]


@pytest.mark.parametrize("name", list(encodings()))
def test_inputs_lie_within_their_bounds(name: str, boards: np.ndarray) -> None:
    low, high = input_bounds(name)
    assert low.shape == high.shape == (encodings()[name],)
    assert low.dtype == high.dtype == np.float32
    inputs = encode(np.concatenate([boards, np.stack(EXTREME_BOARDS)]), name)
    assert (inputs >= low).all() and (inputs <= high).all()


def test_only_the_pip_lead_goes_below_zero(boards: np.ndarray) -> None:
    for name in encodings():
        low, _ = input_bounds(name)
        below = np.flatnonzero(low < 0).tolist()
        assert below == ([198] if name in ("contact229", "race205") else [])
    lead = encode(boards, "contact229")[:, 198]
    assert -1.0 < lead.min() < 0
