"""The cube analysis of `tavla eval` and `tavla hint`, against the API: the context from the
ID and the options, the report as text and JSON, and bad input as one error line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tavla import CubeContext, Game, MatchEquityTable, cube_decision
from tavla.cli import main
from tavla.formats.xgid import Xgid
from tavla.game import Cube
from tests.helpers.boards import position

COVERED = position({6: 2, 4: 1, 1: 2}, {5: 2, 2: 2})  # exact two-sided bear-off
RACE = position({6: 9, 5: 4, 3: 2}, {6: 3, 4: 4, 1: 2})


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def cube_json(*args: str) -> dict[str, Any]:
    code, out, err = run(*args, "--json")
    assert code == 0, err
    record: dict[str, Any] = json.loads(out)["cube"]
    return record


def test_eval_money_by_default() -> None:
    record = cube_json("eval", RACE.position_id)
    expected = cube_decision(RACE)
    assert (record["match_length"], record["owner"], record["jacoby"]) == (0, "centred", True)
    assert record["no_double"] == expected.no_double
    assert record["double_take"] == expected.double_take
    assert (record["action"], record["take"]) == (expected.action, expected.take)
    assert record["mwc"] is None and record["met"] is None


def test_eval_match_from_the_options() -> None:
    record = cube_json("eval", COVERED.position_id, "--match", "7", "--score", "2-3")
    expected = cube_decision(COVERED, CubeContext.for_match(7, (2, 3)))
    assert (record["away"], record["score"]) == ([5, 4], [2, 3])
    assert record["no_double"] == expected.no_double
    assert record["mwc"]["double_pass"] == pytest.approx(MatchEquityTable.default().mwc(4, 4))
    assert record["met"] == "Kazaross XG2 25 point MET"


def test_eval_reads_the_match_from_a_gnubg_id() -> None:
    game = Game(match_length=7, score=(6, 5), position=COVERED, starter=1)
    record = cube_json("eval", str(game.gnubg_id))
    assert (record["away"], record["post_crawford"], record["owner"]) == ([2, 1], True, "centred")
    expected = cube_decision(COVERED, CubeContext.from_game(game))
    assert record["no_double"] == expected.no_double
    # An option changes the ID's context: here the cube, now the opponent's at 2.
    owned = cube_json("eval", str(game.gnubg_id), "--cube", "2", "--owner", "opponent")
    assert (owned["cube"], owned["owner"], owned["double_take"]) == (2, "opponent", None)
    assert owned["refusal"] == "player 0 owns the cube: only the owner may redouble (R18)"


def test_eval_reads_beavers_from_an_xgid() -> None:
    xgid = Xgid(RACE, beavers=True)
    record = cube_json("eval", str(xgid))
    assert (record["beavers"], record["jacoby"]) == (True, False)
    expected = cube_decision(RACE, CubeContext.money(jacoby=False, beavers=True))
    assert record["action"] == expected.action


def test_eval_text_report() -> None:
    code, out, _ = run("eval", COVERED.position_id, "--match", "2", "--cube-life", "0.5")
    assert code == 0
    lines = out.splitlines()
    decision = cube_decision(COVERED, CubeContext.for_match(2), cube_life=0.5)
    assert lines[7] == (
        "cube analysis: 2-point match at 0-0 (2-away, 2-away), cube 1 centred; cube life 0.5"
    )
    assert lines[8].split()[:2] == ["no", "double"]
    assert f"{decision.no_double:+.4f}" in lines[8]
    assert f"{100 * decision.mwc(decision.no_double):6.2f}%" in lines[8]
    assert lines[-1] == f"  proper action: {decision.action}"


def test_the_crawford_game_in_text() -> None:
    code, out, _ = run("eval", COVERED.position_id, "--match", "5", "--score", "4-2", "--crawford")
    assert code == 0
    assert "  no double possible: no doubling in the Crawford game (R24)" in out.splitlines()
    assert out.splitlines()[-1] == "  proper action: no double"


def test_hint_before_the_roll_is_the_cube_decision() -> None:
    code, out, _ = run("hint", RACE.position_id, "--json")
    assert code == 0
    record = json.loads(out)
    assert "plays" not in record
    assert record["cube"]["no_double"] == cube_decision(RACE).no_double
    code, out, _ = run("hint", RACE.position_id)
    header = (
        f"{RACE.position_id}  before the roll: bear-off database at 0-ply, the one-sided race"
        " approximation where it is not exact"
    )
    assert out.splitlines()[0] == header  # the bear-off database takes over in a race
    assert out.splitlines()[-1] == f"  proper action: {cube_decision(RACE).action}"


def test_hint_with_a_roll_still_ranks_plays() -> None:
    code, out, _ = run("hint", RACE.position_id, "63", "--json")
    assert code == 0
    assert "plays" in json.loads(out)


def test_another_table_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "flat.xml"
    rows = "".join(
        "<row>"
        + "".join(f"<me>{0.5 if i == j else 0.6 if i < j else 0.4}</me>" for j in range(3))
        + "</row>"
        for i in range(3)
    )
    path.write_text(
        f'<met><pre-crawford-table type="explicit">{rows}</pre-crawford-table>'
        '<post-crawford-table type="explicit"><row><me>0.5</me><me>0.45</me><me>0.3</me>'
        "</row></post-crawford-table></met>"
    )
    record = cube_json("eval", COVERED.position_id, "--match", "3", "--met", str(path))
    assert record["mwc"]["double_pass"] == 0.6  # 2-away/3-away in this table
    rockwell = cube_json("eval", COVERED.position_id, "--match", "3", "--met", "Rockwell-Kazaross")
    assert rockwell["met"] == "Rockwell/Kazaross 25 point MET"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--score", "2-3"], "--score is a match score"),
        (["--match", "7", "--score", "2"], "--score is A-B"),
        (["--crawford"], "--crawford is for match play"),
        (["--match", "7", "--beavers"], "money play options"),
        (["--cube", "3"], "power of two"),
        (["--match", "7", "--score", "7-2"], "already won"),
        (["--match", "31"], "1 to the 25"),
        (["--match", "7", "--met", "nothing"], "no built-in table"),
        (["--cube", "2", "--match", "5", "--score", "4-1", "--crawford"], "Crawford"),
        # A table in money play was taken and ignored (and made hint's ranking cubeful).
        (["--met", "Rockwell-Kazaross"], "--met is a match equity table, for match play"),
        (["--met", "nosuch"], "--met is a match equity table, for match play"),
    ],
)
def test_bad_cube_options_are_one_error_line(args: list[str], message: str) -> None:
    for command in (["eval", COVERED.position_id], ["hint", COVERED.position_id]):
        code, out, err = run(*command, *args)
        assert code == 2
        assert out == ""
        assert err.startswith("Error: ") and message in err
        assert len(err.splitlines()) == 1


def test_a_met_file_that_cannot_be_read_is_one_error_line(tmp_path: Path) -> None:
    """A MET file declaring an encoding expat does not know printed a traceback."""
    path = tmp_path / "odd.xml"
    path.write_text('<?xml version="1.0" encoding="foo"?>\n<met/>\n')
    code, out, err = run("eval", COVERED.position_id, "--match", "3", "--met", str(path))
    assert (code, out) == (2, "")
    assert err.startswith("Error: cannot read a match equity table from ")
    assert err.endswith("unknown encoding: foo\n") and len(err.splitlines()) == 1


def test_a_cube_life_out_of_range_is_a_usage_error() -> None:
    code, _, err = run("eval", COVERED.position_id, "--cube-life", "1.5")
    assert code == 2
    assert "--cube-life" in err


def test_a_cube_argument_in_the_api_matches() -> None:
    game = Game(match_length=9, score=(2, 4), position=COVERED, starter=0, cube=Cube(2, 0))
    record = cube_json("eval", str(game.xgid))
    assert (record["away"], record["cube"], record["owner"]) == ([7, 5], 2, "on roll")


def test_a_new_match_length_keeps_the_ids_score() -> None:
    """4HPwATDgc/ABMA:MIHlACAAIAAE is a 7-point match at 2-4 (player 0 on roll): --match 9
    alone keeps 2-4 (7-away, 5-away), it reset to 0-0; a length the score has reached is
    refused; --score, --cube, --owner and --crawford each change only their own value."""
    gnubg_id = "4HPwATDgc/ABMA:MIHlACAAIAAE"
    record = cube_json("eval", gnubg_id, "-e", "net:td198-40", "--match", "9")
    assert (record["match_length"], record["score"], record["away"]) == (9, [2, 4], [7, 5])
    code, out, err = run("hint", gnubg_id, "31", "-e", "net:td198-40", "--match", "9")
    assert code == 0, err
    assert "9-point match at 2-4 (7-away, 5-away), cube 1 centred" in out.splitlines()[0]
    for length in ("3", "4"):
        for command in (["hint", gnubg_id, "31"], ["eval", gnubg_id], ["hint", gnubg_id]):
            code, out, err = run(*command, "-e", "net:td198-40", "--match", length)
            assert (code, out) == (2, "")
            assert (
                err
                == f"Error: the ID's score 2-4 is not below --match {length}: give --score too\n"
            )
    scored = cube_json("eval", gnubg_id, "-e", "net:td198-40", "--match", "3", "--score", "1-0")
    assert (scored["match_length"], scored["score"]) == (3, [1, 0])
    owned = cube_json("eval", gnubg_id, "-e", "net:td198-40", "--cube", "2", "--owner", "opponent")
    assert (owned["match_length"], owned["score"], owned["cube"]) == (7, [2, 4], 2)
    assert owned["owner"] == "opponent"
    crawford = cube_json("eval", gnubg_id, "-e", "net:td198-40", "--match", "5", "--crawford")
    assert (crawford["match_length"], crawford["score"], crawford["crawford"]) == (5, [2, 4], True)


def test_a_table_in_money_play_is_refused_by_rollout_and_duel_too() -> None:
    message = "Error: --met is a match equity table, for match play: give --match N too\n"
    for args in (
        ["hint", COVERED.position_id, "21", "--met", "nosuch"],
        ["rollout", COVERED.position_id, "--cubeful", "-n", "36", "--met", "Rockwell-Kazaross"],
        ["duel", "pubeval", "random", "-n", "10", "--met", "Rockwell-Kazaross"],
    ):
        assert run(*args) == (2, "", message)


def test_a_score_one_away_without_crawford_is_said_to_be_post_crawford() -> None:
    """--match 7 --score 6-4 without --crawford is taken as post-Crawford: the output says so
    and how to ask for the Crawford game; with --crawford it is the Crawford game."""
    base = ["eval", "4HPwATDgc/ABMA", "-e", "net:td198-40", "--match", "7", "--score", "6-4"]
    lines = run(*base)[1].splitlines()
    assert (
        "cube analysis: 7-point match at 6-4 (1-away, 3-away), post-Crawford (taken so:"
        " --crawford for the Crawford game), cube 1 centred; cube life 0.68"
    ) in lines
    crawford = run(*base, "--crawford")[1]
    assert "7-point match at 6-4 (1-away, 3-away), Crawford game, cube 1 centred" in crawford
