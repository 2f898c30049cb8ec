"""The game layer: rules and their options, the cube, scoring, a game's actions, games, matches
and money sessions (R5-R28), a game's state as interchange IDs, match equity tables and the
cube model."""

from ..formats.context import MatchContext
from .cube import Cube
from .cube_context import CubeContext
from .cube_owner import CubeOwner
from .cubeful import CubeDecision
from .equity import MatchEquityTable
from .game import Game, Phase
from .match import Match, MoneySession
from .rules import Rules
from .scoring import GameEnd, GameResult

__all__ = [
    "Cube",
    "CubeContext",
    "CubeDecision",
    "CubeOwner",
    "Game",
    "GameEnd",
    "GameResult",
    "Match",
    "MatchContext",
    "MatchEquityTable",
    "MoneySession",
    "Phase",
    "Rules",
]
