"""tavla: backgammon with a C++ core.

Positions, legal plays, GNU Backgammon IDs and XGID, move notation.  See README.md.
"""

from __future__ import annotations

from .batch import legal_results
from .cube import Cube
from .dice import parse_roll
from .errors import (
    CubeError,
    IllegalPlayError,
    InvalidIdError,
    InvalidPositionError,
    MatchFileError,
    NotationError,
    RulesError,
    TavlaError,
    TurnError,
)
from .game import Game, Phase
from .ids import GnubgId, MatchId, Xgid, parse_gnubg_id, parse_xgid
from .match import Match, MoneySession
from .names import roll_name
from .play import Play
from .position import Position, ResultKind
from .render import text_board
from .rules import Rules
from .scoring import GameEnd, GameResult

__all__ = [
    "Cube",
    "CubeError",
    "Game",
    "GameEnd",
    "GameResult",
    "GnubgId",
    "IllegalPlayError",
    "InvalidIdError",
    "InvalidPositionError",
    "Match",
    "MatchFileError",
    "MatchId",
    "MoneySession",
    "NotationError",
    "Phase",
    "Play",
    "Position",
    "ResultKind",
    "Rules",
    "RulesError",
    "TavlaError",
    "TurnError",
    "Xgid",
    "legal_results",
    "parse_gnubg_id",
    "parse_roll",
    "parse_xgid",
    "roll_name",
    "text_board",
]
