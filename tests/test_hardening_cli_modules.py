"""Hardening of the modules behind the command line (issue 8): move notation and match files
read numbers of any length and quote huge input by a bounded excerpt; match files, replays
and diagrams refuse misuse with tavla errors; reprs stay short; ``tavla show`` tells what an
ID holds beside the board; the NumPy pubeval example runs as a script."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

import tavla
from tavla import MatchFileError, NotationError, Position
from tavla.board.notation import parse_play
from tavla.cli import main
from tavla.formats.gnubg import parse_gnubg_id
from tavla.formats.mat import format_mat, parse_mat, read_mat
from tavla.formats.xgid import parse_xgid
from tavla.render import id_state_lines, text_board
from tavla.replay import match_rules, replay_file, replay_record
from tests.helpers.examples import EXAMPLES

REALDATA = Path(__file__).parent / "data" / "realdata"
DIGITS = "1" * 5000  # beyond Python's 4,300-digit limit of int("...")
HEADER = " 3 point match\n\n Game 1\n A : 0                          B : 0\n"
TOO_LONG = f"the number '{'1' * 40}'... (5,000 characters) is too long (at most 9 digits)"


# -- numbers beyond Python's digit limit, excerpts of huge input ------------------------------


@pytest.mark.parametrize(
    ("play", "message"),
    [
        (
            f"{DIGITS}/2",
            f"cannot read the move '{'1' * 40}'... (5,002 characters): no point of 5,000 digits"
            " (24 is the highest, 25 the bar)",
        ),
        (
            f"8/5({DIGITS})",
            f"cannot read the move '8/5({'1' * 36}'... (5,005 characters): a roll plays 1 to 4"
            " moves",
        ),
        (
            "x" * 800_000,
            f"cannot read the move '{'x' * 40}'... (800,000 characters): write from/to, e.g."
            " 13/7, bar/22, 6/off, 8/5(2)",
        ),
        (
            "8 5 6 5 " + "4" * 800_000,
            f"cannot read '8 5 6 5 {'4' * 32}'... (800,008 characters): bare points pair up"
            f" as from, to, and '{'4' * 40}'... (800,000 characters) has no partner",
        ),
    ],
    ids=["point", "repeat count", "token", "bare points"],
)
def test_a_huge_play_is_quoted_by_an_excerpt(play: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_play(play)
    assert str(caught.value) == message


def test_leading_zeros_still_read() -> None:
    assert parse_play("0000000000000000000013/7 8/5(00000000000000000000002)") == [
        (13, 7), (8, 5), (8, 5),
    ]  # fmt: skip


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
        (lambda: parse_mat(None), MatchFileError,
         "the text of a match file must be a str, got NoneType"),
        (lambda: parse_mat(b" 1 point match\n"), MatchFileError,
         "the text of a match file must be a str, got bytes: decode them, or read the file"
         " with read_mat"),
        (lambda: format_mat(None), MatchFileError,
         "the record must be a MatchRecord, got NoneType"),
        (lambda: replay_file(None), MatchFileError,
         "the path of a match file must be a str or a path, got NoneType"),
        (lambda: read_mat(3), MatchFileError,
         "the path of a match file must be a str or a path, got int"),
        (lambda: text_board(Position.initial().board), tavla.InvalidPositionError,
         "text_board draws a Position, got ndarray: draw Position(board)"),
        (lambda: text_board("4HPwATDgc/ABMA"), tavla.InvalidPositionError,
         "text_board draws a Position, got str"),
    ],
)  # fmt: skip
def test_misuse_is_a_tavla_error(call: object, error: type, message: str) -> None:
    with pytest.raises(error) as caught:
        call()  # type: ignore[operator]
    assert str(caught.value) == message
    assert isinstance(caught.value, (tavla.TavlaError, ValueError))


# -- files that are not regular files, empty files ------------------------------------------


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


def test_playout_results_have_a_short_repr() -> None:
    results = tavla.selfplay("random", 1000, seed=1)
    assert repr(results) == (
        f"PlayoutResults(games=1000, win_rate={results.win_rate:.4f}, ppg={results.ppg:+.4f},"
        " interrupted=False)"
    )
    truncated = tavla.sim.playout.play_games("random", "random", 100, truncate=10)
    assert f"stopped={int(truncated.stopped.sum())}, interrupted=False)" in repr(truncated)
    assert "array" not in repr(tavla.duel("random", "random", 100))


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


# -- tavla show: the match state below the board ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # 5-5 rolled by gnubg player 0, 5-point match at 2-1.
        ("4HPwATDgc/ABMA:MIG2ACAACAAE", [
            " Match ID: MIG2ACAACAAE", " 5-point match, score X 2 - O 1", " cube 1, centred",
            " X to play 5-5",
        ]),
        # docs/formats.rst, "XGID": player 1 on roll with 5-2, 9-point match at 2-4, cube 2
        # owned by 0.
        ("4HPwATDgc/ABMA:QYkqASAAIAAE", [
            " Match ID: QYkqASAAIAAE", " 9-point match, score X 4 - O 2", " cube 2, owned by O",
            " X to play 5-2",
        ]),
        # The Crawford game, cube 1 centred (R24); player 1 (on roll) offers a gammon.
        ("4HPwATDgc/ABMA:8EHgAFAAMAAE", [
            " Match ID: 8EHgAFAAMAAE", " 7-point match, score X 6 - O 5, Crawford game",
            " cube 1, centred", " X offers to resign a gammon: O to accept or reject",
        ]),
        ("4HPwATDgc/ABMA:MAHgAGAAGAAE", [
            " Match ID: MAHgAGAAGAAE", " 7-point match, score X 6 - O 3, post-Crawford",
            " cube 1, centred", " X to roll",
        ]),
        # Finished games as gnubg 1.07 shows them (tests/test_ids_game_end.py): player 0's
        # double dropped by player 1; player 1's resignation of a single, accepted, puts
        # player 0 at 4 of 5, so the next game is the Crawford game; a backgammon resigned
        # after rolling ends the match.
        ("4HPwQQLgc/ABEg:MAygABAAAAAE", [
            " Match ID: MAygABAAAAAE", " 5-point match, score X 1 - O 0", " cube 1, centred",
            " game over: O dropped the double",
        ]),
        ("4HPwQQTgc/ABMA:8COgAEAAEAAE", [
            " Match ID: 8COgAEAAEAAE",
            " 5-point match, score X 2 - O 4, the next game is the Crawford game",
            " cube 1, centred", " game over: X resigned a single",
        ]),
        ("4HPwAyDgc/ABMA:cOOuAFAAGAAE", [
            " Match ID: cOOuAFAAGAAE", " 5-point match, score X 3 - O 5, match over",
            " cube 1, centred", " game over: X resigned a backgammon",
        ]),
        # A finished money game: the side on roll has borne off all 15 against 15 in its home.
        ("AADg/w8AAAAAAA:MAIAAAAAAAAA", [
            " Match ID: MAIAAAAAAAAA", " money play, Jacoby rule", " cube 1, centred",
            " game over: X won a backgammon",
        ]),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:2:4:0:9:10", [
            " XGID=-b----E-C---eE---c-e----B-:0:0:1:D:2:4:0:9:10",
            " 9-point match, score X 2 - O 4", " cube 1, centred",
            " X doubles to 2: O to take or drop",
        ]),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10", [
            " XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10",
            " money play, Jacoby rule, beavers", " cube 1, centred", " X to play 3-1",
        ]),
    ],
)  # fmt: skip
def test_show_tells_the_match_state_below_the_board(text: str, lines: list[str]) -> None:
    result = CliRunner().invoke(main, ["show", text])
    assert result.exit_code == 0
    shown = result.stdout.splitlines()
    assert len(shown) == 1 + 15 + 4
    assert shown[16:] == lines
    parsed = parse_xgid(text) if text.startswith("XGID=") else parse_gnubg_id(text)
    assert id_state_lines(parsed) == lines


def test_show_of_a_bare_position_id_adds_nothing() -> None:
    result = CliRunner().invoke(main, ["show", "4HPwATDgc/ABMA"])
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 16


# -- the NumPy pubeval example as a script ---------------------------------------------------


def test_the_numpy_pubeval_example_prints_the_agreement() -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(tavla.__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "numpy_pubeval.py")],
        capture_output=True, text=True, env=env, check=False, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "NumPy pubeval and the built-in pubeval, 400 games of seed 1:",
        "  the same winner, result and length in 400 of 400 games",
        "  duplicate duel, NumPy against built-in: +0.0000 points per game",
    ]


# -- arguments too large to print are named by their size -----------------------------------

HUGE = 10**5000  # its repr() raises ValueError (Python's 4,300-digit limit)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tavla.selfplay("random", 10, seed=HUGE),
         "seed must be an int in 0 .. 2**64 - 1, got <an int of 16,610 bits>"),
        (lambda: tavla.selfplay("random", 10, threads=HUGE),
         "threads must be an int from 1 to 1024 or None, got <an int of 16,610 bits>"),
        (lambda: tavla.selfplay("random", 10, batch=-HUGE),
         "batch must be an int from 1 to 2,147,483,647, got <an int of 16,610 bits>"),
        (lambda: tavla.selfplay("random", HUGE),
         "games must stay below 2**63, got <an int of 16,610 bits>"),
        (lambda: tavla.rollout(Position.initial(), games=HUGE),
         "games must stay below 2**63, got <an int of 16,610 bits>"),
        (lambda: tavla.duel("random", "random", 10, duplicate="x" * 10**6),
         f"duplicate must be True or False, got '{'x' * 40}'... (1,000,000 characters)"),
    ],
    ids=["seed", "threads", "batch", "selfplay games", "rollout games", "duplicate"],
)  # fmt: skip
def test_a_huge_playout_argument_is_quoted_bounded(call: object, message: str) -> None:
    with pytest.raises(tavla.PlayoutError) as caught:
        call()  # type: ignore[operator]
    assert str(caught.value) == message


def test_huge_names_and_terms_are_quoted_bounded() -> None:
    from tavla.formats.mat import MatchRecord
    from tavla.render.names import roll_from_name, term_label

    with pytest.raises(MatchFileError) as caught:
        format_mat(MatchRecord(3, ("A\n" + "x" * 10**6, "B")))
    # Quoted whole up to 1,000 characters, so that the fault shows (a trailing space, say).
    assert str(caught.value) == (
        f"the left player's name 'A\\n{'x' * 998}'... (1,000,002 characters) cannot be written:"
        " it holds the character '\\n', which breaks the line or the encoding"
    )
    with pytest.raises(NotationError, match=r"^'x{40}'\.\.\. \(1,000,000 characters\) is not a"):
        roll_from_name("x" * 10**6)
    with pytest.raises(NotationError, match=r"^no Turkish word known for 'x{40}'\.\.\. \(1,0"):
        term_label("x" * 10**6)
