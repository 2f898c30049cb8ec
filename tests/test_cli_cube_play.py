"""`tavla rollout --cubeful` and `tavla duel --cubeful` / `--match N --matches M` from the
command line: the API's numbers, the context the options give, bad input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import tavla
from tavla import CubeContext, Position
from tavla.cli import main
from tavla.eval import Policy, nets

NET = "net:td198-40"
START = "4HPwATDgc/ABMA"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cube_rollout_json_matches_the_api() -> None:
    code, out, _ = run("rollout", START, "--cubeful", "-p", NET, "-n", "144", "--json")
    assert code == 0
    record = json.loads(out)
    expected = tavla.rollout(Position.initial(), Policy(NET), 144, cubeful=True)
    assert (record["no_double"], record["double_take"]) == (
        expected.no_double,
        expected.double_take,
    )
    assert record["action"] == expected.action and record["mwc"] is None
    assert (record["match_length"], record["cube"], record["owner"]) == (0, 1, "centred")


def test_a_rollout_is_played_by_the_default_net_unless_told() -> None:
    # The strongest shipped net, which plays the cube too (pubeval never doubles).
    code, out, _ = run("rollout", START, "--cubeful", "-n", "36", "--json")
    assert code == 0 and json.loads(out)["policy"] == f"net:{nets.DEFAULT}"
    code, out, _ = run("rollout", START, "-n", "36")
    assert code == 0 and out.startswith(f"{START}: net:{nets.DEFAULT} rollout, 36 games")


@pytest.mark.parametrize("policy", ["pubeval", "random"])
def test_a_cube_rollout_by_a_policy_that_never_doubles_warns(policy: str) -> None:
    """pubeval and random never double: the "proper action" of their rollout is a warning's
    matter (issue 18: it was printed as if it were one)."""
    code, out, err = run("rollout", START, "--cubeful", "-p", policy, "-n", "36")
    assert code == 0 and "proper action:" in out
    assert err == (
        f"Warning: the policy {policy!r} never doubles (and always takes): a cubeful rollout"
        " with it is a cubeless one with the cube's scoring; give a policy with probabilities"
        " (a net) for real cube play\n"
    )
    code, out, err = run("rollout", START, "--cubeful", "-p", policy, "-n", "36", "--json")
    assert code == 0 and err.startswith(f"Warning: the policy {policy!r} never doubles")
    assert json.loads(out)["policy_doubles"] is False
    code, out, err = run("rollout", START, "--cubeful", "-p", NET, "-n", "36", "--json")
    assert code == 0 and err == "" and json.loads(out)["policy_doubles"] is True


def test_cube_rollout_at_a_match_score() -> None:
    code, out, _ = run(
        "rollout", START, "--cubeful", "-p", NET, "-n", "72", "--match", "7", "--score", "2-4"
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{START}: {NET} cube rollout, 72 games, rotated, variance reduced, seed 0"
    assert lines[1] == "cube rollout: 7-point match at 2-4 (5-away, 3-away), cube 1 centred"
    expected = tavla.rollout(
        Position.initial(), Policy(NET), 72, cubeful=True, context=CubeContext.for_match(7, (2, 4))
    )
    assert f"{100 * expected.mwc(expected.no_double):6.2f}%" in lines[2]
    assert lines[-1] == f"  proper action: {expected.action}"
    # The cube life goes to the policy's cube model.
    code, out, _ = run(
        "rollout", START, "--cubeful", "-p", NET, "-n", "36", "--cube-life", "0", "--json"
    )
    dead = tavla.eval.CubePolicy(tavla.eval.nets.load("td198-40"), cube_life=0)
    expected = tavla.rollout(Position.initial(), Policy(NET, cube=dead), 36, cubeful=True)
    assert code == 0 and json.loads(out)["double_take"] == expected.double_take


def test_every_play_of_a_roll_rolled_out_with_the_cube_as_the_api_does() -> None:
    args = ("rollout", START, "--cubeful", "-p", NET, "--roll", "61", "-n", "36", "--truncate", "4")
    code, out, _ = run(*args, "--json")
    assert code == 0
    records = json.loads(out)
    expected = tavla.rollout(
        Position.initial(),
        Policy(NET),
        36,
        cubeful=True,
        dice="61",
        truncate=4,
        evaluator=tavla.eval.nets.load("td198-40"),
    )
    assert [(r["play"], r["equity"]) for r in records] == [
        (e.play.notation, e.equity)  # type: ignore[union-attr]
        for e in expected
    ]
    code, out, _ = run(*args)
    lines = out.splitlines()
    assert lines[0].startswith(f"{START}: {NET} cubeful rollout of 61, 36 games")
    assert lines[1] == "cube: money play, cube 1 centred, Jacoby"
    assert lines[2].startswith("  1. 13/7 8/7 ") and len(lines) == 2 + len(records)


def test_a_close_cube_call_and_a_policy_that_never_doubles_are_said() -> None:
    code, out, err = run("rollout", START, "--cubeful", "-p", "pubeval", "-n", "36", "--json")
    record = json.loads(out)
    assert code == 0 and err.startswith("Warning: the policy 'pubeval' never doubles")
    with pytest.warns(UserWarning, match="never doubles"):
        expected = tavla.rollout(Position.initial(), "pubeval", 36, cubeful=True)
    assert record["too_close_to_call"] == expected.too_close_to_call
    assert record["close_call"] == expected.close_call and expected.close_call is not None
    code, out, _ = run("rollout", START, "--cubeful", "-p", "pubeval", "-n", "36")
    assert out.splitlines()[-1] == (
        f"  proper action: {expected.action} (too close to call: {expected.close_call})"
    )


def test_match_duel_json_matches_the_api() -> None:
    code, out, _ = run("duel", NET, "pubeval", "--match", "3", "--matches", "20", "--json")
    assert code == 0
    record = json.loads(out)
    expected = tavla.duel(NET, "pubeval", match_length=3, matches=20)
    assert record["match_win_rate"] == expected.win_rate and record["ppg"] == expected.ppg
    assert record["ci95"] == list(expected.ci) and record["games"] == expected.games
    code, out, _ = run("duel", NET, "pubeval", "--match", "3", "--matches", "20")
    assert code == 0
    assert out.splitlines()[0] == (
        f"a ({NET}) vs b (pubeval): 20 matches to 3, {expected.games} games, duplicate dice, seed 0"
    )
    assert "a wins the match" in out and "points per game for a" in out


def test_cubeful_duel_json_matches_the_api() -> None:
    code, out, _ = run("duel", NET, "pubeval", "--cubeful", "-n", "200", "--json")
    assert code == 0
    record = json.loads(out)
    expected = tavla.duel(NET, "pubeval", 200, cubeful=True)
    assert record["ppg"] == expected.ppg and record["cubeful"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rollout", START, "--match", "7"), "give --cubeful"),
        (("rollout", START, "--cubeful", "--out-of-contention", "2"), "plays of a roll"),
        (("rollout", START, "-p", "pubeval", "--truncate", "3"), "give --evaluator"),
        (
            ("rollout", START, "-p", "pubeval", "--cubeful", "--cube-plies", "1"),
            "a policy that searches",
        ),
        # Options that were taken and ignored.
        (("rollout", START, "-p", NET, "--cube-plies", "1"), "give --cubeful"),
        (
            ("rollout", START, "-p", NET, "--no-variance-reduction", "--luck-keep", "2"),
            "leave out --no-variance-reduction",
        ),
        (
            ("rollout", START, "--cubeful", "--no-variance-reduction", "--luck-keep", "0"),
            "leave out --no-variance-reduction",
        ),
        (("rollout", START, "-p", NET, "--check-every", "72"), "--se and --out-of-contention"),
        # The CLI's words, not the API's ("give dice=").
        (("rollout", START, "--out-of-contention", "2"), "plays of a roll: give --roll"),
        (("rollout", START, "--cubeful", "--score", "2-4"), "give --match N too"),
        (("duel", "pubeval", "random", "--match", "3", "--matches", "3"), "must be even"),
        (("duel", "pubeval", "random", "--match", "3", "--cubeful"), "money games"),
        (("duel", "pubeval", "random", "--match", "30"), "less than the 30-point match"),
        # Counts of the other kind of duel, which were ignored.
        (("duel", "pubeval", "random", "--matches", "4"), "--matches counts whole matches"),
        (("duel", "pubeval", "random", "--match", "3", "-n", "10"), "give --matches M"),
    ],
)
def test_bad_cube_play_input(args: tuple[str, ...], message: str) -> None:
    code, _, err = run(*args)
    assert code == 2 and err.startswith("Error: ") and message in err
    assert len(err.splitlines()) == 1


def test_luck_keep_reaches_a_cube_rollout() -> None:
    """--luck-keep was dropped on the way to a cube rollout: 0 (every play) and 4 now give
    different luck, so different equities, on the same games."""
    base = ("rollout", START, "--cubeful", "-p", NET, "-n", "36", "--json")
    every, four = (json.loads(run(*base, "--luck-keep", keep)[1]) for keep in ("0", "4"))
    assert every["no_double"] != four["no_double"]
    expected = tavla.rollout(Position.initial(), Policy(NET), 36, cubeful=True, luck_keep=0)
    assert every["no_double"] == expected.no_double


def test_a_bad_move_filter_is_a_usage_error() -> None:
    code, _, err = run("rollout", START, "-p", NET, "--move-filter", "8")
    assert code == 2 and "'8' is not KEEP:MARGIN (8:0.16)" in err


def test_a_standard_error_target_not_reached_is_said() -> None:
    """--se 0.01 with 144 games stops at the game limit (s.e. 0.0365): the text and the JSON
    say the target was not reached; with --se 0.1 it was, and nothing is said."""
    base = ("rollout", START, "-p", NET)
    lines = run(*base, "--se", "0.01", "-n", "144")[1].splitlines()
    assert lines[1] == "target SE 0.01 not reached after 144 games"
    assert lines[3].endswith("+0.0624  (0.0365)")
    record = json.loads(run(*base, "--se", "0.01", "-n", "144", "--json")[1])
    assert record["se_target_reached"] is False and record["games"] == 144
    reached = run(*base, "--se", "0.1", "-n", "144")[1]
    assert "not reached" not in reached
    plays = json.loads(run(*base, "--se", "0.1", "-n", "144", "--roll", "31", "--json")[1])
    assert all(p["se_target_reached"] for p in plays)
    assert "se_target_reached" not in json.loads(run(*base, "-n", "36", "--json")[1])


def test_plays_stopped_out_of_contention_show_their_games() -> None:
    """The heading said "720 games" though most plays stopped at 144: it says "up to", and a
    games column gives each play's count, as the API's results have them."""
    args = ("--roll", "31", "--out-of-contention", "1", "-n", "720", "--check-every", "144")
    lines = run("rollout", START, "-p", NET, *args)[1].splitlines()
    assert lines[0].startswith(f"{START}: {NET} rollout, up to 720 games a play, rotated")
    assert lines[1].endswith("(s.e.)    games")
    expected = tavla.rollout_plays(
        Position.initial(), "31", NET, 720, out_of_contention=1, check_every=144
    )
    shown = [int(line.split()[-1].replace(",", "")) for line in lines[2:]]
    assert shown == [r.games for r in expected]
    assert shown[:3] == [720, 144, 144]
    even = run("rollout", START, "-p", NET, "--roll", "31", "-n", "36")[1].splitlines()
    assert even[0].startswith(f"{START}: {NET} rollout, 36 games, rotated")
    assert even[1].endswith("(s.e.)")
