"""tavla as a UBGI engine (tavla.engines.server, ``tavla ubgi``): its answers to scripted
commands of both UBGI drafts, plays in the plain form, cube answers worked out by hand in
last-roll bear-offs, and an error line for every malformed command."""

from __future__ import annotations

import io
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tavla import PlayoutError, Position, __version__
from tavla.engines.server import UbgiEngine, plain_play, serve
from tavla.eval.choice import choose_play
from tavla.formats.xgid import Xgid
from tests.helpers.fuzz import fuzz_settings


def position(mover: dict[int, int], opponent: dict[int, int]) -> Position:
    """A board from ``point: checkers`` of each side (the rest borne off)."""
    board = np.zeros((2, 26), np.int8)
    for row, side in enumerate((mover, opponent)):
        for point, count in side.items():
            board[row, point] = count
        board[row, 0] = 15 - sum(side.values())
    return Position(board)


START = Position.initial().position_id
CLOSED = {6: 3, 5: 3, 4: 3, 3: 3, 2: 3}  # the opponent holds its 2- to 6-points
ON_THE_BAR = position({25: 1, 6: 14}, CLOSED)  # enters on 24 with a 1 only
DANCING = position({25: 2, 6: 13}, CLOSED)
# Last-roll bear-offs against one checker on the opponent's 1-point (it wins if it rolls):
SURE = position({1: 1}, {1: 1})  # bears off with any roll: wins 36/36
FOUR = position({4: 1}, {1: 1})  # bears off with all rolls but 21: wins 34/36
TWO_ON_SIX = position({6: 2}, {1: 1})  # only 33, 44, 55, 66 take both off: wins 4/36


def answers(engine: UbgiEngine, *commands: str) -> list[str]:
    return [line for command in commands for line in engine.handle(command)]


def test_greeting_names_the_engine_and_both_handshakes() -> None:
    assert UbgiEngine("pubeval").handle("ubgi") == [
        "id name tavla (pubeval)",
        "id author the tavla developers",
        f"id version {__version__}",
        "proto 0.2",
        "ubgiok",
        "readyok",
    ]
    assert answers(UbgiEngine(), "isready", "newgame", "stop", "", "   ") == ["readyok"]


def test_v02_checker_plays_in_the_plain_form() -> None:
    engine = UbgiEngine("pubeval")
    assert answers(engine, f"position gnubgid {START}", "dice 3 1", "go chequer") == [
        "bestmove 8/5 6/5"
    ]
    # Doubles written out move by move, no (2); v0.1's "go role chequer" and a bare "go".
    assert answers(engine, "dice 6 6", "go role chequer") == ["bestmove 24/18 24/18 13/7 13/7"]
    assert answers(engine, "dice 1 3", "go") == ["bestmove 8/5 6/5"]  # the higher die first
    engine.handle(f"position gnubgid {ON_THE_BAR.position_id}")
    assert answers(engine, "dice 2 1", "go") == ["bestmove bar/24 6/4"]
    assert answers(engine, f"position gnubgid {DANCING.position_id}", "dice 3 3", "go") == [
        "bestmove pass"
    ]
    engine.handle(f"position gnubgid {position({6: 1, 1: 1}, {1: 1}).position_id}")
    assert answers(engine, "dice 6 1", "go chequer") == ["bestmove 6/off 1/off"]


def test_a_gnubg_id_or_xgid_brings_its_dice() -> None:
    engine = UbgiEngine("pubeval")
    xgid = Xgid(Position.initial(), dice=(3, 1)).encode()
    assert answers(engine, f"position xgid {xgid}", "go") == ["bestmove 8/5 6/5"]
    assert answers(engine, f"position xgid {xgid[5:]}", "go") == ["bestmove 8/5 6/5"]
    # The start of a 7-point match, player 1 to play 4-3 (docs/formats.rst, "GNU Backgammon
    # Match ID").
    assert answers(engine, "position gnubgid 4HPwATDgc/ABMA:cAnuAAAAAAAE", "go") == [
        f"bestmove {plain_play(choose_play('pubeval', Position.initial(), '43'))}"
    ]
    assert answers(engine, "dice 6 6", "go") == ["bestmove 24/18 24/18 13/7 13/7"]


@pytest.mark.parametrize(
    ("situation", "cube", "answer"),
    [
        # 36/36: doubling only turns a sure point into a sure point (ties keep the cube), the
        # opponent passes a double of a certain loss.
        (SURE, "nodouble", "drop"),
        # 34/36: no double is worth 2 * 34/36 - 1 = 0.89, double/take 1.78, double/pass 1.
        (FOUR, "double", "drop"),
        # 4/36: -0.78 without a double; taken, the opponent is a 32/36 favourite.
        (TWO_ON_SIX, "nodouble", "take"),
    ],
)
def test_cube_answers_of_last_roll_bear_offs(situation: Position, cube: str, answer: str) -> None:
    engine = UbgiEngine("bearoff")
    assert answers(engine, f"position gnubgid {situation.position_id}", "go cube") == [
        f"bestcube {cube}"
    ]
    assert answers(engine, f"position gnubgid {situation.position_id}", "go") == [
        f"bestcube {cube}"
    ]
    pending = Xgid(situation, dice="D").encode()
    assert answers(engine, f"position xgid {pending}", "go role cube") == [f"bestcube {answer}"]
    # The first draft: a bare XGID line, answered with the action alone.
    assert engine.handle(Xgid(situation).encode()) == [{"nodouble": "roll"}.get(cube, cube)]
    assert engine.handle(pending) == [answer]


def test_first_draft_position_lines() -> None:
    engine = UbgiEngine("pubeval")
    assert engine.handle(Xgid(Position.initial(), dice=(3, 1)).encode()) == ["8/5 6/5"]
    assert engine.handle(Xgid(DANCING, dice=(3, 3)).encode()) == [""]  # no legal move
    board = (  # gnubg's own board string of the start, 5-2 to play (docs/formats.rst)
        "board:root:gnubg:7:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1"
        ":5:2:5:2:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1"
    )
    assert engine.handle(board) == [plain_play(choose_play("pubeval", Position.initial(), "52"))]
    assert engine.handle(Xgid(Position.initial()).encode()) == ["sorry"]  # pubeval: no cube
    assert engine.handle("XGID=nonsense") == ["sorry"]
    assert engine.handle("board:x") == ["sorry"]


@pytest.mark.parametrize(
    ("commands", "error"),
    [
        (["go"], "error bad_state missing position"),
        ([f"position gnubgid {START}", "go chequer"], "error bad_state missing dice"),
        ([f"position gnubgid {START}", "go turn"], "error unsupported go turn"),
        ([f"position gnubgid {START}", "go sideways"], "error bad_command unknown go role"),
        (["position"], "error bad_command expected: position gnubgid <ID> or position xgid"),
        (["position fen x"], "error bad_command expected: position gnubgid <ID>"),
        (["position gnubgid xx"], "error bad_value bad Position ID: a Position ID has 14"),
        (["position xgid 12:3"], "error bad_value an XGID has 10 colon-separated fields"),
        ([f"position gnubgid {START}:zz"], "error bad_value a Match ID has 12 characters"),
        (["position gnubgid XGID=12:3"], "error bad_value bad Position ID: a Position ID has"),
        (["dice 7 1"], "error bad_value dice: cannot read the roll '7 1'"),
        (["dice"], "error bad_value dice: cannot read the roll"),
        (["frobnicate now"], "error bad_command unknown command 'frobnicate'"),
        (["set engine.policy"], "error bad_command expected: set <key> <value>"),
        (["setoption name engine.policy"], "error bad_command expected: setoption name"),
        (["get"], "error bad_command expected: get <key>"),
        (["get engine.ply"], "error unsupported no key 'engine.ply'"),
        (["set engine.ply 2"], "error unsupported no key 'engine.ply'"),
        (["set engine.policy nonsense"], "error bad_value engine.policy: unknown policy"),
        ([f"position gnubgid {START}", "go cube"], "error unsupported the policy 'pubeval'"),
    ],
)
def test_malformed_commands_get_an_error_line(commands: list[str], error: str) -> None:
    engine = UbgiEngine("pubeval")
    *setup, last = commands
    assert answers(engine, *setup) == []
    (line,) = engine.handle(last)
    assert line.startswith(error)


def test_a_rejected_position_or_dice_leaves_nothing_to_answer_for() -> None:
    """A refused ``position`` forgets the position and dice before it, a refused ``dice``
    the dice: the next ``go`` is an error, not the play of the old position (issue 18)."""
    engine = UbgiEngine("pubeval")
    (error,) = answers(
        engine, f"position gnubgid {START}", "dice 3 1", "position gnubgid AAAAAAAAAAAAAA"
    )
    assert error.startswith("error bad_value")
    assert answers(engine, "go chequer") == ["error bad_state missing position"]
    assert answers(engine, "go") == ["error bad_state missing position"]
    (error,) = answers(engine, f"position gnubgid {START}", "dice 3 1", "dice 9 9")
    assert error.startswith("error bad_value dice:")
    assert answers(engine, "go chequer") == ["error bad_state missing dice"]
    assert answers(engine, "dice 3 1", "go chequer") == ["bestmove 8/5 6/5"]
    # The dice of a GNUbg ID are forgotten too: the position stays, without dice.
    answers(engine, "position gnubgid 4HPwATDgc/ABMA:cAnuAAAAAAAE", "dice 0 0")
    assert answers(engine, "go chequer") == ["error bad_state missing dice"]


def test_bearoff_decides_the_cube_in_bear_offs_only() -> None:
    engine = UbgiEngine("bearoff")
    (line,) = answers(engine, f"position gnubgid {START}", "go cube")
    assert line == (
        "error unsupported the bear-off database decides the cube only where both sides are home"
    )


def test_the_policy_is_a_key() -> None:
    engine = UbgiEngine("pubeval")
    assert engine.handle("keys") == ["key engine.policy string * pubeval the policy that plays"]
    assert engine.handle("set engine.policy bearoff") == []
    assert engine.handle("get engine.policy") == ["value engine.policy bearoff"]
    assert engine.handle("setoption name engine.policy value net:td198-40@1") == []
    assert engine.handle("get engine.policy") == ["value engine.policy net:td198-40@1"]
    assert answers(engine, f"position gnubgid {FOUR.position_id}", "go cube") == ["bestcube double"]
    with pytest.raises(PlayoutError, match="unknown policy 'nonsense'"):
        UbgiEngine("nonsense")


def test_serve_answers_until_quit() -> None:
    commands = io.StringIO(f"ubgi\r\nposition gnubgid {START}\ndice 3 1\ngo\nquit\ngo\n")
    out = io.StringIO()
    serve(UbgiEngine("pubeval"), commands, out)
    assert out.getvalue().splitlines()[-2:] == ["readyok", "bestmove 8/5 6/5"]


def test_tavla_ubgi_over_pipes() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tavla", "ubgi", "--policy", "pubeval"],
        input=f"isready\nposition gnubgid {START}\ndice 3 1\ngo chequer\nbad\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "readyok",
        "bestmove 8/5 6/5",
        "error bad_command unknown command 'bad'",
    ]
    done = subprocess.run(
        [sys.executable, "-m", "tavla", "ubgi", "--policy", "nonsense"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "unknown policy 'nonsense'" in done.stderr


XGID_START = Xgid(Position.initial(), dice=(3, 1)).encode()
COMMAND_WORDS = [
    "ubgi",
    "isready",
    "newgame",
    "position",
    "gnubgid",
    "xgid",
    "dice",
    "go",
    "chequer",
    "cube",
    "role",
    "turn",
    "set",
    "get",
    "keys",
    "setoption",
    "name",
    "value",
    "engine.policy",
    "stop",
    START,
    f"{START}:cAnuAAAAAAAE",
    XGID_START,
    XGID_START[5:],
    "board:a:b:7:0:0",
    "1",
    "3",
    "6",
    "9",
    "0",
    "-",
    "pubeval",
    "random",
    "bearoff",
    "net:td198-40",
    "@1",
    "9" * 5000,
]


@fuzz_settings(150)
@given(
    st.lists(
        st.lists(st.one_of(st.sampled_from(COMMAND_WORDS), st.text(max_size=12)), max_size=6),
        max_size=10,
    )
)
def test_fuzz_command_lines(lines: list[list[str]]) -> None:
    """Whatever lines come in, tavla ubgi answers lines (an error line for a bad one) and
    never raises (issue 18)."""
    engine = UbgiEngine("pubeval", seed=1)
    try:
        for words in lines:
            replies = engine.handle(" ".join(words))
            assert all(isinstance(reply, str) and "\n" not in reply for reply in replies)
    finally:
        engine.close()
