"""`tavla selfplay`, `tavla rollout`, `tavla duel` and `tavla bench` from the command line."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tavla import Position, duel, rollout, selfplay
from tavla.cli import main


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_selfplay_json_matches_the_api() -> None:
    code, out, _ = run("selfplay", "pubeval", "random", "-n", "500", "--seed", "3", "--json")
    assert code == 0
    record = json.loads(out)
    expected = selfplay(("pubeval", "random"), 500, seed=3)
    assert record["games"] == 500 and record["policy"] == "pubeval"
    assert record["ppg"] == expected.ppg and record["win_rate"] == expected.win_rate


def test_selfplay_table() -> None:
    code, out, _ = run("selfplay", "random", "-n", "200", "--threads", "1")
    assert code == 0
    assert out.splitlines()[0] == "random vs random: 200 games, seed 0"
    assert "points per game for random" in out and "games per second" in out


def test_rollout_of_a_roll() -> None:
    code, out, _ = run("rollout", "4HPwATDgc/ABMA", "--roll", "31", "-n", "72", "--json")
    assert code == 0
    plays = json.loads(out)
    expected = rollout(Position.initial(), "pubeval", 72, dice="31")
    assert [p["play"] for p in plays] == [r.play.notation for r in expected if r.play]
    assert plays[0]["equity"] == expected[0].equity
    code, out, _ = run("rollout", "4HPwATDgc/ABMA", "--roll", "31", "-n", "72")
    assert code == 0 and len(out.splitlines()) == 2 + 16


def test_rollout_of_a_position() -> None:
    # The side on roll has one checker on its 6-point, the opponent one on its 1-point:
    # exactly 27/36 with rotation (tests/test_rollout.py).
    position_id = Position([[14, 0, 0, 0, 0, 0, 1, *[0] * 19], [14, 1, *[0] * 24]]).position_id
    code, out, _ = run("rollout", position_id, "--policy", "random", "-n", "72", "--json")
    assert code == 0
    assert json.loads(out)["win"] == 0.75


def test_duel_table_and_json() -> None:
    code, out, _ = run("duel", "pubeval", "random", "-n", "200", "--json")
    assert code == 0
    record = json.loads(out)
    expected = duel("pubeval", "random", 200)
    assert record["ppg"] == expected.ppg and record["ci95"] == list(expected.ci)
    code, out, _ = run("duel", "pubeval", "pubeval", "-n", "200")
    assert code == 0 and "+0.0000  (95% CI +0.0000 .. +0.0000)" in out


def test_bad_input() -> None:
    code, _, err = run("duel", "pubeval", "random", "-n", "201")
    assert code == 2 and "even" in err
    code, _, err = run("selfplay", "gnubg")
    assert code == 2 and "gnubg" in err
    code, _, err = run("rollout", "not-an-id")
    assert code == 2


def test_bench_json() -> None:
    code, out, _ = run("bench", "-n", "100", "--json")
    assert code == 0
    record = json.loads(out)
    assert record["generation"]["results_per_second"] > 0
    assert {(row["policy"], row["threads"]) for row in record["selfplay"]} >= {
        ("random", 1),
        ("pubeval", 1),
    }
