"""Position ID, Match ID, GNUbg ID and XGID (docs/formats.rst) against vectors verified with
GNU Backgammon and against real data."""

from __future__ import annotations

import base64
import csv
import dataclasses
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tavla import Game, InvalidIdError, Position, ResultKind, RulesError
from tavla.formats.gnubg import GnubgId, MatchId, MatchIdState, parse_gnubg_id
from tavla.formats.xgid import Xgid, parse_xgid
from tests.helpers.strategies import positions

DATA = Path(__file__).parent / "data"


def row(text: str) -> list[int]:
    """One board row from ``index:count`` pairs (``bar`` 25, ``off`` 0)."""
    counts = [0] * 26
    for pair in text.split():
        index, count = pair.split(":")
        counts[{"bar": 25, "off": 0}[index] if index in ("bar", "off") else int(index)] = int(count)
    listed_off = counts[0]
    counts[0] = 15 - sum(counts[1:])
    assert listed_off in (0, counts[0]), f"{text}: the off count does not make 15"
    return counts


START = "6:5 8:3 13:5 24:2"

# Position IDs produced or decoded by gnubg: ID, row 1 (opponent, first half), row 0 (side on
# roll).
POSITION_IDS = [
    ("4HPwATDgc/ABMA", START, START),
    ("sGfwATDgc/ABMA", "5:2 6:4 8:2 13:5 24:2", START),
    ("4HPwATCwZ/ABMA", START, "5:2 6:4 8:2 13:5 24:2"),
    ("4HPiASHgc/ABMA", "6:5 8:3 10:1 13:4 20:1 24:1", START),
    ("M66DAQbg8+AJQA", "1:2 3:2 6:3 7:1 8:3 13:2 21:2", "6:5 8:4 13:4 15:1 bar:1"),
    ("4HPwAFjgc/ABUA", "6:5 8:3 13:4 24:2 bar:1", "6:5 8:3 13:5 24:1 bar:1"),
    ("re8OAADr7gYAAA", "1:1 2:2 3:1 4:5 5:3 6:3", "1:2 2:1 3:3 4:3 5:3 6:2 off:1"),
    ("zGbiIYCYD3gALA", "3:2 5:2 6:2 8:2 10:1 13:4 17:1 off:1", "1:1 4:2 6:5 13:4 24:2 bar:1"),
    ("zGbiIQgxH/AAWA", "3:2 5:2 6:2 8:2 10:1 13:4 17:1 22:1", "1:1 4:2 6:5 13:4 24:2 bar:1"),
    ("ADAAAQAkIAAAAA", "13:2 23:1 off:12", "15:1 17:1 24:1 off:12"),
    ("AQAAbNsOAAAAAA", "1:1 off:14", "1:2 2:2 3:2 4:2 5:2 6:3 off:2"),
    ("4Dl4ADbgOXgANg", "6:4 8:3 13:4 23:2 24:2", "6:4 8:3 13:4 23:2 24:2"),
]
# The table's last row, the empty board (both sides with 15 off), is gnubg's key of an
# impossible position: tavla refuses it (see test_position.py).


@pytest.mark.parametrize(("position_id", "opponent", "on_roll"), POSITION_IDS)
def test_position_id_table(position_id: str, opponent: str, on_roll: str) -> None:
    board = np.array([row(on_roll), row(opponent)], dtype=np.int8)
    assert Position(board).position_id == position_id
    assert Position.from_position_id(position_id).board.tolist() == board.tolist()


def test_asymmetric_position_id_puts_the_side_not_on_roll_first() -> None:
    # docs/formats.rst: after X opens 43 24/20 13/10, O is on roll and the ID starts with X.
    after = Position.initial().play("43", "24/20 13/10")
    assert after.position_id == "4HPiASHgc/ABMA"
    assert after.swapped().position_id != after.position_id


def _bits_to_position_id(bits: str) -> str:
    """Steps 2-3 of the Position ID in docs/formats.rst, written independently: pad to 80
    bits, pack, base64."""
    value = sum(1 << k for k, bit in enumerate(bits.ljust(80, "0")) if bit == "1")
    return base64.b64encode(value.to_bytes(10, "little")).decode()[:14]


def _half(counts: dict[int, int]) -> str:
    return "".join("1" * counts.get(index, 0) + "0" for index in range(1, 26))


@pytest.mark.parametrize(
    ("position_id", "fault"),
    [
        ("4HPwATDgc/ABM", "14 characters"),
        ("4HPwATDgc/ABMAA", "14 characters"),
        ("4HPwATDgc/AB!A", "'!'"),
        ("4HPwATDgc/ABMB", "beyond the 80-bit key"),
        (_bits_to_position_id(_half({6: 16}) + _half({6: 14})), "more than 15 checkers"),
        (_bits_to_position_id(_half({5: 8, 6: 8}) + _half({6: 14})), "more than 15 checkers"),
        (_bits_to_position_id(_half({1: 1, 6: 14}) + _half({24: 2, 6: 13})), "held by both"),
        (_bits_to_position_id(_half({6: 14}) + _half({6: 14}) + "1"), "after both sides"),
    ],
)
def test_malformed_position_id(position_id: str, fault: str) -> None:
    with pytest.raises(InvalidIdError, match="Position ID") as error:
        Position.from_position_id(position_id)
    assert fault in str(error.value)


@given(positions())
def test_position_id_round_trip(position: Position) -> None:
    assert Position.from_position_id(position.position_id) == position


# -- Match ID --------------------------------------------------------------------------

# Match IDs built with gnubg's encoder or read off games played in it (the fields:
# docs/formats.rst, "GNU Backgammon Match ID"): (ID, cube, owner, dice owner, Crawford, state,
# turn, double, resignation, dice, length, score, jacoby = not bit 66).
PLAYING = MatchIdState.PLAYING
MATCH_IDS = [
    ("MAEAAAAAAAAA", 1, None, 0, False, PLAYING, 0, False, None, None, 0, (0, 0), True),
    ("MAHgAAAAAAAE", 1, None, 0, False, PLAYING, 0, False, None, None, 7, (0, 0), False),
    ("cAnuAAAAAAAE", 1, None, 1, False, PLAYING, 1, False, None, (4, 3), 7, (0, 0), False),
    ("QYkqASAAIAAE", 2, 0, 1, False, PLAYING, 1, False, None, (5, 2), 9, (2, 4), False),
    ("sIGlAEAAEAAE", 1, None, 0, True, PLAYING, 0, False, None, (3, 1), 5, (4, 2), False),
    ("cAm7AEAAEAAE", 1, None, 1, False, PLAYING, 1, False, None, (6, 6), 5, (4, 2), False),
    ("UhHgADAAGAAE", 4, 1, 1, False, PLAYING, 0, True, None, None, 7, (3, 3), False),
    ("cBGgAAAAAAAE", 1, None, 1, False, PLAYING, 0, True, None, None, 5, (0, 0), False),
    ("MBmgAAAAAAAE", 1, None, 0, False, PLAYING, 1, True, None, None, 5, (0, 0), False),
    ("QYmlAAAAAAAE", 2, 0, 1, False, PLAYING, 1, False, None, (3, 1), 5, (0, 0), False),
    ("ARmgAAAAAAAE", 2, 0, 0, False, PLAYING, 1, True, None, None, 5, (0, 0), False),
    (
        "MEngAAAAKAAE",
        1,
        None,
        0,
        False,
        PLAYING,
        1,
        False,
        ResultKind.GAMMON,
        None,
        7,
        (0, 5),
        False,
    ),
    (
        "MCmgACAACAAE",
        1,
        None,
        0,
        False,
        PLAYING,
        1,
        False,
        ResultKind.SINGLE,
        None,
        5,
        (2, 1),
        False,
    ),
    ("UwkSAAAAAAAA", 8, 1, 1, False, PLAYING, 1, False, None, (4, 4), 0, (0, 0), True),
    ("MAAAAAAAAAAA", 1, None, 0, False, MatchIdState.NONE, 0, False, None, None, 0, (0, 0), True),
    ("8AlgACAAAAAE", 1, None, 1, True, PLAYING, 1, False, None, None, 3, (2, 0), False),
]


MATCH_ID_FIELDS = [field.name for field in dataclasses.fields(MatchId)]


@pytest.mark.parametrize(
    ("match_id", "fields"),
    [(row[0], dict(zip(MATCH_ID_FIELDS, row[1:], strict=True))) for row in MATCH_IDS],
)
def test_match_id_table(match_id: str, fields: dict[str, object]) -> None:
    expected = MatchId(**fields)  # type: ignore[arg-type]
    assert MatchId.parse(match_id) == expected
    assert expected.encode() == match_id
    assert str(expected) == match_id


def test_match_id_without_bit_67_reads_as_jacoby_on() -> None:
    # docs/formats.rst: the manual's QYkqASAAIAAA is gnubg's QYkqASAAIAAE without bit 66 (67 in
    # the manual's numbering, which counts from 1).
    old = MatchId.parse("QYkqASAAIAAA")
    assert old.jacoby
    assert dataclasses.replace(old, jacoby=False) == MatchId.parse("QYkqASAAIAAE")


def test_match_id_keeps_the_dice_in_the_order_given() -> None:
    # gnubg writes the higher die first (docs/formats.rst): cAnuAAAAAAAE holds 4-3.
    assert MatchId(dice=(4, 3), dice_owner=1, turn=1, match_length=7).encode() == "cAnuAAAAAAAE"
    # A reader accepts the lower die first (the two 3-bit die fields of cAnuAAAAAAAE swapped)
    # and keeps that order, so that the ID is written back as it was read.
    lower_first = _with_field("cAnuAAAAAAAE", 15, 6, 3 | 4 << 3)
    assert MatchId.parse(lower_first).dice == (3, 4)
    assert MatchId.parse(lower_first).encode() == lower_first
    assert MatchId(dice=(3, 4), dice_owner=1, turn=1, match_length=7).encode() == lower_first


def test_gnubg_id_with_the_lower_die_first_round_trips() -> None:
    text = "4HPwATDgc/ABMA:QYkVAAAAAAAA"
    assert parse_gnubg_id(text).match_id.dice == (3, 5)
    assert str(parse_gnubg_id(text)) == text  # was ...:QYkOAAAAAAAA, the dice swapped


def _with_field(match_id: str, start: int, width: int, value: int) -> str:
    """``match_id`` with bits start..start+width-1 set to ``value`` (bit 0 the lowest,
    as docs/formats.rst counts them)."""
    bits = int.from_bytes(base64.b64decode(match_id), "little")
    bits = bits & ~(((1 << width) - 1) << start) | value << start
    return base64.b64encode(bits.to_bytes(9, "little")).decode()


@pytest.mark.parametrize(
    ("match_id", "fault"),
    [
        ("MAHgAAAAAAA", "12 characters, 'MAHgAAAAAAA' has 11"),
        ("MAHgAAAAAAAEA", "has 13"),
        ("MAHgAAAA*AAE", "'*' is not a base64 character"),
        ("MAHgAAAA=AAE", "'=' is not a base64 character"),
        (_with_field("cAnuAAAAAAAE", 15, 3, 7), "a die of 7"),
        (_with_field("cAnuAAAAAAAE", 18, 3, 0), "one die is rolled and the other not"),
        (_with_field("MAHgAAAAAAAE", 36, 15, 8), "a score of 8 is above the match length 7"),
        (_with_field("MAEAAAAAAAAA", 7, 1, 1), "Crawford flag is set in money play"),
        (_with_field("MAHgAAAAAAAE", 4, 2, 2), "cube owner 2 is unused"),
        (_with_field("MAHgAAAAAAAE", 8, 3, 5), "game state 5 is unused"),
        (_with_field("MAHgAAAAAAAE", 67, 5, 1), "padding bits"),
        (_with_field("cAnuAAAAAAAE", 12, 1, 1), "a double is offered before rolling"),
    ],
)
def test_malformed_match_id(match_id: str, fault: str) -> None:
    with pytest.raises(InvalidIdError, match=r"bad Match ID|Match ID has") as error:
        MatchId.parse(match_id)
    assert fault in str(error.value)


@pytest.mark.parametrize(
    ("fields", "fault"),
    [
        ({"cube_value": 3}, "the cube value must be a power of two from 1 to 32768, got 3"),
        ({"cube_value": 1 << 16}, "power of two"),
        ({"cube_owner": 2}, "the cube owner must be None, 0 or 1, got 2"),
        ({"turn": -1}, "the player to act must be 0 or 1, got -1"),
        ({"dice": (0, 3)}, "two dice 1 to 6"),
        ({"dice": (7, 1)}, "two dice 1 to 6"),
        ({"game_state": 9}, "9 is not a valid MatchIdState"),
        ({"match_length": 5, "score": (6, 0)}, "a score of 6 is above the match length 5"),
        ({"crawford": True}, "Crawford flag is set in money play"),
        ({"match_length": 5, "score": (5, 2)}, "the score 5-2 has already won the 5-point"),
        ({"double_offered": True, "resignation": 1}, "a double and a resignation cannot both"),
        ({"match_length": 5, "score": (2, 2), "crawford": True}, "Crawford flag is set at 2-2"),
    ],
)
def test_bad_match_id_fields(fields: dict[str, object], fault: str) -> None:
    with pytest.raises(InvalidIdError) as error:
        MatchId(**fields)  # type: ignore[arg-type]
    assert fault in str(error.value)


@st.composite
def match_ids(draw: st.DrawFn) -> MatchId:
    length = draw(st.sampled_from([0, 1, 3, 5, 7, 25, 32767]))
    state = draw(st.sampled_from(MatchIdState))
    # While a game is played, neither side has reached the match length yet.
    top = (length - 1 if state is MatchIdState.PLAYING else length) if length else 32767
    score = (draw(st.integers(0, top)), draw(st.integers(0, top)))
    crawford = length > 1 and draw(st.booleans())
    if crawford and state is MatchIdState.PLAYING:
        score = (length - 1, min(score[1], length - 2))  # R24: one side is one point away
    elif crawford and score == (length - 1, length - 1):
        score = (length - 1, length - 2)  # R24: both one point away is post-Crawford
    no_cube = crawford or length == 1  # R24: the cube stays at 1, nobody doubles
    cube_value = 1 if no_cube else 1 << draw(st.integers(0, 15))
    # R18, R19: a cube of 1 is centred.
    cube_owner = None if cube_value == 1 else draw(st.sampled_from([None, 0, 1]))
    double_offered = not no_cube and draw(st.booleans())
    turn, dice_owner = draw(st.integers(0, 1)), draw(st.integers(0, 1))
    if double_offered:
        if cube_owner == turn:  # R18: the answerer never owns the cube doubled
            cube_owner = 1 - turn
        if turn == dice_owner and (length or cube_owner is None):
            dice_owner = 1 - turn  # a beaver (R20) only in money play, the cube owned
    return MatchId(
        cube_value=cube_value,
        cube_owner=cube_owner,
        dice_owner=dice_owner,
        crawford=crawford,
        game_state=state,
        turn=turn,
        double_offered=double_offered,
        resignation=None if double_offered else draw(st.sampled_from([None, *ResultKind])),
        dice=None if double_offered else draw(st.none() | st.tuples(*[st.integers(1, 6)] * 2)),
        match_length=length,
        score=score,
        jacoby=draw(st.booleans()),
    )


@given(match_ids())
def test_match_id_round_trip(match_id: MatchId) -> None:
    text = match_id.encode()
    assert len(text) == 12
    assert MatchId.parse(text) == match_id


# -- real data: gnubg analysis exports -------------------------------------------------


def _analysis_rows() -> list[dict[str, str]]:
    with open(DATA / "gnubg_analysis_ids.tsv", encoding="utf-8") as file:
        lines = [line for line in file if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


@pytest.mark.parametrize(
    "record", _analysis_rows(), ids=lambda r: f"{r['position_id']}:{r['match_id']}"
)
def test_gnubg_analysis_export(record: dict[str, str]) -> None:
    gnubg_id = parse_gnubg_id(f"{record['position_id']}:{record['match_id']}")
    match_id = gnubg_id.match_id
    assert str(gnubg_id) == f"{record['position_id']}:{record['match_id']}"
    assert match_id.dice_owner == int(record["mover"])
    assert match_id.score == (int(record["score0"]), int(record["score1"]))
    assert match_id.match_length == int(record["length"])
    assert match_id.crawford == (record["crawford"] == "1")
    assert match_id.cube_value == int(record["cube"])
    if record["owner"] != "?":
        assert match_id.cube_owner == {"-": None, "0": 0, "1": 1}[record["owner"]]
    assert match_id.double_offered == (record["double"] == "1")
    if record["dice"] == "-":
        assert match_id.dice is None
    else:
        assert sorted(match_id.dice or ()) == sorted(int(d) for d in record["dice"])
    pips = (int(record["pips0"]), int(record["pips1"]))
    on_roll = match_id.dice_owner
    assert gnubg_id.position.pip_counts == (pips[on_roll], pips[1 - on_roll])


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ("4HPwATDgc/ABMA", "PositionID:MatchID (one colon)"),
        ("4HPwATDgc/ABMA:cAkAAAAAAAAE:x", "one colon"),
        ("4HPwATDgc/ABMA:cAkAAAAAAAA", "12 characters"),
        ("4HPwATDgc/ABMX:cAkAAAAAAAAE", "Position ID"),
    ],
)
def test_malformed_gnubg_id(text: str, fault: str) -> None:
    with pytest.raises(InvalidIdError) as error:
        GnubgId.parse(text)
    assert fault in str(error.value)


# -- XGID ------------------------------------------------------------------------------

START_XGID = "-b----E-C---eE---c-e----B-"

# XGIDs and the GNUbg IDs gnubg makes of them (docs/formats.rst, "XGID").
XGIDS = [
    (f"XGID={START_XGID}:0:0:1:00:0:0:0:0:10", "4HPwATDgc/ABMA:cAkAAAAAAAAE"),
    (f"XGID={START_XGID}:0:0:1:00:0:0:1:0:10", "4HPwATDgc/ABMA:cAkAAAAAAAAA"),
    (f"XGID={START_XGID}:0:0:1:00:0:0:2:0:10", "4HPwATDgc/ABMA:cAkAAAAAAAAE"),
    (f"XGID={START_XGID}:0:0:1:52:0:0:3:0:10", "4HPwATDgc/ABMA:cIkKAAAAAAAA"),
    (f"XGID={START_XGID}:1:-1:1:52:4:2:0:9:10", "4HPwATDgc/ABMA:QYkqASAAIAAE"),
    (f"XGID={START_XGID}:1:1:-1:00:2:4:0:9:10", "4HPwATDgc/ABMA:EQEgAUAAEAAE"),
    (f"XGID={START_XGID}:0:0:1:31:4:2:1:5:10", "4HPwATDgc/ABMA:8ImlACAAIAAE"),
    (f"XGID={START_XGID}:0:0:1:31:4:2:0:5:10", "4HPwATDgc/ABMA:cImlACAAIAAE"),
    (f"XGID={START_XGID}:1:1:1:D:0:0:0:0:10", "4HPwATDgc/ABMA:UQkAAAAAAAAE"),
    (f"XGID={START_XGID}:1:-1:-1:D:0:0:0:0:10", "4HPwATDgc/ABMA:AQEAAAAAAAAE"),
    ("XGID=ab----E-C---dE---c-e----AA:0:0:1:41:0:0:0:7:10", "4HPwAFjgc/ABUA:cAnmAAAAAAAE"),
    ("XGID=aa----E-C---eD---c-e----BA:0:0:-1:41:0:0:0:7:10", "4HPwAFjgc/ABUA:MAHmAAAAAAAE"),
    ("XGID=-BBBBBC-----------------a-:0:0:1:61:0:0:0:0:10", "AQAAbNsOAAAAAA:cAkHAAAAAAAE"),
    ("XGID=-b----E-C---eE---b-db---B-:0:0:1:00:0:0:0:0:10", "sGfwATDgc/ABMA:cAkAAAAAAAAE"),
    ("XGID=----b-E-D---bD-A-cac--b-bA:0:0:1:64:0:0:0:3:10", "M66DAQbg8+AJQA:cAlzAAAAAAAE"),
    ("XGID=-BACCCB------------cceaba-:0:0:1:65:0:0:0:3:10", "re8OAADr7gYAAA:cAl3AAAAAAAE"),
    ("XGID=-A--B-E-a---dD-a-b-bb-b-BA:0:0:1:00:0:0:0:0:10", "zGbiIYCYD3gALA:cAkAAAAAAAAE"),
]


@pytest.mark.parametrize(("xgid", "gnubg_id"), XGIDS)
def test_xgid_table(xgid: str, gnubg_id: str) -> None:
    parsed = parse_xgid(xgid)
    expected = parse_gnubg_id(gnubg_id)
    assert parsed.position == expected.position
    assert parse_xgid(xgid).position == expected.position
    if parsed.dice == "D":
        # gnubg steps a pending double back to "the doubler to act"; tavla keeps it.
        stepped_back = expected.match_id
        assert stepped_back.turn == stepped_back.dice_owner
        assert not stepped_back.double_offered
        expected = GnubgId(
            expected.position,
            dataclasses.replace(stepped_back, turn=1 - stepped_back.turn, double_offered=True),
        )
    assert parsed.to_gnubg_id() == expected
    assert str(parsed) == xgid


def test_xgid_fields() -> None:
    xgid = parse_xgid(f"{START_XGID}:1:-1:1:52:4:2:0:9:10")
    assert xgid == Xgid(
        Position.initial(),
        cube_value=2,
        cube_owner=-1,
        turn=1,
        dice=(5, 2),
        score_bottom=4,
        score_top=2,
        match_length=9,
    )
    money = parse_xgid(f"XGID={START_XGID}:0:0:1:00:0:0:3:0:8")
    assert (money.jacoby, money.beavers, money.max_cube, money.dice) == (True, True, 256, None)


def test_xgid_of_a_bare_position() -> None:
    start = Xgid.from_position(Position.initial())
    assert str(start) == f"XGID={START_XGID}:0:0:1:00:0:0:0:0:10"
    nackgammon = Position.from_position_id("4Dl4ADbgOXgANg")
    assert str(Xgid.from_position(nackgammon)).startswith("XGID=-bb---D-C---dD---c-d---BB-:")
    assert parse_xgid("-bb---D-C---dD---c-d---BB-:0:0:1:00:0:0:0:0:10").position == nackgammon


# XG's text exports (shared/realdata/kevung__xgparser/test/2025-11-04/*.txt): the XGID and
# what XG printed beside it: "Pip count X: .. O: ..", "Score is X:.. O:..", "Cube: .."
# (X = bottom, O = top).
XG_EXPORTS = [
    ("XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10", (111, 52), (3, 6), 2, -1),
    ("XGID=---BBaB-BbA-bC-b--BdAca---:0:0:1:00:0:5:0:9:10", (147, 137), (0, 5), 1, 0),
    ("XGID=-aAaBaDaB---bD-b-A-cA-b-b-:0:0:1:00:2:4:0:9:10", (139, 156), (2, 4), 1, 0),
    ("XGID=--BaBCCBAA------acccc-a--A:0:0:1:00:0:2:0:7:10", (101, 112), (0, 2), 1, 0),
    ("XGID=---BADB------------bf---a-:1:1:1:00:4:0:0:7:10", (42, 43), (4, 0), 2, 1),
    ("XGID=---c--CCB---dB-B---c-BcAb-:1:1:1:00:0:1:0:7:10", (176, 147), (0, 1), 2, 1),
    ("XGID=---aBBCCCB----a-aa-babbbb-:1:1:1:00:1:2:0:9:10", (99, 87), (1, 2), 2, 1),
]


@pytest.mark.parametrize(("xgid", "pips", "score", "cube", "owner"), XG_EXPORTS)
def test_xg_text_exports(
    xgid: str, pips: tuple[int, int], score: tuple[int, int], cube: int, owner: int
) -> None:
    parsed = parse_xgid(xgid)
    assert parsed.turn == 1  # "X to play" / "X on roll" in every export
    assert parsed.position.pip_counts == pips
    assert (parsed.score_bottom, parsed.score_top) == score
    assert (parsed.cube_value, parsed.cube_owner) == (cube, owner)
    assert str(parsed) == xgid


@given(positions(), st.sampled_from([1, -1]))
def test_xgid_round_trip(position: Position, turn: int) -> None:
    xgid = Xgid(position, turn=turn)
    text = str(xgid)
    assert parse_xgid(text) == xgid
    assert parse_xgid(text.removeprefix("XGID=")) == xgid
    assert parse_xgid(str(Xgid.from_position(position))).position == position
    # Mirror image (docs/formats.rst, "XGID"): the same position with the other side on roll at the
    # top gives the same Position ID.
    assert parse_xgid(text).to_gnubg_id().position.position_id == position.position_id


@pytest.mark.parametrize(
    ("xgid", "fault"),
    [
        (f"{START_XGID}:0:0:1:00:0:0:0:0", "10 colon-separated fields"),
        (f"{START_XGID}:0:0:1:00:0:0:0:0:10:1", "has 11"),
        ("-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "26 characters"),
        ("-b----E-C---eE---c-e----BZ:0:0:1:00:0:0:0:0:10", "26 characters of '-', A-P, a-p"),
        ("Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "character 0"),
        ("-b----E-C---eE---c-e----Bb:0:0:1:00:0:0:0:0:10", "character 25"),
        ("-b----E-C---eE---c-e----C-:0:0:1:00:0:0:0:0:10", "16 bottom checkers"),
        ("-b----E-C---eE---c-f----B-:0:0:1:00:0:0:0:0:10", "16 top checkers"),
        (f"{START_XGID}:16:0:1:00:0:0:0:0:10", "cube (log2 of its value) must be 0 to 15"),
        (f"{START_XGID}:0:2:1:00:0:0:0:0:10", "cube owner must be 1 or 0 or -1, got '2'"),
        (f"{START_XGID}:0:0:0:00:0:0:0:0:10", "turn must be 1 or -1, got '0'"),
        (f"{START_XGID}:0:0:+1:00:0:0:0:0:10", "turn must be 1 or -1, got '+1'"),
        (f"{START_XGID}:0:0:1:72:0:0:0:0:10", "dice are 00, D or two digits 1-6, got '72'"),
        (f"{START_XGID}:0:0:1:5:0:0:0:0:10", "got '5'"),
        (f"{START_XGID}:0:0:1:B:0:0:0:0:10", "beaver/raccoon dice value 'B' is not supported"),
        (f"{START_XGID}:0:0:1:00:8:0:0:7:10", "a score of 8 is above the match length 7"),
        (f"{START_XGID}:0:0:1:00:-1:0:0:7:10", "bottom score must be 0 to 32767, got '-1'"),
        (
            f"{START_XGID}:0:0:1:00:0:0:2:7:10",
            "rules in a match (1 = Crawford game) must be 0 to 1",
        ),
        (f"{START_XGID}:0:0:1:00:0:0:4:0:10", "rules in money play must be 0 to 3, got '4'"),
        (f"{START_XGID}:0:0:1:00:0:0:0:1.5:10", "match length must be 0 to 32767, got '1.5'"),
    ],
)
def test_malformed_xgid(xgid: str, fault: str) -> None:
    with pytest.raises(InvalidIdError, match="XGID") as error:
        parse_xgid(xgid)
    assert fault in str(error.value)


@pytest.mark.parametrize(
    ("fields", "fault"),
    [
        ({"cube_owner": 2}, "cube owner is 1, 0 or -1"),
        ({"turn": 0}, "turn is 1 (bottom) or -1 (top)"),
        ({"dice": "B"}, "dice must be None or two dice"),
        ({"max_cube": 100}, "maximum cube must be a power of two"),
        ({"jacoby": True, "match_length": 7}, "money play options"),
        ({"crawford": True}, "Crawford flag is set in money play"),
    ],
)
def test_bad_xgid_fields(fields: dict[str, object], fault: str) -> None:
    with pytest.raises(InvalidIdError) as error:
        Xgid(Position.initial(), **fields)  # type: ignore[arg-type]
    assert fault in str(error.value)


# IDs that cannot be read, quoted in short; the dice of a game in both IDs.


BIG = 100_000


def test_a_position_id_that_is_not_ascii_is_an_invalid_id_error() -> None:
    with pytest.raises(InvalidIdError, match=r"'\\udebe' at 0, not a printable ASCII"):
        Position.from_position_id("\udebe")
    with pytest.raises(InvalidIdError, match="not a printable ASCII character"):
        parse_gnubg_id("4HPwATDgc/ABMé:cAnvAAAAAAAE")


@pytest.mark.parametrize(
    "parse",
    [
        Position.from_position_id,
        MatchId.parse,
        parse_gnubg_id,
        parse_xgid,
        lambda text: parse_gnubg_id(f"4HPwATDgc/ABMA:{text}"),
        lambda text: parse_xgid(f"XGID={START_XGID}:0:0:1:00:0:0:0:{text}:10"),
    ],
)
def test_id_errors_quote_a_huge_input_in_short(parse: Any) -> None:
    with pytest.raises(InvalidIdError) as error:
        parse("A" * BIG)
    assert len(str(error.value)) < 400
    assert str(error.value).count("(100,000 characters)") == 1  # quoted once


def test_xgid_numbers_beyond_python_s_digit_limit_are_invalid_id_errors() -> None:
    with pytest.raises(InvalidIdError, match=r"match length must be 0 to 32767, got '9999"):
        parse_xgid(f"XGID={START_XGID}:0:0:1:00:0:0:0:{'9' * 5000}:10")
    with pytest.raises(InvalidIdError, match=r"cube .* must be 0 to 15, got '-000"):
        parse_xgid(f"XGID={START_XGID}:-{'0' * 5000}1:0:1:00:0:0:0:0:10")


def test_id_fields_beyond_python_s_digit_limit_are_invalid_id_errors() -> None:
    huge = 10**5000
    with pytest.raises(InvalidIdError, match="the match length must be an int from 0 to 32767"):
        MatchId(match_length=huge)
    with pytest.raises(InvalidIdError, match="got <an int of 16,610 bits>"):
        Xgid(Position.initial(), cube_value=huge)
    with pytest.raises(RulesError, match="got <an int of 16,610 bits>"):
        Game(match_length=huge)


def test_a_games_xgid_and_gnubg_id_write_the_dice_alike() -> None:
    game = Game(dice=[(3, 1), (1, 5)])
    game.roll()
    game.play("8/5 6/5")
    game.roll()
    assert game.dice == (1, 5)
    assert str(game.xgid).split(":")[4] == "51"
    assert str(parse_xgid(str(game.xgid)).to_gnubg_id()) == str(game.gnubg_id)
