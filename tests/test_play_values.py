"""Cubeful, match-aware values of plays (tavla.eval.play_values) and the hint ranked by them:
against GNU Backgammon's own 0-ply cubeful hint, and against values worked out from the rules
and the match equity table where the cube cannot move."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tavla
from tavla import EvaluatorError
from tavla.board.position import find_play
from tavla.eval import hint
from tavla.eval.evaluators import cubeless_equity
from tavla.eval.play_values import flipped, play_values
from tavla.formats.gnubg import parse_gnubg_id
from tavla.game.cube_context import CubeContext
from tavla.game.equity import MatchEquityTable
from tests.helpers.boards import position

DATA = Path(__file__).parent / "data" / "gnubg_play_values.jsonl"
CASES = [json.loads(line) for line in DATA.read_text().splitlines()]
NET = "net:td198-40"
# A middle game (from seeded random play) where 3-5 has a gammonish best play for money and
# a safer one at double match point.
GAMMONISH = "qAOeIDY0CxxAPQ"


def gnubg_case_values(case: dict[str, object]) -> tuple[list[float], list[float], bool]:
    """Our values of a case's plays from gnubg's own probabilities, gnubg's cubeful
    equities, and whether it is money play."""
    gnubg_id = parse_gnubg_id(str(case["gnubg_id"]))
    context = CubeContext.from_match_id(gnubg_id.match_id)
    plays = case["plays"]
    assert isinstance(plays, list)
    dice = tuple(case["dice"])  # type: ignore[arg-type]
    after = [find_play(gnubg_id.position, dice, play["play"]).position for play in plays]
    values = play_values(after, np.array([play["probabilities"] for play in plays]), context)
    return [value.equity for value in values], [play["equity"] for play in plays], context.is_money


def test_money_play_values_are_gnubgs() -> None:
    """gnubg 1.07's 0-ply cubeful equities of each play (5 digits), from its cubeless
    probabilities: the cube model after the play gives the same, in every cube state."""
    checked = 0
    for case in CASES:
        ours, theirs, money = gnubg_case_values(case)
        if money:
            assert ours == pytest.approx(theirs, abs=2e-4), case["gnubg_id"]
            checked += len(ours)
    assert checked > 50


def test_match_play_values_mostly_are_gnubgs() -> None:
    """In matches the model differs from gnubg where a side is too good to cash and at
    2-away/2-away (docs/cube.rst); elsewhere it agrees, and the best play is gnubg's."""
    agree = total = same_best = matches = 0
    for case in CASES:
        ours, theirs, money = gnubg_case_values(case)
        if money:
            continue
        matches += 1
        total += len(ours)
        agree += sum(abs(a - b) <= 2e-4 for a, b in zip(ours, theirs, strict=True))
        same_best += int(np.argmax(ours)) == int(np.argmax(theirs))
    assert agree / total >= 0.9
    assert same_best >= matches - 1


def test_double_match_point_values_are_the_winning_chance() -> None:
    """At 4-4 in a 5-point match (double match point) only winning counts: each play's MWC
    is the chance of winning the game, so the ranking is by it, not by money equity."""
    start = tavla.Position.from_position_id(GAMMONISH)
    context = CubeContext.for_match(5, (4, 4))
    ranked = hint(start, "53", NET, context=context)
    assert [entry.mwc for entry in ranked] == pytest.approx(
        [entry.probabilities[0] for entry in ranked], abs=1e-12
    )
    assert [entry.mwc for entry in ranked] == sorted((entry.mwc for entry in ranked), reverse=True)
    money = hint(start, "53", NET)
    assert money[0].play != ranked[0].play
    assert money[0].probabilities[1] > ranked[0].probabilities[1]  # the gammonish one


def test_crawford_game_values_follow_the_table() -> None:
    """In the Crawford game nobody doubles: the leader's MWC after a play is the table's
    value of each result weighted by its chance (gammon wins are worth no more than
    single ones to the side 1 away)."""
    start = tavla.Position.from_position_id(GAMMONISH)
    met = MatchEquityTable.default()
    context = CubeContext.for_match(7, (6, 3), crawford=True)  # on roll 1-away, 4-away
    for entry in hint(start, "53", NET, context=context):
        win, _, _, lose_gammon, lose_backgammon = entry.probabilities
        expected = (
            win
            + (1 - win - lose_gammon) * met.mwc(1, 3, post_crawford=True)
            + (lose_gammon - lose_backgammon) * met.mwc(1, 2, post_crawford=True)
            + lose_backgammon * met.mwc(1, 1, post_crawford=True)
        )
        assert entry.mwc == pytest.approx(expected, abs=1e-9)


def test_a_dead_cube_owned_by_the_player_is_the_cubeless_mwc() -> None:
    """2-away owning a 2-cube against 5-away: the cube is dead (any win ends the match) and
    the opponent may not double, so each play is worth its cubeless MWC."""
    start = tavla.Position.from_position_id(GAMMONISH)
    met = MatchEquityTable.default()
    context = CubeContext.for_match(7, (5, 2), cube=2, owner=0)
    for entry in hint(start, "53", NET, context=context):
        win, _, _, lose_gammon, lose_backgammon = entry.probabilities
        expected = (
            win
            + (1 - win - lose_gammon) * met.mwc(2, 3)
            + (lose_gammon - lose_backgammon) * met.mwc(2, 1)
        )
        assert entry.mwc == pytest.approx(expected, abs=1e-9)


def test_a_play_that_ends_the_game_scores_it() -> None:
    """Bearing off the last checker is worth the game's points: a gammon (2) with the cube
    turned, 1 under the Jacoby rule with it centred (R22); in a match, the MWC after."""
    last = position({1: 2}, {12: 15})  # the opponent has borne off none: a gammon
    money = hint(last, "21", NET, context=CubeContext.money(2, 1))
    assert (money[0].cubeful_equity, money[0].play.notation) == (2.0, "1/off(2)")
    jacoby = hint(last, "21", NET, context=CubeContext.money())
    assert jacoby[0].cubeful_equity == 1.0
    match = hint(last, "21", NET, context=CubeContext.for_match(7, (0, 0)))
    assert match[0].mwc == MatchEquityTable.default().mwc_after(7, 7, 2)


def test_flipped_swaps_the_sides() -> None:
    p = np.array([0.6, 0.2, 0.01, 0.1, 0.02])
    assert flipped(p).tolist() == pytest.approx([0.4, 0.1, 0.02, 0.2, 0.01])
    np.testing.assert_allclose(flipped(flipped(np.stack([p, p]))), np.stack([p, p]))


def test_evaluate_with_a_context_holds_the_cube_decision() -> None:
    start = tavla.Position.from_position_id(GAMMONISH)
    context = CubeContext.for_match(7, (2, 4))
    evaluation = tavla.evaluate(start, NET, context=context)
    decision = tavla.cube_decision(start, context, NET)
    assert evaluation.cube is not None
    assert (evaluation.cube.action, evaluation.cube.best) == (decision.action, decision.best)
    np.testing.assert_array_equal(evaluation.probabilities, decision.probabilities)
    assert evaluation.cubeful_equity == decision.best
    assert evaluation.mwc == decision.mwc(decision.best)
    assert tavla.evaluate(start, NET).cube is None


def test_the_proper_equity_counts_a_beaver() -> None:
    """A double worth -0.05 taken is worth -0.10 beavered (the doubler then takes at twice
    double/take, R20), below no double's -0.08: with beavers the proper equity is no
    double's, without it is the double's."""
    from tavla import _core

    assert _core.proper_equity(-0.08, -0.05, 1.0, True, False) == -0.05
    assert _core.proper_equity(-0.08, -0.05, 1.0, True, True) == -0.08
    assert _core.proper_equity(-0.08, 0.5, 1.0, False, True) == -0.08  # may not double
    assert _core.proper_equity(0.2, 1.3, 1.0, True, False) == 1.0  # double/pass


def test_the_cores_equity_and_flip_by_hand() -> None:
    """The one implementation (the core's) of cubeless equity and of the other side's view."""
    p = np.array([0.6, 0.2, 0.05, 0.1, 0.01])
    assert cubeless_equity(p) == pytest.approx(1.2 - 1 + 0.2 - 0.1 + 0.05 - 0.01)
    assert flipped(p).tolist() == pytest.approx([0.4, 0.1, 0.01, 0.2, 0.05])
    both = np.stack([p, flipped(p)])
    assert cubeless_equity(both) == pytest.approx([0.34, -0.34])
    assert flipped(flipped(both)) == pytest.approx(both)
    assert cubeless_equity(np.zeros((2, 3, 5))).shape == (2, 3)
    for bad in ([0.5, 0.1], 0.5):
        with pytest.raises(EvaluatorError, match="shape"):
            cubeless_equity(bad)
        with pytest.raises(EvaluatorError, match="shape"):
            flipped(bad)
