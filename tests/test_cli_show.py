"""`tavla show`: the board of a Position ID, GNUbg ID or XGID."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from tavla import Position
from tavla.cli import main
from tavla.formats.gnubg import parse_gnubg_id
from tavla.formats.xgid import parse_xgid
from tavla.render import id_state_lines


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_start_position() -> None:
    code, out, err = run("show", "4HPwATDgc/ABMA")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Position ID: 4HPwATDgc/ABMA"
    assert lines[1].startswith(" O  pip count 167  bar  0  off  0")
    assert lines[-1] == " X  pip count 167  bar  0  off  0  on roll"
    assert lines[3] == " | X           O    |   | O              X |"
    assert lines[-3] == " | O           X    |   | X              O |"


# Both XGIDs (bottom on roll, then top on roll) and the GNUbg ID are the same position:
# both sides on the bar; pip counts 168 (on roll) and 179 worked by hand.
@pytest.mark.parametrize(
    "text",
    [
        "4HPwAFjgc/ABUA",
        "4HPwAFjgc/ABUA:cAnmAAAAAAAE",
        "XGID=ab----E-C---dE---c-e----AA:0:0:1:41:0:0:0:7:10",
        "aa----E-C---eD---c-e----BA:0:0:-1:41:0:0:0:7:10",
    ],
)
def test_same_position_from_every_id_form(text: str) -> None:
    code, out, _ = run("show", text)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Position ID: 4HPwAFjgc/ABUA"
    assert lines[1] == " O  pip count 179  bar  1  off  0"
    assert lines[15] == " X  pip count 168  bar  1  off  0  on roll"  # the board's last line


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        ("4HPwATDgc/ABM", "neither a Position ID (14 characters), a GNUbg ID, an XGID nor a"),
        ("4HPwATDgc/AB!A", "'!'"),
        ("4HPwATDgc/ABMA:cAkAAAAAAAA", "a Match ID has 12 characters"),
        ("4HPwATDgc/ABMA:cAkAAAAA*AAE", "not a base64 character"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0", "10 colon-separated fields"),
        ("XGID=-b----E-C---eE---c-e----C-:0:0:1:00:0:0:0:0:10", "16 bottom checkers"),
    ],
)
def test_bad_id_is_one_line_and_exit_2(text: str, fault: str) -> None:
    code, out, err = run("show", text)
    assert code == 2
    assert out == ""
    assert err.startswith("Error: ") and fault in err
    assert err.count("\n") == 1


def show_json(text: str) -> dict[str, Any]:
    code, out, err = run("show", text, "--json")
    assert code == 0 and err == ""
    record: dict[str, Any] = json.loads(out)
    return record


def test_json_of_a_position_id() -> None:
    """``tavla show --json`` (issue 18: there was none)."""
    record = show_json("4HPwATDgc/ABMA")
    start = Position.initial()
    assert record == {
        "position_id": "4HPwATDgc/ABMA",
        "board": start.board.tolist(),
        "pip_counts": [167, 167],
        "id": None,
    }


def test_json_of_a_gnubg_id_and_an_xgid() -> None:
    # The start of a 7-point match, player 1 to play 4-3 (docs/formats.rst, "GNU Backgammon
    # Match ID").
    record = show_json("4HPwATDgc/ABMA:cAnuAAAAAAAE")
    assert record["position_id"] == "4HPwATDgc/ABMA"
    assert record["id"] == {
        "kind": "gnubg",
        "text": "4HPwATDgc/ABMA:cAnuAAAAAAAE",
        "match_id": "cAnuAAAAAAAE",
        "match_length": 7,
        "score": [0, 0],
        "crawford": False,
        "post_crawford": False,
        "jacoby": False,
        "beavers": False,
        "cube": 1,
        "owner": "centred",
        "dice": [4, 3],
        "double_offered": False,
        "game_state": "playing",
        "state": "X to play 4-3",
    }
    xgid = show_json("XGID=-b----E-C---eE---c-e----B-:1:1:1:00:2:4:0:7:10")
    assert xgid["id"]["kind"] == "xgid"
    assert xgid["id"]["text"] == "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:2:4:0:7:10"
    assert (xgid["id"]["score"], xgid["id"]["cube"], xgid["id"]["owner"]) == ([2, 4], 2, "on roll")
    assert xgid["id"]["state"] == "X to roll" and xgid["id"]["dice"] is None


# The match state below the board.


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # 5-5 rolled by gnubg player 0, 5-point match at 2-1.
        (
            "4HPwATDgc/ABMA:MIG2ACAACAAE",
            [
                " Match ID: MIG2ACAACAAE",
                " 5-point match, score X 2 - O 1",
                " cube 1, centred",
                " X to play 5-5",
            ],
        ),
        # docs/formats.rst, "XGID": player 1 on roll with 5-2, 9-point match at 2-4, cube 2
        # owned by 0.
        (
            "4HPwATDgc/ABMA:QYkqASAAIAAE",
            [
                " Match ID: QYkqASAAIAAE",
                " 9-point match, score X 4 - O 2",
                " cube 2, owned by O",
                " X to play 5-2",
            ],
        ),
        # The Crawford game, cube 1 centred (R24); player 1 (on roll) offers a gammon.
        (
            "4HPwATDgc/ABMA:8EHgAFAAMAAE",
            [
                " Match ID: 8EHgAFAAMAAE",
                " 7-point match, score X 6 - O 5, Crawford game",
                " cube 1, centred",
                " X offers to resign a gammon: O to accept or reject",
            ],
        ),
        (
            "4HPwATDgc/ABMA:MAHgAGAAGAAE",
            [
                " Match ID: MAHgAGAAGAAE",
                " 7-point match, score X 6 - O 3, post-Crawford",
                " cube 1, centred",
                " X to roll",
            ],
        ),
        # Finished games as gnubg 1.07 shows them (tests/test_ids_game_end.py): player 0's
        # double dropped by player 1; player 1's resignation of a single, accepted, puts
        # player 0 at 4 of 5, so the next game is the Crawford game; a backgammon resigned
        # after rolling ends the match.
        (
            "4HPwQQLgc/ABEg:MAygABAAAAAE",
            [
                " Match ID: MAygABAAAAAE",
                " 5-point match, score X 1 - O 0",
                " cube 1, centred",
                " game over: O dropped the double",
            ],
        ),
        (
            "4HPwQQTgc/ABMA:8COgAEAAEAAE",
            [
                " Match ID: 8COgAEAAEAAE",
                " 5-point match, score X 2 - O 4, the next game is the Crawford game",
                " cube 1, centred",
                " game over: X resigned a single",
            ],
        ),
        (
            "4HPwAyDgc/ABMA:cOOuAFAAGAAE",
            [
                " Match ID: cOOuAFAAGAAE",
                " 5-point match, score X 3 - O 5, match over",
                " cube 1, centred",
                " game over: X resigned a backgammon",
            ],
        ),
        # A finished money game: the side on roll has borne off all 15 against 15 in its home.
        (
            "AADg/w8AAAAAAA:MAIAAAAAAAAA",
            [
                " Match ID: MAIAAAAAAAAA",
                " money play, Jacoby rule",
                " cube 1, centred",
                " game over: X won a backgammon",
            ],
        ),
        (
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:2:4:0:9:10",
            [
                " XGID=-b----E-C---eE---c-e----B-:0:0:1:D:2:4:0:9:10",
                " 9-point match, score X 2 - O 4",
                " cube 1, centred",
                " X doubles to 2: O to take or drop",
            ],
        ),
        (
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10",
            [
                " XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10",
                " money play, Jacoby rule, beavers",
                " cube 1, centred",
                " X to play 3-1",
            ],
        ),
    ],
)
def test_show_tells_the_match_state_below_the_board(text: str, lines: list[str]) -> None:
    result = CliRunner().invoke(main, ["show", text])
    assert result.exit_code == 0
    shown = result.stdout.splitlines()
    assert len(shown) == 1 + 15 + 4
    assert shown[16:] == lines
    parsed = parse_xgid(text) if text.startswith("XGID=") else parse_gnubg_id(text)
    assert id_state_lines(parsed) == lines


def test_show_of_a_bare_position_id_adds_nothing() -> None:
    result = CliRunner().invoke(main, ["show", "4HPwATDgc/ABMA"])
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 16
