"""Hardening of the command line (issue 8): huge or hostile input and failing output give one
``Error:`` line and exit status 2, never a traceback; rollouts read the dice of an ID;
``replay`` refuses what is not a match file; help, version and rolls read as they should."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import tavla
from tavla.cli import main
from tavla.eval import builtin_policies, nets

REALDATA = Path(__file__).parent / "data" / "realdata"
PYTHON_PATH = str(Path(tavla.__file__).parents[1])
START = "4HPwATDgc/ABMA"
# The start position with 5-5 rolled by gnubg player 0, 5-point match at 2-1.
GNUBG_ID_55 = "4HPwATDgc/ABMA:MIG2ACAACAAE"
# The starting position as an XGID, bottom on roll with 3-1 rolled, money play.
XGID_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def run_python(*args: str, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess:
    """``python -m tavla ARGS`` in a new process, on the tree under test."""
    env = {**os.environ, "PYTHONPATH": PYTHON_PATH}
    return subprocess.run(
        [sys.executable, "-m", "tavla", *args], stdout=stdout, stderr=subprocess.PIPE,
        text=True, env=env, check=False, timeout=120,
    )  # fmt: skip


# -- absurd game counts, MemoryError --------------------------------------------------------

MEMORY_LINE = r"more than the [\d,]+ (?:bytes|kB|MB|GB|TB) of this machine: play fewer games"


@pytest.mark.parametrize(
    ("args", "needed"),
    [
        (["selfplay", "random"], "160 TB of memory (16 bytes a game)"),
        (["duel", "random", "pubeval"], "160 TB of memory (16 bytes a game)"),
        (["rollout", START], "3,200 TB of memory (320 bytes a game)"),
        # 16 plays of 3-1 keep 48 bytes a game each.
        (["rollout", START, "--roll", "31"], "10,400 TB of memory (1040 bytes a game)"),
    ],
)
def test_absurd_game_counts_are_refused_up_front(args: list[str], needed: str) -> None:
    code, out, err = run(*args, "-n", "10000000000000")
    assert (code, out) == (2, "")
    expected = rf"Error: 10,000,000,000,000 games need {re.escape(needed)}, {MEMORY_LINE}\n"
    assert re.fullmatch(expected, err), err


def test_the_api_refuses_them_too() -> None:
    with pytest.raises(tavla.PlayoutError, match=r"^10,000,000,000,000 games need 160 TB"):
        tavla.selfplay("random", 10**13)
    truncated = r"^2,000,000,000,000 games need 240 TB of memory \(120 bytes a game\)"
    with pytest.raises(tavla.PlayoutError, match=truncated):
        tavla.sim.playout.play_games("random", "random", 2 * 10**12, truncate=5)
    with pytest.raises(tavla.PlayoutError, match=r"^10,000,000,000,000 games need 3,200 TB"):
        tavla.rollout(tavla.Position.initial(), games=10**13)


def test_a_memory_error_is_one_error_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_memory(*args: object, **kwargs: object) -> None:
        raise MemoryError("no memory for the results of 5000000 games (8 bytes a game)")

    command_module = importlib.import_module("tavla.cli.selfplay")  # not the command itself
    monkeypatch.setattr(command_module, "run_selfplay", no_memory)
    code, out, err = run("selfplay", "random", "-n", "5000000")
    assert (code, out) == (2, "")
    assert err == (
        "Error: out of memory: no memory for the results of 5000000 games (8 bytes a game)\n"
    )


# -- output that cannot be written -----------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["moves", "jGfwATDg8+ABKA", "21"],
        ["moves", "jGfwATDg8+ABKA", "21", "--json"],
        ["show", START],
        ["--version"],
        ["--help"],
    ],
)
def test_output_to_a_full_disk_is_one_error_line(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = run_python(*args, stdout=full.fileno())
    assert done.returncode == 2
    assert done.stderr == "Error: cannot write the output: No space left on device\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["moves", START, "31"], ["moves", START, "71"]])
def test_with_stderr_full_too_the_exit_status_still_tells(args: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": PYTHON_PATH}
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "tavla", *args], stdout=full, stderr=full, env=env,
            check=False, timeout=120,
        )  # fmt: skip
    assert done.returncode == 2


# -- rollouts of the dice in an ID ------------------------------------------------------------


@pytest.mark.parametrize(("position_id", "roll"), [(GNUBG_ID_55, "55"), (XGID_31, "31")])
def test_a_rollout_of_an_id_with_dice_rolls_out_their_plays(position_id: str, roll: str) -> None:
    code, out, _ = run("rollout", position_id, "-n", "36", "--json")
    assert code == 0
    plays = json.loads(out)
    assert isinstance(plays, list) and len(plays) == len(tavla.Position.initial().legal_plays(roll))
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


# -- replay: what is not a match file --------------------------------------------------------


def replay(*args: str) -> tuple[int, str, str]:
    return run("replay", *args)


GO_SGF = "an SGF record of another game (GM[1]; backgammon is GM[6])"
TOTAL_ONE_UNREADABLE = (
    "total: 0 matches, 0 games, 0 plays, 0 cube actions, 0 mismatches, 0 notes,"
    " 0 files skipped, 1 unreadable\n"
)


@pytest.mark.parametrize(
    ("name", "text", "reason"),
    [
        ("go.sgf", "(;FF[4]GM[1]SZ[19]PB[Ann]PW[Bob])\n", f"not a match file: {GO_SGF}"),
        ("position.txt", XGID_31 + "\n", "not a match file: an eXtreme Gammon position export"),
        ("empty.mat", "", "the file is empty"),
    ],
)
def test_a_named_file_that_is_not_a_match_file_exits_2(
    tmp_path: Path, name: str, text: str, reason: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    assert replay(str(path)) == (2, TOTAL_ONE_UNREADABLE, f"unreadable {path}: {reason}\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_devices_and_fifos_are_named_for_what_they_are(tmp_path: Path) -> None:
    fifo = tmp_path / "match.mat"
    os.mkfifo(fifo)
    assert replay(str(fifo)) == (
        2, TOTAL_ONE_UNREADABLE, f"unreadable {fifo}: not a regular file (a FIFO)\n"
    )  # fmt: skip
    if Path("/dev/null").exists():
        device = "unreadable /dev/null: not a regular file (a character device)\n"
        assert replay("/dev/null") == (2, TOTAL_ONE_UNREADABLE, device)


def test_files_in_a_directory_that_are_not_match_files_are_still_skipped(tmp_path: Path) -> None:
    (tmp_path / "match.txt").write_bytes((REALDATA / "test-match01.txt").read_bytes())
    (tmp_path / "game.txt").write_text("(;FF[4]GM[1])\n")
    (tmp_path / "empty.mat").write_text("")
    code, out, _ = replay(str(tmp_path))
    assert code == 0
    assert out.splitlines()[1:3] == [
        f"skipped {tmp_path / 'empty.mat'}: not a match file: the file is empty",
        f"skipped {tmp_path / 'game.txt'}: not a match file: {GO_SGF}",
    ]


def test_a_match_file_with_a_number_beyond_pythons_digit_limit(tmp_path: Path) -> None:
    path = tmp_path / "long.mat"
    path.write_text(f" {'1' * 5000} point match\n")
    code, out, err = replay(str(path))
    assert (code, out.splitlines()[-1] + "\n") == (2, TOTAL_ONE_UNREADABLE)
    assert err == (
        f"unreadable {path}: line 1: the number '{'1' * 40}'... (5,000 characters) is too long"
        f" (at most 9 digits): '{'1' * 40}'... (5,012 characters)\n"
    )


# -- rolls, help, version -------------------------------------------------------------------


@pytest.mark.parametrize("roll", [["1", "3"], ["13"], ["1-3"], ["3", "1"]])
def test_a_roll_is_shown_higher_die_first(roll: list[str]) -> None:
    code, out, _ = run("moves", START, *roll)
    assert code == 0 and out.splitlines()[0] == f"{START}  roll 3-1: 16 legal plays"
    code, out, _ = run("moves", START, *roll, "--json")
    assert code == 0 and json.loads(out)["dice"] == [3, 1]


def test_a_roll_that_differs_from_the_ids_names_both_higher_first() -> None:
    code, _, err = run("moves", "4HPwATDgc/ABMA:QYkqASAAIAAE", "1", "3")
    assert (code, err) == (2, "Error: the roll 3-1 differs from the dice 5-2 in the ID\n")


def test_python_dash_m_version_names_tavla() -> None:
    done = run_python("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"tavla, version {tavla.__version__}\n"


def test_every_command_has_a_whole_summary() -> None:
    code, out, _ = run("--help")
    assert code == 0
    commands = out.split("Commands:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in commands] == [
        "analyse", "bench", "benchmark", "data", "duel", "eval", "hint", "ladder", "moves",
        "play", "replay", "rollout", "selfplay", "show", "train", "ubgi",
    ]  # fmt: skip
    assert commands[8] == "  moves      List every legal play of a roll, with its Position ID."
    assert all(line.endswith(".") and not line.endswith("...") for line in commands)


@pytest.mark.parametrize("command", ["selfplay", "duel"])
def test_the_help_of_a_playout_command_lists_the_policies(command: str) -> None:
    code, out, _ = run(command, "--help")
    assert code == 0
    epilog = " ".join(out.split("Policies: ", 1)[1].split())
    shipped = ", ".join(nets.available())
    assert epilog.startswith(
        f"{', '.join(builtin_policies())}, net:NAME (a shipped net: {shipped}), or net:PATH"
    )
    assert "add @N to search N plies (net:td198-40@1)." in epilog
    assert epilog.endswith(
        'External engines: ubgi:"COMMAND" (a program speaking UBGI), gnubg (GNU Backgammon'
        " at 0-ply, gnubg@N at N plies)."
    )
