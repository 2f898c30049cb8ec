"""SGF for backgammon (docs/formats.rst, "SGF files"): reading, writing, round trips, gnubg's files,
malformed input.  The tests that run GNU Backgammon itself are in test_sgf_gnubg.py."""

from __future__ import annotations

import re
import tracemalloc
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla import Match, MatchFileError, MoneySession, Rules
from tavla.formats.mat import format_mat, parse_mat
from tavla.formats.record import (
    LEFT,
    RIGHT,
    ActionKind,
    GameRecord,
    MatchRecord,
    RecordedAction,
)
from tavla.formats.sgf import format_sgf, looks_like_sgf, parse_sgf, read_sgf, write_sgf
from tavla.game.actions import PlayAction
from tavla.replay import match_record, replay_file, replay_record
from tests.helpers import fuzz
from tests.helpers.fuzz import fuzz_settings
from tests.helpers.sessions import MONEY_WITH_BEAVERS, play_out, without_hit_marks

DATA = Path(__file__).parent / "data"
ROOT = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[Ann]PB[Bob]"


def kinds(game: GameRecord) -> list[tuple[int, ActionKind, str | int | None]]:
    """Each action as (player, kind, play or value)."""
    return [
        (a.player, a.kind, a.play if a.kind is ActionKind.ROLL else a.value) for a in game.actions
    ]


# -- reading ------------------------------------------------------------------------------


# The examples of the specification (red-bean.com/sgf/backgammon.html) and of a gnubg file
# (docs/formats.rst), in the mover's points: a-x are White's 1-24 and Black's 24-1.
@pytest.mark.parametrize(
    ("move", "player", "dice", "play"),
    [
        ("W[31hefe]", LEFT, (3, 1), "8/5 6/5"),
        ("B[61yg]", RIGHT, (6, 1), "25/18"),
        ("B[66]", RIGHT, (6, 6), ""),
        ("W[66fzezdzcz]", LEFT, (6, 6), "6/0 5/0 4/0 3/0"),
        ("B[32qtqs]", RIGHT, (3, 2), "8/5 8/6"),
        ("W[42hdhf]", LEFT, (4, 2), "8/4 8/6"),
        ("W[64ystp]", LEFT, (6, 4), "25/19 20/16"),
        ("B[44osqurvuz]", RIGHT, (4, 4), "10/6 8/4 7/3 4/0"),
        ("W[21]", LEFT, (2, 1), ""),
        ("W[13hefe]", LEFT, (3, 1), "8/5 6/5"),  # low die first: the record keeps high first
    ],
)
def test_moves_of_the_specification(
    move: str, player: int, dice: tuple[int, int], play: str
) -> None:
    (game,) = parse_sgf(f"{ROOT}\n;{move})").games
    assert game.actions == (RecordedAction(player, ActionKind.ROLL, dice, play, None, 2, 1),)


def test_a_beaver_is_a_double_written_by_the_taker() -> None:
    # The specification's example: White doubles, Black beavers, White takes, 66 to 6/off(4).
    text = f"{ROOT.replace('length:3', 'length:0')}\n;W[double];B[double];W[take];W[66fzfzfzfz])"
    (game,) = parse_sgf(text).games
    assert kinds(game) == [
        (LEFT, ActionKind.DOUBLE, 2),
        (RIGHT, ActionKind.BEAVER, 4),
        (LEFT, ActionKind.TAKE, None),
        (LEFT, ActionKind.ROLL, "6/0 6/0 6/0 6/0"),
    ]


def test_raccoons_and_cube_values_follow_the_takes() -> None:
    money = ROOT.replace("length:3", "length:0")
    moves = ";W[double];B[take];B[double];W[double];B[double];W[take];W[double];B[drop]"
    (game,) = parse_sgf(f"{money}RE[W+16]{moves})").games
    assert kinds(game) == [
        (LEFT, ActionKind.DOUBLE, 2),
        (RIGHT, ActionKind.TAKE, None),
        (RIGHT, ActionKind.DOUBLE, 4),
        (LEFT, ActionKind.BEAVER, 8),
        (RIGHT, ActionKind.RACCOON, 16),
        (LEFT, ActionKind.TAKE, None),
        (LEFT, ActionKind.DOUBLE, 32),
        (RIGHT, ActionKind.DROP, None),
        (LEFT, ActionKind.WIN, 16),
    ]


def test_root_properties_become_the_match_and_its_headers() -> None:
    text = (
        "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.08.003]MI[length:5][game:0][ws:0][bs:0]"
        "PW[Ann \\] Smith]PB[Bob]DT[2025-11-08]EV[Cup]RO[Final]PC[Izmir]AN[Cem]"
        "RU[Crawford]RE[B+2R]GS[M:21 21][C:3 7]\n;B[41lpab]A[0][lpab E ver 3 0.49]MR[]\n;W[31fehe]"
        "DA[E ver 3 2C 1]LU[-inf]C[a comment]BM[1]GW[1]DO[])\n"
        "(;FF[4]GM[6]MI[length:5][game:1][ws:0][bs:2]PW[Ann \\] Smith]PB[Bob]"
        "RU[Crawford:CrawfordGame]RE[W+1])\n"
    )
    record = parse_sgf(text)
    assert (record.length, record.players) == (5, ("Ann ] Smith", "Bob"))
    assert record.headers == (
        ("Event", "Cup"),
        ("Round", "Final"),
        ("Site", "Izmir"),
        ("Transcriber", "Cem"),
        ("EventDate", "2025.11.08"),
        ("Crawford", "On"),
    )
    first, second = record.games
    assert (first.number, first.score, first.line, first.crawford_mark) == (1, (0, 0), 1, False)
    assert kinds(first) == [
        (RIGHT, ActionKind.ROLL, "13/9 24/23"),
        (LEFT, ActionKind.ROLL, "6/5 8/5"),
        (LEFT, ActionKind.RESIGN, 2),
        (RIGHT, ActionKind.WIN, 2),
    ]
    assert [(a.line, a.move_number) for a in first.actions] == [
        (2, 1),
        (3, 2),
        (1, None),
        (1, None),
    ]
    assert (second.number, second.score, second.line, second.crawford_mark) == (2, (0, 2), 4, True)
    assert kinds(second) == [(LEFT, ActionKind.WIN, 1)]


@pytest.mark.parametrize(
    ("rules", "headers"),
    [("RU[Jacoby]", (("Jacoby", "On"),)), ("", (("Jacoby", "Off"),))],
)
def test_money_play_and_the_jacoby_rule(rules: str, headers: tuple[tuple[str, str], ...]) -> None:
    record = parse_sgf(f"(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]{rules})")
    assert (record.length, record.headers) == (0, headers)


def test_a_match_without_the_crawford_rule() -> None:
    assert parse_sgf(f"{ROOT})").headers == (("Crawford", "Off"),)


def test_variations_are_skipped_for_the_main_line() -> None:
    text = f"{ROOT}\n;W[31hefe](;B[61yg](;W[66])(;W[55]));B[21]))"
    with pytest.raises(MatchFileError, match="line 2: not SGF: a node after a variation"):
        parse_sgf(text)
    (game,) = parse_sgf(f"{ROOT}\n;W[31hefe](;B[61yg](;W[66])(;W[55]))(;B[21]))").games
    assert kinds(game) == [
        (LEFT, ActionKind.ROLL, "8/5 6/5"),
        (RIGHT, ActionKind.ROLL, "25/18"),
        (LEFT, ActionKind.ROLL, ""),
    ]


def test_escapes_and_soft_line_breaks() -> None:
    record = parse_sgf("(;GM[6]PW[a\\\\b\\]c\\\nd]PB[x\ny])")
    assert record.players == ("a\\b]cd", "x\ny")


def test_looks_like_sgf() -> None:
    assert looks_like_sgf("\ufeff  (\n ;FF[4]")
    assert not looks_like_sgf(" 3 point match\n")
    assert not looks_like_sgf("(GM[6])")


# -- gnubg's files ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "ends", "final"),
    [
        # gnubg 1.07.001 against itself (tests/data/README.md): game 1 resigned as a gammon,
        # game 2 the Crawford game resigned, game 3 doubled, taken and resigned at cube 2.
        (
            "gnubg-3pt",
            [(1, 2, "resignation"), (0, 1, "resignation"), (1, 2, "resignation")],
            (1, 4),
        ),
        # A money session: a double dropped; a double taken, the redouble dropped; a double
        # and a redouble taken, then a single borne off at cube 4.
        ("gnubg-money", [(1, 1, "drop"), (0, 2, "drop"), (1, 4, "borne off")], (2, 5)),
    ],
)
def test_gnubg_saved_files_replay_as_its_own_mat_export(
    name: str, ends: list[tuple[int, int, str]], final: tuple[int, int]
) -> None:
    sgf = replay_file(DATA / "sgf" / f"{name}.sgf")
    mat = replay_file(DATA / "sgf" / f"{name}.mat")
    assert sgf.mismatches == [] and mat.mismatches == []
    assert [(g.winner, g.points, g.end) for g in sgf.games] == ends
    assert sgf.final_score == mat.final_score == final
    assert (sgf.plays, sgf.cube_actions) == (mat.plays, mat.cube_actions)
    for ours, theirs in zip(sgf.games, mat.games, strict=True):
        assert [p.position for p in ours.plays if p] == [p.position for p in theirs.plays if p]
        assert (ours.score, ours.kind) == (theirs.score, theirs.kind)


@pytest.mark.parametrize("name", ["gnubg-3pt", "gnubg-money"])
def test_gnubg_saved_files_write_as_its_own_mat_export(name: str) -> None:
    # The same games, laid out as gnubg exports them (a resignation, RE[B+2R], as the Wins
    # line alone), but for the hit marks, which SGF does not hold.
    exported = (DATA / "sgf" / f"{name}.mat").read_text(encoding="utf-8")
    written = format_mat(read_sgf(DATA / "sgf" / f"{name}.sgf"))
    assert written == format_mat(parse_mat(exported.replace("*", "")))
    assert "Resigns" not in written


def test_gnubg_marks_the_crawford_game() -> None:
    record = read_sgf(DATA / "sgf" / "gnubg-3pt.sgf")
    assert [game.score for game in record.games] == [(0, 0), (0, 2), (1, 2)]
    assert [game.crawford_mark for game in record.games] == [False, True, False]
    assert replay_record(record).mismatches == []  # the mark agrees with the score (R24)


def test_a_real_match_with_gnubg_analysis_is_its_mat_file() -> None:
    # gnubgparser's 7-point match, saved by gnubg 1.08.003 with its analysis (A, DA, GS,
    # LU, MR properties), and the same match exported as .mat.
    name = "Player0192-Player0193_7p_2025-11-08-2305"
    sgf = replay_file(DATA / "sgf" / f"{name}.sgf")
    mat = replay_file(DATA / "realdata" / f"{name}.mat")
    assert sgf.mismatches == mat.mismatches == []
    assert sgf.final_score == mat.final_score == (9, 2)
    assert sgf.record.players == mat.record.players == ("Player0192", "Player0193")
    for ours, theirs in zip(sgf.games, mat.games, strict=True):
        assert [p.position for p in ours.plays if p] == [p.position for p in theirs.plays if p]
        assert (ours.winner, ours.points, ours.end, ours.kind) == (
            theirs.winner,
            theirs.points,
            theirs.end,
            theirs.kind,
        )


def test_a_real_money_session_with_an_unfinished_game() -> None:
    # zmetcalf/backgammon_sgf: gnubg 1.06.002, Jacoby; White doubles, Black drops (RE[W+1]);
    # the second game stops after one roll.
    replay = replay_file(DATA / "sgf" / "gnubg_file.sgf")
    assert (replay.record.length, replay.record.header("Jacoby")) == (0, "On")
    assert replay.mismatches == []
    assert [(g.winner, g.points, g.end) for g in replay.games] == [
        (0, 1, "drop"),
        (None, 0, "unfinished"),
    ]
    assert [g.score for g in replay.record.games] == [(0, 0), (1, 0)]
    assert replay.final_score == (1, 0)


# -- writing ------------------------------------------------------------------------------


def test_written_as_gnubg_lays_it_out() -> None:
    record = MatchRecord(
        3,
        ("Ann", "Bob"),
        (("EventDate", "2024.05.17"), ("Site", "Kadikoy")),
        (
            GameRecord(
                1,
                (0, 0),
                (
                    RecordedAction(LEFT, ActionKind.ROLL, (3, 1), "8/5* 6/5"),
                    RecordedAction(RIGHT, ActionKind.ROLL, (6, 2), "bar/19 13/11"),
                    RecordedAction(LEFT, ActionKind.DOUBLE, value=2),
                    RecordedAction(RIGHT, ActionKind.DROP),
                    RecordedAction(LEFT, ActionKind.WIN, value=1),
                ),
            ),
            GameRecord(
                2,
                (1, 0),
                (
                    RecordedAction(RIGHT, ActionKind.ROLL, (6, 2), "13/7*/5"),
                    RecordedAction(LEFT, ActionKind.ROLL, (4, 4), "24/16 8/4(2)"),
                    RecordedAction(RIGHT, ActionKind.ROLL, (5, 3), None),  # ????: hidden
                    RecordedAction(RIGHT, ActionKind.RESIGN, value=2),
                    RecordedAction(LEFT, ActionKind.WIN, value=2),
                ),
            ),
        ),
    )
    assert format_sgf(record) == (
        "(;FF[4]GM[6]CA[UTF-8]AP[tavla]MI[length:3][game:0][ws:0][bs:0]PW[Ann]PB[Bob]"
        "DT[2024-05-17]PC[Kadikoy]RU[Crawford]RE[W+1]\n"
        ";W[31hefe]\n;B[62yfln]\n;W[double]\n;B[drop])\n"
        "(;FF[4]GM[6]CA[UTF-8]AP[tavla]MI[length:3][game:1][ws:1][bs:0]PW[Ann]PB[Bob]"
        "RU[Crawford]RE[W+2R]\n"
        ";B[62lrrt]\n;W[44xttphdhd]\n;B[53])\n"
    )


def test_the_crawford_game_is_marked_from_the_score() -> None:
    games = tuple(GameRecord(n, score, ()) for n, score in enumerate([(0, 0), (2, 0), (2, 1)], 1))
    text = format_sgf(MatchRecord(3, ("A", "B"), games=games))
    assert [line.split("RU[")[1].split("]")[0] for line in text.splitlines()] == [
        "Crawford",
        "Crawford:CrawfordGame",
        "Crawford",
    ]
    without = format_sgf(MatchRecord(3, ("A", "B"), (("Crawford", "Off"),), games))
    assert "RU[" not in without
    assert [g.crawford_mark for g in parse_sgf(text).games] == [False, True, False]


@pytest.mark.parametrize(
    ("play", "dice", "fault"),
    [
        ("24/14", (6, 4), "24/14 is not one move per die: give the record plays in the plain form"),
        ("6/9 8/5", (3, 3), "6/9 is not a move"),
        ("8/5(5)", (3, 3), "5 moves: a roll plays at most 4"),
        ("8/5 6/x", (3, 1), "cannot read the move '6/x'"),
    ],
)
def test_plays_that_cannot_be_written_one_move_per_die(
    play: str, dice: tuple[int, int], fault: str
) -> None:
    action = RecordedAction(LEFT, ActionKind.ROLL, dice, play)
    record = MatchRecord(1, ("A", "B"), games=(GameRecord(1, (0, 0), (action,)),))
    with pytest.raises(
        MatchFileError,
        match=f"game 1: the play {dice[0]}{dice[1]}: '.*' cannot be written: {fault}",
    ):
        format_sgf(record)


def test_records_that_cannot_be_written() -> None:
    one_game = (GameRecord(1, (0, 0), ()),)
    with pytest.raises(MatchFileError, match="a record without games cannot be written as SGF"):
        format_sgf(MatchRecord(3, ("A", "B")))
    with pytest.raises(MatchFileError, match=r"White's .* name 'A\\nB' cannot be written"):
        format_sgf(MatchRecord(3, ("A\nB", "C"), games=one_game))
    wins = (
        RecordedAction(LEFT, ActionKind.WIN, value=1),
        RecordedAction(RIGHT, ActionKind.WIN, value=1),
    )
    with pytest.raises(MatchFileError, match="game 1 has 2 results: SGF holds one"):
        format_sgf(MatchRecord(3, ("A", "B"), games=(GameRecord(1, (0, 0), wins),)))
    with pytest.raises(MatchFileError, match="the record must be a MatchRecord"):
        format_sgf("(;GM[6])")  # type: ignore[arg-type]


@settings(max_examples=50)
@given(st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=30))
def test_any_name_is_written_and_read_back(name: str) -> None:
    record = MatchRecord(0, (name, name[::-1]), games=(GameRecord(1, (0, 0), ()),))
    assert parse_sgf(format_sgf(record)).players == (name, name[::-1])


# -- round trips of games played with tavla ------------------------------------------------


def assert_same_games(session: Match | MoneySession, text: str) -> None:
    """The SGF text reads back as the session's record, and replays to its games."""
    record = match_record(session, ("Ann", "Bob"))
    again = parse_sgf(text)
    assert again.length == record.length and again.players == record.players
    assert len(again.games) == len(record.games)
    assert all(
        a.same_as(without_hit_marks(b)) for a, b in zip(again.games, record.games, strict=True)
    )
    replay = replay_record(again)
    assert replay.mismatches == []
    assert replay.final_score == session.points
    results = [
        (g.result.winner, g.result.points, g.result.end.value) for g in session.games if g.result
    ]
    assert [(g.winner, g.points, g.end) for g in replay.games] == results
    made = [a.play.position for g in session.games for a in g.history if isinstance(a, PlayAction)]
    assert [p.position for g in replay.games for p in g.plays if p] == made


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_a_match_written_and_read_back(seed: int) -> None:
    match = Match(5, dice=seed)
    play_out(match, seed, games=20)
    text = format_sgf(match_record(match, ("Ann", "Bob")))
    assert_same_games(match, text)
    crawford = [g.crawford_mark for g in parse_sgf(text).games]
    assert crawford == [number == match.crawford_game for number in range(1, len(match.games) + 1)]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_a_money_session_written_and_read_back(seed: int) -> None:
    session = MoneySession(MONEY_WITH_BEAVERS, dice=seed)
    play_out(session, seed)
    assert_same_games(session, format_sgf(match_record(session, ("Ann", "Bob"))))


def test_cube_actions_beavers_resignations_and_crawford_come_back(tmp_path: Path) -> None:
    """Seeds whose games hold each thing at least once (checked here, so that the round
    trip above is known to meet them)."""
    match, session = Match(5, dice=2), MoneySession(MONEY_WITH_BEAVERS, dice=1)
    play_out(match, 2, games=20)
    play_out(session, 1)
    path = tmp_path / "session.sgf"
    write_sgf(match_record(session, ("Ann", "Bob")), path)
    seen = {a.kind for g in read_sgf(path).games for a in g.actions}
    assert seen >= {
        ActionKind.DOUBLE,
        ActionKind.BEAVER,
        ActionKind.RACCOON,
        ActionKind.TAKE,
        ActionKind.DROP,
        ActionKind.RESIGN,
    }
    assert_same_games(session, path.read_text(encoding="utf-8"))
    text = format_sgf(match_record(match, ("Ann", "Bob")))
    roots = [line for line in text.splitlines() if line.startswith("(;")]
    assert match.crawford_game == 3
    assert ["RU[Crawford:CrawfordGame]" in root for root in roots] == [False, False, True]
    assert "R]" in text and "[double]" in text and "[take]" in text and "[drop]" in text
    assert_same_games(match, text)


def test_a_record_read_from_sgf_is_written_back_the_same() -> None:
    record = read_sgf(DATA / "sgf" / "Player0192-Player0193_7p_2025-11-08-2305.sgf")
    again = parse_sgf(format_sgf(record))
    assert (again.length, again.players, again.headers) == (
        record.length,
        record.players,
        record.headers,
    )
    assert all(a.same_as(b) for a, b in zip(again.games, record.games, strict=True))
    assert [g.crawford_mark for g in again.games] == [g.crawford_mark for g in record.games]


def test_rules_of_a_money_session_without_jacoby() -> None:
    session = MoneySession(Rules(jacoby=False), dice=1)
    play_out(session, 1, games=1)
    text = format_sgf(match_record(session))
    assert "RU[" not in text
    assert parse_sgf(text).header("Jacoby") == "Off"


# -- malformed input ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1: not an SGF file: no game tree"),
        ("  \n", "line 1: not an SGF file: no game tree"),
        (
            "(;GM[6]\n;W[31hefe]",
            "line 2: the game tree opened on line 1 is not closed: a ')' is missing",
        ),
        ("(;GM[6]PW[Ann)", "line 1: the value of PW has no closing ']'"),
        ("(;GM[6])\n)", "line 2: not SGF: a ')' closes no game tree"),
        ("()", "line 1: not SGF: a game tree without a node"),
        (";GM[6]", "line 1: not SGF: a node ';' outside a game tree"),
        ("(GM[6])", "line 1: not SGF: the property 'GM' stands outside a node"),
        ("(;GM)", "line 1: not SGF: the property 'GM' has no [value]"),
        ("(;GM[6]\n  %)", "line 2: not SGF: unexpected '%)'"),
        (" 3 point match\n", "line 1: not SGF: unexpected '3 point match\\n'"),
        (
            "(;FF[4]GM[1]SZ[19])",
            "line 1: not a backgammon SGF file: GM['1'] (backgammon is GM[6])",
        ),
        ("(;FF[4]SZ[19])", "line 1: not a backgammon SGF file: no GM property"),
        ("(;GM[6]MI[length:x])", "line 1: the match length is not a number: 'x'"),
        ("(;GM[6]MI[ws:1234567890])", "line 1: White's score '1234567890' is too long"),
        (
            "(;GM[6]MI[length:3])(;GM[6]MI[length:5])",
            "line 1: game 2 is of a 5-point match, game 1 of a 3-point match",
        ),
        ("(;GM[6]\n;W[71he])", "line 2: game 1: cannot read the move W['71he']"),
        ("(;GM[6]\n;W[31hefex])", "line 2: game 1: cannot read the move W['31hefex']"),
        ("(;GM[6]\n;W[31zaye])", "line 2: game 1: the move 'za' leaves the tray or enters the bar"),
        ("(;GM[6]\n;W[double]B[take])", "line 2: game 1: one node holds both a B and a W move"),
        ("(;GM[6]\n;W[double][take])", "line 2: game 1: W holds 2 moves, not one"),
        ("(;GM[6]RE[W+Time])", "line 1: game 1: cannot read the result RE['W+Time']"),
        ("(;GM[6]\n;AB[a][b])", "line 2: game 1: the set-up property AB (an edited position)"),
        ("(;GM[6]CV[2])", "line 1: game 1: the set-up property CV[2]"),
    ],
)
def test_malformed_input_names_the_line(text: str, message: str) -> None:
    with pytest.raises(MatchFileError, match=f"^{re.escape(message)}"):
        parse_sgf(text)


def test_a_roll_left_unplayed_at_the_end_is_no_position_edit() -> None:
    """gnubg ends a game whose last roll was not played with a node of its own, PL[W]DI[32]
    (the side and its dice): the position is unchanged, so it is read as nothing; a PL
    with a board edit (AB) is still refused."""
    record = parse_sgf("(;GM[6]MI[length:3]\n;B[31qnon]\n;PL[W]DI[32]LU[0.1])")
    assert [action.kind for action in record.games[0].actions] == [ActionKind.ROLL]
    with pytest.raises(MatchFileError, match="set-up property AB"):
        parse_sgf("(;GM[6]\n;PL[W]AB[a])")


def test_results_that_mean_no_result() -> None:
    for result in ("?", "Void", "", "0"):
        (game,) = parse_sgf(f"(;GM[6]RE[{result}])").games
        assert game.actions == ()


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    with pytest.raises(MatchFileError, match="is not closed"):
        parse_sgf("(;GM[6]" + "(;" * 100_000)


@pytest.mark.parametrize("unit", ["x", "\\]", "\\\\", "\n"])
def test_a_long_value_costs_memory_in_proportion(unit: str) -> None:
    """A 2-million-character value is read with a few times its size in memory: the value
    regex took about 130 bytes a character (issue 18: 1.3 GB for 10 MB)."""
    text = "(;GM[6]PC[" + unit * (2_000_000 // len(unit)) + "])"
    tracemalloc.start()
    try:
        record = parse_sgf(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    unescaped = {"x": "x", "\\]": "]", "\\\\": "\\", "\n": "\n"}[unit]
    assert dict(record.headers)["Site"] == unescaped * (2_000_000 // len(unit))
    assert peak < 16 * len(text)


def test_bytes_and_other_types_are_refused(tmp_path: Path) -> None:
    with pytest.raises(
        MatchFileError,
        match="must be a str, got bytes: decode them, or read the file with read_sgf",
    ):
        parse_sgf(b"(;GM[6])")  # type: ignore[arg-type]
    with pytest.raises(MatchFileError, match="the text of an SGF file must be a str, got NoneType"):
        parse_sgf(None)  # type: ignore[arg-type]
    empty = tmp_path / "empty.sgf"
    empty.write_text("")
    with pytest.raises(MatchFileError, match=f"^{empty}: the file is empty$"):
        read_sgf(empty)
    broken = tmp_path / "broken.sgf"
    broken.write_text("(;GM[6]\n;W[double]B[take])")
    with pytest.raises(MatchFileError, match=f"^{broken}: line 2: game 1: one node holds both"):
        replay_file(broken)


def test_a_name_read_from_a_file_in_latin_1(tmp_path: Path) -> None:
    path = tmp_path / "latin.sgf"
    path.write_bytes("(;GM[6]PW[Ays\u00e7e])".encode("latin-1"))
    assert read_sgf(path).players == ("Ays\u00e7e", "")


def test_a_hidden_play_is_written_as_the_roll_alone() -> None:
    hidden = RecordedAction(LEFT, ActionKind.ROLL, (5, 3), None)
    record = MatchRecord(1, ("A", "B"), games=(GameRecord(1, (0, 0), (hidden,)),))
    (game,) = parse_sgf(format_sgf(record)).games
    assert game.actions[0].same_as(replace(hidden, play=""))


@fuzz_settings(80)
@given(text=fuzz.damaged_text((DATA / "sgf" / "gnubg-3pt.sgf").read_text()))
def test_fuzz_damaged_sgf(text: str) -> None:
    """parse_sgf reads damaged SGF text or raises MatchFileError, nothing else (issue 18)."""
    try:
        parse_sgf(text)
    except MatchFileError:
        pass
