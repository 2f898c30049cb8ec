"""Match files read with care: numbers of any length and huge lines are quoted by a bounded
excerpt, misuse and files that are not regular files are tavla errors, a replay of a huge
play or an odd cube limit stays bounded, and the reports have a short repr."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path
from typing import Any

import pytest

import tavla
from tavla import MatchFileError, Position
from tavla.formats.mat import format_mat, parse_mat, read_mat
from tavla.render import text_board
from tavla.replay import match_record, match_rules, replay_file, replay_record

REALDATA = Path(__file__).parent / "data" / "realdata"
DIGITS = "1" * 5000  # beyond Python's 4,300-digit limit of int("...")
HEADER = " 3 point match\n\n Game 1\n A : 0                          B : 0\n"
TOO_LONG = f"the number '{'1' * 40}'... (5,000 characters) is too long (at most 9 digits)"


# -- numbers beyond Python's digit limit, excerpts of huge input -----------------------------


@pytest.mark.parametrize(
    ("text", "line", "quoted"),
    [
        (f" {DIGITS} point match\n", 1, f"'{'1' * 40}'... (5,012 characters)"),
        (f" 3 point match\n\n Game {DIGITS}\n", 3, f"'Game {'1' * 35}'... (5,005 characters)"),
        (f" 3 point match\n\n Game 1\n A : {DIGITS}    B : 0\n", 4, "'A : 1"),
        (f"{HEADER}  {DIGITS}) 31: 8/5 6/5\n", 5, "(5,013 characters)"),
        (f"{HEADER}  1) 31: 8/5 6/5          Doubles => {DIGITS}\n", 5, "'1) 31: 8/5 6/5   "),
        (f"{HEADER}  1) 31: 8/5 6/5\n      Wins {DIGITS} points\n", 6, "'Wins 1111"),
    ],
    ids=["match length", "game number", "score", "move number", "cube value", "points"],
)
def test_a_number_of_a_match_file_beyond_the_digit_limit(text: str, line: int, quoted: str) -> None:
    with pytest.raises(MatchFileError) as caught:
        parse_mat(text)
    message = str(caught.value)
    assert message.startswith(f"line {line}: {TOO_LONG}: ")
    assert quoted in message and len(message) < 200


def test_an_800_kb_move_line_is_quoted_by_an_excerpt() -> None:
    with pytest.raises(MatchFileError) as caught:
        parse_mat(f"{HEADER}  1) 31: 8/5 6/5 {'x' * 800_000}\n")
    assert str(caught.value) == (
        f"line 5: cannot read the move '{'x' * 40}'... (800,000 characters):"
        f" '1) 31: 8/5 6/5 {'x' * 25}'... (800,015 characters)"
    )


def test_a_huge_play_of_valid_moves_is_a_bounded_mismatch() -> None:
    report = replay_record(parse_mat(f"{HEADER}  1) 31: {'8/5* ' * 200_000}\n"))
    (mismatch,) = report.mismatches
    assert str(mismatch) == (
        "<record>:5: game 1, move 1 [4HPwATDgc/ABMA]: left player 31:"
        f" '{'8/5* ' * 8}'... (999,999 characters): too long to be the play of one roll"
        " (it plays at most 4 moves)"
    )


@pytest.mark.parametrize(
    ("limit", "max_cube"),
    [(DIGITS, None), ("\u00b2", None), ("65536", None), ("1099511627776", None), ("64", 64)],
    ids=["5000 digits", "superscript two", "2**16", "2**40", "64"],
)
def test_a_cube_limit_header_never_breaks_the_replay(limit: str, max_cube: int | None) -> None:
    record = parse_mat(f'; [CubeLimit "{limit}"]\n{HEADER}  1) 31: 8/5 6/5\n')
    assert match_rules(record).max_cube == max_cube
    assert replay_record(record).mismatches == []


# -- misuse is a tavla error that names the expected type ------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: parse_mat(None),
            MatchFileError,
            "the text of a match file must be a str, got NoneType",
        ),
        (
            lambda: parse_mat(b" 1 point match\n"),
            MatchFileError,
            "the text of a match file must be a str, got bytes: decode them, or read the file"
            " with read_mat",
        ),
        (
            lambda: format_mat(None),
            MatchFileError,
            "the record must be a MatchRecord, got NoneType",
        ),
        (
            lambda: replay_file(None),
            MatchFileError,
            "the path of a match file must be a str or a path, got NoneType",
        ),
        (
            lambda: read_mat(3),
            MatchFileError,
            "the path of a match file must be a str or a path, got int",
        ),
        (
            lambda: text_board(Position.initial().board),
            tavla.InvalidPositionError,
            "text_board draws a Position, got ndarray: draw Position(board)",
        ),
        (
            lambda: text_board("4HPwATDgc/ABMA"),
            tavla.InvalidPositionError,
            "text_board draws a Position, got str",
        ),
    ],
)
def test_misuse_is_a_tavla_error(call: object, error: type, message: str) -> None:
    with pytest.raises(error) as caught:
        call()  # type: ignore[operator]
    assert str(caught.value) == message
    assert isinstance(caught.value, (tavla.TavlaError, ValueError))


# -- files that are not regular files, empty files -------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "match.mat"
    os.mkfifo(fifo)
    raised: list[BaseException] = []

    def read() -> None:
        try:
            replay_file(fifo)
        except BaseException as exc:  # handed to the test's thread
            raised.append(exc)

    reader = threading.Thread(target=read, daemon=True)  # it would block for ever before
    reader.start()
    reader.join(timeout=30)
    assert not reader.is_alive(), "replay_file blocked on a FIFO"
    (exc,) = raised
    assert isinstance(exc, MatchFileError)
    assert str(exc) == f"{fifo}: not a regular file (a FIFO)"


def test_devices_directories_and_empty_files(tmp_path: Path) -> None:
    if Path("/dev/null").exists():
        with pytest.raises(MatchFileError, match=r"^/dev/null: not a regular file \(a character"):
            read_mat("/dev/null")
    with pytest.raises(MatchFileError, match=r": not a regular file \(a directory\)$"):
        read_mat(tmp_path)
    empty = tmp_path / "empty.mat"
    empty.write_bytes(b"")
    with pytest.raises(MatchFileError, match=r"empty\.mat: the file is empty$"):
        replay_file(empty)
    with pytest.raises(FileNotFoundError):
        replay_file(tmp_path / "missing.mat")


# -- short reprs -----------------------------------------------------------------------------


def test_replay_reports_have_a_short_repr() -> None:
    path = str(REALDATA / "test-match01.txt")
    report = replay_file(path)
    assert repr(report) == (
        f"MatchReplay(file={path!r}, length=3, players=('gnubg', 'Player0616'), games=3,"
        " plays=159, final_score=(1, 4), mismatches=0, notes=2)"
    )
    assert repr(report.games[0]) == (
        "GameReplay(number=1, score=(0, 0), plays=65, winner=1, points=2, end='resignation',"
        " kind=single, mismatches=0, notes=1)"
    )


# -- match_record and replay_record check their arguments ------------------------------------


@pytest.mark.parametrize(
    ("players", "shown"),
    [
        ("Ali", "'Ali'"),
        (("a", "b", "c"), "('a', 'b', 'c')"),
        (("a",), "('a',)"),
        ((1, 2), "(1, 2)"),
        (None, "None"),
    ],
)
def test_match_record_players_are_two_names(players: Any, shown: str) -> None:
    message = f"players must be a pair of names (two str), got {shown}"
    with pytest.raises(MatchFileError, match=f"^{re.escape(message)}$"):
        match_record(tavla.Match(3), players)


def test_match_record_takes_a_list_of_two_names() -> None:
    assert match_record(tavla.Match(3), ["Ayse", "Mehmet"]).players == ("Ayse", "Mehmet")


@pytest.mark.parametrize(("session", "kind"), [(None, "NoneType"), (tavla.Game(), "Game")])
def test_match_record_needs_a_session(session: Any, kind: str) -> None:
    message = f"session must be a Match or a MoneySession, got {kind}"
    with pytest.raises(MatchFileError, match=f"^{re.escape(message)}$"):
        match_record(session)


@pytest.mark.parametrize(("record", "kind"), [(None, "NoneType"), ("3 point match", "str")])
def test_replay_record_needs_a_match_record(record: Any, kind: str) -> None:
    with pytest.raises(MatchFileError, match=f"^record must be a MatchRecord, got {kind}$"):
        replay_record(record, "x")


def test_match_file_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="must be a MatchRecord"):
        replay_record(None, "x")  # type: ignore[arg-type]
