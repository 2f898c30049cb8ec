"""Errors of the command line: absurd game counts, no memory left and output that cannot be
written each give one ``Error:`` line and exit status 2, never a traceback."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tavla.cli import main
from tests.helpers.cli import PYTHON_PATH, run_python

START = "4HPwATDgc/ABMA"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


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
            [sys.executable, "-m", "tavla", *args],
            stdout=full,
            stderr=full,
            env=env,
            check=False,
            timeout=120,
        )
    assert done.returncode == 2


# -- replay: what is not a match file --------------------------------------------------------


# -- usage errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["analyse", "x.mat", "--threshold", "-1"],
            "Invalid value for '--threshold': -1.0 is not in the range x>=0.",
        ),
        (
            ["rollout", START, "-n", "0"],
            "Invalid value for '--games' / '-n': 0 is not in the range x>=1.",
        ),
        (["rollout", START, "--se", "0"], "Invalid value for '--se': 0.0 is not in the range x>0."),
        (["hint", START, "--nosuch"], "No such option '--nosuch'."),
        (["analyse"], "Missing argument 'PATHS...'."),
        (["data", "rollouts"], "Missing argument 'IN'."),
        (["nosuch"], "No such command 'nosuch'."),
    ],
)
def test_a_usage_error_is_one_error_line(args: list[str], line: str) -> None:
    """Click printed three lines (Usage, Try, Error) for these: now one, exit status 2."""
    assert run(*args) == (2, "", f"Error: {line}\n")


def test_a_group_given_nothing_still_shows_its_help() -> None:
    code, out, err = run("data")
    assert code == 2 and out == "" and err.startswith("Usage: ") and "Commands:" in err


@pytest.mark.parametrize(
    "args",
    [
        ["analyse", "x.mat", "--threshold", "nan"],
        ["eval", START, "--cube-life", "nan"],
        ["rollout", START, "--se", "nan"],
        ["rollout", START, "--roll", "31", "--out-of-contention", "NaN"],
        ["replay", "x.mat", "--threshold", "nan"],
    ],
)
def test_nan_is_not_a_number(args: list[str]) -> None:
    """nan passed click's range checks (every comparison with it is false) and was taken."""
    option = args[-2]
    code, out, err = run(*args)
    assert (code, out) == (2, "")
    assert err.startswith(f"Error: Invalid value for '{option}'") and "is not a number" in err
