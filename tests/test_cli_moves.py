"""`tavla moves`: the legal plays of a roll from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest
from click.testing import CliRunner

from tavla import Position
from tavla.cli import main
from tavla.formats.fibs import FibsBoard

START = "4HPwATDgc/ABMA"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("roll", [["31"], ["3-1"], ["3", "1"]])
def test_start_position_31(roll: list[str]) -> None:
    code, out, _ = run("moves", "4HPwATDgc/ABMA", *roll)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "4HPwATDgc/ABMA  roll 3-1: 16 legal plays"
    assert len(lines) == 17
    assert any(line.split()[1:] == ["8/5", "6/5", "sGfwATDgc/ABMA"] for line in lines[1:])


def test_real_position_json() -> None:
    # From a real 7-point match (tests/data/gnubg_analysis.jsonl): the player rolled 21.
    code, out, _ = run("moves", "jGfwATDg8+ABKA", "21", "--json")
    assert code == 0
    record = json.loads(out)
    assert record["position_id"] == "jGfwATDg8+ABKA" and record["dice"] == [2, 1]
    notations = [play["notation"] for play in record["plays"]]
    assert len(notations) == 15 and "24/23 13/11" in notations and "24/21" in notations
    assert all(len(play["position_id"]) == 14 for play in record["plays"])


def test_gnubg_id_with_match_part_is_accepted() -> None:
    code, out, _ = run("moves", "4HPwATDgc/ABMA:cAkAAAAAAAAE", "66")
    assert code == 0 and out.startswith("4HPwATDgc/ABMA  roll 6-6: 11 legal plays")


def test_forced_pass() -> None:
    # The side on roll has a checker on the bar against a closed board (all six points made).
    code, out, _ = run("moves", "27Y5AADg/wcAQA", "66")
    assert code == 0, out
    assert "no legal play: the turn passes" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["4HPwATDgc/ABM", "31"], "neither a Position ID"),
        (["4HPwATDgc/AB!A", "31"], "not base64"),
        (["4HPwATDgc/ABMA", "71"], "cannot read the roll"),
    ],
)
def test_errors_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("moves", *args)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_turkish_roll_name() -> None:
    code, out, _ = run("moves", "4HPwATDgc/ABMA", "6-5", "--lang", "tr")
    assert code == 0 and out.startswith("4HPwATDgc/ABMA  roll şeşbeş: 7 legal plays")


def test_the_dice_of_the_id_are_used_when_no_roll_is_given() -> None:
    # Bottom on roll with dice 5-2; the GNUbg ID of the manual's example (docs/formats.rst).
    for position_id in (
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
        "4HPwATDgc/ABMA:QYkqASAAIAAE",
    ):
        code, out, _ = run("moves", position_id)
        assert code == 0 and out.startswith("4HPwATDgc/ABMA  roll 5-2: 8 legal plays"), out
    code, out, _ = run("moves", "4HPwATDgc/ABMA:QYkqASAAIAAE", "2-5")
    assert code == 0 and "roll 5-2: 8 legal plays" in out  # shown higher die first


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["4HPwATDgc/ABMA"], "give the ROLL: the ID holds no dice"),
        (["4HPwATDgc/ABMA:QYkqASAAIAAE", "31"], "the roll 3-1 differs from the dice 5-2"),
    ],
)
def test_missing_or_conflicting_roll(args: list[str], message: str) -> None:
    code, _, err = run("moves", *args)
    assert code == 2 and message in err


def test_an_xgid_without_its_prefix_after_a_double_dash() -> None:
    code, out, _ = run("moves", "--", "-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "66")
    assert code == 0 and "roll 6-6: 11 legal plays" in out


def test_python_dash_m_runs_the_same_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tavla", "moves", "4HPwATDgc/ABMA", "31"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == run("moves", "4HPwATDgc/ABMA", "31")[1]


START_31 = FibsBoard(Position.initial(), "ann", "bob", match_length=7, dice=(3, 1))


@pytest.mark.parametrize("flavour", ["fibs", "gnubg"])
def test_a_fibs_board_is_read_wherever_an_id_is(flavour: str) -> None:
    """FIBS ``board:`` strings, in either flavour, stand for their GNUbg ID on the command
    line (issue 18: no command took them)."""
    board = replace(START_31, flavour=flavour).encode()
    gnubg_id = str(START_31.to_gnubg_id())
    for command in (["moves"], ["hint"], ["show"], ["eval"]):
        assert run(*command, board) == run(*command, gnubg_id), command
    code, out, _ = run("moves", board)
    assert code == 0 and out.startswith("4HPwATDgc/ABMA  roll 3-1: 16 legal plays")


def test_a_bad_fibs_board_is_named_as_one() -> None:
    """The error said "an XGID has 10 colon-separated fields"."""
    board = START_31.encode().replace(":7:", ":x:", 1)
    code, out, err = run("moves", board)
    assert (code, out) == (2, "")
    assert err.startswith("Error: bad FIBS board 'board:ann:bob:x:") and "XGID" not in err
    code, _, err = run("show", "board:ann:bob")
    assert code == 2 and "a FIBS board is 'board:' and 52 more colon-separated tokens" in err
    code, _, err = run("show", "nonsense")
    assert "is neither a Position ID (14 characters), a GNUbg ID, an XGID nor a FIBS board" in err


@pytest.mark.parametrize("roll", [["1", "3"], ["13"], ["1-3"], ["3", "1"]])
def test_a_roll_is_shown_higher_die_first(roll: list[str]) -> None:
    code, out, _ = run("moves", START, *roll)
    assert code == 0 and out.splitlines()[0] == f"{START}  roll 3-1: 16 legal plays"
    code, out, _ = run("moves", START, *roll, "--json")
    assert code == 0 and json.loads(out)["dice"] == [3, 1]


def test_a_roll_that_differs_from_the_ids_names_both_higher_first() -> None:
    code, _, err = run("moves", "4HPwATDgc/ABMA:QYkqASAAIAAE", "1", "3")
    assert (code, err) == (2, "Error: the roll 3-1 differs from the dice 5-2 in the ID\n")
