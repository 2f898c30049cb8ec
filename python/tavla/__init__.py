"""tavla: backgammon with a C++ core.

Positions, legal plays, GNU Backgammon IDs and XGID, move notation.  See README.md.
"""

from __future__ import annotations

from .batch import legal_results
from .cube import Cube
from .dice import parse_roll
from .duel import DuelResult, duel
from .errors import (
    CubeError,
    IllegalPlayError,
    InterruptedRunWarning,
    InvalidIdError,
    InvalidPositionError,
    MatchFileError,
    NotationError,
    PlayoutError,
    RulesError,
    TavlaError,
    TurnError,
)
from .game import Game, Phase
from .ids import GnubgId, MatchId, Xgid, parse_gnubg_id, parse_xgid
from .match import Match, MoneySession
from .names import roll_name
from .play import Play
from .playout import PlayoutResults, builtin_policies, selfplay
from .position import Position, ResultKind
from .pubeval import pubeval_scores
from .render import text_board
from .rollout import RolloutResult, rollout
from .rules import Rules
from .scoring import GameEnd, GameResult

__all__ = [
    "Cube",
    "CubeError",
    "DuelResult",
    "Game",
    "GameEnd",
    "GameResult",
    "GnubgId",
    "IllegalPlayError",
    "InterruptedRunWarning",
    "InvalidIdError",
    "InvalidPositionError",
    "Match",
    "MatchFileError",
    "MatchId",
    "MoneySession",
    "NotationError",
    "Phase",
    "Play",
    "PlayoutError",
    "PlayoutResults",
    "Position",
    "ResultKind",
    "RolloutResult",
    "Rules",
    "RulesError",
    "TavlaError",
    "TurnError",
    "Xgid",
    "builtin_policies",
    "duel",
    "legal_results",
    "parse_gnubg_id",
    "parse_roll",
    "parse_xgid",
    "pubeval_scores",
    "roll_name",
    "rollout",
    "selfplay",
    "text_board",
]
