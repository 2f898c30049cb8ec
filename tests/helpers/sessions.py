"""Matches and money sessions played out with random legal plays and, now and then, every
cube action and resignation the rules allow: doubles taken and dropped, beavers and
raccoons where the rules have them (up to the highest cube), resignations accepted and
rejected; and their records as SGF gives them back."""

from __future__ import annotations

import random
from dataclasses import replace

from tavla import Match, MoneySession, Phase, Rules
from tavla.formats.context import MAX_CUBE_VALUE
from tavla.formats.record import GameRecord

MONEY_WITH_BEAVERS = Rules(jacoby=True, beavers=True)


def play_out(session: Match | MoneySession, seed: int, games: int = 4) -> None:
    """Play up to ``games`` games to their end (a match stops when it is won)."""
    choose = random.Random(seed)
    for _ in range(games):
        if isinstance(session, Match) and session.is_over:
            return
        game = session.new_game()
        while not game.is_over:
            if game.phase is Phase.ROLL and game.may_double and choose.random() < 0.04:
                game.double()
                answer = choose.random()
                offered = game.offered_cube_value
                assert offered is not None
                if answer < 0.3 and game.rules.beavers and 2 * offered <= MAX_CUBE_VALUE:
                    game.beaver()
                    if choose.random() < 0.5 and 4 * offered <= MAX_CUBE_VALUE:
                        game.raccoon()
                    game.take()
                elif answer < 0.8:
                    game.take()
                else:
                    game.drop()
            elif game.phase is Phase.ROLL and choose.random() < 0.01:
                game.resign(choose.choice(["single", "gammon", "backgammon"]))
                if choose.random() < 0.7:
                    game.accept_resignation()
                else:
                    game.reject_resignation()
            elif game.phase is Phase.PLAY:
                game.play(choose.choice(game.legal_plays))
            else:
                game.roll()


def without_hit_marks(game: GameRecord) -> GameRecord:
    """The game record without the hit marks (``*``) of its plays, which SGF does not
    record (docs/formats.rst, "SGF files")."""
    actions = [replace(a, play=a.play.replace("*", "")) if a.play else a for a in game.actions]
    return replace(game, actions=tuple(actions))
