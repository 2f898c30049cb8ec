"""FIBS board strings (docs/formats.rst, "FIBS board strings"): gnubg's examples round trip,
fields checked by hand, FIBS's own flavour, gnubg's IDs there and back, malformed strings
refused."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tavla import InvalidIdError, Position
from tavla.formats.fibs import UNLIMITED, FibsBoard, parse_fibs_board
from tavla.formats.gnubg import GnubgId, MatchId, MatchIdState
from tavla.formats.xgid import parse_xgid
from tests.helpers.strategies import positions
from tests.test_ids import match_ids

# XGIDs imported into GNU Backgammon 1.1.0a16, then its board string.
GNUBG_EXAMPLES = [
    (
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10",
        "board:root:gnubg:7:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:5:2:5:2"
        ":1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
    ),
    (
        "XGID=-b----E-C---eE---c-e----B-:1:-1:1:00:2:4:0:7:10",
        "board:root:gnubg:7:2:4:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0"
        ":2:0:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
    ),
    (
        "XGID=----b-E-D---bD-A-cac--b-bA:0:0:1:64:0:0:0:3:10",
        "board:root:gnubg:3:0:0:0:0:0:0:-2:0:5:0:4:0:0:0:-2:4:0:1:0:-3:-1:-3:0:0:-2:0:-2:1:1:6:4"
        ":6:4:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
    ),
    (
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:4:2:1:5:10",
        "board:root:gnubg:5:4:2:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:3:1:3:1"
        ":1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0",
    ),
    (
        "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:4:2:0:5:10",
        "board:root:gnubg:5:4:2:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:-1:0:0:0"
        ":0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:1:1",
    ),
]
START, CUBE_EXAMPLE, BAR_EXAMPLE, CRAWFORD, POST_CRAWFORD = (b for _, b in GNUBG_EXAMPLES)

# Seen on FIBS (fibsboard.com forum).  17-point match, 0-2; mpgnu is X
# and moves 1 -> 24, has rolled 3-6 and borne off 2.
MPGNU = (
    "board:mpgnu:buster:17:0:2:0:0:0:2:1:4:3:0:1:0:1:0:0:2:0:0:0:0:0:1:-2:-2:-1:-4:-4:0:-1:3:6"
    ":0:0:1:1:1:0:-1:1:25:0:2:0:0:0:2:2:0:0"
)


def tokens(text: str) -> list[str]:
    return text.split(":")


def with_tokens(text: str, **changes: str) -> str:
    """``text`` with token ``n`` (1-based, as docs/formats.rst counts) replaced: ``t41="1"``."""
    parts = tokens(text)
    for name, value in changes.items():
        parts[int(name[1:]) - 1] = value
    return ":".join(parts)


@pytest.mark.parametrize(("xgid", "board"), GNUBG_EXAMPLES)
def test_gnubg_examples_round_trip(xgid: str, board: str) -> None:
    fibs = parse_fibs_board(board, "gnubg")
    assert fibs.encode() == board
    assert str(fibs) == board
    # The same state gnubg read from the XGID: both conversions give one GNUbg ID.
    gnubg_id = parse_xgid(xgid).to_gnubg_id()
    assert fibs.to_gnubg_id() == gnubg_id
    assert FibsBoard.from_gnubg_id(gnubg_id, "root", "gnubg").encode() == board


def test_gnubg_example_fields_by_hand() -> None:
    start = parse_fibs_board(START, "gnubg")
    assert (start.player, start.opponent, start.match_length, start.score) == (
        "root",
        "gnubg",
        7,
        (0, 0),
    )
    assert (start.turn, start.dice, start.cube_value, start.cube_owner) == (1, (5, 2), 1, None)
    assert start.position == Position.initial()
    assert (start.crawford, start.post_crawford, start.colour, start.direction) == (
        False,
        False,
        1,
        -1,
    )

    # Top (gnubg player 0, the opponent) owns a 2-cube; 2-4; nobody has rolled.
    cube = parse_fibs_board(CUBE_EXAMPLE, "gnubg")
    assert (cube.cube_value, cube.may_double, cube.cube_owner) == (2, (False, True), -1)
    assert (cube.score, cube.dice, cube.context.score) == ((2, 4), None, (4, 2))
    assert cube.to_match_id().cube_owner == 0

    # The player has a checker on its bar (position 25) and rolled 6-4 in a 3-point match.
    bar = parse_fibs_board(BAR_EXAMPLE, "gnubg")
    board = bar.position.board
    assert (board[0, 25], board[1, 25], bar.dice, bar.match_length) == (1, 0, (6, 4), 3)
    # From the XGID by hand: 6x5 + 8x4 + 13x4 + 15 + 25 (the bar) = 154 for the player;
    # 21x2 + 13x2 + 8x3 + 7 + 6x3 + 3x2 + 1x2 = 125 for the opponent.
    assert bar.position.pip_counts == (154, 125)

    crawford = parse_fibs_board(CRAWFORD, "gnubg")
    assert (crawford.crawford, crawford.post_crawford, crawford.dice) == (True, False, (3, 1))
    assert crawford.context.crawford

    # The opponent (top) is on roll after the Crawford game: the position is seen from it.
    post = parse_fibs_board(POST_CRAWFORD, "gnubg")
    assert (post.turn, post.post_crawford, post.crawford) == (-1, True, False)
    assert post.context.is_post_crawford
    assert post.to_match_id().dice_owner == 0


def test_fibs_example_by_hand() -> None:
    fibs = parse_fibs_board(MPGNU)
    assert fibs.encode() == MPGNU
    assert (fibs.player, fibs.opponent, fibs.match_length, fibs.score) == (
        "mpgnu",
        "buster",
        17,
        (0, 2),
    )
    assert (fibs.colour, fibs.direction, fibs.turn, fibs.dice) == (-1, 1, 1, (3, 6))
    # X's (the player's) counts are negative at positions 20-24: its points 5 down to 1.
    player, opponent = fibs.position.board.tolist()
    assert player == [2, 4, 4, 1, 2, 2] + [0] * 20
    assert {i: n for i, n in enumerate(opponent) if n} == {
        3: 2,
        4: 1,
        5: 4,
        6: 3,
        8: 1,
        10: 1,
        13: 2,
        19: 1,
    }
    assert (fibs.can_move, fibs.forced_move, fibs.redoubles, fibs.crawford) == (2, 2, 0, False)
    assert fibs.to_match_id().score == (2, 0)  # gnubg order: opponent (player 0) first


def test_fibs_flavour_implies_the_crawford_game() -> None:
    crawford = parse_fibs_board(with_tokens(MPGNU, t5="16"))
    assert (crawford.crawford, crawford.post_crawford) == (True, False)
    after = parse_fibs_board(with_tokens(MPGNU, t5="16", t52="1"))
    assert (after.crawford, after.post_crawford) == (False, True)
    assert after.context.is_post_crawford
    with pytest.raises(InvalidIdError, match="does not write the Crawford game"):
        replace(after, post_crawford=False, crawford=False)


def test_unlimited_match_is_money_play() -> None:
    money = parse_fibs_board(with_tokens(MPGNU, t4=str(UNLIMITED), t5="12", t6="30"))
    assert money.is_unlimited
    assert (money.context.length, money.context.score) == (0, (30, 12))
    assert money.encode().split(":")[3] == "9999"
    # From a money game's GNUbg ID: FIBS writes 9999, gnubg 0.
    gnubg_id = GnubgId(Position.initial(), MatchId(dice_owner=1, turn=1, dice=(3, 1)))
    assert tokens(FibsBoard.from_gnubg_id(gnubg_id, flavour="fibs").encode())[3] == "9999"
    assert tokens(FibsBoard.from_gnubg_id(gnubg_id).encode())[3] == "0"


def test_pending_double_both_flavours() -> None:
    # gnubg writes the doubler's side as the sign of token 41 (the turn token names it too).
    start = parse_fibs_board(START, "gnubg")
    player_doubled = replace(start, dice=None, doubled_by=1)
    text = player_doubled.encode()
    assert tokens(text)[40] == "1" and tokens(text)[32] == "1"
    match_id = parse_fibs_board(text, "gnubg").to_match_id()
    assert (match_id.double_offered, match_id.dice_owner, match_id.turn) == (True, 1, 0)

    opponent_doubled = replace(start, dice=None, turn=-1, doubled_by=-1)
    assert tokens(opponent_doubled.encode())[40] == "-1"
    # FIBS writes 1 when the opponent has doubled, and cannot write the player's double.
    fibs = replace(opponent_doubled, flavour="fibs")
    assert tokens(fibs.encode())[40] == "1"
    assert parse_fibs_board(fibs.encode()) == fibs
    with pytest.raises(InvalidIdError, match="only the opponent's double"):
        replace(player_doubled, flavour="fibs")


def test_a_finished_game_has_turn_zero() -> None:
    board = [[15] + [0] * 25, [0] * 6 + [15] + [0] * 19]
    over = FibsBoard(Position(board), match_length=5, score=(1, 2), turn=0)
    assert tokens(over.encode())[32] == "0"
    assert tokens(over.encode())[45:47] == ["15", "0"]
    gnubg_id = over.to_gnubg_id()
    assert (gnubg_id.match_id.game_state, gnubg_id.match_id.dice_owner) == (MatchIdState.OVER, 1)
    assert FibsBoard.from_gnubg_id(gnubg_id, flavour="fibs") == over
    with pytest.raises(InvalidIdError, match="finished"):
        replace(over, turn=1)


@given(positions(), match_ids(), st.sampled_from(["fibs", "gnubg"]))
def test_gnubg_ids_round_trip_through_board_strings(
    position: Position, match_id: MatchId, flavour: str
) -> None:
    # A board string has no resignation or Jacoby token and writes every ended game as over;
    # the player to act is the side on roll, unless a double awaits an answer.
    turn = match_id.turn if match_id.double_offered else match_id.dice_owner
    try:
        match_id = replace(
            match_id, game_state=MatchIdState.PLAYING, resignation=None, jacoby=False, turn=turn
        )
    except InvalidIdError:  # a score that has already won the match, say
        assume(False)
    assume(not position.is_over)
    gnubg_id = GnubgId(position, match_id)
    player_doubled = match_id.double_offered and match_id.turn == 0
    if flavour == "fibs" and player_doubled:
        with pytest.raises(InvalidIdError, match="only the opponent's double"):
            FibsBoard.from_gnubg_id(gnubg_id, flavour="fibs")
        return
    fibs = FibsBoard.from_gnubg_id(gnubg_id, "me", "you", flavour=flavour)  # type: ignore[arg-type]
    again = parse_fibs_board(fibs.encode(), flavour)  # type: ignore[arg-type]
    assert again == fibs
    assert again.to_gnubg_id() == gnubg_id


MALFORMED = [
    (START.replace("board:", "bord:"), "'board:' and 52 more"),
    (START + ":0", "54 tokens"),
    (with_tokens(START, t12="five"), "token 12 must be an integer, got 'five'"),
    (with_tokens(START, t42="2"), "token 42 (colour) must be -1 or 1, got 2"),
    (with_tokens(START, t43="1"), "token 44 (home, for direction 1) must be 25, got 0"),
    (with_tokens(START, t33="2"), "token 33 (turn) must be -1 or 1 or 0, got 2"),
    (with_tokens(START, t7="1"), "position 0 is the other side's bar"),
    (with_tokens(START, t13="6"), "16 player checkers on the board"),
    (with_tokens(START, t46="1"), "token 46 says the player has borne off 1"),
    (with_tokens(START, t48="1"), "tokens 48-49 (on the bar) are 1:0"),
    (with_tokens(START, t36="6", t37="6"), "the opponent, not on roll, has dice 6:6"),
    (with_tokens(START, t34="7"), "tokens 34-35 (dice) must be two dice 1 to 6"),
    (with_tokens(START, t34="0"), "tokens 34-35 (dice) must be two dice 1 to 6, or 0:0"),
    (with_tokens(START, t33="0"), "the game is over (turn 0), yet dice are given"),
    (with_tokens(START, t38="3"), "token 38 (cube) must be a power of two"),
    (with_tokens(START, t41="2"), "token 41 (who doubled) must be 1 or 0 or -1, got 2"),
    (with_tokens(START, t5="8"), "a score of 8 is above the match length 7"),
    (with_tokens(CRAWFORD, t38="2", t40="0"), "the cube is at 2 in the Crawford game"),
    (with_tokens(START, t52="1"), "the post-Crawford flag is set at 0-0"),
    (with_tokens(START, t53="0"), "neither side one point from 7: no Crawford game"),
    (with_tokens(START, t2="a\nb"), "holds a colon or a line break"),
]


@pytest.mark.parametrize(("text", "fault"), MALFORMED)
def test_malformed_board_strings(text: str, fault: str) -> None:
    with pytest.raises(InvalidIdError, match=fault.replace("(", r"\(").replace(")", r"\)")):
        parse_fibs_board(text, "gnubg")


def test_fibs_flavour_refuses_gnubg_only_tokens() -> None:
    with pytest.raises(InvalidIdError, match="token 41 \\(was doubled\\) must be 0 or 1, got -1"):
        parse_fibs_board(with_tokens(MPGNU, t41="-1"))
    with pytest.raises(InvalidIdError, match="tokens 48-49 \\(on the bar\\) are 0:0"):
        parse_fibs_board(with_tokens(MPGNU, t7="-1", t31="-3"))  # a checker on mpgnu's bar
    with pytest.raises(InvalidIdError, match="the opponent, not on roll, has dice 3:6"):
        parse_fibs_board(with_tokens(MPGNU, t36="3", t37="6"))  # gnubg's repeated dice


def test_bad_arguments() -> None:
    with pytest.raises(InvalidIdError, match="a FIBS board is a string, got bytes"):
        parse_fibs_board(b"board:")  # type: ignore[arg-type]
    with pytest.raises(InvalidIdError, match="flavour must be one of 'fibs', 'gnubg'"):
        parse_fibs_board(START, "xg")  # type: ignore[arg-type]
    with pytest.raises(InvalidIdError, match="position is a Position"):
        FibsBoard("4HPwATDgc/ABMA")  # type: ignore[arg-type]
    with pytest.raises(InvalidIdError, match="the player's name 'a:b' holds a colon"):
        FibsBoard(Position.initial(), player="a:b")
    with pytest.raises(InvalidIdError, match="gnubg's flavour has no redoubles token"):
        FibsBoard(Position.initial(), redoubles=2, flavour="gnubg")
    with pytest.raises(InvalidIdError, match="gnubg_id must be a GnubgId, got str"):
        FibsBoard.from_gnubg_id("4HPwATDgc/ABMA:cAnuAAAAAAAE")  # type: ignore[arg-type]
