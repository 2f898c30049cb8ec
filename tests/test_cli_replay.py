"""``tavla replay``: summaries, JSON, exit codes, files that are not match files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tavla.cli import main

REALDATA = Path(__file__).parent / "data" / "realdata"
CORRUPT = "Player0752 - Player0592 3pt Backgammon Studio 2024_05_11 20_10_33.txt"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["replay", *args])
    return result.exit_code, result.output


def test_a_clean_match_exits_0_with_its_summary() -> None:
    path = str(REALDATA / "test-match01.txt")
    code, output = run(path)
    assert code == 0
    assert output.splitlines() == [
        f"{path}: 3-point match, gnubg - Player0616: 3 games (3 single), 159 plays,"
        " 4 cube actions, final score 1-4, 0 mismatches, 2 notes",
        "total: 1 match, 3 games, 159 plays, 4 cube actions, 0 mismatches, 2 notes,"
        " 0 files skipped, 0 unreadable",
    ]


def test_turkish_result_terms() -> None:
    # The gnubg .mat from gnubgparser: games 1 and 2 are single (a resignation, a drop),
    # game 3 a gammon borne off on a 2-cube ("Wins 4 points"), game 4 a backgammon resigned
    # on a centred cube ("Wins 3 points").
    match = REALDATA / "Player0192-Player0193_7p_2025-11-08-2305.mat"
    code, output = run("--lang", "tr", str(match))
    assert code == 0
    # "oyun" is a game as well as a single: each Turkish term is followed by the English one.
    assert (
        "4 games (2 oyun = single, 1 mars = gammon, 1 katmerli mars = backgammon), 189 plays,"
        in output
    )


def test_notes_are_listed_on_request() -> None:
    code, output = run("--notes", str(REALDATA / "match4007088.txt"))
    assert code == 0
    assert "  note: " in output
    assert "game 2 [AAAAtm0TgEAAAA]: Wins 3 and the match: the final match score 0-3" in output


def test_a_directory_with_a_corrupt_export_exits_1() -> None:
    code, output = run(str(REALDATA))
    assert code == 1
    lines = output.splitlines()
    assert lines[-1] == (
        "total: 8 matches, 26 games, 1184 plays, 42 cube actions, 1 mismatch, 11 notes,"
        " 0 files skipped, 0 unreadable"
    )
    (mismatch,) = [line for line in lines if "MISMATCH" in line]
    assert mismatch.endswith(
        f"{CORRUPT}:58: game 2, move 24: Wins 4016 points, but a game at cube 4 is worth 4, 8 or 12"
    )
    assert not any("file/s" in line or "%|" in line for line in lines)  # no progress bar


def test_json_output() -> None:
    code, output = run("--json", str(REALDATA / CORRUPT))
    assert code == 1
    record = json.loads(output)
    assert record["totals"] == {
        "matches": 1,
        "games": 2,
        "plays": 63,
        "cube_actions": 6,
        "mismatches": 1,
        "notes": 1,
        "skipped": 0,
        "unreadable": 0,
    }
    (match,) = record["matches"]
    assert (match["length"], match["players"]) == (3, ["Player0752", "Player0592"])
    assert [game["end"] for game in match["games"]] == ["drop", "resignation"]
    assert (match["games"][1]["plays"], match["games"][1]["checked_plays"]) == (42, 41)
    assert match["mismatches"][0] | {"file": ""} == {
        "file": "",
        "game": 2,
        "move": 24,
        "line": 58,
        "position_id": None,
        "reason": "Wins 4016 points, but a game at cube 4 is worth 4, 8 or 12",
    }


def test_other_text_files_in_a_directory_are_skipped(tmp_path: Path) -> None:
    match = tmp_path / "match8794401.txt"
    match.write_bytes((REALDATA / match.name).read_bytes())
    (tmp_path / "analysis.txt").write_text(
        "Move number 1:  Ann to play 32\n\n GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n"
        "                 Match ID   : MICpAAAAAAAE\n",
        encoding="utf-8",
    )
    (tmp_path / "xg.txt").write_text("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10\n")
    (tmp_path / "notes.md").write_text("not looked at: neither .mat nor .txt\n")
    (tmp_path / "readme.txt").write_text("My matches from the club.\nGames: see below.\n")
    code, output = run(str(tmp_path))
    assert code == 0
    assert output.splitlines() == [
        f"{match}: 16-point match, Player0581 - Player0592: 1 game (1 gammon), 41 plays,"
        " 0 cube actions, final score 1-0, 0 mismatches, 2 notes",
        f"skipped {tmp_path / 'analysis.txt'}: not a match file: a GNU Backgammon export of"
        " positions, not of a whole game",
        f"skipped {tmp_path / 'readme.txt'}: not a match file: no ' N point match' line"
        " and no 'Game N' line",
        f"skipped {tmp_path / 'xg.txt'}: not a match file: an eXtreme Gammon position export",
        "total: 1 match, 1 game, 41 plays, 0 cube actions, 0 mismatches, 2 notes,"
        " 3 files skipped, 0 unreadable",
    ]


def test_a_directory_without_match_files_exits_2(tmp_path: Path) -> None:
    empty, other = tmp_path / "empty", tmp_path / "other"
    empty.mkdir()
    other.mkdir()
    (other / "readme.txt").write_text("Nothing here yet.\n")
    code, output = run(str(empty), str(other))
    assert code == 2
    assert output.splitlines() == [
        f"skipped {other / 'readme.txt'}: not a match file: no ' N point match' line"
        " and no 'Game N' line",
        f"no match files found in {empty}",
        f"no match files found in {other}",
        "total: 0 matches, 0 games, 0 plays, 0 cube actions, 0 mismatches, 0 notes,"
        " 1 file skipped, 0 unreadable",
    ]
    code, output = run("--json", str(empty))
    assert code == 2
    assert json.loads(output)["no_match_files_in"] == [str(empty)]


def folder_with_a_locked_subfolder(tmp_path: Path) -> tuple[Path, Path]:
    """A folder holding a real match file and a subfolder holding another."""
    top, locked = tmp_path / "matches", tmp_path / "matches" / "locked"
    locked.mkdir(parents=True)
    match = (REALDATA / "test-match01.txt").read_text(encoding="utf-8")
    (top / "a.txt").write_text(match, encoding="utf-8")
    (locked / "b.txt").write_text(match, encoding="utf-8")
    return top, locked


def expect_the_locked_subfolder_reported(top: Path, locked: Path) -> None:
    code, output = run(str(top))
    assert code == 2
    lines = output.splitlines()
    assert lines[0].startswith(f"{top / 'a.txt'}: 3-point match")
    assert f"unreadable {locked}: cannot list the folder: [Errno 13] Permission denied" in lines
    assert lines[-1].endswith("0 files skipped, 1 unreadable")
    code, output = run("--json", str(top))
    assert code == 2
    record = json.loads(output)
    assert record["unreadable"] == [
        {"file": str(locked), "error": "cannot list the folder: [Errno 13] Permission denied"}
    ]
    assert record["totals"]["matches"] == 1


def test_a_subfolder_that_cannot_be_listed_is_unreadable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It was skipped silently (issue 18).  Listing it is refused here as in a folder
    without read permission (root, who may run the tests, reads every folder)."""
    top, locked = folder_with_a_locked_subfolder(tmp_path)
    real_scandir = os.scandir

    def scandir(path: Any = ".") -> Any:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    expect_the_locked_subfolder_reported(top, locked)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads all")
def test_a_subfolder_without_read_permission_is_unreadable(tmp_path: Path) -> None:
    top, locked = folder_with_a_locked_subfolder(tmp_path)
    locked.chmod(0)
    try:
        expect_the_locked_subfolder_reported(top, locked)
    finally:
        locked.chmod(0o755)


def test_a_named_file_that_is_not_a_match_file_exits_2(tmp_path: Path) -> None:
    readme = tmp_path / "readme.txt"
    readme.write_text("My matches from the club.\n")
    code, output = run(str(readme))
    assert code == 2
    assert f"unreadable {readme}: line 1: expected a header" in output


def test_a_match_cut_off_mid_game_says_unfinished(tmp_path: Path) -> None:
    # test-match01.txt up to move 13 of game 3, which has no result yet.
    lines = (REALDATA / "test-match01.txt").read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(lines[:80]) + "\n", encoding="utf-8")
    code, output = run(str(cut))
    assert code == 0
    assert output.splitlines()[0] == (
        f"{cut}: 3-point match, gnubg - Player0616: 3 games (2 single, 1 unfinished),"
        " 129 plays, 4 cube actions, final score 1-2, 0 mismatches, 3 notes"
    )


def test_unreadable_input_exits_2_and_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mat"
    bad.write_text(" 3 point match\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 x\n")
    result = CliRunner().invoke(
        main, ["replay", str(bad), str(tmp_path / "missing.mat"), str(REALDATA / CORRUPT)]
    )
    assert result.exit_code == 2
    assert f"unreadable {bad}: line 4: cannot read the move 'x': '1) 31: 8/5 x'" in result.output
    assert f"unreadable {tmp_path / 'missing.mat'}: no such file or directory" in result.output
    assert "total: 1 match," in result.output


def test_an_sgf_file_replays_as_its_mat_export() -> None:
    sgf = Path(__file__).parent / "data" / "sgf" / "gnubg-3pt"
    summary = (
        ": 3-point match, Ann - Bob: 3 games (2 single, 1 gammon), 149 plays, 2 cube actions,"
        " final score 1-4, 0 mismatches, 3 notes"
    )
    for path in (sgf.with_suffix(".sgf"), sgf.with_suffix(".mat")):
        code, output = run(str(path))
        assert (code, output.splitlines()[0]) == (0, f"{path}{summary}")


def test_a_malformed_sgf_file_is_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "broken.sgf"
    path.write_text("(;FF[4]GM[6]MI[length:3]\n;W[31hefe]\n;B[99])\n")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"unreadable {path}: line 3: game 1: cannot read the move B['99']: a roll and its moves"
        " (31hefe), double, take or drop\n"
    )


def test_a_directory_of_sgf_files() -> None:
    # gnubg's 3-point match and money session (tests/data/README.md), their .mat exports,
    # gnubgparser's 7-point match (4 games, 189 rolls, 8 cube actions, 2 resignations as
    # its .mat) and zmetcalf's money session (11 rolls, a double dropped, a game cut off).
    code, output = run(str(Path(__file__).parent / "data" / "sgf"))
    assert code == 0
    assert output.splitlines()[-1] == (
        "total: 6 matches, 18 games, 714 plays, 34 cube actions, 0 mismatches, 9 notes,"
        " 0 files skipped, 0 unreadable"
    )


# What is not a match file, named or in a directory.


def replay(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["replay", *args])
    return result.exit_code, result.stdout, result.stderr


# The starting position as an XGID, bottom on roll with 3-1 rolled, money play.
XGID_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10"
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
def test_a_named_sgf_xgid_or_empty_file_exits_2(
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
        2,
        TOTAL_ONE_UNREADABLE,
        f"unreadable {fifo}: not a regular file (a FIFO)\n",
    )
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


# -- paths that name no file, and the report's line for them -------------------------------


def test_replay_of_an_empty_path_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.mat").write_text((REALDATA / "test-match01.txt").read_text())
    monkeypatch.chdir(tmp_path)
    for args in ([""], ["a.mat", ""]):
        result = CliRunner().invoke(main, ["replay", *args])
        assert result.exit_code == 2
        assert result.stdout == ""
        assert result.stderr == (
            "Error: an empty path names no file: name a match file or a directory"
            " ('.' for this one)\n"
        )


def test_replay_of_a_missing_path_is_a_line_of_its_report(tmp_path: Path) -> None:
    missing = tmp_path / "nonexistent"
    result = CliRunner().invoke(main, ["replay", str(missing)])
    assert result.exit_code == 2
    assert result.stderr == f"unreadable {missing}: no such file or directory\n"
    assert result.stdout == (
        "total: 0 matches, 0 games, 0 plays, 0 cube actions, 0 mismatches, 0 notes,"
        " 0 files skipped, 1 unreadable\n"
    )


def test_the_replay_report_is_documented() -> None:
    help_text = CliRunner().invoke(main, ["replay", "--help"]).output
    assert '"unreadable PATH: REASON"' in help_text
    cli_doc = (Path(__file__).parents[1] / "docs" / "cli.rst").read_text()
    assert "``unreadable PATH: REASON``" in cli_doc
    assert "unreadable missing.mat: no such file or directory" in cli_doc
