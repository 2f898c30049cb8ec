"""Replaying recorded actions (:attr:`Game.history`) on a game, and a session rebuilt from
its games' histories: how a game is taken back to an earlier point (``tavla play``'s undo).

Every roll is replayed with its recorded dice, so replaying draws nothing from the dice
source; the rules check every action again.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import RulesError
from . import actions as played
from .game import Game
from .match import Match, MoneySession

_BY_PLAYER: dict[type, str] = {
    played.DoubleAction: "double",
    played.BeaverAction: "beaver",
    played.RaccoonAction: "raccoon",
    played.TakeAction: "take",
    played.DropAction: "drop",
    played.AcceptResignationAction: "accept_resignation",
    played.RejectResignationAction: "reject_resignation",
}
"""The actions done again from the player alone (the cube value some record follows from
the game), each with the name of the :class:`Game` method that does it."""


def apply_action(game: Game, action: played.Action) -> None:
    """Do ``action`` again on ``game``, with its recorded dice.  Raises what the game's
    action raises when it is not allowed there (TurnError, CubeError, IllegalPlayError)."""
    if isinstance(action, (played.OpeningRoll, played.RollAction)):
        game.roll(action.dice)
    elif isinstance(action, played.PlayAction):
        game.play(action.play, player=action.player)
    elif isinstance(action, played.ResignAction):
        game.resign(action.kind, player=action.player)
    else:
        method = _BY_PLAYER.get(type(action))
        if method is None:
            raise RulesError(f"not an action of a game: {type(action).__name__}")
        getattr(game, method)(player=action.player)


def rebuilt(
    session: Match | MoneySession, histories: Sequence[Sequence[played.Action]]
) -> Match | MoneySession:
    """A new session like ``session`` (its length, rules and dice: :meth:`Match.restarted`)
    whose games are ``histories`` replayed in order: each history starts a new game (R6
    decides who starts it), the last may stop anywhere.  ``histories`` are those of the
    session's games, the last perhaps cut short: the game of the session's game in play
    rolls on from that game's dice as they stand (with ``seed=``, its stream where it is,
    not from its start), so that what a caller gives back of the rolls taken back
    (:meth:`~tavla.board.DiceSource.give_back`) comes again, then the rolls that were to
    follow."""
    fresh = session.restarted()
    fresh._resume_dice(session)
    for history in histories:
        game = fresh.new_game()
        for action in history:
            apply_action(game, action)
    return fresh
