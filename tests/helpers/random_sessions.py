"""Games played with random legal plays and random cube actions and resignations, for the
interoperability tests with GNU Backgammon."""

from __future__ import annotations

import random

from tavla import Game, Match, MoneySession, Phase, ResultKind


def _cube_is_live(game: Game) -> bool:
    """gnubg refuses a double in match play when the doubler would win the match with the
    cube as it is ("The cube is dead")."""
    length, turn = game.match_length, game.turn
    return not length or turn is None or game.score[turn] + game.cube.value < length


def play_game(game: Game, choose: random.Random) -> None:
    """Random legal plays, with doubles while the cube is live (some dropped, beavered,
    raccooned when the rules allow) and resignations before and after rolling (some
    rejected)."""
    while not game.is_over:
        phase = game.phase
        resigns = sum(game.turns_played) > 4 and choose.random() < 0.03
        if phase in (Phase.ROLL, Phase.PLAY) and resigns:
            game.resign(choose.choice(list(ResultKind)))
            answer = game.accept_resignation if choose.random() < 0.8 else game.reject_resignation
            answer()
        elif (
            phase is Phase.ROLL
            and game.may_double
            and _cube_is_live(game)
            and choose.random() < 0.12
        ):
            game.double()
            if game.rules.beavers and choose.random() < 0.5:
                game.beaver()
                if game.rules.raccoons and choose.random() < 0.4:
                    game.raccoon()
            (game.take if choose.random() < 0.6 else game.drop)()
        elif phase in (Phase.OPENING, Phase.ROLL):
            game.roll()
        else:
            game.play(choose.choice(game.legal_plays))


def played(session: Match | MoneySession, seed: int, games: int = 30) -> Match | MoneySession:
    """``session`` after up to ``games`` games of :func:`play_game` (a match stops at its
    end), the choices drawn with ``seed``."""
    choose = random.Random(seed)
    while len(session.games) < games and not (isinstance(session, Match) and session.is_over):
        play_game(session.new_game(), choose)
    return session
