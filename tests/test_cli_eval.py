"""`tavla eval` and `tavla hint` from the command line, against the API."""

from __future__ import annotations

import json

from click.testing import CliRunner

import tavla
from tavla.cli import main
from tavla.eval import OUTPUTS, evaluate, hint, nets
from tests.helpers.boards import position

COVERED = position({6: 2, 4: 1, 1: 2}, {5: 2, 2: 2})
RACE = position({6: 9, 5: 4, 3: 2}, {6: 3, 4: 4, 1: 2})


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_eval_json_matches_the_api() -> None:
    code, out, _ = run("eval", RACE.position_id, "--plies", "1", "--json")
    assert code == 0
    record = json.loads(out)
    expected = evaluate(RACE, plies=1)
    assert record["probabilities"] == dict(zip(OUTPUTS, expected.probabilities, strict=True))
    assert record["equity"] == expected.equity
    assert (record["plies"], record["exact"]) == (1, False)


def test_eval_table_of_an_exact_position() -> None:
    code, out, _ = run("eval", COVERED.position_id)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{COVERED.position_id}, side on roll (exact bear-off database)"
    win = evaluate(COVERED).probabilities[0]
    assert lines[1].split() == ["win", f"{100 * win:.1f}%"]
    assert lines[6].split()[:2] == ["cubeless", "equity"]
    assert lines[7].startswith("cube analysis: money play, cube 1 centred, Jacoby")


def test_hint_json_matches_the_api() -> None:
    code, out, _ = run("hint", RACE.position_id, "6-3", "--json")
    assert code == 0
    record = json.loads(out)
    expected = hint(RACE, "63")
    assert [p["notation"] for p in record["plays"]] == [e.play.notation for e in expected]
    assert [p["equity"] for p in record["plays"]] == [e.equity for e in expected]
    assert record["dice"] == [6, 3]


def test_hint_table_and_top() -> None:
    code, out, _ = run("hint", RACE.position_id, "63", "--top", "2")
    assert code == 0
    lines = out.splitlines()
    best, second = hint(RACE, "63")[:2]
    assert len(lines) == 4
    assert lines[2].split()[:3] == ["1.", *best.play.notation.split()[:2]]
    assert f"{second.difference:+.4f}" in lines[3]


EXACT_BEAROFF = "MwAAoBIAAAAAAA"  # every play of 3-1 leads to the exact two-sided table
COMING_HOME = position({10: 1, 3: 2}, {2: 2})  # 10/6 comes home with 3-1, 10/7 3/2 does not


def test_hint_names_the_bear_off_database_when_it_gave_the_values() -> None:
    """The header named the net although the database gave every value (issue 18)."""
    code, out, _ = run("hint", EXACT_BEAROFF, "31")
    assert code == 0
    assert out.splitlines()[0] == f"{EXACT_BEAROFF}  roll 3-1: exact bear-off database; cubeless"
    code, out, _ = run("hint", EXACT_BEAROFF, "31", "--json")
    assert all(play["exact"] for play in json.loads(out)["plays"])
    code, out, _ = run("hint", RACE.position_id, "63")
    assert out.splitlines()[0] == (
        f"{RACE.position_id}  roll 6-3: bear-off database at 0-ply, the one-sided race"
        " approximation where it is not exact; cubeless"
    )
    code, out, _ = run("hint", COMING_HOME.position_id, "31", "--json")
    exact = {play["notation"]: play["exact"] for play in json.loads(out)["plays"]}
    assert exact == {"10/6": True, "10/7 3/2": False}
    code, out, _ = run("hint", COMING_HOME.position_id, "31")
    assert out.splitlines()[0] == (
        f"{COMING_HOME.position_id}  roll 3-1: net:{nets.DEFAULT} at 0-ply, the bear-off"
        " database where both sides are home; cubeless"
    )
    code, out, _ = run("hint", COMING_HOME.position_id, "31", "--no-bearoff")
    assert out.splitlines()[0].endswith(f"roll 3-1: net:{nets.DEFAULT} at 0-ply; cubeless")


def test_eval_names_the_race_approximation_when_it_gave_the_values() -> None:
    _, out, _ = run("eval", RACE.position_id, "--plies", "1")
    assert out.splitlines()[0] == (
        f"{RACE.position_id}, side on roll (bear-off database at 1-ply, the one-sided race"
        " approximation where it is not exact)"
    )


def test_a_shipped_net_evaluates_unless_told() -> None:
    code, out, _ = run("eval", "4HPwATDgc/ABMA", "--json")
    assert code == 0
    record = json.loads(out)
    expected = evaluate(tavla.Position.initial(), f"net:{nets.DEFAULT}")
    assert record["probabilities"] == dict(zip(OUTPUTS, expected.probabilities, strict=True))


def test_bad_input_is_one_error_line() -> None:
    for args, message in [
        (("eval", "4HPwATDgc/ABMA", "-e", "bearoff"), "answers only where both sides are home"),
        (("eval", COVERED.position_id, "-e", "gnubg"), "unknown evaluator 'gnubg'"),
        (("eval", COVERED.position_id, "-e", "net:/missing.npz"), "no net file"),
        (("hint", COVERED.position_id, "7"), "roll"),
        (("eval", "nonsense"), "neither a Position ID"),
    ]:
        code, out, err = run(*args)
        assert code == 2 and out == "", args
        assert err.startswith("Error: ") and message in err and err.count("\n") == 1, (args, err)
    code, _, err = run("eval", COVERED.position_id, "--plies", "4")
    assert code == 2 and "Invalid value for '--plies'" in err


def test_hint_ranks_at_the_match_score_given() -> None:
    """--match and --score make the ranking cubeful at that score (the MWC of each play, as
    the API gives it with the same context); a bare Position ID stays cubeless."""
    gammonish = "qAOeIDY0CxxAPQ"
    code, out, _ = run(
        "hint", gammonish, "53", "-e", "net:td198-40", "--match", "5", "--score", "4-4", "--json"
    )
    assert code == 0
    record = json.loads(out)
    context = tavla.CubeContext.for_match(5, (4, 4))
    expected = hint(
        tavla.Position.from_position_id(gammonish), "53", "net:td198-40", context=context
    )
    assert record["cubeful"] is True
    assert record["context"]["away"] == [1, 1]
    assert [p["notation"] for p in record["plays"]] == [e.play.notation for e in expected]
    assert [p["mwc"] for p in record["plays"]] == [e.mwc for e in expected]
    code, out, _ = run("hint", gammonish, "53", "-e", "net:td198-40", "--json")
    assert json.loads(out)["cubeful"] is False
    assert json.loads(out)["plays"][0]["notation"] != record["plays"][0]["notation"]


def test_hint_of_a_gnubg_id_is_cubeful_at_its_score() -> None:
    code, out, _ = run("hint", "4HPwATDgc/ABMA:MIHlACAAIAAE")  # 7 points, 2-4, rolled 31
    assert code == 0
    header = out.splitlines()[0]
    assert "cubeful, 7-point match at 2-4 (5-away, 3-away)" in header
    assert "MWC" in out.splitlines()[1]


def test_hint_refuses_cubeless_with_cube_options() -> None:
    code, out, err = run("hint", "4HPwATDgc/ABMA", "31", "--cubeless", "--match", "7")
    assert code == 2
    assert "--cubeless" in err and out == ""
