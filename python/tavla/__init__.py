"""tavla: backgammon with a C++ core.

Positions, legal plays, GNU Backgammon IDs and XGID, move notation.  See README.md.
"""

from __future__ import annotations

from .batch import legal_results
from .dice import parse_roll
from .errors import (
    CubeError,
    IllegalPlayError,
    InvalidIdError,
    InvalidPositionError,
    MatchFileError,
    NotationError,
    TavlaError,
    TurnError,
)
from .play import Play
from .position import Position, ResultKind

__all__ = [
    "CubeError",
    "IllegalPlayError",
    "InvalidIdError",
    "InvalidPositionError",
    "MatchFileError",
    "NotationError",
    "Play",
    "Position",
    "ResultKind",
    "TavlaError",
    "TurnError",
    "legal_results",
    "parse_roll",
]
