"""The cube model on probabilities (tavla.game.cubeful): decisions whose answers follow by
hand from the model's formulas (docs/cube.rst) and the match equity table's numbers."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavla import CubeContext, CubeModelError, MatchEquityError, MatchEquityTable, Rules
from tavla.game import Cube, MatchContext
from tavla.game.cubeful import cube_action, decide, take_point

XG2 = MatchEquityTable.default()
NO_JACOBY = CubeContext.money(jacoby=False)


def gammonless(win: float) -> list[float]:
    return [win, 0.0, 0.0, 0.0, 0.0]


def mwc_to_equity(mwc: float, lose: float, win: float) -> float:
    return 2 * (mwc - lose) / (win - lose) - 1


# -- money: Janowski --------------------------------------------------------------------------


def test_money_take_point_without_gammons() -> None:
    assert take_point(gammonless(0.7), cube_life=0) == pytest.approx(0.25, abs=1e-12)
    assert take_point(gammonless(0.7), cube_life=1) == pytest.approx(0.20, abs=1e-12)
    # Janowski: (L - 1/2) / (W + L + x/2) with W = L = 1.
    assert take_point(gammonless(0.6)) == pytest.approx(0.5 / (2 + 0.68 / 2), abs=1e-12)


def test_money_take_point_with_gammons_is_janowskis() -> None:
    # The doubler wins 70%, 20% gammons: its W = 0.9/0.7; it loses 30%, 6% gammons: L = 1.2.
    # The taker's own W and L are the doubler's L and W.
    probabilities = [0.7, 0.2, 0.0, 0.06, 0.0]
    taker_win, taker_loss = 1.2, 0.9 / 0.7
    for life in (0.0, 0.5, 0.68, 1.0):
        expected = (taker_loss - 0.5) / (taker_win + taker_loss + life / 2)
        assert take_point(probabilities, NO_JACOBY, cube_life=life) == pytest.approx(expected)


def test_money_at_the_dead_cube_take_point() -> None:
    # Dead cube, no gammons: double/take is worth 2·(2p - 1), +1 exactly at p = 75%.
    at = decide(gammonless(0.75), cube_life=0)
    assert (at.no_double, at.double_take, at.double_pass) == pytest.approx((0.5, 1.0, 1.0))
    below = decide(gammonless(0.74), cube_life=0)
    assert (below.action, below.take) == ("double/take", True)
    assert below.double_take == pytest.approx(0.96)
    beyond = decide(gammonless(0.76), cube_life=0)
    assert (beyond.action, beyond.take) == ("double/pass", False)
    assert beyond.double_take == pytest.approx(1.04)


def test_money_doubling_window_at_half_cube_life() -> None:
    # x = 1/2, no gammons: no double = (8/3)(p - 1/2), double/take = 4.5p - 2.5, so the
    # window runs from p = 7/11 (double point) to 7/9 (where double/take reaches +1).
    decision = decide(gammonless(0.7), cube_life=0.5)
    assert decision.no_double == pytest.approx(8 / 3 * 0.2)
    assert decision.double_take == pytest.approx(0.65)
    assert (decision.action, decision.take) == ("double/take", True)
    actions = [decide(gammonless(p), cube_life=0.5).action for p in (0.63, 0.64, 0.77, 0.78)]
    assert actions == ["no double", "double/take", "double/take", "double/pass"]


def test_a_fully_live_cube_waits_for_the_cash_point() -> None:
    # x = 1: no double = (10/3)(p - 1/2) between 20% and 80%, double/take = 5p - 3.
    decision = decide(gammonless(0.7), cube_life=1)
    assert (decision.no_double, decision.double_take) == pytest.approx((2 / 3, 0.5))
    assert decision.action == "no double"


def test_owned_cubes() -> None:
    # x = 1/2, no gammons: own cube p·2.25 - 1, the opponent's p·2.25 - 1.25 (Janowski).
    mine = decide(gammonless(0.7), CubeContext.money(2, 0), cube_life=0.5)
    assert mine.no_double == pytest.approx(0.575)
    assert (mine.double_take, mine.action) == (pytest.approx(0.65), "double/take")
    theirs = decide(gammonless(0.7), CubeContext.money(2, 1), cube_life=0.5)
    assert theirs.no_double == pytest.approx(0.325)
    assert (theirs.double_take, theirs.double_pass, theirs.action) == (None, None, "no double")
    assert theirs.take is False
    assert theirs.refusal == "player 1 owns the cube: only the owner may redouble (R18)"


def test_jacoby_a_centred_cube_wins_no_gammons() -> None:
    probabilities = [0.6, 0.3, 0.0, 0.1, 0.0]  # W = 1.5, L = 1.25
    jacoby = decide(probabilities, cube_life=0)
    plain = decide(probabilities, NO_JACOBY, cube_life=0)
    assert jacoby.no_double == pytest.approx(0.2)  # 2p - 1
    assert plain.no_double == pytest.approx(0.6 * 2.75 - 1.25)
    assert jacoby.double_take == plain.double_take == pytest.approx(2 * 0.4)
    # A turned cube is no longer under the Jacoby rule.
    owned = decide(probabilities, CubeContext.money(2, 0), cube_life=0)
    assert owned.no_double == pytest.approx(0.4)


def test_too_good_to_double_unless_jacoby() -> None:
    probabilities = [0.8, 0.6, 0.0, 0.0, 0.0]  # dead: 0.8·2.75 - 1 = 1.2 > +1
    plain = decide(probabilities, NO_JACOBY, cube_life=0)
    assert plain.no_double == pytest.approx(1.2)
    assert (plain.action, plain.take) == ("too good", False)
    assert decide(probabilities, cube_life=0).action == "double/pass"


def test_beavers() -> None:
    # x = 0.68, p = 40%: double/take = 2(0.68(2.5p - 1.5) + 0.32(2p - 1)) = -0.808 < 0.
    beavers = CubeContext.money(beavers=True)
    decision = decide(gammonless(0.4), beavers)
    assert decision.double_take == pytest.approx(-0.808)
    assert (decision.action, decision.beaver) == ("no double/beaver", True)
    assert decide(gammonless(0.4)).action == "no double"
    # Below -2 a beaver would be passed for -2: a plain take is better for the taker.
    crushed = decide([0.1, 0.0, 0.0, 0.6, 0.3], beavers, cube_life=0)
    assert crushed.double_take == pytest.approx(2 * (0.1 * 3 - 2))
    assert (crushed.action, crushed.beaver) == ("no double", False)


def test_cube_action_orders_the_answers() -> None:
    assert cube_action(0.2, 0.5, 1.0) == ("double/take", True)
    assert cube_action(0.6, 0.5, 1.0) == ("no double", True)
    assert cube_action(0.6, 1.3, 1.0) == ("double/pass", False)
    assert cube_action(1.2, 1.3, 1.0) == ("too good", False)
    assert cube_action(0.0, -0.5, 1.0, beavers=True) == ("no double/beaver", True)


def test_no_cube_and_the_cube_limit() -> None:
    turkish = CubeContext(rules=Rules.turkish())
    assert decide(gammonless(0.9), turkish).refusal == "these rules play without the cube (R18)"
    capped = CubeContext(cube=Cube(64, 0), rules=Rules(max_cube=64))
    assert decide(gammonless(0.9), capped).action == "no double"


# -- match play over the MET ------------------------------------------------------------------


def test_two_away_two_away_is_a_double_take() -> None:
    # After a double both sides play for the match (the cube is dead): MWC = p.  Centred, the
    # live window runs from 32.264% to 67.736% along MWC = p; the dead cube gives
    # 32.264% + 35.472%·p.
    context = CubeContext.for_match(2)
    decision = decide(gammonless(0.6), context)
    lose, win = 0.32264, 0.67736
    no_double = 0.68 * 0.6 + 0.32 * (lose + (win - lose) * 0.6)
    assert decision.no_double == pytest.approx(mwc_to_equity(no_double, lose, win))
    assert decision.double_take == pytest.approx(mwc_to_equity(0.6, lose, win))
    assert (decision.action, decision.take) == ("double/take", True)
    assert decision.mwc(decision.double_take) == pytest.approx(0.6)
    assert decide(gammonless(0.7), context).action == "double/pass"


def test_the_crawford_game_never_doubles() -> None:
    for on_roll in (0, 1):
        context = CubeContext.for_match(5, (4, 2), crawford=True, on_roll=on_roll)
        decision = decide(gammonless(0.9), context)
        assert (decision.action, decision.take, decision.double_take) == ("no double", False, None)
        assert decision.refusal == "no doubling in the Crawford game (R24)"
        # Nobody doubles, so no double is the dead cube: 2p - 1 without gammons.
        assert decision.no_double == pytest.approx(0.8)


def test_post_crawford_free_drop() -> None:
    # 7-point match at 6-5: player 1 trails 2-away.  Its double puts the match on this game
    # (MWC = p); a drop leaves 1-away/1-away (50%).  So the leader drops above 50%.
    leading = decide(gammonless(0.55), CubeContext.for_match(7, (6, 5), on_roll=1))
    assert (leading.action, leading.take) == ("double/pass", False)
    behind = decide(gammonless(0.45), CubeContext.for_match(7, (6, 5), on_roll=1))
    assert (behind.action, behind.take) == ("double/take", True)
    assert behind.double_take == pytest.approx(4 * 0.45 - 1)  # MWC 0 .. 50% as -1 .. +1
    # Not doubling: the trailer's own cube, live up to 50% (MWC = p), dead 0.5·p.
    assert behind.no_double == pytest.approx(4 * (0.68 * 0.45 + 0.32 * 0.225) - 1)
    # The leader gains nothing by doubling: a single win already wins the match.
    assert decide(gammonless(0.7), CubeContext.for_match(7, (6, 5))).action == "no double"


def test_post_crawford_take_point_at_four_away() -> None:
    # The 4-away trailer doubles: a drop leaves it 3-away (32.264%), a take plays for 2-away
    # (48.803%) or the match; the leader's cube at 2 is dead.
    context = CubeContext.for_match(7, (6, 3), on_roll=1)
    expected = 1 - 0.32264 / 0.48803
    for life in (0, 0.68, 1):
        assert take_point(gammonless(0.5), context, cube_life=life) == pytest.approx(expected)


def test_live_take_point_at_three_away_three_away() -> None:
    # Dead: risk over gain from the table; live: the taker redoubles to 4 at its own cash
    # point, 75.076% (the opponent then plays for the match), so the take point shrinks by
    # that factor.
    context = CubeContext.for_match(3)
    dead = (0.40053 - 0.24924) / (0.75076 - 0.24924)
    assert take_point(gammonless(0.7), context, cube_life=0) == pytest.approx(dead)
    assert take_point(gammonless(0.7), context, cube_life=1) == pytest.approx(dead * 0.75076)


@pytest.mark.parametrize(("length", "score"), [(5, (1, 3)), (5, (3, 1)), (3, (0, 0)), (9, (4, 6))])
def test_the_dead_cube_take_point_is_the_tables(length: int, score: tuple[int, int]) -> None:
    context = CubeContext.for_match(length, score)
    expected = XG2.take_point(context.opponent_away, context.away)
    assert take_point(gammonless(0.7), context, cube_life=0) == pytest.approx(expected)


def test_a_redouble_in_a_match() -> None:
    # 4-away/4-away, cube 2 on roll's side: a redouble to 4 plays for the match (MWC = p);
    # the drop leaves 2-away/4-away (66.870%); e = -1 is 33.130% (losing 2 points).
    context = CubeContext.for_match(7, (3, 3), cube=2, owner=0)
    decision = decide(gammonless(0.7), context, cube_life=0)
    assert decision.double_take == pytest.approx(mwc_to_equity(0.7, 0.33130, 0.66870))
    assert decision.action == "double/pass"


def test_cubeless_equity_in_a_match_is_the_dead_cube() -> None:
    context = CubeContext.for_match(7, (2, 3))
    decision = decide([0.6, 0.1, 0.0, 0.05, 0.0], context)
    assert decision.cubeless_equity == pytest.approx(
        decide(decision.probabilities, context, cube_life=0).no_double
    )
    assert decision.mwc(1.0) == pytest.approx(XG2.mwc(4, 4))  # a win of 1 from 5-away/4-away


def test_money_has_no_mwc() -> None:
    with pytest.raises(CubeModelError, match="money"):
        decide(gammonless(0.5)).mwc(0.0)


def test_another_table() -> None:
    table = MatchEquityTable.builtin("Rockwell-Kazaross")
    decision = decide(gammonless(0.5), CubeContext.for_match(7, (6, 5), on_roll=1), met=table)
    assert decision.met is table
    assert decision.no_double == pytest.approx(4 * (0.68 * 0.5 + 0.32 * 0.25) - 1)


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("probabilities", "message"),
    [
        ([0.5, 0.1, 0.0, 0.1], "five"),
        ([[0.5, 0.1, 0.0, 0.1, 0.0]], "five"),
        ("0.5", "five"),
        (["a", 0, 0, 0, 0], "five numbers"),
        ([1.5, 0.0, 0.0, 0.0, 0.0], r"\[0, 1\]"),
        ([-0.1, 0.0, 0.0, 0.0, 0.0], r"\[0, 1\]"),
        ([math.nan, 0.0, 0.0, 0.0, 0.0], r"\[0, 1\]"),
        ([0.5, 0.6, 0.0, 0.0, 0.0], "gammon wins exceed the wins"),
        ([0.5, 0.2, 0.3, 0.0, 0.0], "backgammon wins"),
        ([0.7, 0.0, 0.0, 0.4, 0.0], "gammon losses"),
        ([0.5, 0.0, 0.0, 0.1, 0.2], "backgammon losses"),
    ],
)
def test_bad_probabilities(probabilities: object, message: str) -> None:
    with pytest.raises(CubeModelError, match=message):
        decide(probabilities)  # type: ignore[arg-type]


@pytest.mark.parametrize("life", [-0.1, 1.5, True, "0.5", None, math.nan])
def test_bad_cube_life(life: object) -> None:
    with pytest.raises(CubeModelError, match="cube life"):
        decide(gammonless(0.5), cube_life=life)  # type: ignore[arg-type]


def test_bad_contexts_and_tables() -> None:
    with pytest.raises(CubeModelError, match="CubeContext"):
        decide(gammonless(0.5), MatchContext(7))  # type: ignore[arg-type]
    with pytest.raises(CubeModelError, match="MatchEquityTable"):
        decide(gammonless(0.5), CubeContext.for_match(7), met="XG2")  # type: ignore[arg-type]
    with pytest.raises(MatchEquityError, match="1 to the 25"):
        decide(gammonless(0.5), CubeContext.for_match(31))
    with pytest.raises(CubeModelError, match="may not double"):
        take_point(gammonless(0.5), CubeContext.for_match(5, (4, 0), crawford=True))


# -- properties -------------------------------------------------------------------------------


@st.composite
def probabilities(draw: st.DrawFn) -> list[float]:
    unit = st.floats(0, 1)
    win = draw(unit)
    win_gammon = win * draw(unit)
    lose_gammon = (1 - win) * draw(unit)
    return [win, win_gammon, win_gammon * draw(unit), lose_gammon, lose_gammon * draw(unit)]


@st.composite
def match_scores(draw: st.DrawFn) -> tuple[int, tuple[int, int]]:
    length = draw(st.integers(2, 25))
    return length, (draw(st.integers(0, length - 1)), draw(st.integers(0, length - 1)))


@settings(max_examples=200, deadline=None)
@given(probabilities(), match_scores(), st.floats(0, 1))
def test_owning_the_cube_never_hurts(
    values: list[float], match: tuple[int, tuple[int, int]], life: float
) -> None:
    length, score = match
    for context_of in (
        lambda owner: CubeContext.money(2, owner, jacoby=False),
        lambda owner: CubeContext.for_match(length, score, cube=2, owner=owner),
    ):
        mine = decide(values, context_of(0), cube_life=life).no_double
        theirs = decide(values, context_of(1), cube_life=life).no_double
        assert theirs <= mine + 1e-9


@settings(max_examples=200, deadline=None)
@given(probabilities(), match_scores())
def test_a_dead_cube_is_the_cubeless_equity(
    values: list[float], match: tuple[int, tuple[int, int]]
) -> None:
    money = decide(values, NO_JACOBY, cube_life=0)
    assert money.no_double == pytest.approx(money.cubeless_equity, abs=1e-9)
    assert money.double_take == pytest.approx(2 * money.cubeless_equity, abs=1e-9)
    context = CubeContext.for_match(*match)
    decision = decide(values, context, cube_life=0)
    assert decision.no_double == pytest.approx(decision.cubeless_equity, abs=1e-9)
    if decision.double_take is not None and decision.double_pass is not None:
        action, take = cube_action(decision.no_double, decision.double_take, 1.0)
        assert (decision.action, decision.take) == (action, take)
