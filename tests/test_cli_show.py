"""`tavla show`: the board of a Position ID, GNUbg ID or XGID."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from tavla import Position
from tavla.cli import main


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
