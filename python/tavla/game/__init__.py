"""The game layer: rules and their options, the cube, scoring, a game's actions, games, matches
and money sessions (R5-R28), and a game's state as interchange IDs."""

from ..formats.context import MatchContext
from .cube import Cube
from .game import Game, Phase
from .match import Match, MoneySession
from .rules import Rules
from .scoring import GameEnd, GameResult

__all__ = [
    "Cube",
    "Game",
    "GameEnd",
    "GameResult",
    "Match",
    "MatchContext",
    "MoneySession",
    "Phase",
    "Rules",
]
