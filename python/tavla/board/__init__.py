"""The board layer: positions and plays (R1-R14), dice, move notation, batch move generation.

Everything here is about one position and one roll; nothing knows of cubes, scores or games.
"""

from .dice import DiceSource, Roll, parse_roll
from .movegen import legal_results
from .position import Play, Position, ResultKind, find_play

__all__ = [
    "DiceSource",
    "Play",
    "Position",
    "ResultKind",
    "Roll",
    "find_play",
    "legal_results",
    "parse_roll",
]
