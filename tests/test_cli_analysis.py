"""``tavla replay`` on GNU Backgammon's analysis exports: replayed, not skipped, and their
blunders listed with ``--blunders``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from tavla.cli import main

DATA = Path(__file__).parent / "data" / "analysis"
GAME_3 = DATA / "match10013413_003.txt"
GAME_4 = DATA / "match10013413_004.txt"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["replay", *args])
    return result.exit_code, result.output


def test_an_export_is_replayed() -> None:
    code, output = run(str(GAME_3))
    assert code == 0
    assert output.splitlines() == [
        f"{GAME_3}: 5-point match, Player0706 - Player0592: 1 game (1 single), 6 plays,"
        " 2 cube actions, final score 1-3, 0 mismatches, 0 notes",
        "total: 1 match, 1 game, 6 plays, 2 cube actions, 0 mismatches, 0 notes,"
        " 0 files skipped, 0 unreadable",
    ]


def test_blunders_above_the_threshold() -> None:
    code, output = run(str(GAME_4), "--blunders", "--threshold", "0.1")
    assert code == 0
    lines = output.splitlines()
    # The file's own alerts over 0.1: a wrong pass (0.191) at move 11 (line 416).
    assert lines[1:] == [
        f"  blunder: {GAME_4}:416: game 4, move 11, Player0592 take: pass, best take:"
        " loses 0.191 (wrong pass)",
        "total: 1 match, 1 game, 9 plays, 2 cube actions, 0 mismatches, 0 notes,"
        " 0 files skipped, 0 unreadable, 1 blunder",
    ]
    # The default threshold, 0.08, lists the same.  0 lists every decision: 9 plays, the
    # cube decisions before rolls 2-9 (move 1 has none), the double and the pass.
    assert run(str(GAME_4), "--blunders")[1] == output
    everything = run(str(GAME_4), "--blunders", "--threshold", "0")[1]
    assert everything.splitlines()[-1].endswith("0 unreadable, 19 blunders")


def test_blunders_in_json() -> None:
    code, output = run(str(GAME_4), "--json", "--blunders")
    assert code == 0
    record = json.loads(output)
    assert record["totals"]["blunders"] == 1
    (match,) = record["matches"]
    (blunder,) = match["blunders"]
    assert blunder | {"position_id": ""} == {
        "game": 4,
        "move": 11,
        "line": 416,
        "player": 1,
        "name": "Player0592",
        "kind": "take",
        "dice": None,
        "played": "pass",
        "best": "take",
        "error": 0.191,
        "luck": None,
        "alert": "wrong pass",
        "position_id": "",
    }
    # Without --blunders, neither the list nor its count.
    plain = json.loads(run(str(GAME_4), "--json")[1])
    assert "blunders" not in plain["totals"] and "blunders" not in plain["matches"][0]


def test_a_directory_of_exports_and_a_bad_threshold(tmp_path: Path) -> None:
    shutil.copy(GAME_3, tmp_path)
    shutil.copy(GAME_4, tmp_path)
    code, output = run(str(tmp_path))
    assert code == 0
    assert output.splitlines()[-1] == (
        "total: 2 matches, 2 games, 15 plays, 4 cube actions, 0 mismatches, 0 notes,"
        " 0 files skipped, 0 unreadable"
    )
    code, output = run(str(GAME_3), "--blunders", "--threshold", "-1")
    assert code == 2
    assert "Invalid value for '--threshold'" in output


def test_a_broken_export_is_unreadable(tmp_path: Path) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_text(GAME_3.read_text().replace("Proper cube action: No double, take (53.9%)", ""))
    code, output = run(str(broken))
    assert code == 2
    reason = "line 71: expected 'Proper cube action: ...': 'Rolled 43:'"
    assert f"unreadable {broken}: {reason}" in output
