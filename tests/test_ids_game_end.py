"""The IDs of a game that has ended are the ones GNU Backgammon shows at that moment (issue
12): the score with the points just won, the next game's Crawford flag, the player who
dropped or accepted the resignation, the resignation accepted (with the dice, when it came
after the roll).  The vectors are gnubg 1.07's, with the same match played in it move by
move (tests/test_gnubg_interop_ids.py does that for random matches when gnubg is here)."""

from __future__ import annotations

from tavla import Game, Match, ResultKind
from tavla.formats.gnubg import MatchId, MatchIdState

DICE = [(3, 1), (6, 4), (5, 2), (4, 3), (6, 1), (2, 2), (5, 5), (6, 3), (4, 1), (3, 2)]
DICE += [(6, 5), (5, 3), (2, 1), (4, 4), (6, 2), (5, 1), (3, 3), (4, 2), (6, 6), (1, 1)]


def to_turn(game: Game, player: int) -> None:
    """Roll and make the first legal play until ``player`` is to roll (after one play)."""
    game.roll()
    game.play(game.legal_plays[0])
    while game.turn != player:
        game.roll()
        game.play(game.legal_plays[0])


def five_point_match() -> Match:
    match = Match(5, dice=DICE * 20)
    game = match.new_game()
    to_turn(game, 0)
    game.double()
    game.drop()  # 1-0
    game = match.new_game()
    to_turn(game, 1)
    game.roll()
    game.resign("gammon")
    game.accept_resignation()  # 3-0
    game = match.new_game()
    to_turn(game, 0)
    game.double()
    game.take()
    to_turn(game, 1)
    game.double()
    game.drop()  # 3-2
    game = match.new_game()
    to_turn(game, 1)
    game.resign("single")
    game.accept_resignation()  # 4-2: the next game is the Crawford game
    game = match.new_game()
    to_turn(game, 0)
    game.resign("single")
    game.accept_resignation()  # the Crawford game: 4-3
    game = match.new_game()
    to_turn(game, 1)
    game.roll()
    game.resign("backgammon")
    game.accept_resignation()  # 7-3
    return match


GNUBG_AT_EACH_END = [  # gnubg 1.07, "show board" after each game's last action
    "4HPwQQLgc/ABEg:MAygABAAAAAE",
    "4PPgASTgc/ABMA:cEOuADAAAAAE",
    "4PPgBwDgc/ABAw:UQSgADAAEAAE",
    "4HPwQQTgc/ABMA:8COgAEAAEAAE",
    "4HPwAQrgc/ABEQ:MCugAEAAGAAE",
    "4HPwAyDgc/ABMA:cOOuAHAAGAAE",  # 7-3: tavla caps the final score at 5
]


def test_the_ids_at_the_end_of_each_game_are_gnubgs() -> None:
    match = five_point_match()
    assert match.score == (7, 3) and match.crawford_game == 5
    ours = [str(game.gnubg_id) for game in match.games]
    assert ours[:-1] == GNUBG_AT_EACH_END[:-1]
    assert ours[-1] == "4HPwAyDgc/ABMA:cOOuAFAAGAAE"


def test_what_the_ids_of_a_finished_game_hold() -> None:
    games = five_point_match().games
    dropped = games[0].match_id  # player 0 doubled, player 1 dropped
    assert (dropped.game_state, dropped.score, dropped.dice_owner, dropped.turn) == (
        MatchIdState.DROPPED,
        (1, 0),
        0,
        1,
    )
    resigned = games[1].match_id  # player 1 rolled 4-3 and resigned a gammon
    assert (resigned.game_state, resigned.resignation, resigned.dice, resigned.turn) == (
        MatchIdState.RESIGNED,
        ResultKind.GAMMON,
        (4, 3),
        0,
    )
    assert resigned.score == (3, 0)
    crawford_next = games[3].match_id
    assert (crawford_next.score, crawford_next.crawford) == ((4, 2), True)
    after_crawford = games[4].match_id
    assert (after_crawford.score, after_crawford.crawford) == ((4, 3), False)
    final = games[5].match_id
    assert (final.score, final.resignation, final.crawford) == (
        (5, 3),
        ResultKind.BACKGAMMON,
        False,
    )
    for game in games:  # every one reads back, in tavla (and in gnubg, the final score capped)
        assert MatchId.parse(str(game.match_id)) == game.match_id


def test_a_finished_game_keeps_its_own_match_context_and_xgid() -> None:
    # The IDs speak of the match after the game; the game's context is still before it.
    game = five_point_match().games[3]
    assert (game.score, game.is_crawford, game.match_context.score) == ((3, 2), False, (3, 2))
    assert game.xgid.score_top == 3
