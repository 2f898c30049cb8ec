"""Reading typed plays and judging them: Position.play, find_play, parse_play (R7-R14,
docs/board.rst "Move notation").  Every expected position below was worked out by hand."""

from __future__ import annotations

import json
import re
from itertools import islice
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tavla import IllegalPlayError, NotationError, Position
from tavla.board.notation import parse_play
from tests.helpers.boards import position as board

START = {24: 2, 13: 5, 8: 3, 6: 5}


def after(mover: dict[int, int], opponent: dict[int, int]) -> Position:
    """The position once the mover has played: the opponent is on roll."""
    return board(opponent, mover)


# -- the start position (R4) ------------------------------------------------------------

INITIAL = Position.initial()
AFTER_64_RUN = after({24: 1, 14: 1, 13: 5, 8: 3, 6: 5}, START)
AFTER_31_POINT = after({24: 2, 13: 5, 8: 2, 6: 4, 5: 2}, START)


@pytest.mark.parametrize(
    "typed",
    [
        "24/14",
        "24/18 18/14",
        "18/14 24/18",
        "24/20/14",
        "24-14",
        "24 18 18 14",
        [(24, 14)],
        [(24, 18), (18, 14)],
        [(18, 14), (24, 18)],
        ((24, 20), (20, 14)),
        np.array([[24, 18], [18, 14]]),
    ],
)
def test_one_checker_with_both_dice(typed: Any) -> None:
    assert INITIAL.play((6, 4), typed) == AFTER_64_RUN


@pytest.mark.parametrize(
    "typed",
    ["8/5 6/5", "6/5 8/5", "8/5, 6/5", "8-5 6-5", "8 5 6 5", "  8/5   6/5 ", [(6, 5), (8, 5)]],
)
def test_moves_in_any_order_and_separator(typed: Any) -> None:
    assert INITIAL.play("31", typed) == AFTER_31_POINT
    assert INITIAL.play((1, 3), typed) == AFTER_31_POINT


def test_two_checkers_unsorted() -> None:
    expected = after({24: 2, 13: 4, 11: 1, 8: 3, 6: 4, 5: 1}, START)
    assert INITIAL.play("21", "6/5 13/11") == expected
    assert INITIAL.play("21", "13/11 6/5") == expected


@pytest.mark.parametrize(
    ("dice", "typed", "mover"),
    [
        ("66", "24/18(2) 13/7(2)", {18: 2, 13: 3, 8: 3, 7: 2, 6: 5}),
        ("66", "13/7 24/18 13/7 24/18", {18: 2, 13: 3, 8: 3, 7: 2, 6: 5}),
        ("33", "8/5(2) 6/3(2)", {24: 2, 13: 5, 8: 1, 6: 3, 5: 2, 3: 2}),
        ("33", "8/2 6/3(2)", {24: 2, 13: 5, 8: 2, 6: 3, 3: 2, 2: 1}),
        ("11", "8/7(2) 6/5(2)", {24: 2, 13: 5, 8: 1, 7: 2, 6: 3, 5: 2}),
        ("11", "8/7(2) 6/5 6/5", {24: 2, 13: 5, 8: 1, 7: 2, 6: 3, 5: 2}),
    ],
)
def test_doubles_with_counts(dice: str, typed: str, mover: dict[int, int]) -> None:
    assert INITIAL.play(dice, typed) == after(mover, START)


def test_multi_pip_token_tries_both_intermediate_points() -> None:
    # 5-4: 24/19 lands on the opponent's 6-point (blocked), so 24/15 goes through 20.
    assert INITIAL.play("54", "24/15") == after({24: 1, 15: 1, 13: 5, 8: 3, 6: 5}, START)


# -- The positions of gnubg's examples of its display form ------------------------------

BLOT_ON_7 = {24: 2, 13: 5, 8: 3, 6: 4, 18: 1}  # the opponent's 18 is the mover's 7
BLOT_ON_7_HIT = {25: 1, 24: 2, 13: 5, 8: 3, 6: 4}


@pytest.mark.parametrize("typed", ["13/7*/5", "13/7/5", "13/7* 7/5", "7/5 13/7", "13/7*/5*"])
def test_hit_on_the_way(typed: str) -> None:
    position = board(START, BLOT_ON_7)
    expected = after({24: 2, 13: 4, 8: 3, 6: 5, 5: 1}, BLOT_ON_7_HIT)
    assert position.play("62", typed) == expected


def test_unnamed_intermediate_point_means_no_hit() -> None:
    # 13/5 with 6-2 could pass through 7 (hitting) or 11: the text names no hit, so 11.
    position = board(START, BLOT_ON_7)
    assert position.play("62", "13/5") == after({24: 2, 13: 4, 8: 3, 6: 5, 5: 1}, BLOT_ON_7)
    assert position.play("62", [(13, 5)]) == after({24: 2, 13: 4, 8: 3, 6: 5, 5: 1}, BLOT_ON_7)


def test_hit_and_cover() -> None:
    position = board(START, BLOT_ON_7)
    expected = after({24: 2, 13: 4, 8: 2, 7: 2, 6: 5}, BLOT_ON_7_HIT)
    assert position.play("61", "13/7* 8/7") == expected
    assert position.play("61", "8/7 13/7") == expected


def test_two_hits_with_one_checker() -> None:
    position = board(START, {24: 2, 13: 5, 8: 3, 6: 3, 18: 1, 20: 1})
    expected = after({24: 2, 13: 4, 8: 3, 6: 5, 5: 1}, {25: 2, 24: 2, 13: 5, 8: 3, 6: 3})
    assert position.play("22", "13/7*/5*") == expected
    # With a double the path is forced, so the unnamed hit on 7 is still the play meant.
    assert position.play("22", "13/5") == expected


@pytest.mark.parametrize("typed", ["13/5*(2)", "13/5(2)", "13/9 9/5 13/9 9/5", "13/9/5(2)"])
def test_grouped_hit(typed: str) -> None:
    position = board(START, {24: 2, 13: 5, 8: 3, 6: 4, 20: 1})
    expected = after({24: 2, 13: 3, 8: 3, 6: 5, 5: 2}, {25: 1, 24: 2, 13: 5, 8: 3, 6: 4})
    assert position.play("44", typed) == expected


ON_BAR = {25: 1, 24: 1, 13: 5, 8: 3, 6: 5}
BLOT_ON_22 = {24: 2, 13: 5, 8: 3, 6: 4, 3: 1}  # the opponent's 3 is the mover's 22
BLOT_ON_22_HIT = {25: 1, 24: 2, 13: 5, 8: 3, 6: 4}


@pytest.mark.parametrize("typed", ["bar/22* 24/23", "BAR/22 24/23", "b/22 24/23", "25/22 24/23"])
def test_enter_and_hit(typed: str) -> None:
    expected = after({23: 1, 22: 1, 13: 5, 8: 3, 6: 5}, BLOT_ON_22_HIT)
    assert board(ON_BAR, BLOT_ON_22).play("31", typed) == expected


def test_enter_hit_and_continue() -> None:
    position = board(ON_BAR, BLOT_ON_22)
    mover = {24: 1, 18: 1, 13: 5, 8: 3, 6: 5}
    assert position.play("43", "bar/22*/18") == after(mover, BLOT_ON_22_HIT)
    assert position.play("43", [(25, 22), (22, 18)]) == after(mover, BLOT_ON_22_HIT)
    # bar/18 names no hit: it enters on 21 and moves on.
    assert position.play("43", "bar/18") == after(mover, BLOT_ON_22)


@pytest.mark.parametrize("typed", ["bar/20 13/10", "13/10 bar/20", "Bar/20 13/10", "25-20 13-10"])
def test_enter_then_move_in_any_order(typed: str) -> None:
    expected = after({24: 1, 20: 1, 13: 4, 10: 1, 8: 3, 6: 5}, START)
    assert board(ON_BAR, START).play("53", typed) == expected


def test_xg_capitals_from_the_bar() -> None:
    position = board({25: 2, 13: 5, 8: 3, 6: 5}, START)
    expected = after({23: 2, 13: 3, 11: 2, 8: 3, 6: 5}, START)
    for typed in ("Bar/23(2) 13/11(2)", "b/23(2) 13/11(2)", "25/23 25/23 13/11 13/11"):
        assert position.play("22", typed) == expected


BEAR_OFF = {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}
RACING_OPPONENT = {6: 5, 5: 5, 4: 5}


@pytest.mark.parametrize("typed", ["6/off 1/off", "6/0 1/0", "1/OFF 6/Off", [(6, 0), (1, 0)]])
def test_bear_off(typed: Any) -> None:
    expected = after({6: 2, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1}, RACING_OPPONENT)
    assert board(BEAR_OFF, RACING_OPPONENT).play("61", typed) == expected


def test_bear_off_double() -> None:
    expected = after({5: 2, 4: 3, 3: 2, 2: 2, 1: 2}, RACING_OPPONENT)
    assert board(BEAR_OFF, RACING_OPPONENT).play("66", "6/off(3) 5/off") == expected


def test_bear_off_with_a_larger_die() -> None:
    position = board({5: 1, 4: 2, 2: 2}, RACING_OPPONENT)
    # The 6 bears off from 5, the highest point (R13).
    assert position.play("61", "5/off 2/1") == after({4: 2, 2: 1, 1: 1}, RACING_OPPONENT)
    assert position.play("61", [(5, 0), (2, 1)]) == after({4: 2, 2: 1, 1: 1}, RACING_OPPONENT)
    # One checker using both dice: 5/4, then 4 is the highest point and the 6 bears it off.
    assert position.play("61", "5/4/off") == after({4: 2, 2: 2}, RACING_OPPONENT)
    assert position.play("61", "5/off") == after({4: 2, 2: 2}, RACING_OPPONENT)


def test_pile_on_the_ace_point() -> None:
    position = board({13: 2, 8: 3, 6: 5, 24: 5}, {24: 1, 23: 1, 13: 5, 8: 3, 6: 5})
    expected = after({8: 3, 6: 5, 24: 5, 1: 2}, {25: 1, 23: 1, 13: 5, 8: 3, 6: 5})
    assert position.play("66", "13/1*(2)") == expected
    assert position.play("66", "13/7(2) 7/1(2)") == expected


# -- no move ----------------------------------------------------------------------------

CLOSED_OUT = board({25: 1, 13: 5, 8: 4, 6: 5}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})


@pytest.mark.parametrize("typed", ["", "   ", []])
def test_no_move_is_the_forced_pass(typed: Any) -> None:
    assert CLOSED_OUT.play("64", typed) == CLOSED_OUT.swapped()


def test_no_move_when_the_roll_can_be_played() -> None:
    with pytest.raises(
        IllegalPlayError, match=re.escape("no move: must use both dice of 6-4 (R9)")
    ):
        INITIAL.play("64", "")


# -- illegal plays ----------------------------------------------------------------------


def error_of(position: Position, dice: str, typed: Any) -> str:
    with pytest.raises(IllegalPlayError) as caught:
        position.play(dice, typed)
    assert isinstance(caught.value, ValueError)
    return str(caught.value)


LOWER_POINT = board({6: 1, 3: 14}, RACING_OPPONENT)
# A user's report: bar/21 13/9 there plays the 4 twice and the 6 not at all.
USER_REPORT = Position.from_position_id("M66DAQbg8+AJQA")


@pytest.mark.parametrize(
    ("position", "dice", "typed", "message"),
    [
        (INITIAL, "52", "24/19 13/11", "24/19: the point is blocked (R10)"),
        (INITIAL, "55", "24/14 13/3", "24/19 (in 24/14): the point is blocked (R10)"),
        (CLOSED_OUT, "64", "bar/19", "bar/19: the point is blocked (R10)"),
        (
            board(ON_BAR, START),
            "53",
            "13/8 6/3",
            "13/8: a checker on the bar must enter first (R12)",
        ),
        (CLOSED_OUT, "64", "13/7 13/9", "13/9: a checker on the bar must enter first (R12)"),
        (INITIAL, "31", "7/4 6/5", "7/4: no checker there"),
        (INITIAL, "64", "6/off", "6/off: cannot bear off before all checkers are home (R13)"),
        (
            LOWER_POINT,
            "61",
            "3/off 3/2",
            "3/off with the 6: a higher point is occupied, so this die must move inside (R13)",
        ),
        (INITIAL, "64", "13/7", "13/7: must use both dice of 6-4 (R9): another play uses both"),
        (
            INITIAL,
            "66",
            "24/18 13/7",
            "24/18 13/7: must play more dice (R9): it plays 2 of 6-6, another play uses 4",
        ),
        (
            INITIAL,
            "64",
            "13/10",
            "13/10: die not in the roll 6-4 (no die or sum of dice makes 3 pips)",
        ),
        (
            INITIAL,
            "65",
            "24/14",
            "24/14: die not in the roll 6-5 (no die or sum of dice makes 10 pips)",
        ),
        (
            INITIAL,
            "33",
            "13/2",
            "13/2: die not in the roll 3-3 (no die or sum of dice makes 11 pips)",
        ),
        (
            board(BEAR_OFF, RACING_OPPONENT),
            "21",
            "6/off",
            "6/off: die not in the roll 2-1 (no die or sum of dice bears off from 6)",
        ),
        (
            INITIAL,
            "64",
            "13/7 13/9 8/2",
            "too many moves for the roll 6-4: 13/7 13/9 8/2 has 3 moves, the roll plays 2",
        ),
        (
            INITIAL,
            "64",
            "24/18(2)",
            "24/18 24/18 does not fit the roll 6-4: 24/18 takes 6, 24/18 takes 6, and the roll"
            " cannot give every move its dice",
        ),
        (
            USER_REPORT,
            "64",
            "bar/21 13/9",
            "bar/21 13/9 does not fit the roll 6-4: bar/21 takes 4, 13/9 takes 4, and the roll"
            " cannot give every move its dice",
        ),
        (
            INITIAL,
            "11",
            "8/7(3) 6/5(2)",
            "too many moves for the roll 1-1: 8/7 8/7 8/7 6/5 6/5 has 5 moves, the roll plays 4",
        ),
    ],
)
def test_an_illegal_play_is_refused_with_its_reason(
    position: Position, dice: str, typed: str, message: str
) -> None:
    assert error_of(position, dice, typed) == message


def test_must_play_the_larger_die() -> None:
    # One checker left on 24; the opponent holds the mover's 17, so 24/18/17 and 24/23/17
    # are both blocked: either die can be played, but not both, so the 6 it must be (R9).
    position = board({24: 1}, {8: 2, 6: 5, 13: 5, 5: 3})
    assert [play.notation for play in position.legal_plays("61")] == ["24/18"]
    message = error_of(position, "61", "24/23")
    assert message == "24/23: must play the larger die, 6 (R9): either die can be played alone"
    assert position.play("61", "24/18") == after({18: 1}, {8: 2, 6: 5, 13: 5, 5: 3})


def test_game_over() -> None:
    finished = board({}, {6: 5})
    with pytest.raises(IllegalPlayError, match="the game is over"):
        finished.play("64", "")


# -- unreadable text --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "named"),
    [
        ("13/x", "'13/x'"),
        ("13//7", "'13//7'"),
        ("24/18 13-", "'13-'"),
        ("26/20", "no point 26"),
        ("5/8", "'5/8'"),
        ("off/3", "'off/3'"),
        ("6/bar", "'6/bar'"),
        ("8/5(5)", "'8/5(5)'"),
        ("8/5(0)", "'8/5(0)'"),
        ("8 5 6", "'6' has no partner"),
        ([(6, 5.5)], "(6, 5.5)"),
        ([(6, 5, 4)], "(6, 5, 4)"),
        ([(True, 0)], "(True, 0)"),
        (7, "got 7"),
    ],
)
def test_unreadable(typed: Any, named: str) -> None:
    with pytest.raises(NotationError) as caught:
        INITIAL.play("64", typed)
    assert named in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_ambiguous_path_is_refused() -> None:
    # Blots on the mover's 18 and 20: 24/14 with 6-4 hits one of them, which one is unsaid.
    position = board(START, {24: 2, 13: 5, 8: 3, 6: 3, 7: 1, 5: 1})
    with pytest.raises(NotationError, match=re.escape("write 24/18*/14 or 24/20*/14")):
        position.play("64", "24/14")
    assert position.play("64", "24/20*/14") == after(
        {24: 1, 14: 1, 13: 5, 8: 3, 6: 5}, {25: 1, 24: 2, 13: 5, 8: 3, 6: 3, 7: 1}
    )


def test_parse_play_segments() -> None:
    assert parse_play("13/7*/5 Bar/22 6/off(2)") == [(13, 7), (7, 5), (25, 22), (6, 0), (6, 0)]
    assert parse_play("") == []


# -- every legal play reads back --------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Valid positions with play left: the mover spread to at most its 6, 12 or 25 (bar)."""
    top = draw(st.sampled_from([6, 12, 25]))
    rows = np.zeros((2, 26), dtype=np.int8)
    for point in draw(st.lists(st.integers(0, top), min_size=15, max_size=15)):
        rows[0, point] += 1
    open_points = [q for q in range(26) if q in (0, 25) or rows[0, 25 - q] == 0]
    for point in draw(st.lists(st.sampled_from(open_points), min_size=15, max_size=15)):
        rows[1, point] += 1
    assume(rows[0, 0] < 15 and rows[1, 0] < 15)
    return Position(rows)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(1, 6), st.integers(1, 6))
def test_every_legal_play_reads_back(position: Position, d1: int, d2: int) -> None:
    for play in position.legal_plays((d1, d2)):
        assert position.play((d1, d2), play.notation) == play.position
        assert position.play((d1, d2), play.moves) == play.position
        assert position.play((d1, d2), play.notation.upper()) == play.position


CORPUS = Path(__file__).parent / "data" / "movegen.jsonl"


def test_corpus_notation_reads_back() -> None:
    checked = 0
    with CORPUS.open() as lines:
        for line in islice(lines, 0, None, 10):
            case = json.loads(line)
            position = Position.from_position_id(case["position_id"])
            dice = tuple(case["dice"])
            for play in position.legal_plays(dice):
                assert play.position.position_id in case["results"]
                assert position.play(dice, play.notation) == play.position, play.notation
                checked += 1
    assert checked > 5000


def test_a_play_object_of_legal_plays_is_accepted() -> None:
    start = Position.initial()
    for play in start.legal_plays("31"):
        assert start.play("31", play) == play.position


def test_a_play_object_of_another_position_or_roll_is_refused() -> None:
    start = Position.initial()
    other_roll = start.legal_plays("42")[0]
    with pytest.raises(IllegalPlayError, match="a Play of another position or roll"):
        start.play("31", other_roll)
    after = start.play("31", "8/5 6/5")
    with pytest.raises(IllegalPlayError, match=r"legal plays of 3-1 in sGfwATDgc/ABMA"):
        after.play("31", start.legal_plays("31")[0])


def test_a_huge_typed_play_is_quoted_bounded() -> None:
    with pytest.raises(IllegalPlayError, match=r"too many moves for the roll 3-1") as error:
        Position.initial().play("31", "8/5 " * 200_000)
    message = str(error.value)
    assert len(message) < 200 and "(799,999 characters) has 200000 moves" in message


def test_a_huge_typed_play_is_refused_before_it_is_read() -> None:
    """Its moves are counted first (issue 18: a play of ~1 MiB took 10 s to refuse): the
    unreadable token at its end is never reached."""
    huge = "8/5 " * 100_000 + "nonsense"
    with pytest.raises(IllegalPlayError, match="has 100001 moves or more, the roll plays 2"):
        Position.initial().play("31", huge)
    with pytest.raises(IllegalPlayError, match="has 50000 moves or more, the roll plays 4"):
        Position.initial().play("11", "8 7 " * 50_000)  # bare points pair up
    # A play of a few moves is read, and its moves counted exactly: a chain is two here.
    with pytest.raises(IllegalPlayError, match="13/7 7/3 8/2 6/2 has 4 moves, the roll plays 2"):
        Position.initial().play("64", "13/7/3 8/2 6/2")
    with pytest.raises(NotationError, match="cannot read the move 'nonsense'"):
        Position.initial().play("31", "8/5 nonsense")


# Plays of huge input are quoted by an excerpt.

DIGITS = "1" * 5000  # beyond Python's 4,300-digit limit of int("...")


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
        (13, 7),
        (8, 5),
        (8, 5),
    ]
