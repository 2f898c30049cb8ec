"""Game: the state machine of one game (R5-R22), with given dice and hand-built positions.

Every expected value below was worked out by hand from the rule book (docs/rules.rst).
"""

from __future__ import annotations

import itertools
import random

import pytest

import tavla
from tavla import (
    Cube,
    CubeError,
    Game,
    GameEnd,
    IllegalPlayError,
    NotationError,
    Phase,
    Position,
    ResultKind,
    Rules,
    RulesError,
    TavlaError,
    TurnError,
)
from tavla.board import DiceSource
from tavla.errors import DiceError
from tavla.eval.choice import choose_play
from tavla.game.actions import (
    BeaverAction,
    DoubleAction,
    OpeningRoll,
    PlayAction,
    RaccoonAction,
    RollAction,
    TakeAction,
)
from tests.helpers.boards import position
from tests.helpers.games import readable_state

NO_JACOBY = Rules()
MONEY = Rules.standard_money()
BEAVERS = Rules.standard_money().with_options(beavers=True)


def last_checker_against(opponent: dict[int, int]) -> Position:
    """The side on roll has one checker left, on its 2-point: any roll bears it off."""
    return position({2: 1}, opponent)


def bear_off_last(game: Game) -> None:
    game.roll((6, 5))
    game.play("2/off")


# -- results on the board (R15, R16) -----------------------------------------------------


@pytest.mark.parametrize(
    ("opponent", "kind"),
    [
        ({6: 14}, ResultKind.SINGLE),  # the loser has borne off one checker
        ({6: 15}, ResultKind.GAMMON),  # none off, none in the winner's home board
        ({6: 14, 18: 1}, ResultKind.GAMMON),  # loser's 18 = winner's 7: outside home
        ({6: 14, 19: 1}, ResultKind.BACKGAMMON),  # loser's 19 = winner's 6-point
        ({6: 14, 24: 1}, ResultKind.BACKGAMMON),  # loser's 24 = winner's 1-point
        ({6: 14, 25: 1}, ResultKind.BACKGAMMON),  # loser on the bar
    ],
)
def test_result_kind_and_points(opponent: dict[int, int], kind: ResultKind) -> None:
    game = Game(NO_JACOBY, starter=0, position=last_checker_against(opponent))
    bear_off_last(game)
    result = game.result
    assert result is not None
    assert (result.winner, result.kind, result.cube_value, result.end) == (
        0,
        kind,
        1,
        GameEnd.BORNE_OFF,
    )
    assert result.points == int(kind)
    assert (game.phase, game.turn, game.is_over) == (Phase.OVER, None, True)


def test_winner_is_player_one_when_player_one_bears_off() -> None:
    game = Game(NO_JACOBY, starter=1, position=last_checker_against({6: 15}), cube=Cube(4, 1))
    bear_off_last(game)
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points) == (1, ResultKind.GAMMON, 8)


def test_backgammon_counts_as_gammon_without_backgammons() -> None:
    rules = Rules(backgammons=False)
    game = Game(rules, starter=0, position=last_checker_against({6: 14, 25: 1}))
    bear_off_last(game)
    assert game.result is not None
    assert (game.result.kind, game.result.points) == (ResultKind.GAMMON, 2)


# -- Jacoby (R22) -------------------------------------------------------------------------


def test_jacoby_centred_cube_gammon_scores_single() -> None:
    game = Game(MONEY, starter=0, position=last_checker_against({6: 15}))
    bear_off_last(game)
    assert game.result is not None
    assert (game.result.kind, game.result.points) == (ResultKind.GAMMON, 1)


def test_jacoby_turned_cube_gammon_counts() -> None:
    game = Game(MONEY, starter=0, position=last_checker_against({6: 15}))
    game.double()
    game.take()
    bear_off_last(game)
    assert game.result is not None
    assert (game.result.cube_value, game.result.points) == (2, 4)


def test_jacoby_only_in_money_play() -> None:
    game = Game(Rules(), match_length=7, starter=0, position=last_checker_against({6: 15}))
    bear_off_last(game)
    assert game.result is not None
    assert game.result.points == 2


@pytest.mark.parametrize(("rules", "points"), [(MONEY, 2), (NO_JACOBY, 4)])
def test_an_automatic_double_does_not_turn_the_cube(rules: Rules, points: int) -> None:
    game = Game(rules.with_options(auto_doubles=1))
    game.roll((3, 3))  # a tie: the centred cube goes to 2 (R21)
    game.roll((5, 2))
    game.play("13/8 13/11")
    game.resign("gammon")
    game.accept_resignation()
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.cube_value) == (
        0,
        ResultKind.GAMMON,
        2,
    )
    assert game.result.points == points


@pytest.mark.parametrize(("cube", "points"), [(Cube(2), 2), (Cube(2, 0), 4), (Cube(2, 1), 4)])
def test_jacoby_with_a_cube_given_at_the_start(cube: Cube, points: int) -> None:
    game = Game(MONEY, starter=0, position=last_checker_against({6: 15}), cube=cube)
    bear_off_last(game)
    assert game.result is not None
    assert game.result.points == points  # a centred 2 came from automatic doubles


# -- doubles, takes and drops (R18, R19) ---------------------------------------------------


def test_double_and_take() -> None:
    game = Game(NO_JACOBY, starter=0)
    assert game.may_double
    game.double()
    assert (game.phase, game.turn, game.on_roll) == (Phase.CUBE, 1, 0)
    assert (game.cube, game.offered_cube_value) == (Cube(1), 2)
    game.take()
    assert game.cube == Cube(2, 1)
    assert (game.phase, game.turn, game.offered_cube_value) == (Phase.ROLL, 0, None)
    assert not game.may_double  # player 1 owns the cube now
    with pytest.raises(CubeError, match="player 1 owns the cube: only the owner may redouble"):
        game.double()
    assert game.history == (DoubleAction(0, 2), TakeAction(1, 2))


def test_a_drop_scores_the_value_before_the_double_never_a_gammon() -> None:
    game = Game(NO_JACOBY, starter=0, position=last_checker_against({6: 15}))
    game.double()
    game.drop()
    result = game.result
    assert result is not None
    assert (result.winner, result.kind, result.cube_value, result.points, result.end) == (
        0,
        ResultKind.SINGLE,
        1,
        1,
        GameEnd.DROP,
    )


def test_a_dropped_redouble_scores_the_cube_before_it() -> None:
    game = Game(NO_JACOBY, starter=0, cube=Cube(2, 0))
    game.double()
    assert game.offered_cube_value == 4
    game.drop()
    assert game.result is not None
    assert (game.result.winner, game.result.points) == (0, 2)


def test_the_owner_redoubles_on_a_later_turn() -> None:
    game = Game(NO_JACOBY, starter=0)
    game.double()
    game.take()
    game.roll((3, 1))
    game.play("8/5 6/5")
    assert game.turn == 1 and game.may_double
    game.double()
    game.take()
    assert game.cube == Cube(4, 0)


def test_doubling_out_of_turn() -> None:
    game = Game(NO_JACOBY, starter=0)
    before = readable_state(game)
    with pytest.raises(TurnError, match="player 0's turn"):
        game.double(player=1)
    assert readable_state(game) == before


def test_doubling_after_rolling() -> None:
    game = Game(NO_JACOBY, starter=0)
    game.roll((3, 1))
    before = readable_state(game)
    with pytest.raises(CubeError, match="before rolling"):
        game.double()
    assert readable_state(game) == before


def test_doubling_without_owning_the_cube() -> None:
    game = Game(NO_JACOBY, starter=0, cube=Cube(2, 1))
    before = readable_state(game)
    assert not game.may_double
    with pytest.raises(CubeError, match="player 1 owns the cube"):
        game.double()
    assert readable_state(game) == before


def test_doubling_before_the_opening_roll() -> None:
    with pytest.raises(TurnError, match="opening roll"):
        Game(NO_JACOBY).double()


def test_max_cube() -> None:
    game = Game(Rules(max_cube=4), starter=0, cube=Cube(4, 0))
    with pytest.raises(CubeError, match="max_cube 4"):
        game.double()
    game = Game(Rules(max_cube=4), starter=0, cube=Cube(2, 0))
    game.double()
    game.take()
    assert game.cube == Cube(4, 1)


def test_no_cube_in_turkish_rules_even_after_rolling() -> None:
    game = Game(Rules.turkish(), starter=0)
    game.roll((3, 1))
    with pytest.raises(CubeError, match="these rules play without the cube"):
        game.double()


def test_no_cube_in_turkish_rules() -> None:
    game = Game(Rules.turkish(), starter=0)
    with pytest.raises(CubeError, match="without the cube"):
        game.double()


def test_answering_no_double() -> None:
    game = Game(NO_JACOBY, starter=0)
    for answer in (game.take, game.drop, game.beaver, game.raccoon):
        with pytest.raises(TurnError, match="answer"):
            answer()


def test_answering_for_the_wrong_player() -> None:
    game = Game(NO_JACOBY, starter=0)
    game.double()
    with pytest.raises(TurnError, match="player 1's turn"):
        game.take(player=0)
    game.take(player=1)


# -- beavers and raccoons (R20) ------------------------------------------------------------


def doubled_money_game(rules: Rules = BEAVERS) -> Game:
    game = Game(rules, starter=0)
    game.double()
    return game


def test_beaver_then_take() -> None:
    game = doubled_money_game()
    game.beaver()
    assert (game.phase, game.turn, game.offered_cube_value) == (Phase.CUBE, 0, 4)
    game.take()
    assert game.cube == Cube(4, 1)  # four times, owned by the beaverer
    assert (game.phase, game.turn) == (Phase.ROLL, 0)
    assert not game.may_double
    assert game.history == (DoubleAction(0, 2), BeaverAction(1, 4), TakeAction(0, 4))


def test_beaver_then_drop() -> None:
    game = doubled_money_game()
    game.beaver()
    game.drop()
    assert game.result is not None
    assert (game.result.winner, game.result.cube_value, game.result.points) == (1, 2, 2)


def test_raccoon_then_take() -> None:
    game = doubled_money_game()
    game.beaver()
    game.raccoon()
    assert (game.turn, game.offered_cube_value) == (1, 8)
    game.take()
    assert game.cube == Cube(8, 0)  # owned by the raccooner
    assert (game.phase, game.turn) == (Phase.ROLL, 0)
    assert game.history[-2:] == (RaccoonAction(0, 8), TakeAction(1, 8))
    # The raccooner owns the cube and is to roll, but has turned it this turn already.
    with pytest.raises(CubeError, match="already been turned this turn"):
        game.double()


def test_raccoon_then_drop() -> None:
    game = doubled_money_game()
    game.beaver()
    game.raccoon()
    game.drop()
    assert game.result is not None
    assert (game.result.winner, game.result.points) == (0, 4)


def test_beaver_refusals() -> None:
    plain = doubled_money_game(MONEY)
    before = readable_state(plain)
    with pytest.raises(CubeError, match="beavers are not allowed"):
        plain.beaver()
    assert readable_state(plain) == before
    match_game = Game(Rules(), match_length=5, starter=0)
    match_game.double()
    with pytest.raises(CubeError, match="beavers are not allowed"):
        match_game.beaver()
    twice = doubled_money_game()
    twice.beaver()
    with pytest.raises(CubeError, match="only a double can be beavered"):
        twice.beaver()


def test_raccoon_refusals() -> None:
    game = doubled_money_game()
    with pytest.raises(CubeError, match="only a beaver can be raccooned"):
        game.raccoon()
    no_raccoons = doubled_money_game(BEAVERS.with_options(raccoons=False))
    no_raccoons.beaver()
    with pytest.raises(CubeError, match="raccoons are not allowed"):
        no_raccoons.raccoon()


def test_max_cube_limits_a_beaver() -> None:
    game = doubled_money_game(BEAVERS.with_options(max_cube=2))
    before = readable_state(game)
    with pytest.raises(CubeError, match="exceeds max_cube 2"):
        game.beaver()
    assert readable_state(game) == before
    game.take()
    assert game.cube == Cube(2, 1)


# -- match context: Crawford, post-Crawford, Holland, 1-point match (R24, R25) -------------


def test_crawford_game_refuses_a_double() -> None:
    game = Game(Rules(), match_length=5, score=(4, 2), crawford=True, starter=1)
    assert game.is_crawford and not game.is_post_crawford
    with pytest.raises(CubeError, match="Crawford game"):
        game.double()


def test_post_crawford_game_allows_a_double() -> None:
    game = Game(Rules(), match_length=5, score=(4, 2), starter=1)
    assert game.is_post_crawford
    game.double()
    assert game.offered_cube_value == 2


def test_one_point_match_refuses_a_double() -> None:
    with pytest.raises(CubeError, match="1-point match"):
        Game(Rules(), match_length=1, starter=0).double()


def test_holland_trailer_doubles_after_two_turns_each() -> None:
    game = Game(Rules(holland=True), match_length=5, score=(4, 2), starter=1)
    with pytest.raises(CubeError, match="Holland"):
        game.double()
    for dice in [(3, 1), (4, 2), (6, 1), (5, 3)]:
        assert game.may_double == (game.turn == 0)  # only the leader, player 0
        game.roll(dice)
        game.play(game.legal_plays[0])
    assert game.turns_played == (2, 2)
    assert game.turn == 1 and game.may_double
    game.double()


# -- the opening roll (R5, R21) -------------------------------------------------------------


def test_standard_opening() -> None:
    game = Game(NO_JACOBY)
    assert (game.phase, game.turn, game.dice) == (Phase.OPENING, None, None)
    assert game.roll((3, 5)) == (3, 5)  # player 0's die 3, player 1's die 5
    assert (game.phase, game.turn, game.on_roll, game.dice) == (Phase.PLAY, 1, 1, (5, 3))
    game.play("8/3 6/3")
    assert (game.phase, game.turn, game.on_roll) == (Phase.ROLL, 0, 0)
    # Seen from player 0 now: player 1's 3-point is player 0's 22-point.
    assert game.position.board[1, 3] == 2
    assert game.history[0] == OpeningRoll((3, 5), 1, 1)


def test_opening_tie_is_rolled_again() -> None:
    game = Game(NO_JACOBY)
    game.roll((4, 4))
    assert (game.phase, game.cube) == (Phase.OPENING, Cube(1))
    assert game.history == (OpeningRoll((4, 4), None, 1),)
    game.roll((6, 1))
    assert (game.turn, game.dice) == (0, (6, 1))


def test_opening_from_the_dice_source_rolls_until_no_tie() -> None:
    game = Game(NO_JACOBY, dice=[(2, 2), (6, 6), (1, 6)])
    assert game.roll() == (1, 6)
    assert (game.turn, game.dice) == (1, (6, 1))
    assert [action.dice for action in game.history] == [(2, 2), (6, 6), (1, 6)]


@pytest.mark.parametrize(
    ("auto_doubles", "max_cube", "cube_after_three_ties"),
    [(1, None, 2), (2, None, 4), (3, None, 8), (3, 4, 4)],
)
def test_auto_doubles_limit(
    auto_doubles: int, max_cube: int | None, cube_after_three_ties: int
) -> None:
    game = Game(Rules(auto_doubles=auto_doubles, max_cube=max_cube))
    for tie in [(3, 3), (4, 4), (1, 1)]:
        game.roll(tie)
    assert game.cube == Cube(cube_after_three_ties)  # still centred
    game.roll((5, 2))
    assert game.cube == Cube(cube_after_three_ties)
    assert game.history[-1] == OpeningRoll((5, 2), 0, cube_after_three_ties)


def test_turkish_reroll_opening_allows_doubles() -> None:
    game = Game(Rules.turkish())
    game.roll((2, 5))
    assert (game.phase, game.turn, game.dice) == (Phase.ROLL, 1, None)
    game.roll((4, 4))
    assert (game.phase, game.dice) == (Phase.PLAY, (4, 4))
    game.play("24/20(2) 13/9(2)")
    assert game.history[1:] == (
        RollAction(1, (4, 4)),
        PlayAction(1, (4, 4), game.history[2].play),  # type: ignore[union-attr]
    )


def test_opening_roll_has_no_player() -> None:
    with pytest.raises(TurnError, match="both players"):
        Game(NO_JACOBY).roll((3, 1), player=0)


# -- rolls and plays (R9, R14, R27) ---------------------------------------------------------


def test_turn_errors_change_nothing() -> None:
    game = Game(NO_JACOBY, starter=0)
    before = readable_state(game)
    with pytest.raises(TurnError, match="cannot play now"):
        game.play("8/5 6/5")
    with pytest.raises(TurnError, match="player 0's turn"):
        game.roll((3, 1), player=1)
    with pytest.raises(TurnError):
        _ = game.legal_plays
    assert readable_state(game) == before
    game.roll((3, 1))
    with pytest.raises(TurnError, match="cannot roll now"):
        game.roll((3, 1))


def test_an_illegal_play_changes_nothing() -> None:
    game = Game(NO_JACOBY, starter=0)
    game.roll((3, 1))
    before = readable_state(game)
    with pytest.raises(IllegalPlayError):
        game.play("24/18")
    with pytest.raises(IllegalPlayError):
        game.play(Position.initial().legal_plays((6, 5))[0])
    assert readable_state(game) == before


def test_play_forms() -> None:
    for form in ("8/5 6/5", [(8, 5), (6, 5)]):
        game = Game(NO_JACOBY, starter=0)
        game.roll((3, 1))
        made = game.play(form)
        assert made.notation == "8/5 6/5"
        assert game.position == made.position
    game = Game(NO_JACOBY, starter=0)
    game.roll((3, 1))
    chosen = game.legal_plays[3]
    assert game.play(chosen) == chosen


def test_a_play_of_another_roll_is_refused_and_changes_nothing() -> None:
    game = Game(NO_JACOBY, starter=0)
    game.roll((3, 1))
    foreign = Position.initial().legal_plays("42")[0]
    with pytest.raises(IllegalPlayError, match="a Play of another position or roll"):
        game.play(foreign)
    assert game.phase is Phase.PLAY and game.position == Position.initial()


def test_forced_pass_is_a_play_with_no_moves() -> None:
    closed_board = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}
    game = Game(NO_JACOBY, starter=0, position=position({25: 1, 6: 14}, closed_board))
    game.roll((6, 5))
    assert [play.is_pass for play in game.legal_plays] == [True]
    with pytest.raises(IllegalPlayError):
        game.play("bar/19")
    made = game.play("")
    assert made.is_pass and made.moves == ()
    assert (game.phase, game.turn, game.turns_played) == (Phase.ROLL, 1, (1, 0))
    assert game.history[-1] == PlayAction(0, (6, 5), made)


def test_an_empty_play_is_illegal_when_something_can_move() -> None:
    game = Game(NO_JACOBY, starter=0)
    game.roll((3, 1))
    with pytest.raises(IllegalPlayError):
        game.play("")


def test_given_dice_and_dice_sources() -> None:
    game = Game(NO_JACOBY, dice=["31"], starter=0)
    assert game.roll() == (3, 1)
    game.play("8/5 6/5")
    with pytest.raises(TavlaError, match="run out"):
        game.roll()
    assert game.phase is Phase.ROLL
    with pytest.raises(NotationError):
        game.roll((7, 1))
    with pytest.raises(TavlaError, match="dice come from"):
        Game(NO_JACOBY, dice="31")  # type: ignore[arg-type]


def play_out(seed: int) -> Game:
    """A whole game from the opening roll, first legal play each turn, no cube."""
    game = Game(NO_JACOBY, dice=random.Random(seed))
    game.roll()
    while not game.is_over:
        if game.phase is Phase.ROLL:
            game.roll()
        game.play(game.legal_plays[0])
    return game


def test_a_seeded_game_is_reproducible_and_ends_with_a_result() -> None:
    game = play_out(2024)
    again = play_out(2024)
    assert game.history == again.history
    result = game.result
    assert result is not None
    last = game.history[-1]
    assert isinstance(last, PlayAction) and last.player == result.winner
    assert result.points == int(result.kind) == int(last.play.position.winner_kind or 0)
    players = [a.player for a in game.history if isinstance(a, PlayAction)]
    assert all(a != b for a, b in itertools.pairwise(players))  # turns alternate
    assert game.turns_played == (players.count(0), players.count(1))


# -- resignations (R17) ---------------------------------------------------------------------


def test_resignation_accepted() -> None:
    game = Game(NO_JACOBY, starter=0)
    game.resign("gammon")
    assert (game.phase, game.turn, game.resignation_offered) == (
        Phase.RESIGNATION,
        1,
        ResultKind.GAMMON,
    )
    game.accept_resignation()
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points, game.result.end) == (
        1,
        ResultKind.GAMMON,
        2,
        GameEnd.RESIGNATION,
    )


def test_resignation_rejected_after_a_roll_resumes_the_play() -> None:
    game = Game(NO_JACOBY, starter=0)
    game.roll((3, 1))
    game.resign(ResultKind.SINGLE)
    game.reject_resignation()
    assert (game.phase, game.turn, game.dice, game.resignation_offered) == (
        Phase.PLAY,
        0,
        (3, 1),
        None,
    )
    game.play("8/5 6/5")


def test_resignation_by_the_player_not_on_turn() -> None:
    game = Game(NO_JACOBY, starter=0, cube=Cube(2, 0))
    game.resign(3, player=1)
    with pytest.raises(TurnError, match="player 0's turn"):
        game.accept_resignation(player=1)
    game.accept_resignation(player=0)
    assert game.result is not None
    assert (game.result.winner, game.result.kind, game.result.points) == (
        0,
        ResultKind.BACKGAMMON,
        6,
    )


def test_resigned_backgammon_is_a_gammon_without_backgammons() -> None:
    game = Game(Rules(backgammons=False), starter=0)
    game.resign("backgammon")
    game.accept_resignation()
    assert game.result is not None
    assert (game.result.kind, game.result.points) == (ResultKind.GAMMON, 2)


def test_jacoby_applies_to_a_resigned_gammon() -> None:
    game = Game(MONEY, starter=0)
    game.resign("gammon")
    game.accept_resignation()
    assert game.result is not None
    assert game.result.points == 1


def test_resignation_refusals() -> None:
    game = Game(NO_JACOBY, starter=0)
    with pytest.raises(RulesError, match="single, gammon or backgammon"):
        game.resign("triple")
    with pytest.raises(TurnError):
        game.accept_resignation()
    game.double()
    with pytest.raises(TurnError, match="no resignation now"):
        game.resign("single")
    with pytest.raises(TurnError, match="no resignation now"):
        Game(NO_JACOBY).resign("single")


# -- construction -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"match_length": 5, "score": (5, 0)}, "no game is left"),
        ({"match_length": -1}, "match_length"),
        ({"score": (1, 0)}, "money play has no match score"),
        ({"crawford": True}, "Crawford game"),
        ({"match_length": 5, "score": (3, 2), "crawford": True}, "Crawford game"),
        ({"rules": Rules(jacoby=True), "match_length": 5}, "money play only"),
        ({"rules": Rules(max_cube=4), "cube": Cube(8)}, "exceeds max_cube"),
        ({"position": position({}, {6: 15})}, "finished position"),
        ({"starter": 2}, "starter"),
    ],
)
def test_bad_game_settings(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Game(**arguments)  # type: ignore[arg-type]


def test_default_rules_depend_on_match_or_money() -> None:
    assert Game().rules == Rules.standard_money()
    assert Game(match_length=3).rules == Rules.standard_match()


# -- Match ID, GNUbg ID and XGID of the current state (docs/formats.rst) -------------------


def test_ids_through_an_opening_and_a_double() -> None:
    game = Game(match_length=7)
    assert str(game.match_id) == "MAHgAAAAAAAE"  # new game: playing, player 0, no dice
    game.roll((3, 6))  # player 1 wins the opening with 6-3
    assert str(game.gnubg_id) == "4HPwATDgc/ABMA:cAnvAAAAAAAE"
    game = Game(match_length=7)
    game.roll((3, 4))
    assert str(game.match_id) == "cAnuAAAAAAAE"  # player 1 rolled 3 and 4
    game.play("24/20 13/10")
    assert str(game.gnubg_id) == "4HPiASHgc/ABMA:MAHgAAAAAAAE"


def test_a_pending_double_stays_oriented_to_the_doubler() -> None:
    game = Game(match_length=5)
    game.roll((3, 1))
    game.play("8/5 6/5")
    assert str(game.gnubg_id) == "sGfwATDgc/ABMA:cAmgAAAAAAAE"
    game.double()  # player 1 doubles: the position stays player 1's, turn goes to 0
    assert str(game.gnubg_id) == "sGfwATDgc/ABMA:cBGgAAAAAAAE"
    mirrored = Position.from_position_id("4HPwATCwZ/ABMA")
    game = Game(match_length=5, starter=0, position=mirrored)
    assert str(game.gnubg_id) == "4HPwATCwZ/ABMA:MAGgAAAAAAAE"
    game.double()
    assert str(game.gnubg_id) == "4HPwATCwZ/ABMA:MBmgAAAAAAAE"


def test_match_ids_of_cube_and_resignation_states() -> None:
    took = Game(match_length=5, starter=1)
    took.double()
    took.take()
    took.roll((3, 1))
    assert str(took.match_id) == "QYmlAAAAAAAE"  # player 0 took, player 1 rolled 31
    redouble = Game(match_length=5, starter=0, cube=Cube(2, 0))
    redouble.double()
    assert str(redouble.match_id) == "ARmgAAAAAAAE"  # the field keeps the value 2
    single = Game(match_length=5, score=(2, 1), starter=0)
    single.resign("single")
    assert str(single.match_id) == "MCmgACAACAAE"
    gammon = Game(match_length=7, score=(0, 5), starter=0)
    gammon.resign("gammon")
    assert str(gammon.match_id) == "MEngAAAAKAAE"


def test_match_ids_of_crawford_post_crawford_and_money() -> None:
    crawford = Game(match_length=5, score=(4, 2), crawford=True)
    crawford.roll((3, 1))
    assert str(crawford.match_id) == "sIGlAEAAEAAE"
    post = Game(match_length=5, score=(4, 2), starter=1)
    post.roll((6, 6))
    assert str(post.match_id) == "cAm7AEAAEAAE"
    money = Game(MONEY, starter=1, cube=Cube(8, 1))
    money.roll((4, 4))
    assert str(money.match_id) == "UwkSAAAAAAAA"  # money with Jacoby: last bit clear
    assert str(Game(MONEY).match_id) == "MAEAAAAAAAAA"


def test_xgids() -> None:
    start = "XGID=-b----E-C---eE---c-e----B-"
    owned = Game(match_length=9, score=(2, 4), starter=1, cube=Cube(2, 0))
    owned.roll((5, 2))
    assert str(owned.xgid) == f"{start}:1:-1:1:52:4:2:0:9:10"
    crawford = Game(match_length=5, score=(2, 4), crawford=True, starter=1)
    crawford.roll((3, 1))
    assert str(crawford.xgid) == f"{start}:0:0:1:31:4:2:1:5:10"
    redoubled = Game(NO_JACOBY, starter=1, cube=Cube(2, 1))
    redoubled.double()
    assert str(redoubled.xgid) == f"{start}:1:1:1:D:0:0:0:0:10"
    assert str(Game(MONEY, starter=1).xgid) == f"{start}:0:0:1:00:0:0:1:0:10"


def test_ids_of_a_beaver_and_of_a_finished_game() -> None:
    game = doubled_money_game()
    game.beaver()  # player 1 now owns the cube at 2 and offers 4
    match_id = game.match_id
    assert (match_id.cube_value, match_id.cube_owner, match_id.double_offered) == (2, 1, True)
    assert (match_id.dice_owner, match_id.turn) == (0, 0)
    game.drop()
    assert game.match_id.game_state.name == "DROPPED"


# -- the engine's dice streams (docs/simulation.rst "Seeds and reproducible runs") ---------


def test_a_seeded_game_is_its_selfplay_game_played_again() -> None:
    """Game(seed=s, stream=g) with pubeval's plays (chosen here, in Python) is game g of
    selfplay("pubeval", seed=s): the same rolls, plays and result."""
    runs = tavla.selfplay("pubeval", 6, seed=7, keep_games=True, threads=1)
    assert runs.steps is not None
    for g, steps in enumerate(runs.steps):
        game = Game(seed=7, stream=g)
        for index in range(steps.plays):
            rolled = game.roll() if game.turn is None else game.roll(player=game.turn)
            assert rolled == tuple(steps.rolls[index].tolist())
            assert game.turn == steps.policies[index]
            assert game.dice is not None
            play = choose_play("pubeval", game.position, game.dice)
            game.play(play)
            seen_by_mover = Position(steps.boards[index]).swapped().key
            assert play.position.key == seen_by_mover
        assert game.result is not None
        assert (game.result.winner, int(game.result.kind)) == (runs.winner[g], runs.kind[g])
        assert sum(game.turns_played) == runs.plies[g]


def test_game_seed_and_stream_pick_the_stream() -> None:
    assert Game(seed=7).roll() == DiceSource(seed=7, stream=0).opening_rolls()[0]
    assert Game(seed=7, stream=3).roll() == (2, 5)  # tests/test_dice.py: draw 0 of (7, 3)
    started = Game(seed=7, stream=3, starter=1)  # no opening roll: ply 0 is ordinary
    assert started.roll() == (2, 4)
    with pytest.raises(DiceError, match="not both"):
        Game(dice=[(3, 1)], seed=7)
    with pytest.raises(DiceError, match="give seed= too"):
        Game(stream=3)
