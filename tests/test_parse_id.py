"""Any ID parsed once (tavla.formats.parse_id) and the cube context it holds
(CubeContext.from_id), checked against the XGID / Match ID pairs of the formats page; a bad
ID gets the same error wherever it is given."""

from __future__ import annotations

import re

import pytest

from tavla import CubeContext, EnvError, InvalidIdError, Position
from tavla.env import BackgammonEnv
from tavla.formats import parse_id
from tavla.formats.any_id import as_gnubg_id, parse_position_or_gnubg_id
from tavla.formats.fibs import FibsBoard
from tavla.formats.gnubg import GnubgId
from tavla.formats.xgid import Xgid

START = "4HPwATDgc/ABMA"
XGID_START = "-b----E-C---eE---c-e----B-"


def test_each_kind_of_id_is_told_apart_by_its_shape() -> None:
    assert parse_id(f"  {START} ") == Position.initial()
    gnubg = parse_id(f"{START}:QYkqASAAIAAE")
    assert isinstance(gnubg, GnubgId) and gnubg.match_id.score == (2, 4)
    xgid = parse_id(f"XGID={XGID_START}:1:-1:1:52:4:2:0:9:10")
    assert isinstance(xgid, Xgid) and xgid.match_length == 9
    assert isinstance(parse_id(f"{XGID_START}:1:-1:1:52:4:2:0:9:10"), Xgid)  # prefix optional
    board = str(FibsBoard.from_gnubg_id(gnubg, "me", "you"))
    assert parse_id(board) == gnubg


@pytest.mark.parametrize("text", ["", "4HPwATDgc", "XGID=abc", "board:x", "4HPwATDgc/ABMA:zz"])
def test_what_is_no_id_is_refused(text: str) -> None:
    with pytest.raises(InvalidIdError):
        parse_id(text)
    with pytest.raises(InvalidIdError):
        CubeContext.from_id(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "xx",
            "'xx' is neither a Position ID (14 characters), a GNUbg ID, an XGID nor a FIBS board"
            " string",
        ),
        ("XGID=12:3", "an XGID has 10 colon-separated fields, 'XGID=12:3' has 2"),
        (f"{START}:zz", "a Match ID has 12 characters, 'zz' has 2"),
        (
            "board:x",
            "a FIBS board is 'board:' and 52 more colon-separated tokens, got 'board:x' (2 tokens)",
        ),
    ],
)
def test_a_bad_id_has_one_message_wherever_it_is_read(text: str, message: str) -> None:
    with pytest.raises(InvalidIdError, match=f"^{re.escape(message)}$"):
        parse_id(text)
    with pytest.raises(InvalidIdError, match=f"^{re.escape(message)}$"):
        CubeContext.from_id(text)
    with pytest.raises(EnvError, match=f"^{re.escape('position: ' + message)}$"):
        BackgammonEnv("random").reset(options={"position": text})


def test_a_position_or_gnubg_id_is_told_apart_by_the_colon() -> None:
    assert parse_position_or_gnubg_id(f" {START} ") == Position.initial()
    gnubg = parse_position_or_gnubg_id(f"{START}:QYkqASAAIAAE")
    assert isinstance(gnubg, GnubgId) and gnubg.match_id.score == (2, 4)
    message = "bad Position ID: a Position ID has 14 characters, got 2: 'xx'"
    with pytest.raises(InvalidIdError, match=f"^{re.escape(message)}$"):
        parse_position_or_gnubg_id("xx")  # the Position ID's own message, not parse_id's


def test_the_gnubg_id_an_id_stands_for() -> None:
    assert as_gnubg_id(parse_id(START)) is None
    gnubg = parse_id(f"{START}:QYkqASAAIAAE")
    assert as_gnubg_id(gnubg) is gnubg
    xgid = parse_id(f"XGID={XGID_START}:1:-1:1:52:4:2:0:9:10")
    from_xgid = as_gnubg_id(xgid)
    assert from_xgid is not None and from_xgid.position == Position.initial()
    # 9-point match, top (gnubg's player 0) 2 points and owning a 2-cube, bottom (player 1)
    # 4 points and on roll with 5-2 (docs/formats.rst, the manual's example).
    match_id = from_xgid.match_id
    assert (match_id.match_length, match_id.score, match_id.dice) == (9, (2, 4), (5, 2))
    assert (match_id.cube_value, match_id.cube_owner, match_id.dice_owner) == (2, 0, 1)


def test_a_bare_position_id_is_a_money_game_with_the_cube_centred() -> None:
    context = CubeContext.from_id(START)
    assert context.is_money and context.cube.value == 1 and context.owner == "centred"
    assert context.on_roll == 0 and context.game_rules.jacoby and not context.beavers


def test_the_context_of_a_match_id() -> None:
    # The manual's example, 9-point match: player 0 (XGID's top) owns a 2-cube, player 1
    # (bottom) is on roll with 5-2; player 0 has 2 points, player 1 has 4.
    context = CubeContext.from_id(f"{START}:QYkqASAAIAAE")
    assert (context.match.length, context.match.score, context.match.crawford) == (9, (2, 4), False)
    assert (context.cube.value, context.cube.owner, context.on_roll) == (2, 0, 1)
    assert context.owner == "opponent" and (context.away, context.opponent_away) == (5, 7)


@pytest.mark.parametrize(
    ("rules", "jacoby", "beavers"),
    [(0, False, False), (1, True, False), (2, False, True), (3, True, True)],
)
def test_an_xgid_gives_its_money_rules(rules: int, jacoby: bool, beavers: bool) -> None:
    context = CubeContext.from_id(f"XGID={XGID_START}:0:0:1:00:0:0:{rules}:0:10")
    assert context.is_money
    assert (context.game_rules.jacoby, context.beavers) == (jacoby, beavers)


def test_an_xgid_crawford_game_and_its_side_on_roll() -> None:
    context = CubeContext.from_id(f"XGID={XGID_START}:0:0:1:31:4:2:1:5:10")
    assert context.match.crawford and context.match.length == 5
    top_on_roll = CubeContext.from_id(f"XGID={XGID_START}:1:1:-1:00:2:4:0:9:10")
    assert top_on_roll.on_roll == 0 and top_on_roll.owner == "opponent"  # bottom owns it
    assert top_on_roll.match.score == (4, 2)
