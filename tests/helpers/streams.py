"""Kept units of the core (``keep_games=True``) played again on tavla's sessions with the
sessions' own dice: every roll is drawn, not given, and must be the roll the core played."""

from __future__ import annotations

import numpy as np

from tavla import Game, Match, MoneySession, Position
from tavla.sim.records import UnitSteps


def play_drawing_the_dice(
    session: Match | MoneySession, steps: UnitSteps, swapped: bool = False
) -> list[tuple[int, int]]:
    """Play ``steps`` on ``session``, each roll drawn by :meth:`Game.roll` from the session's
    dice and checked against the kept roll; ``swapped``: policy ``a`` is player 1.  Returns
    the rolls drawn."""
    drawn = []
    game = session.new_game()
    for index, kind in enumerate(steps.kinds.tolist()):
        if game.is_over:
            game = session.new_game()
        player = int(steps.policies[index]) ^ int(swapped)
        if kind == 0:
            rolled = game.roll() if game.turn is None else game.roll(player=player)
            assert rolled == tuple(steps.rolls[index].tolist()), f"step {index}"
            drawn.append(rolled)
            game.play(_play_leaving(game, steps.boards[index]), player=player)
        else:
            action = {1: game.double, 2: game.take, 3: game.drop, 4: game.beaver}[kind]
            action(player=player)
    return drawn


def _play_leaving(game: Game, board: np.ndarray) -> object:
    wanted = Position(board).swapped().key
    (play,) = [play for play in game.legal_plays if play.position.key == wanted]
    return play
