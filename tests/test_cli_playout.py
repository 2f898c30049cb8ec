"""`tavla selfplay`, `tavla rollout`, `tavla duel` and `tavla bench` from the command line."""

from __future__ import annotations

import importlib
import json
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from click.testing import CliRunner

from tavla import Position, duel, rollout, selfplay
from tavla.cli import main
from tavla.cli.rollout import HEADER
from tavla.eval import Policy, nets, policies
from tavla.sim import cluster, playout_here
from tests.helpers.interrupt import interrupt_at

# A rollout of the start by pubeval (the default policy is the shipped net, much slower).
PUBEVAL_ROLLOUT = ("rollout", "4HPwATDgc/ABMA", "-p", "pubeval")


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
    assert out.splitlines()[0] == "a (random) vs b (random): 200 games, seed 0"
    assert "a (random) wins" in out and "points per game for a (random)" in out
    assert "games per second" in out
    code, out, _ = run("selfplay", "pubeval", "random", "-n", "1")
    assert code == 0 and out.splitlines()[0] == "a (pubeval) vs b (random): 1 game, seed 0"


# With --threads 1 the core checks in after every 64 games: Ctrl-C at the third check keeps
# 192 games, and a rollout of 1296 games makes 22 calls a play (21 checks and a last update).
# The command reports the run as interrupted, with no warning, and exits with status 130.
def test_selfplay_after_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    interrupt_at(monkeypatch, 3)
    code, out, err = run("selfplay", "random", "-n", "100000", "-t", "1")
    assert code == 130 and err == ""
    assert out.splitlines()[0] == "a (random) vs b (random): 192 games (interrupted), seed 0"


def test_rollout_after_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    interrupt_at(monkeypatch, 3)
    code, out, err = run(*PUBEVAL_ROLLOUT, "-n", "1296", "-t", "1")
    assert code == 130 and err == ""
    assert out.splitlines()[0] == (
        "4HPwATDgc/ABMA: pubeval rollout, 192 games (interrupted), rotated, "
        "no variance reduction, seed 0"
    )
    interrupt_at(monkeypatch, 3)
    code, out, err = run(*PUBEVAL_ROLLOUT, "-n", "1296", "-t", "1", "--json")
    assert code == 130 and err == ""
    record = json.loads(out)
    assert record["interrupted"] is True and record["games"] == 192
    code, out, _ = run(*PUBEVAL_ROLLOUT, "-n", "36", "--json")
    assert json.loads(out)["interrupted"] is False


def test_rollout_of_a_roll_after_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    # Stopped in the third play after 5 checks: three plays, each on the first 320 games.
    interrupt_at(monkeypatch, 2 * 22 + 5)
    code, out, err = run(*PUBEVAL_ROLLOUT, "-r", "31", "-n", "1296", "-t", "1")
    assert code == 130 and err == ""
    lines = out.splitlines()
    assert lines[0] == (
        "4HPwATDgc/ABMA: pubeval rollout, 320 games (interrupted), rotated, "
        "no variance reduction, seed 0"
    )
    assert lines[1] == "interrupted: 3 of 16 plays rolled out"
    assert len(lines) == 3 + 3
    interrupt_at(monkeypatch, 2 * 22 + 5)
    code, out, err = run(*PUBEVAL_ROLLOUT, "-r", "31", "-n", "1296", "-t", "1", "--json")
    assert code == 130 and err == ""
    plays = json.loads(out)
    assert [(p["games"], p["interrupted"]) for p in plays] == [(320, True)] * 3


def test_rollout_of_a_roll_stopped_before_a_game_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # What rollout() returns then: no play (each would have 0 games), with the warning.
    command_module = importlib.import_module("tavla.cli.rollout")  # not the command itself
    monkeypatch.setattr(command_module, "run_rollout", lambda *args, **kwargs: [])
    code, out, err = run(*PUBEVAL_ROLLOUT, "-r", "31")
    assert code == 130 and err == ""
    assert out.splitlines()[:3] == [
        "4HPwATDgc/ABMA: pubeval rollout, 0 games (interrupted), rotated, "
        "no variance reduction, seed 0",
        "interrupted: 0 of 16 plays rolled out",
        "     play    " + HEADER,
    ]
    code, out, _ = run(*PUBEVAL_ROLLOUT, "-r", "31", "--json")
    assert code == 130 and json.loads(out) == []


def test_duel_after_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    interrupt_at(monkeypatch, 3)
    code, out, err = run("duel", "pubeval", "random", "-t", "1")
    assert code == 130 and err == ""
    assert out.splitlines()[0] == (
        "a (pubeval) vs b (random): 192 games (interrupted), duplicate dice, seed 0"
    )
    interrupt_at(monkeypatch, 3)
    code, out, err = run("duel", "pubeval", "random", "-t", "1", "--json")
    assert code == 130 and err == ""
    record = json.loads(out)
    assert record["interrupted"] is True and record["games"] == 192


def test_rollout_of_a_roll() -> None:
    code, out, _ = run(*PUBEVAL_ROLLOUT, "--roll", "31", "-n", "72", "--json")
    assert code == 0
    plays = json.loads(out)
    expected = rollout(Position.initial(), "pubeval", 72, dice="31")
    assert [p["play"] for p in plays] == [r.play.notation for r in expected if r.play]
    assert plays[0]["equity"] == expected[0].equity
    code, out, _ = run(*PUBEVAL_ROLLOUT, "--roll", "31", "-n", "72")
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
    row = next(line for line in out.splitlines() if "points per game for a" in line)
    expected_row = "points per game for a +0.0000 (95% CI +0.0000 .. +0.0000)"
    assert code == 0 and row.split() == expected_row.split()
    assert record["interrupted"] is False


def test_bad_input() -> None:
    code, _, err = run("duel", "pubeval", "random", "-n", "201")
    assert code == 2 and "even" in err
    code, _, err = run("selfplay", "wildbg")
    assert code == 2 and "Invalid value for 'POLICY': unknown policy 'wildbg'" in err
    assert "an external engine is ubgi:COMMAND (a UBGI engine) or gnubg, gnubg@N" in err
    code, _, err = run("selfplay", "random", "--chunk", "10")
    assert code == 2 and "Error: chunk is the games per Dask task: it needs a client" in err
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


def test_json_is_strict_where_a_statistic_is_undefined() -> None:
    # One duplicate pair: a single unit, so no standard error (null, not NaN).
    def refuse(constant: str) -> None:
        raise AssertionError(f"not JSON: {constant}")

    code, out, _ = run("duel", "random", "random", "--games", "2", "--json")
    assert code == 0
    record = json.loads(out, parse_constant=refuse)
    assert record["std_error"] is None and record["ci95"] == [None, None]
    assert record["ppg"] == 0.0


def test_sigterm_stops_a_run_as_ctrl_c_does(monkeypatch: pytest.MonkeyPatch) -> None:
    @contextmanager
    def terminated_at_third_check(
        total: int, enabled: bool | None, label: str
    ) -> Iterator[Callable[[int], None]]:
        calls = []

        def update(done: int) -> None:
            calls.append(done)
            if len(calls) == 3:
                os.kill(os.getpid(), signal.SIGTERM)

        yield update

    monkeypatch.setattr(playout_here, "progress_bar", terminated_at_third_check)
    before = signal.getsignal(signal.SIGTERM)
    code, out, err = run("selfplay", "random", "-n", "100000", "-t", "1")
    assert code == 130 and err == ""
    assert out.splitlines()[0] == "a (random) vs b (random): 192 games (interrupted), seed 0"
    assert signal.getsignal(signal.SIGTERM) == before


def test_ctrl_c_while_connecting_to_a_scheduler(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(address: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cluster, "connect", interrupted)
    code, out, err = run("duel", "random", "random", "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 130 and out == ""
    assert err == "interrupted while connecting to the Dask scheduler\n"


def test_rollout_settings_reach_the_api() -> None:
    # --truncate with the policy's own net estimating, a target error checked every 36
    # games, and a move filter for a 1-ply policy.
    args = [
        "rollout",
        "4HPwATDgc/ABMA",
        "-p",
        "net:td198-40",
        "-n",
        "720",
        "--truncate",
        "6",
        "--se",
        "0.02",
        "--check-every",
        "36",
        "--json",
    ]
    code, out, _ = run(*args)
    record = json.loads(out)
    net = Policy("net:td198-40")
    expected = rollout(
        Position.initial(), net, 720, truncate=6, evaluator=net.evaluator, se=0.02, check_every=36
    )
    assert code == 0 and record["games"] == expected.games < 720
    assert record["equity"] == expected.equity and record["variance_reduction"]
    code, out, _ = run(
        "rollout",
        "4HPwATDgc/ABMA",
        "-p",
        "net:td198-40@1",
        "-n",
        "4",
        "--move-filter",
        "2:0.05",
        "--no-rotate",
        "--no-variance-reduction",
        "--truncate-bearoff",
        "--json",
    )
    filtered = Policy("net:td198-40", plies=1, keep=2, margin=0.05)
    expected = rollout(
        Position.initial(),
        filtered,
        4,
        rotate=False,
        variance_reduction=False,
        truncate_bearoff=True,
    )
    assert code == 0 and json.loads(out)["equity"] == expected.equity


def test_the_one_sided_stop_and_the_lookahead_filter_reach_the_api() -> None:
    race = "d+YwDADbbWMAAA"
    args = ["rollout", race, "-p", "net:td198-40", "-n", "72", "--truncate-one-sided"]
    code, out, _ = run(*args, "--luck-keep", "2")
    assert code == 0
    assert out.splitlines()[0] == (
        f"{race}: net:td198-40 rollout, 72 games, rotated, variance reduced, stopped once "
        "both sides are home, seed 0"
    )
    code, out, _ = run(*args, "--luck-keep", "2", "--json")
    expected = rollout(
        Position.from_position_id(race),
        Policy("net:td198-40"),
        72,
        truncate_bearoff="one-sided",
        luck_keep=2,
    )
    assert code == 0 and json.loads(out)["equity"] == expected.equity
    code, _, err = run(*args, "--truncate-bearoff")
    assert code == 2 and err.endswith(
        "Error: give --truncate-bearoff or --truncate-one-sided, not both\n"
    )
    code, _, err = run(*args, "--cubeful")
    assert code == 2 and "games with the cube stop only where the bear-off database" in err


@pytest.mark.parametrize("command", ["duel", "selfplay", "rollout"])
def test_the_policy_help_names_the_shipped_nets(command: str) -> None:
    """The help listed net:PATH but not the nets tavla ships (issue 18)."""
    code, out, _ = run(command, "--help")
    assert code == 0
    text = " ".join(out.split())  # click wraps the epilog
    assert {"tavla218-128", "td198-40"} <= set(nets.available())
    assert f"net:NAME (a shipped net: {', '.join(nets.available())})" in text


# Rollouts of the dice in an ID.


START = "4HPwATDgc/ABMA"
# The start position with 5-5 rolled by gnubg player 0, 5-point match at 2-1.
GNUBG_ID_55 = "4HPwATDgc/ABMA:MIG2ACAACAAE"
# The starting position as an XGID, bottom on roll with 3-1 rolled, money play.
XGID_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10"


@pytest.mark.parametrize(("position_id", "roll"), [(GNUBG_ID_55, "55"), (XGID_31, "31")])
def test_a_rollout_of_an_id_with_dice_rolls_out_their_plays(position_id: str, roll: str) -> None:
    code, out, _ = run("rollout", position_id, "-n", "36", "--json")
    assert code == 0
    plays = json.loads(out)
    assert isinstance(plays, list) and len(plays) == len(Position.initial().legal_plays(roll))
    code, given, _ = run("rollout", START, "--roll", roll, "-n", "36", "--json")
    assert code == 0 and json.loads(given) == plays
    # The same dice given again, in either order, change nothing.
    code, again, _ = run("rollout", position_id, "--roll", roll[::-1], "-n", "36", "--json")
    assert code == 0 and json.loads(again) == plays
    code, text, _ = run("rollout", position_id, "-n", "36")
    assert code == 0 and text.splitlines()[1].split()[0] == "play"


@pytest.mark.parametrize(
    ("position_id", "roll", "message"),
    [
        (XGID_31, "42", "Error: the roll 4-2 differs from the dice 3-1 in the ID\n"),
        (GNUBG_ID_55, "5-4", "Error: the roll 5-4 differs from the dice 5-5 in the ID\n"),
    ],
)
def test_a_rollout_refuses_a_roll_that_differs_from_the_ids(
    position_id: str, roll: str, message: str
) -> None:
    assert run("rollout", position_id, "--roll", roll, "-n", "36") == (2, "", message)


@pytest.mark.parametrize(
    ("args", "reads"),
    [
        (("duel", "net:td198-40", "net:td198-40", "-n", "2"), ["net:td198-40"]),
        (("duel", "net:td198-40", "pubeval", "-n", "2", "--json"), ["net:td198-40"]),
        (
            ("duel", "net:td198-40@1", "net:td198-40", "--match", "1", "--matches", "2"),
            ["net:td198-40@1", "net:td198-40"],
        ),
    ],
)
def test_a_duel_reads_each_policy_text_once(
    monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], reads: list[str]
) -> None:
    # Every read of a policy text asks the registered readers first: one that knows no
    # name sees each read, wherever it is made.  A built-in's name is its own value.
    texts: list[str] = []
    monkeypatch.setattr(policies, "_READERS", list(policies._READERS))
    policies.register_policy_reader(lambda text: texts.append(text), "none")
    code, _, err = run(*args)
    assert code == 0, err
    assert texts == reads
