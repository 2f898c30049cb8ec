"""GNU Backgammon's text exports of analysed games: read (fields checked against the file's
text), replayed against the rules with their IDs checked, and each decision's error, against
gnubg's own numbers.  The real exports in ../shared/realdata are replayed when present."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given

from tavla import MatchFileError, Position
from tavla.formats.gnubg_text import (
    Alert,
    Candidate,
    CubeAnalysis,
    looks_like_analysis,
    parse_analysis,
    read_analysis,
)
from tavla.replay import analysis_record, decisions, replay_analysis, replay_analysis_file
from tests.helpers import fuzz
from tests.helpers.fuzz import fuzz_settings

DATA = Path(__file__).parent / "data" / "analysis"
GAME_3 = DATA / "match10013413_003.txt"  # 8 moves: opening, cannot move, double, pass
GAME_4 = DATA / "match10013413_004.txt"  # a wrong pass
LUCK = DATA / "match1484923_analyzed_moves_1-10.txt"  # the luck of every roll printed
BELOW_THE_LIST = DATA / "match1484923_analyzed_move_58.txt"  # the play made ranked "??"
SHARED = Path(__file__).parents[2] / "shared" / "realdata"


def test_game_fields_as_the_file_writes_them() -> None:
    game = read_analysis(GAME_3)
    assert (game.players, game.match_length, game.score, game.game) == (
        ("Player0706", "Player0592"),
        5,
        (0, 3),
        3,
    )
    assert (game.crawford, game.post_crawford, game.winner, game.points) == (False, False, 0, 1)
    assert game.info == (("Date", "04/08/2024"), ("Place", "BackgammonGalaxy"))
    assert game.program == (
        "GNU Backgammon 1.07.001-mingw 32-Bit 20221114 (Text Export version 1.128)"
    )
    assert [(m.number, m.kind, m.player, m.action) for m in game.moves] == [
        (1, "roll", 0, "moves"),
        (2, "roll", 1, "moves"),
        (3, "roll", 0, "moves"),
        (4, "roll", 1, "moves"),
        (5, "roll", 0, "moves"),
        (6, "roll", 1, "cannot move"),
        (7, "cube", 0, "doubles"),
        (8, "offer", 1, "rejects"),
    ]
    first, second = game.moves[:2]
    assert (first.line, first.dice, first.play, first.cube_analysis) == (7, (5, 3), "8/3 6/3", None)
    assert first.gnubg_id.position == Position.initial()
    assert str(first.gnubg_id) == "4HPwATDgc/ABMA:MICuAAAAGAAE"
    assert first.candidates[0] == Candidate(
        1, True, "Cubeful 4-ply", "8/3 6/3", 0.222, 0.0, (0.515, 0.163, 0.007, 0.485, 0.131, 0.005)
    )
    assert first.candidates[3] == Candidate(
        4, False, "Cubeful 2-ply", "13/5", 0.081, -0.141, (0.490, 0.141, 0.007, 0.510, 0.140, 0.008)
    )
    assert second.cube_analysis == CubeAnalysis(
        evaluation="4-ply",
        cubeless_equity=0.070,
        money_equity=-0.064,
        probabilities=(0.485, 0.131, 0.005, 0.515, 0.163, 0.007),
        no_double=-0.222,
        double_take=-1.651,
        double_pass=1.000,
        proper_action="No double, take (53.9%)",
    )
    assert [c.play for c in second.candidates if c.played] == ["24/21 13/9"]
    fifth, sixth = game.moves[4:6]
    assert fifth.alerts == (Alert("missed double", -0.026),)
    assert (sixth.play, sixth.candidates, sixth.dice) == ("", (), (3, 3))


def test_every_printed_difference_is_the_equities_difference() -> None:
    # gnubg rounds both to three decimals, so they may differ by 0.001.
    for path in (GAME_3, GAME_4, LUCK):
        for move in read_analysis(path).moves:
            for candidate in move.candidates:
                computed = candidate.equity - move.candidates[0].equity
                assert abs(computed - candidate.difference) <= 0.001 + 1e-9


def test_luck_of_each_roll() -> None:
    game = read_analysis(LUCK)
    assert [move.luck for move in game.moves] == [
        -0.006,
        0.449,
        -0.093,
        -0.167,
        0.361,
        -0.038,
        0.185,
        -0.170,
        -0.009,
        0.116,
    ]
    # "Alert: lucky roll!" gives the same number.
    lucky = [(m.number, a.value) for m in game.moves for a in m.alerts if a.kind == "lucky roll"]
    assert lucky == [(2, 0.449), (5, 0.361)]


def test_a_play_ranked_below_the_list() -> None:
    (move,) = read_analysis(BELOW_THE_LIST).moves
    last = move.candidates[-1]
    assert (len(move.candidates), last.rank, last.played, last.play) == (
        6,
        None,
        True,
        "3/off 2/off",
    )
    (play,) = [d for d in decisions(read_analysis(BELOW_THE_LIST)) if d.kind == "play"]
    assert (play.best, play.error) == ("5/off", 0.0)  # all six lose for sure: -1.000


def test_decisions_of_a_game() -> None:
    found = decisions(read_analysis(GAME_3))
    assert [(d.move, d.kind, d.played, d.best, d.error) for d in found] == [
        (1, "play", "8/3 6/3", "8/3 6/3", 0.0),
        (2, "double", "no double", "no double", 0.0),
        (2, "play", "24/21 13/9", "24/21 24/20", 0.015),
        (3, "double", "no double", "no double", 0.0),
        (3, "play", "6/4*/1*", "6/4*/1*", 0.0),
        (4, "double", "no double", "no double", 0.0),
        (4, "play", "bar/21", "bar/21", 0.0),
        # Double, take +0.512 against No double +0.485 (gnubg's unrounded alert: 0.026).
        (5, "double", "no double", "double", 0.027),
        (5, "play", "13/4*", "13/4*", 0.0),
        (6, "double", "no double", "no double", 0.0),
        (6, "play", "", "", 0.0),
        (7, "double", "double", "double", 0.0),
        (8, "take", "pass", "pass", 0.0),
    ]
    missed = found[7]
    assert (missed.player, missed.name, missed.alert, missed.dice) == (
        0,
        "Player0706",
        "missed double",
        None,
    )
    assert str(missed) == (
        "game 3, move 5, Player0706 cube: no double, best double: loses 0.027 (missed double)"
    )
    assert (
        str(found[2]) == "game 3, move 2, Player0592 43: 24/21 13/9, best 24/21 24/20: loses 0.015"
    )


def test_a_wrong_pass() -> None:
    game = read_analysis(GAME_4)
    (answer,) = [d for d in decisions(game) if d.kind == "take"]
    # The answerer's equities: take -0.809, pass -1.000: passing loses 0.191.
    assert (answer.move, answer.played, answer.best, answer.error) == (11, "pass", "take", 0.191)
    assert answer.alert == "wrong pass"
    assert game.moves[10].marks == ("very bad",)


def test_errors_agree_with_gnubgs_alerts() -> None:
    checked = 0
    for path in (GAME_3, GAME_4, LUCK):
        game = read_analysis(path)
        alerts = {(m.number, a.kind): a.value for m in game.moves for a in m.alerts}
        for decision in decisions(game):
            if decision.alert is not None:
                assert decision.error is not None
                # Cube errors come from rounded equities: within 0.001 of gnubg's.
                assert abs(decision.error + alerts[decision.move, decision.alert]) <= 0.0015
                checked += 1
    assert checked == 4  # a missed double in each game file, a wrong pass, a doubtful move


def test_replay_checks_the_plays() -> None:
    replay = replay_analysis_file(GAME_3)
    assert (replay.mismatches, replay.notes, replay.final_score) == ([], [], (1, 3))
    (game,) = replay.games
    assert (len(game.plays), game.checked_plays, game.end, game.winner, game.points) == (
        6,
        6,
        "drop",
        0,
        1,
    )
    assert game.plays[5] is not None and game.plays[5].is_pass
    unfinished = replay_analysis_file(LUCK)
    assert unfinished.games[0].checked_plays == 10 and unfinished.mismatches == []
    assert [n.reason for n in unfinished.notes] == ["the game is unfinished: no 'Wins' line"]


def test_the_record_of_an_export() -> None:
    record = analysis_record(read_analysis(GAME_3))
    assert (record.length, record.players, len(record.games)) == (
        5,
        ("Player0706", "Player0592"),
        1,
    )
    (game,) = record.games
    assert (game.number, game.score) == (3, (0, 3))
    assert [(a.player, a.kind.value, a.dice, a.play, a.value) for a in game.actions[-4:]] == [
        (1, "roll", (3, 3), "", None),
        (0, "double", None, None, 2),
        (1, "drop", None, None, None),
        (0, "win", None, None, 1),
    ]


def corrupt(path: Path, old: str, new: str, tmp_path: Path) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text
    out = tmp_path / path.name
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


def test_an_illegal_play_is_a_mismatch(tmp_path: Path) -> None:
    bad = corrupt(
        GAME_3, "* Player0592 moves 24/21 13/9", "* Player0592 moves 24/21 13/10", tmp_path
    )
    (mismatch,) = replay_analysis_file(bad).mismatches
    assert (mismatch.move, mismatch.line) == (2, 41)
    assert "right player 43: 24/21 13/10" in mismatch.reason


def test_ids_that_contradict_the_plays_are_mismatches(tmp_path: Path) -> None:
    # Move 3's Position ID replaced by move 2's: not where 24/21 13/9 leads.
    moved = corrupt(GAME_3, "Position ID: 4HPhASKMZ/ABMA", "Position ID: jGfwATDgc/ABMA", tmp_path)
    (mismatch,) = replay_analysis_file(moved).mismatches
    assert mismatch.move == 3
    assert mismatch.reason == (
        "the Position ID is not 4HPhASKMZ/ABMA, the position the plays before it lead to"
    )
    # The score line changed to 0-2: the Match ID of every move still says 0-3.
    rescored = corrupt(
        GAME_3,
        "The score (after 2 games) is: Player0706 0, Player0592 3",
        "The score (after 2 games) is: Player0706 0, Player0592 2",
        tmp_path,
    )
    reasons = {f.reason for f in replay_analysis_file(rescored).mismatches}
    assert reasons == {"the Match ID gives the score (0, 3), the export (0, 2)"}


MALFORMED = [
    ("Move number 1:  Ann to play 31\n", "line 1: expected 'The score (after N games) is: ...'"),
    (
        GAME_3.read_text().replace("                 Match ID   : MICuAAAAGAAE\n", ""),
        "line 10: expected 'Match ID   : ...'",
    ),
    (
        GAME_3.read_text().replace("Position ID: jGfwATDgc/ABMA", "Position ID: jGfwATDgc/ABM!"),
        "line 41: move 2: bad Position ID",
    ),
    (
        GAME_3.read_text().replace(
            "* Player0592 moves 24/21 13/9", "* Player0706 moves 24/21 13/9"
        ),
        "'Player0706' acts, but the Match ID says player 1 ('Player0592') is to act",
    ),
    (
        GAME_3.read_text().replace("Proper cube action: No double, take (53.9%)", "Proper: ?"),
        "line 69: expected 'Proper cube action: ...': 'Proper: ?'",
    ),
    (
        GAME_3.read_text().replace("Rolled 43:", "Rolled 43 mwc:"),
        "line 71: move 2: a line no gnubg analysis holds: 'Rolled 43 mwc:'",
    ),
    (
        GAME_3.read_text().replace("Player0706 doubles to 2", "Player0706 resigns"),
        "line 270: an entry that is neither a roll, a double nor an answer: 'Move number 8:",
    ),
    (
        GAME_3.read_text().replace("Player0706 wins 1 point", "Nobody wins 1 point"),
        "the winner is neither player",
    ),
]


HUGE = "1" * 5000  # more digits than Python converts (4,300)
LONG = "is too long (at most 9 digits)"
SCORE = "The score (after 2 games) is: Player0706 0, Player0592 3 (match to 5 points)"
# Numbers too long to be real (issue 18: a bare ValueError beyond 4,300 digits, and a match
# length or score of 10**30 accepted): each (text, replaced by, the fault named).
TOO_LONG = [
    (SCORE, SCORE.replace("after 2", f"after {HUGE}"), LONG),
    (SCORE, SCORE.replace("to 5 points", f"to {10**30} points"), LONG),
    (SCORE, SCORE.replace("Player0592 3", f"Player0592 {HUGE}"), LONG),
    (SCORE, SCORE.replace("to 5 points", "to 40000 points"), "line 1: a match to 40000 points"),
    (SCORE, SCORE.replace("Player0592 3", "Player0592 5"), "line 1: a score of 5 in a match to"),
    (
        SCORE,
        SCORE.replace(" (match to 5 points)", "").replace("Player0592 3", "Player0592 " + "9" * 9),
        "line 1: a score of 999999999",
    ),
    ("Move number 1:  Player0706", f"Move number {HUGE}:  Player0706", LONG),
    ("*    1. Cubeful 4-ply    8/3 6/3", f"*    {HUGE}. Cubeful 4-ply    8/3 6/3", LONG),
    ("Player0706 wins 1 point", f"Player0706 wins {HUGE} point", LONG),
]


@pytest.mark.parametrize(
    ("old", "new", "fault"), TOO_LONG, ids=[f[:30] + n[-30:] for _, n, f in TOO_LONG]
)
def test_numbers_too_long_to_be_real(old: str, new: str, fault: str) -> None:
    text = GAME_3.read_text()
    assert old in text
    with pytest.raises(MatchFileError) as raised:
        parse_analysis(text.replace(old, new))
    assert fault in str(raised.value)


@pytest.mark.parametrize(("text", "fault"), MALFORMED, ids=[fault for _, fault in MALFORMED])
def test_malformed_exports(text: str, fault: str) -> None:
    with pytest.raises(MatchFileError) as raised:
        parse_analysis(text)
    assert fault in str(raised.value)


def test_reading_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("The score is: nothing\n")
    with pytest.raises(MatchFileError, match=r"bad\.txt: line 1: expected 'The score"):
        read_analysis(bad)
    with pytest.raises(MatchFileError, match="not a regular file"):
        read_analysis(tmp_path)
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    with pytest.raises(MatchFileError, match=r"empty\.txt: the file is empty$"):
        read_analysis(empty)  # read as match files are
    message = "^the path of an analysis export must be a str or a path, got NoneType$"
    with pytest.raises(MatchFileError, match=message):
        read_analysis(None)  # type: ignore[arg-type]
    with pytest.raises(MatchFileError, match="got bytes"):
        parse_analysis(b"The score")  # type: ignore[arg-type]
    with pytest.raises(MatchFileError, match="analysis must be a GameAnalysis"):
        decisions("match.txt")  # type: ignore[arg-type]


def test_what_looks_like_an_export() -> None:
    assert looks_like_analysis(GAME_3.read_text())
    assert not looks_like_analysis(BELOW_THE_LIST.read_text())  # one move, not a whole game
    assert not looks_like_analysis(" 5 point match\n\n Game 1\n")


# -- the real exports: every play of all 50 ------------------------------------------------

SHARED_EXPORTS = sorted(
    [
        *SHARED.glob("lassehjorthmadsen__bglab/data-raw/*/analyzed/*/*.txt"),
        *SHARED.glob("lassehjorthmadsen__gnubg-scripts/output/*.txt"),
    ]
)


@pytest.mark.skipif(not SHARED_EXPORTS, reason="../shared/realdata is not here")
def test_every_real_export_replays_with_its_plays_checked() -> None:
    assert len(SHARED_EXPORTS) == 50
    entries = rolls = alerts = 0
    for path in SHARED_EXPORTS:
        game = read_analysis(path)
        replay = replay_analysis(game, path.name)
        assert replay.mismatches == [], path.name
        (played,) = replay.games
        assert played.checked_plays == len(played.plays), path.name
        assert played.winner == game.winner and played.end != "unfinished", path.name
        entries += len(game.moves)
        rolls += len(played.plays)
        values = {(m.number, a.kind): a.value for m in game.moves for a in m.alerts}
        for decision in decisions(game):
            if decision.alert is not None:
                assert decision.error is not None
                assert abs(decision.error + values[decision.move, decision.alert]) <= 0.0015
                alerts += 1
    # SOURCES.md counts 2518 positions; grep counts 2422 rolls and 293 error alerts
    # (doubtful, bad and very bad moves, missed and wrong doubles, wrong takes and passes).
    assert (entries, rolls, alerts) == (2518, 2422, 293)


@fuzz_settings(80)
@given(text=fuzz.damaged_text(GAME_3.read_text()))
def test_fuzz_damaged_analysis_text(text: str) -> None:
    """parse_analysis reads a damaged export or raises MatchFileError (issue 18)."""
    try:
        parse_analysis(text)
    except MatchFileError:
        pass
