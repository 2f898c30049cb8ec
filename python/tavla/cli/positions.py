"""Reading a position argument: a GNU Backgammon Position ID, a GNUbg ID, an XGID or a FIBS
board string."""

from __future__ import annotations

from ..board.dice import Roll, parse_roll
from ..board.position import Position
from ..errors import NotationError
from ..formats.any_id import parse_id
from ..formats.xgid import Xgid


def read_position_and_dice(text: str) -> tuple[Position, Roll | None]:
    """The position of a Position ID, GNUbg ID, XGID or FIBS board (:func:`parse_id`), with the dice
    the ID says were rolled (None for a Position ID, or when not rolled)."""
    parsed = parse_id(text)
    if isinstance(parsed, Position):
        return parsed, None
    if isinstance(parsed, Xgid):
        return parsed.position, parsed.dice if isinstance(parsed.dice, tuple) else None
    return parsed.position, parsed.match_id.dice


def read_position(text: str) -> Position:
    """The position of an ID (see :func:`read_position_and_dice`)."""
    return read_position_and_dice(text)[0]


def roll_to_play(given: str | None, in_id: Roll | None) -> Roll:
    """The roll given on the command line (``31``, ``3-1``, ``3 1``, ``1 3``), or else the
    dice the ID holds; never two that differ.  Higher die first, as rolls are written
    (``1 3`` is the roll 3-1).  Raises :class:`~tavla.NotationError` when neither gives a
    roll, or when they differ."""
    if given is None:
        if in_id is None:
            raise NotationError("give the ROLL: the ID holds no dice")
        dice = in_id
    else:
        dice = parse_roll(given)
    high, low = max(dice), min(dice)
    if in_id is not None and (high, low) != (max(in_id), min(in_id)):
        raise NotationError(
            f"the roll {high}-{low} differs from the dice {max(in_id)}-{min(in_id)} in the ID"
        )
    return high, low
