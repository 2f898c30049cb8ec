"""`tavla play` driven through a pseudo-terminal (pexpect), with seeded dice: whole games to
their end, cube actions, bad entries, undo, save (the file replayed by `tavla replay`),
Ctrl-C and the end of the input."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

import tavla
from tests.helpers.cli import run_python

PYTHON_DIR = str(Path(tavla.__file__).parent.parent)
PROMPTS = ["roll or double> ", "your play> ", "take or drop> "]
ROLL, PLAY, ANSWER = range(3)
MATCH_OVER = re.compile(r"(You win|tavla wins) the (\d+)-point match, (\d+)-(\d+)\.")


def spawn(*arguments: str) -> pexpect.spawn:
    environment = {**os.environ, "PYTHONPATH": PYTHON_DIR, "COLUMNS": "100"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "tavla", "play", *arguments],
        env=environment,
        encoding="utf-8",
        timeout=120,
        dimensions=(50, 120),
    )
    child.logfile_read = io.StringIO()  # the whole transcript, for the asserts
    child.expect("Type help for the commands.")
    return child


def transcript(child: pexpect.spawn) -> str:
    log = child.logfile_read
    assert isinstance(log, io.StringIO)
    return log.getvalue().replace("\r\n", "\n")


def finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus is not None
    return int(child.exitstatus)


def replayed(path: Path) -> dict[str, object]:
    completed = subprocess.run(
        [sys.executable, "-m", "tavla", "replay", "--json", str(path)],
        env={**os.environ, "PYTHONPATH": PYTHON_DIR},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    report: dict[str, object] = json.loads(completed.stdout)
    return report


def play_on(
    child: pexpect.spawn, answer: Callable[[int, str], str], until: str | re.Pattern[str]
) -> list[tuple[int, str]]:
    """Answer every prompt with ``answer(prompt, text before it)`` until ``until`` is
    printed; returns the prompts met, with the text before each."""
    met = []
    while True:
        index = child.expect([until, *PROMPTS])
        if index == 0:
            return met
        met.append((index - 1, child.before))
        child.sendline(answer(index - 1, child.before))


def test_a_whole_match_to_its_end_saved_and_replayed(tmp_path: Path) -> None:
    saved = tmp_path / "match.mat"
    child = spawn("--match", "3", "--seed", "11", "--opponent", "pubeval", "--save", str(saved))
    # pubeval never doubles and always takes; we double at our first chance, then roll
    doubled: list[bool] = []

    def answer(prompt: int, before: str) -> str:
        if prompt == ROLL:
            if not doubled:
                doubled.append(True)
                return "double"
            return ""
        return "1"

    play_on(child, answer, MATCH_OVER)
    winner, length, you, them = child.match.groups()
    assert length == "3" and max(int(you), int(them)) >= 3
    assert (winner == "You win") == (int(you) > int(them))
    child.expect(f"Saved \\d+ games? to {re.escape(str(saved))}")
    assert finish(child) == 0
    report = replayed(saved)
    (match,) = report["matches"]  # type: ignore[attr-defined]
    assert match["mismatches"] == [] and match["length"] == 3
    assert match["final_score"] == [int(you), int(them)]
    assert match["cube_actions"] >= 2  # our double and its take
    assert match["players"] == ["You", "tavla"]


def test_cube_actions_against_the_net(tmp_path: Path) -> None:
    """The default opponent (the net) takes our early double, later redoubles when ahead,
    and our drop ends the game at the cube's value."""
    saved = tmp_path / "money.sgf"
    child = spawn("--seed", "1", "--save", str(saved))
    doubled: list[bool] = []

    def answer(prompt: int, before: str) -> str:
        if prompt == ROLL and not doubled:
            doubled.append(True)
            return "double"
        if prompt == ANSWER:
            return "drop"
        return "" if prompt == ROLL else "1"

    play_on(child, answer, re.compile(r"(You win|tavla wins) a (single game|gammon|backgammon)"))
    child.expect(r"(\d+) points?\. money session, you ([-+]\d+) after 1 game\.")
    points, balance = int(child.match.group(1)), int(child.match.group(2))
    child.expect(PROMPTS)
    child.sendline("quit")
    child.expect_exact(f"Saved 2 games to {saved}.")
    assert finish(child) == 0
    text = transcript(child)
    assert "You double to 2.\ntavla takes: the cube is at 2, tavla's." in text
    assert "tavla doubles to 4." in text and "You pass." in text
    assert (points, balance) == (2, -2)
    (match,) = replayed(saved)["matches"]  # type: ignore[attr-defined]
    assert match["mismatches"] == [] and match["games"][0]["points"] == 2


def test_bad_entries_get_one_line_and_the_prompt_again() -> None:
    child = spawn("--match", "1", "--seed", "4", "--opponent", "pubeval")
    child.expect_exact("your play> ")
    for entry, message in [
        ("13/2", r"[^\r\n]+\r\n"),
        ("hello world", r"[^\r\n]+\r\n"),
        ("999", r"There is no play 999: the list has 1 to \d+\.\r\n"),
        ("take", r"[^\r\n]+\r\n"),
    ]:
        child.sendline(entry)
        child.expect_exact(entry + "\r\n")  # the terminal's echo of what was typed
        child.expect(message)
        line = child.after
        child.expect_exact("your play> ")
        assert child.before == "", f"{entry!r}: more than one line: {line + child.before!r}"
    child.sendline("quit")
    assert finish(child) == 0


def test_undo_takes_back_the_last_play_and_keeps_the_dice() -> None:
    child = spawn("--match", "1", "--seed", "5", "--opponent", "pubeval")
    child.expect_exact("your play> ")
    board_before = child.before[child.before.index(" O  pip count") :]
    child.sendline("1")
    child.expect(r"You play ([^\r\n]+)\.\r\n")
    played = child.match.group(1)
    child.expect(r"tavla rolls (\d-\d) and ")
    their_roll = child.match.group(1)
    child.expect_exact(PROMPTS[PLAY])
    child.sendline("undo")
    child.expect(f"Took back your play {re.escape(played)} and tavla's turns after it\\.")
    child.expect_exact(PROMPTS[PLAY])
    assert child.before[child.before.index(" O  pip count") :] == board_before
    child.sendline("undo")
    child.expect_exact("Nothing to undo: you have made no play in this game.")
    child.sendline("2")  # another play: tavla gets the same roll as before
    child.expect(r"tavla rolls (\d-\d) and ")
    assert child.match.group(1) == their_roll
    child.sendline("quit")
    assert finish(child) == 0


def test_save_mid_game_then_replay(tmp_path: Path) -> None:
    child = spawn("--seed", "9", "--opponent", "pubeval")
    for _ in range(6):
        prompt = child.expect(PROMPTS)
        child.sendline("1" if prompt == PLAY else "")
    child.expect(PROMPTS)
    path = tmp_path / "part.mat"
    child.sendline(f"save {path}")
    child.expect_exact(f"Saved 1 game to {path}.")
    child.sendline("save")
    child.expect_exact("save FILE: name one file, .mat or .sgf.")
    child.sendline(f"save {tmp_path / 'part.doc'}")
    child.expect("a match file is .mat, .txt or .sgf")
    child.sendline("quit")
    assert finish(child) == 0
    (match,) = replayed(path)["matches"]  # type: ignore[attr-defined]
    assert match["mismatches"] == [] and match["plays"] >= 4
    assert match["games"][0]["winner"] is None  # the game was still on


def test_ctrl_c_exits_130_and_end_of_input_exits_0(tmp_path: Path) -> None:
    saved = tmp_path / "cut.mat"
    child = spawn("--seed", "3", "--save", str(saved))
    child.expect(PROMPTS)
    child.sendintr()
    child.expect_exact("Interrupted.")
    child.expect_exact(f"Saved 1 game to {saved}.")
    assert finish(child) == 130
    assert saved.exists()
    child = spawn("--seed", "3")
    child.expect(PROMPTS)
    child.sendeof()
    assert finish(child) == 0


def test_help_and_a_bad_opponent() -> None:
    child = spawn("--match", "1", "--seed", "4", "--opponent", "pubeval")
    child.expect_exact("your play> ")
    child.sendline("help")
    child.expect_exact("undo")
    child.expect_exact("your play> ")
    child.sendline("quit")
    assert finish(child) == 0
    completed = run_python("play", "--opponent", "nonsense")
    assert completed.returncode == 2 and "unknown policy" in completed.stderr


@pytest.mark.parametrize("suffix", [".doc", ""])
def test_save_needs_a_match_file_suffix(tmp_path: Path, suffix: str) -> None:
    completed = run_python("play", "--save", str(tmp_path / f"out{suffix}"))
    assert completed.returncode == 2 and completed.stderr.startswith("Error: --save")
