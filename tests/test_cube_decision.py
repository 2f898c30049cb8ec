"""tavla.cube_decision on positions and CubeContext: the evaluation behind a decision, the
contexts of games and IDs, the exact-source hook, and bad input."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

import tavla
from tavla import (
    CubeContext,
    CubeModelError,
    EvaluatorError,
    Game,
    InvalidPositionError,
    Position,
    Rules,
    RulesError,
    cube_decision,
    evaluate,
)
from tavla.eval import cube_analysis
from tavla.formats.gnubg import MatchId
from tavla.formats.xgid import Xgid
from tavla.game import Cube, MatchContext
from tavla.game.cubeful import decide
from tests.helpers.boards import position

COVERED = position({6: 2, 4: 1, 1: 2}, {5: 2, 2: 2})  # in the exact two-sided table
RACE = position({6: 9, 5: 4, 3: 2}, {6: 3, 4: 4, 1: 2})  # both home, one-sided estimate


def test_a_position_is_evaluated_then_decided() -> None:
    evaluation = evaluate(RACE, plies=1)
    decision = cube_decision(RACE, plies=1)
    assert np.array_equal(decision.probabilities, evaluation.probabilities)
    assert (decision.plies, decision.probabilities_exact, decision.exact) == (1, False, False)
    expected = decide(evaluation.probabilities)
    assert (decision.no_double, decision.double_take, decision.action) == (
        expected.no_double,
        expected.double_take,
        expected.action,
    )


def test_a_covered_bear_off_has_exact_probabilities_not_an_exact_cube() -> None:
    decision = cube_decision(COVERED, CubeContext.for_match(5, (1, 2)))
    assert decision.probabilities_exact
    assert not decision.exact  # no exact cubeful source is shipped
    assert decision.probabilities[1:].tolist() == [0.0] * 4


def test_a_board_array_is_a_position() -> None:
    assert cube_decision(RACE.board).no_double == cube_decision(RACE).no_double


def test_given_probabilities_need_no_evaluator() -> None:
    decision = cube_decision([0.7, 0.0, 0.0, 0.0, 0.0])
    assert decision.plies is None
    with pytest.raises(CubeModelError, match="evaluator"):
        cube_decision([0.7, 0.0, 0.0, 0.0, 0.0], evaluator="bearoff")


def test_positions_the_evaluators_do_not_answer() -> None:
    with pytest.raises(EvaluatorError, match="bear-off"):
        cube_decision(Position.initial(), None, "bearoff")
    with pytest.raises(InvalidPositionError):
        cube_decision(np.zeros((2, 26), dtype=np.int8))


@pytest.fixture
def exact_source() -> Iterator[list[Position]]:
    asked: list[Position] = []

    def source(position: Position, context: CubeContext) -> tuple[float, float, float] | None:
        asked.append(position)
        return (0.25, 0.5, 1.0) if position == COVERED else None

    cube_analysis.EXACT_SOURCES.append(source)
    yield asked
    cube_analysis.EXACT_SOURCES.remove(source)


def test_an_exact_source_takes_over_where_it_answers(exact_source: list[Position]) -> None:
    decision = cube_decision(COVERED)
    assert decision.exact
    assert (decision.no_double, decision.double_take, decision.double_pass) == (0.25, 0.5, 1.0)
    assert (decision.action, decision.take) == ("double/take", True)
    model = cube_decision(RACE)
    assert not model.exact
    assert exact_source == [COVERED, RACE]


def test_an_exact_source_keeps_the_rules(exact_source: list[Position]) -> None:
    decision = cube_decision(COVERED, CubeContext.money(2, 1))
    assert decision.exact
    assert (decision.no_double, decision.double_take, decision.action) == (0.25, None, "no double")


def test_contexts_from_games_and_ids() -> None:
    game = Game(match_length=7, score=(3, 5), position=RACE, starter=1, cube=Cube(2, 0))
    context = CubeContext.from_game(game)
    assert (context.on_roll, context.away, context.opponent_away) == (1, 2, 4)
    assert (context.owner, context.cube.value) == ("opponent", 2)
    match_id = MatchId(
        cube_value=4, cube_owner=1, dice_owner=1, turn=1, match_length=9, score=(2, 6)
    )
    from_id = CubeContext.from_match_id(match_id)
    assert (from_id.away, from_id.opponent_away, from_id.owner) == (3, 7, "on roll")
    money = CubeContext.from_match_id(Xgid(RACE, beavers=True).to_match_id(), beavers=True)
    assert money.is_money and money.beavers and not money.game_rules.jacoby


def test_default_rules() -> None:
    assert CubeContext().game_rules == Rules.standard_money()
    assert CubeContext.for_match(7).game_rules == Rules.standard_match()
    no_crawford = CubeContext.for_match(7, crawford_rule=False)
    assert not no_crawford.game_rules.crawford


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"match": MatchContext(7), "rules": Rules(jacoby=True)}, RulesError, "money play only"),
        ({"rules": Rules(holland=True)}, RulesError, "match play only"),
        ({"match": MatchContext(5, (5, 1))}, RulesError, "already won"),
        ({"match": MatchContext(5, (4, 1), True), "cube": Cube(2, 0)}, RulesError, "Crawford"),
        ({"match": MatchContext(5, (3, 1), True)}, RulesError, "no Crawford game"),
        ({"cube": Cube(128, 0), "rules": Rules(max_cube=64)}, RulesError, "max_cube"),
        ({"match": MatchContext(7), "rules": Rules(crawford=False)}, RulesError, "crawford"),
        ({"on_roll": 2}, CubeModelError, "on_roll"),
        ({"cube": 2}, CubeModelError, "Cube"),
        ({"match": 7}, CubeModelError, "MatchContext"),
        ({"rules": "money"}, CubeModelError, "Rules"),
    ],
)
def test_bad_contexts(arguments: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        CubeContext(**arguments)  # type: ignore[arg-type]


def test_the_top_level_names() -> None:
    assert tavla.cube_decision is cube_decision
    assert tavla.CubeContext is CubeContext
    assert issubclass(tavla.MatchEquityError, ValueError)
    assert issubclass(tavla.CubeModelError, ValueError)


# -- raccoons (R20): the doubler's answer to a beaver, as the engine plays it -------------------

GAMMONLESS_40 = [0.4, 0.0, 0.0, 0.0, 0.0]
RACCOONS = Rules(beavers=True)  # raccoons follow beavers


def test_a_beaver_is_answered_with_a_raccoon_where_it_pays() -> None:
    decision = cube_decision(GAMMONLESS_40, CubeContext(rules=RACCOONS))
    # double/take -0.808 a unit: the opponent beavers (2 x -0.808 = -1.616 for the doubler).
    assert decision.action == "no double/beaver" and decision.double_take == pytest.approx(-0.808)
    # Owning the cube the doubler's no double is -0.064; a taken raccoon is worth
    # 8 x -0.064 = -0.512, more than the beaver taken (-1.616): it raccoons, and the
    # beaverer takes (-0.512 is less than the +4 of a pass).
    owned = decide(GAMMONLESS_40, CubeContext(cube=Cube(2, 0), rules=RACCOONS)).no_double
    assert owned == pytest.approx(-0.064)
    assert (decision.raccoon, decision.raccoon_take) == (True, True)
    assert "(then raccoon/take)" in repr(decision)


def test_a_hopeless_doubler_passes_the_beaver_rather_than_raccoon() -> None:
    # 30%: the beaver taken is 2 x -1.276 = -2.552, worse than its pass (-2); owning the
    # cube is -0.3, a raccoon -2.4: still worse than the pass, no raccoon.
    decision = cube_decision([0.3, 0.0, 0.0, 0.0, 0.0], CubeContext(rules=RACCOONS))
    assert decision.double_take == pytest.approx(-1.276)
    assert (decision.raccoon, decision.raccoon_take) == (False, True)
    assert "(then no raccoon)" in repr(decision)


@pytest.mark.parametrize(
    "context",
    [
        CubeContext(rules=Rules(beavers=True, raccoons=False)),  # the rules have none
        CubeContext(rules=Rules(beavers=True, max_cube=4)),  # a raccoon to 8 passes max_cube
    ],
)
def test_no_raccoon_where_the_rules_allow_none(context: CubeContext) -> None:
    decision = cube_decision(GAMMONLESS_40, context)
    assert decision.action == "no double/beaver"
    assert (decision.raccoon, decision.raccoon_take) == (None, None)


def test_a_game_allows_the_raccoon_exactly_where_the_decision_reports_one() -> None:
    for rules, allowed in ((RACCOONS, True), (Rules(beavers=True, max_cube=4), False)):
        game = Game(rules, starter=0)
        game.double()
        game.beaver()
        decision = cube_decision(GAMMONLESS_40, CubeContext(rules=rules))
        assert (decision.raccoon is not None) is allowed
        if allowed:
            game.raccoon()
            assert game.offered_cube_value == 8
        else:
            with pytest.raises(tavla.CubeError, match="exceeds max_cube 4"):
                game.raccoon()


def test_no_raccoon_where_a_double_is_no_beaver_or_the_equities_are_exact(
    exact_source: list[Position],
) -> None:
    assert cube_decision([0.6, 0, 0, 0, 0], CubeContext(rules=RACCOONS)).raccoon is None
    exact = cube_decision(COVERED, CubeContext(rules=RACCOONS))
    assert exact.exact and exact.raccoon is None
