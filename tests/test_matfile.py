"""Reading and writing .mat match files (docs/formats.rst), every dialect of realdata."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tavla import Match, MatchFileError, Phase
from tavla.formats.mat import (
    LEFT,
    RIGHT,
    ActionKind,
    GameRecord,
    MatchRecord,
    RecordedAction,
    format_mat,
    parse_mat,
    read_mat,
    write_mat,
)
from tavla.replay import match_record
from tests.helpers.mat_examples import (
    GNUBG_EXPORT,
    GNUBG_MATCH_ENDINGS,
    GNUBG_MONEY_BEAVERS,
    HAND_WRITTEN,
)

REALDATA = Path(__file__).parent / "data" / "realdata"


def match_text(*move_lines: str, length: int = 3) -> str:
    """A one-game match in Galaxy's layout (right column at 33) with the given move lines."""
    head = f"{length} point match\n\n Game 1\n Ann : 0                         Bob : 0\n"
    return head + "\n".join(move_lines) + "\n"


def test_the_record_model_and_the_file_helpers_are_importable_from_mat_as_before() -> None:
    """The record model lives in tavla.formats.record, the text of match files in
    tavla.formats.match_files and the writer in tavla.formats.mat_writer; tavla.formats.mat
    still gives every name it gave."""
    from tavla.formats import mat, mat_writer, match_files, record

    for name in ("LEFT", "RIGHT", "ActionKind", "RecordedAction", "GameRecord", "MatchRecord"):
        assert getattr(mat, name) is getattr(record, name)
    for name in ("read_int", "not_a_regular_file", "read_match_file", "unwritable_character"):
        assert getattr(mat, name) is getattr(match_files, name)
    for name in ("format_mat", "write_mat", "plain_form"):
        assert getattr(mat, name) is getattr(mat_writer, name)


def test_hand_written_example_headers_players_and_games() -> None:
    record = parse_mat(HAND_WRITTEN)
    assert record.length == 3
    assert record.players == ("Ali", "Veli")
    assert record.header("site") == "Example"
    assert record.header("CubeLimit") == "1024"
    assert record.header("Event") is None
    assert [game.score for game in record.games] == [(0, 0), (2, 0)]
    first = record.games[0].actions
    assert first[0] == RecordedAction(LEFT, ActionKind.ROLL, (3, 1), "8/5 6/5", None, 13, 1)
    assert first[1] == RecordedAction(RIGHT, ActionKind.ROLL, (6, 4), "24/14", None, 13, 1)
    assert first[3].play == "bar/22 24/21 13/10(2)"
    assert [(a.player, a.kind, a.value) for a in first[4:6]] == [
        (LEFT, ActionKind.DOUBLE, 2),
        (RIGHT, ActionKind.TAKE, None),
    ]
    assert [(a.player, a.kind, a.value) for a in first[-3:]] == [
        (LEFT, ActionKind.DOUBLE, 4),
        (RIGHT, ActionKind.DROP, None),
        (RIGHT, ActionKind.WIN, 2),
    ]
    # Game 2: the empty left cell means the right player began.
    second = record.games[1].actions
    assert [(a.player, a.dice) for a in second] == [(RIGHT, (4, 2)), (LEFT, (6, 1))]


def test_gnubg_export_reads_and_writes_back_byte_for_byte() -> None:
    record = parse_mat(GNUBG_EXPORT)
    assert record.players == ("Alice", "Bob")
    assert format_mat(record) == GNUBG_EXPORT + "\n"


@pytest.mark.parametrize("export", [GNUBG_MATCH_ENDINGS, GNUBG_MONEY_BEAVERS])
def test_gnubgs_layout_of_every_game_end_is_written_back_byte_for_byte(export: str) -> None:
    assert format_mat(parse_mat(export)) == export


def one_game(*actions: RecordedAction, length: int = 5) -> MatchRecord:
    return MatchRecord(length, ("Ann", "Bob"), games=(GameRecord(1, (0, 0), actions),))


def ending(*actions: RecordedAction) -> list[str]:
    """The move lines format_mat writes for a game of these actions."""
    return format_mat(one_game(*actions)).splitlines()[4:-1]


ROLL_31 = RecordedAction(LEFT, ActionKind.ROLL, (3, 1), "8/5 6/5")


def test_the_right_players_win_shares_the_line_of_the_left_players_drop() -> None:
    # gnubg reads a Wins line of its own after a left drop as a resignation in an extra
    # game and counts the point twice, so its exporter puts the Wins on the Drops line.
    lines = ending(
        ROLL_31,
        RecordedAction(RIGHT, ActionKind.DOUBLE, value=2),
        RecordedAction(LEFT, ActionKind.DROP),
        RecordedAction(RIGHT, ActionKind.WIN, value=1),
    )
    assert lines == [
        "  1) 31: 8/5 6/5                  Doubles => 2",
        "  2)  Drops                       Wins 1 point",
    ]


def test_the_left_players_win_and_a_win_after_a_full_line_stand_on_lines_of_their_own() -> None:
    double, drop = (
        RecordedAction(LEFT, ActionKind.DOUBLE, value=2),
        RecordedAction(RIGHT, ActionKind.DROP),
    )
    assert ending(double, drop, RecordedAction(LEFT, ActionKind.WIN, value=1)) == [
        "  1)  Doubles => 2                Drops",
        "      Wins 1 point",
    ]
    roll_64 = RecordedAction(RIGHT, ActionKind.ROLL, (6, 4), "24/14")
    assert ending(ROLL_31, roll_64, RecordedAction(RIGHT, ActionKind.WIN, value=2)) == [
        "  1) 31: 8/5 6/5                 64: 24/14",
        "                                  Wins 2 points",
    ]


def test_a_resignation_after_rolling_keeps_the_roll_and_wins_beside_it() -> None:
    unplayed = RecordedAction(LEFT, ActionKind.ROLL, (5, 3), "")
    assert ending(unplayed, RecordedAction(RIGHT, ActionKind.WIN, value=2)) == [
        "  1) 53:                         Wins 2 points",
    ]


def test_an_accepted_resignation_is_written_as_gnubg_writes_it() -> None:
    # gnubg 1.07 exports a resigned game as its Wins line alone (tests/data/gnubg_exports),
    # so the Resigns cell match_record and SGF's RE[B+2R] give is left out; one of other
    # points, or of none (Backgammon Studio's Concedes), is kept.
    unplayed = RecordedAction(LEFT, ActionKind.ROLL, (5, 3), "")
    resigns = RecordedAction(LEFT, ActionKind.RESIGN, value=2)
    assert ending(unplayed, resigns, RecordedAction(RIGHT, ActionKind.WIN, value=2)) == [
        "  1) 53:                         Wins 2 points",
    ]
    assert ending(
        ROLL_31, replace(resigns, value=None), RecordedAction(RIGHT, ActionKind.WIN, value=2)
    ) == [
        "  1) 31: 8/5 6/5",
        "      Resigns",
        "                                  Wins 2 points",
    ]


def test_a_played_resignation_after_rolling_is_gnubgs_layout() -> None:
    match = Match(3, dice=1)
    game = match.new_game()
    game.roll((3, 1))
    game.play("8/5 6/5")
    game.roll((6, 4))
    game.resign("gammon", player=1)
    game.accept_resignation()
    record = match_record(match, ("Ann", "Bob"))
    assert [a.kind for a in record.games[0].actions][-2:] == [ActionKind.RESIGN, ActionKind.WIN]
    assert format_mat(record).splitlines()[4:] == [
        "  1) 31: 8/5 6/5                 64:",
        "      Wins 2 points",
        "",
    ]


def test_beavers_and_raccoons_are_written_and_read_as_gnubg_writes_them() -> None:
    actions = (
        RecordedAction(LEFT, ActionKind.DOUBLE, value=2),
        RecordedAction(RIGHT, ActionKind.BEAVER, value=4),
        RecordedAction(LEFT, ActionKind.RACCOON, value=8),
        RecordedAction(RIGHT, ActionKind.TAKE),
        ROLL_31,
    )
    text = format_mat(one_game(*actions, length=0))
    assert text.splitlines()[4:-1] == [
        "  1)  Doubles => 2                Beavers => 4",
        "  2)  Beavers => 8",
        "  3) 31: 8/5 6/5",
    ]
    again = parse_mat(text)
    assert all(a.same_as(b) for a, b in zip(again.games[0].actions, actions, strict=True))
    # The take gnubg leaves out stands on the line of the doubler's roll that shows it.
    taken = again.games[0].actions[3]
    assert (taken.player, taken.kind, taken.line, taken.move_number) == (
        RIGHT,
        ActionKind.TAKE,
        7,
        3,
    )


def test_an_explicit_take_of_a_beaver_is_read_as_written() -> None:
    record = parse_mat(
        match_text("  1)  Doubles => 2                 Beavers => 4", "  2)  Takes", length=0)
    )
    kinds = [action.kind for action in record.games[0].actions]
    assert kinds == [ActionKind.DOUBLE, ActionKind.BEAVER, ActionKind.TAKE]


def test_writing_keeps_only_the_headers_gnubg_writes() -> None:
    text = format_mat(parse_mat(HAND_WRITTEN))
    assert text.startswith('; [Site "Example"]\n; [EventDate "2024.01.02"]\n')
    assert '; [Variation "Backgammon"]\n\n 3 point match\n' in text
    assert "Player 1" not in text and "CubeLimit" not in text


def test_galaxy_dialect() -> None:
    record = parse_mat(
        match_text(
            "  1)                             41: 13/9 24/23",
            "  2) 44: 24/20 20/16 6/2 6/2     65: 25/20",
            " 14) 63: 23/17 8/5               53:",
            " 23) 21: 4/2 2/1                 55: 7/2 7/2 5/0 5/0",
            "                                  Wins 3 point and the match",
        )
    )
    actions = record.games[0].actions
    assert [(a.player, a.dice, a.play) for a in actions[:5]] == [
        (RIGHT, (4, 1), "13/9 24/23"),
        (LEFT, (4, 4), "24/20 20/16 6/2 6/2"),
        (RIGHT, (6, 5), "25/20"),
        (LEFT, (6, 3), "23/17 8/5"),
        (RIGHT, (5, 3), ""),
    ]
    assert actions[-1] == RecordedAction(RIGHT, ActionKind.WIN, None, None, 3, 9, None, True)


def test_galaxy_losses_and_a_repeated_move_number() -> None:
    record = parse_mat(
        match_text(
            " 24) 43: 21/18 18/14              24)  Losses 2 point"
            "                                               Wins 2 point and the match"
        )
    )
    assert [(a.player, a.kind, a.value) for a in record.games[0].actions] == [
        (LEFT, ActionKind.ROLL, None),
        (RIGHT, ActionKind.LOSE, 2),
        (LEFT, ActionKind.WIN, 2),
    ]


def test_studio_dialect() -> None:
    record = parse_mat(
        match_text(
            "  1) 32: 24/21 13/11                    41: 24/23 8/4*",
            "  2) 44: bar/21 24/20 13/9(2)           55: Cannot Move",
            "  3) 63: 22/13                          32: ????",
            "  4)  Drops                             Wins 1 point",
        )
    )
    actions = record.games[0].actions
    assert [(a.player, a.kind, a.dice, a.play, a.value) for a in actions] == [
        (LEFT, ActionKind.ROLL, (3, 2), "24/21 13/11", None),
        (RIGHT, ActionKind.ROLL, (4, 1), "24/23 8/4*", None),
        (LEFT, ActionKind.ROLL, (4, 4), "bar/21 24/20 13/9(2)", None),
        (RIGHT, ActionKind.ROLL, (5, 5), "", None),
        (LEFT, ActionKind.ROLL, (6, 3), "22/13", None),
        (RIGHT, ActionKind.ROLL, (3, 2), None, None),
        (LEFT, ActionKind.DROP, None, None, None),
        (RIGHT, ActionKind.WIN, None, None, 1),
    ]


def test_studio_concedes_and_a_hidden_roll() -> None:
    text = match_text(
        "  1) 31: 8/5 6/5                  00: ????",
        "  2)  Concedes",
        "                                  Wins 2 points and the match",
    )
    actions = parse_mat(text).games[0].actions
    assert actions[1:] == (
        RecordedAction(RIGHT, ActionKind.ROLL, None, None, None, 5, 1),
        RecordedAction(LEFT, ActionKind.RESIGN, None, None, None, 6, 2),
        RecordedAction(RIGHT, ActionKind.WIN, None, None, 2, 7, None, True),
    )
    # Written back: the hidden roll as it was, the concession in the word gnubg reads
    # (it warns of "Unrecognised move" at Concedes).
    lines = format_mat(parse_mat(text)).splitlines()
    assert lines[4:7] == [
        "  1) 31: 8/5 6/5                 00: ????",
        "      Resigns",
        "                                  Wins 2 points and the match",
    ]
    with pytest.raises(MatchFileError, match="a roll has two dice 1 to 6, got 00"):
        parse_mat(match_text("  1) 31: 8/5 6/5                  00: 13/7"))


def test_a_hidden_cell_alone_before_the_other_players_win() -> None:
    """``18) ????   Wins 1 point and the match``: a roll and play hidden by the site, then
    the other player's win on the same line (issue 18: the file was unreadable)."""
    text = match_text(
        "  1) 31: 8/5 6/5                  64: 24/18 18/14",
        "  2) ????                         Wins 1 point and the match",
    )
    actions = parse_mat(text).games[0].actions
    assert actions[2:] == (
        RecordedAction(LEFT, ActionKind.ROLL, None, None, None, 6, 2),
        RecordedAction(RIGHT, ActionKind.WIN, None, None, 1, 6, 2, True),
    )


def test_studio_rolls_then_concedes_on_one_line() -> None:
    """Backgammon Studio's ``30) 32: Concedes   Wins 2 point``: the left player rolls 32
    and concedes in its own cell; the right player wins (issue 18: the concession and the
    win went to the wrong players)."""
    text = match_text(
        "  1) 31: 8/5 6/5                  64: 24/18 18/14",
        "  2) 32: Concedes                 Wins 2 point",
    )
    actions = parse_mat(text).games[0].actions
    assert [(a.player, a.kind, a.dice, a.play, a.value) for a in actions[2:]] == [
        (LEFT, ActionKind.ROLL, (3, 2), "", None),
        (LEFT, ActionKind.RESIGN, None, None, None),
        (RIGHT, ActionKind.WIN, None, None, 2),
    ]
    # In the right column: the right player rolls and concedes, the left one wins after.
    text = match_text(
        "  1) 31: 8/5 6/5                  64: 24/18 18/14",
        "  2) 52: 13/8 13/11               43: Concedes",
        "      Wins 1 point",
    )
    actions = parse_mat(text).games[0].actions
    assert [(a.player, a.kind) for a in actions[3:]] == [
        (RIGHT, ActionKind.ROLL),
        (RIGHT, ActionKind.RESIGN),
        (LEFT, ActionKind.WIN),
    ]


def test_xg_low_first_rolls_and_a_byte_order_mark() -> None:
    record = parse_mat("\ufeff" + match_text("  1) 16: 13/7 8/7                  Doubles => 2"))
    first, second = record.games[0].actions
    assert first.dice == (6, 1) and first.play == "13/7 8/7"
    assert (second.player, second.kind, second.value) == (RIGHT, ActionKind.DOUBLE, 2)


def test_a_left_cell_overflowing_into_the_right_column() -> None:
    record = parse_mat(match_text("  9) 11: 25/24 23/22 22/21* 13/12 61: 25/24 20/14 "))
    assert [(a.player, a.play) for a in record.games[0].actions] == [
        (LEFT, "25/24 23/22 22/21* 13/12"),
        (RIGHT, "25/24 20/14"),
    ]


def test_beavers_raccoons_and_resignations() -> None:
    record = parse_mat(
        match_text(
            "  1)  Doubles => 2                   Beavers => 4",
            "  2)  Raccoons => 8                  Takes",
            "  3)  Resigns 16 points",
            length=0,
        )
    )
    assert record.length == 0
    assert [(a.player, a.kind, a.value) for a in record.games[0].actions] == [
        (LEFT, ActionKind.DOUBLE, 2),
        (RIGHT, ActionKind.BEAVER, 4),
        (LEFT, ActionKind.RACCOON, 8),
        (RIGHT, ActionKind.TAKE, None),
        (LEFT, ActionKind.RESIGN, 16),
    ]


def test_empty_names_and_a_crawford_mark() -> None:
    record = parse_mat(
        "3 point match\n\n Game 2 (Crawford)\n : 2                  Bob : 0\n"
        "  1)                   21: 13/11 6/5\n"
    )
    game = record.games[0]
    assert record.players == ("", "Bob")
    assert game.number == 2 and game.crawford_mark and game.score == (2, 0)
    assert game.actions[0].player == RIGHT


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (" Game 1\n A : 0    B : 0\n", "line 1: a game before the ' N point match' line"),
        ("; only a comment\n", "line 1: not a match file"),
        ("3 point match\nhello\n", "line 2: expected a header"),
        ("3 point match\n 5 point match\n", "line 2: a second match-length line"),
        ("3 point match\n Game 1\n", "line 2: game 1 has no score line"),
        ("3 point match\n Game 1\n Game 2\n A : 0   B : 0\n", "line 3: game 1 has no score line"),
        ("3 point match\n Game 1\n  1) 31: 8/5 6/5\n", "line 3: expected the score line"),
        (match_text("  1) 71: 8/5 6/5"), "line 5: a roll has two dice 1 to 6, got 71"),
        (match_text("  1) 31: 8/5 6-5x"), "line 5: cannot read the move '6-5x'"),
        (match_text("  1) Hello there"), "line 5: cannot read the cell 'Hello there'"),
        (match_text("  1) 31: 8/5 6/5     Offers 2"), "line 5: cannot read the move 'Offers'"),
    ],
)
def test_unreadable_files_name_the_line(text: str, message: str) -> None:
    with pytest.raises(MatchFileError, match="^" + re.escape(message)):
        parse_mat(text)


def test_read_mat_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.mat"
    path.write_text("3 point match\n Game 1\n A : 0   B : 0\n  1) 99: 8/5\n", encoding="utf-8")
    with pytest.raises(MatchFileError, match=r"bad\.mat: line 4: a roll has two dice"):
        read_mat(path)


# (file, games, match length, players, cells of each kind: roll, double, take, drop, lose);
# the counts are grep counts of "dd:", "Doubles", "Takes", "Drops", "Losses" in each file.
REAL_FILES = [
    ("match1484923.txt", 4, 5, ("Player0574", "Player0592"), (203, 3, 3, 0, 1)),
    ("match2900236.txt", 2, 3, ("Player0592", "Player0184"), (72, 1, 0, 1, 1)),
    ("match4007088.txt", 2, 3, ("Player0592", "Player0329"), (64, 2, 1, 1, 0)),
    ("match8794401.txt", 1, 16, ("Player0581", "Player0592"), (41, 0, 0, 0, 0)),
    (
        "Player0635 - Player0592 5pt Backgammon Studio 2024_04_22 19_06_30.txt",
        8,
        5,
        ("Player0635", "Player0592"),
        (393, 6, 0, 6, 0),
    ),
    (
        "Player0752 - Player0592 3pt Backgammon Studio 2024_05_11 20_10_33.txt",
        2,
        3,
        ("Player0752", "Player0592"),
        (63, 3, 2, 1, 0),
    ),
    ("test-match01.txt", 3, 3, ("gnubg", "Player0616"), (159, 2, 2, 0, 0)),
    (
        "Player0192-Player0193_7p_2025-11-08-2305.mat",
        4,
        7,
        ("Player0192", "Player0193"),
        (189, 4, 3, 1, 0),
    ),
]
KINDS = (ActionKind.ROLL, ActionKind.DOUBLE, ActionKind.TAKE, ActionKind.DROP, ActionKind.LOSE)


@pytest.mark.parametrize(("name", "games", "length", "players", "kinds"), REAL_FILES)
def test_real_files(
    name: str, games: int, length: int, players: tuple[str, str], kinds: tuple[int, ...]
) -> None:
    record = read_mat(REALDATA / name)
    assert (len(record.games), record.length, record.players) == (games, length, players)
    assert [game.number for game in record.games] == list(range(1, games + 1))
    actions = [action for game in record.games for action in game.actions]
    assert tuple(sum(a.kind is kind for a in actions) for kind in KINDS) == kinds
    assert all(sum(a.kind is ActionKind.WIN for a in g.actions) == 1 for g in record.games)


@pytest.mark.parametrize("name", sorted(path.name for path in REALDATA.iterdir()))
def test_real_files_write_and_read_back_the_same_games(name: str, tmp_path: Path) -> None:
    record = read_mat(REALDATA / name)
    write_mat(record, tmp_path / "copy.mat")
    again = read_mat(tmp_path / "copy.mat")
    assert (again.length, again.players) == (record.length, record.players)
    assert len(again.games) == len(record.games)
    assert all(a.same_as(b) for a, b in zip(again.games, record.games, strict=True))


def reads_back(record: MatchRecord) -> bool:
    """True when what format_mat writes reads back with the same players and games."""
    again = parse_mat(format_mat(record))
    return (
        again.players == record.players
        and len(again.games) == len(record.games)
        and all(a.same_as(b) for a, b in zip(again.games, record.games, strict=True))
    )


def test_a_long_left_name_widens_the_columns() -> None:
    played = Match(1, dice=3)
    game = played.new_game()
    while game.result is None:
        game.play(game.legal_plays[0]) if game.phase is Phase.PLAY else game.roll()
    record = match_record(played, players=("N" * 27, "Bob"))
    lines = format_mat(record).splitlines()
    assert lines[3] == f" {'N' * 27} : 0 Bob : 0"
    # The right player opened: the right cell stands one column right of the right name.
    assert lines[4] == f"  1) {'':28} 52: 13/8 24/22"
    assert lines[4].index("52:") == lines[3].index("Bob") + 1
    assert reads_back(record)
    assert reads_back(replace(record, players=("N" * 200, "M" * 200)))


# The right-hand player begins game 2 (a right cell alone on its line), the column the
# reader infers from the score line.
TWO_GAMES = parse_mat(HAND_WRITTEN)


@pytest.mark.parametrize(
    "left", ["Game 1", "3 point match", "; a comment", "# hash", "Ann : x", "Ann:", "R2:D2x", ""]
)
def test_names_that_look_like_other_lines_read_back(left: str) -> None:
    assert reads_back(replace(TWO_GAMES, players=(left, "Game 2 : 0")))


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (("Ann\nGame 1", "Bob"), "the left player's name 'Ann\\nGame 1' cannot be written"),
        (("Ann", "Bob\r"), "the right player's name 'Bob\\r' cannot be written"),
        (("Ann", "B\u2028ob"), "the right player's name 'B\\u2028ob' cannot be written"),
        (("Ann\t", "Bob"), "the left player's name 'Ann\\t' cannot be written"),
        ((" Ann", "Bob"), "the left player's name ' Ann' cannot be written: leading or trailing"),
        (("Ann", "Bob "), "the right player's name 'Bob ' cannot be written: leading or trailing"),
        (("Ann : 3", "Bob"), "the left player's name 'Ann : 3' cannot be written: ':' and a"),
        (("A:1 B", "Bob"), "the left player's name 'A:1 B' cannot be written: ':' and a"),
    ],
)
def test_names_that_cannot_be_written_are_refused(players: tuple[str, str], message: str) -> None:
    with pytest.raises(MatchFileError, match="^" + re.escape(message)):
        format_mat(replace(TWO_GAMES, players=players))


def test_a_header_that_cannot_be_written_is_refused() -> None:
    record = replace(TWO_GAMES, headers=(("Site", "Ankara\n 5 point match"),))
    message = "the Site header 'Ankara\\n 5 point match' cannot be written: it holds the character"
    with pytest.raises(MatchFileError, match="^" + re.escape(message)):
        format_mat(record)


_TRICKY = st.sampled_from([" ", ":", " : ", "0", "12", "\n", "\t", "Game 1", ";", "\u2028"])
_NAMES = st.one_of(
    st.text(st.characters(exclude_categories=())),
    st.lists(st.one_of(_TRICKY, st.text(max_size=3)), max_size=8).map("".join),
    st.text(min_size=25, max_size=80),
)


@given(_NAMES, _NAMES)
@example("N" * 27, "Bob")
@example("Ann : 0    Bob", "x : 1")
def test_any_names_read_back_or_are_refused_by_name(left: str, right: str) -> None:
    record = replace(TWO_GAMES, players=(left, right))
    try:
        text = format_mat(record)
    except MatchFileError as exc:
        assert f"name {left!r} cannot" in str(exc) or f"name {right!r} cannot" in str(exc)
        return
    assert reads_back(record), text


_PLAIN = st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp"), exclude_characters=":")
_PLAIN_NAMES = st.one_of(st.text(_PLAIN, max_size=8), st.text(_PLAIN, min_size=27)).map(str.strip)


@given(_PLAIN_NAMES, _PLAIN_NAMES)
def test_names_without_colons_or_control_characters_always_read_back(left: str, right: str) -> None:
    assert reads_back(replace(TWO_GAMES, players=(left, right)))
