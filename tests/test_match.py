"""Match and MoneySession: scores, Crawford (R24), Holland (R25), starters (R6), money (R26).

Games end here by resignations and drops, whose values are fixed by R16-R22, so every score
below is worked out by hand.
"""

from __future__ import annotations

import random

import pytest

import tavla
from tavla import CubeError, Game, Match, MoneySession, Phase, Rules, RulesError, TurnError
from tavla.errors import DiceError
from tavla.formats.context import MAX_MATCH_LENGTH
from tavla.sim import play_matches
from tests.helpers.streams import play_drawing_the_dice

NET = "net:tavla218-128"


def open_game(game: Game) -> None:
    """Player 0 wins the opening roll with 3-1 and makes the 5-point."""
    game.roll((3, 1))
    game.play("8/5 6/5")


def resign(game: Game, loser: int, kind: str) -> None:
    game.resign(kind, player=loser)
    game.accept_resignation()


def test_match_scores_crawford_post_crawford_and_points_beyond_the_length() -> None:
    match = Match(3)
    game1 = match.new_game()
    assert (game1.match_length, game1.score, game1.is_crawford) == (3, (0, 0), False)
    open_game(game1)
    resign(game1, loser=0, kind="gammon")
    assert match.score == (0, 2)  # player 1 is one point away

    game2 = match.new_game()
    assert game2.is_crawford and match.crawford_game == 2
    open_game(game2)
    with pytest.raises(CubeError, match="Crawford game"):
        game2.double()
    resign(game2, loser=1, kind="single")
    assert match.score == (1, 2)

    game3 = match.new_game()
    assert (game3.is_crawford, game3.is_post_crawford) == (False, True)
    open_game(game3)
    game3.double()  # the trailer doubles at once post-Crawford
    game3.take()
    assert game3.cube.value == 2
    resign(game3, loser=0, kind="gammon")
    assert match.score == (1, 6)  # 2 x 2 points recorded, beyond the 3 needed
    assert (match.is_over, match.winner) == (True, 1)
    with pytest.raises(TurnError, match="the match is over"):
        match.new_game()


def test_crawford_game_comes_once_even_when_the_other_side_reaches_n_minus_1() -> None:
    match = Match(3)
    resign(started(match), loser=1, kind="gammon")  # 2-0
    crawford = match.new_game()
    assert crawford.is_crawford
    resign(opened(crawford), loser=0, kind="gammon")  # 2-2
    final = match.new_game()
    assert (final.score, final.is_crawford, final.is_post_crawford) == ((2, 2), False, True)


def test_no_crawford_game_without_the_crawford_rule() -> None:
    match = Match(3, Rules(crawford=False))
    resign(started(match), loser=1, kind="gammon")
    game = match.new_game()
    assert not game.is_crawford and not game.is_post_crawford
    open_game(game)
    game.double()


def test_holland_in_a_match() -> None:
    match = Match(5, Rules(holland=True))
    resign(started(match), loser=1, kind="backgammon")  # 3-0
    resign(opened(match.new_game()), loser=1, kind="single")  # 4-0: Crawford next
    resign(opened(match.new_game()), loser=0, kind="single")  # Crawford game: 4-1
    post = match.new_game()
    assert post.is_post_crawford
    post.roll((1, 3))  # player 1, the trailer, starts
    post.play("8/5 6/5")
    post.roll((6, 4))
    post.play(post.legal_plays[0])
    assert post.turns_played == (1, 1)
    assert post.turn == 1 and not post.may_double  # the trailer waits for two turns each
    with pytest.raises(CubeError, match="Holland"):
        post.double()


def test_one_point_match() -> None:
    match = Match(1)
    game = match.new_game()
    assert not game.is_crawford
    open_game(game)
    with pytest.raises(CubeError, match="1-point match"):
        game.double()
    game.roll((6, 5))
    game.play("24/13")
    resign(game, loser=0, kind="single")
    assert (match.score, match.winner) == ((0, 1), 1)


def test_next_game_starter() -> None:
    by_roll = Match(5)
    resign(started(by_roll), loser=0, kind="single")
    assert by_roll.new_game().phase is Phase.OPENING
    by_winner = Match(5, Rules(next_game_starter="winner"))
    resign(started(by_winner), loser=0, kind="single")
    second = by_winner.new_game()
    assert (second.phase, second.turn) == (Phase.ROLL, 1)  # the winner rolls both dice


def test_turkish_match() -> None:
    match = Match(5, Rules.turkish())
    game = match.new_game()
    game.roll((2, 5))  # player 1 wins the opening and rolls again (R5 reroll)
    assert (game.phase, game.turn) == (Phase.ROLL, 1)
    game.roll((6, 6))
    game.play("24/18(2) 13/7(2)")
    resign(game, loser=0, kind="backgammon")  # counts as mars (gammon): 2 points
    assert match.score == (0, 2)
    second = match.new_game()
    assert (second.phase, second.turn, second.is_crawford) == (Phase.ROLL, 1, False)


def test_a_new_game_waits_for_the_current_one() -> None:
    match = Match(5)
    match.new_game()
    with pytest.raises(TurnError, match="not over"):
        match.new_game()
    assert len(match.games) == 1


@pytest.mark.parametrize(
    ("length", "rules", "message"),
    [
        (0, None, r"the match length N \(R23\) must be an int from 1 to 32767, got 0"),
        (3, Rules.standard_money(), "options of money play only .*: jacoby"),
        (3, Rules(beavers=True), "options of money play only .*: beavers"),
        (3, Rules(auto_doubles=1), "options of money play only .*: auto_doubles"),
    ],
)
def test_bad_matches(length: int, rules: Rules | None, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Match(length, rules)


def test_a_seeded_match_plays_to_the_end() -> None:
    match = Match(3, dice=random.Random(11))
    while not match.is_over:
        game = match.new_game()
        game.roll()
        while not game.is_over:
            if game.phase is Phase.ROLL:
                game.roll()
            game.play(game.legal_plays[0])
    winner = match.winner
    assert winner is not None and match.score[winner] >= 3
    results = [game.result for game in match.games]
    assert all(result is not None for result in results)
    assert match.score == tuple(
        sum(r.points for r in results if r is not None and r.winner == p) for p in (0, 1)
    )


def test_money_session_totals_with_jacoby_beavers_and_raccoons() -> None:
    session = MoneySession(Rules.standard_money().with_options(beavers=True))
    resign(started(session), loser=1, kind="gammon")  # centred cube: Jacoby, 1 point
    assert session.points == (1, 0)
    game = opened(session.new_game())
    game.double()  # player 1 doubles
    game.beaver()  # player 0 beavers: 4, owned by 0
    game.raccoon()  # player 1 raccoons: 8, owned by 1
    game.take()
    assert game.cube.value == 8 and game.cube.owner == 1
    resign(game, loser=0, kind="gammon")  # cube turned: 8 x 2
    assert session.points == (1, 16)
    assert session.balance == -15
    game = session.new_game()
    game.roll((4, 4))  # an automatic double would need auto_doubles
    assert game.cube.value == 1


def test_money_session_automatic_doubles() -> None:
    session = MoneySession(Rules.standard_money().with_options(auto_doubles=1))
    game = session.new_game()
    game.roll((5, 5))
    game.roll((2, 2))
    game.roll((2, 6))
    assert game.cube.value == 2 and game.cube.owner is None
    game.play("24/18 13/11")
    resign(game, loser=0, kind="gammon")  # Jacoby: the automatic double did not turn it
    assert session.points == (0, 2)


def started(session: Match | MoneySession) -> Game:
    return opened(session.new_game())


def opened(game: Game) -> Game:
    open_game(game)
    return game


# -- the engine's dice streams (docs/simulation.rst "Seeds and reproducible runs") ---------


def test_a_seeded_match_rolls_the_dice_of_its_play_matches_match() -> None:
    """Match(seed=s, stream=m) draws, game after game, the rolls match m of
    play_matches(seed=s) played, cube actions (which draw nothing) and all; in odd matches
    (alternate) policy a is player 1."""
    runs = play_matches(NET, "pubeval", 4, 5, seed=3, keep_games=True, threads=1)
    assert runs.steps is not None
    assert all((steps.kinds == 1).any() for steps in runs.steps)  # every match doubles
    for m, steps in enumerate(runs.steps):
        match = Match(5, seed=3, stream=m)
        drawn = play_drawing_the_dice(match, steps, swapped=m % 2 == 1)
        assert len(drawn) == steps.plays
        assert match.is_over and len(match.games) >= 2
        score = (int(runs.score[m, 0]), int(runs.score[m, 1]))
        assert match.score == (score[::-1] if m % 2 else score)
    assert Match(5, seed=3, stream=1).restarted().new_game().roll() == (
        Match(5, seed=3, stream=1).new_game().roll()
    )


def test_a_seeded_money_session_rolls_the_selfplay_games_one_stream_each() -> None:
    runs = tavla.selfplay(NET, 5, seed=8, cubeful=True, keep_games=True, threads=1)
    assert runs.steps is not None and all((steps.kinds == 1).any() for steps in runs.steps)
    session = MoneySession(seed=8, stream=2)
    for g in range(2, 5):
        drawn = play_drawing_the_dice(session, runs.steps[g])
        assert len(drawn) == runs.plies[g]
        assert session.dice.stream == (8, g)
    assert session.points[0] - session.points[1] == sum(runs.points[2:5])


def test_a_match_takes_dice_or_a_seed_not_both() -> None:
    with pytest.raises(DiceError, match="not both"):
        Match(3, dice=random.Random(1), seed=2)
    with pytest.raises(DiceError, match="stream must be an int from 0"):
        MoneySession(seed=2, stream=-1)


def test_matches_stop_at_32767_points() -> None:
    assert MAX_MATCH_LENGTH == 32767
    with pytest.raises(RulesError, match=r"match length N .* from 1 to 32767, got 40000"):
        Match(40_000)
    with pytest.raises(RulesError, match=r"match_length .* from 0 to 32767, got 40000"):
        Game(match_length=40_000)
    game = Match(MAX_MATCH_LENGTH, dice=1).new_game()
    game.roll()
    assert str(game.gnubg_id) and str(game.xgid)


def test_match_and_money_session_reprs() -> None:
    match = Match(3, dice=1)
    assert repr(match) == "<Match to 3: score 0-0, 0 games played>"
    game = match.new_game()
    assert repr(match) == "<Match to 3: score 0-0, 0 games played, game 1 in play>"
    game.roll((3, 1))
    game.resign("backgammon")
    game.accept_resignation()
    assert repr(match) == "<Match to 3: won 0-3 by player 1, 1 game played>"
    session = MoneySession(dice=1)
    session.new_game()
    assert repr(session) == (
        "<MoneySession: balance +0 for player 0 (points 0-0), 0 games played, game 1 in play>"
    )
