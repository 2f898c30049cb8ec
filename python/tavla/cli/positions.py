"""Reading a position argument: a GNU Backgammon Position ID, a GNUbg ID or an XGID."""

from __future__ import annotations

from ..board.dice import Roll
from ..board.position import Position
from ..errors import InvalidIdError
from ..formats.gnubg import parse_gnubg_id
from ..formats.xgid import parse_xgid


def read_position_and_dice(text: str) -> tuple[Position, Roll | None]:
    """The position of ``4HPwATDgc/ABMA``, ``4HPwATDgc/ABMA:cAkAAAAAAAAE`` or ``XGID=...``,
    with the dice the ID says were rolled (None for a Position ID, or when not rolled).
    Raises :class:`~tavla.InvalidIdError` naming the fault."""
    text = text.strip()
    if text.upper().startswith("XGID=") or text.count(":") >= 9:
        xgid = parse_xgid(text)
        return xgid.position, xgid.dice if isinstance(xgid.dice, tuple) else None
    position_part = text.split(":", 1)[0]
    if len(position_part) != 14:
        raise InvalidIdError(
            f"{text!r} is neither a Position ID (14 characters), a GNUbg ID nor an XGID"
        )
    if ":" in text:
        gnubg_id = parse_gnubg_id(text)  # checks the Match ID part too
        return gnubg_id.position, gnubg_id.match_id.dice
    return Position.from_position_id(position_part), None


def read_position(text: str) -> Position:
    """The position of a Position ID, GNUbg ID or XGID (see :func:`read_position_and_dice`)."""
    return read_position_and_dice(text)[0]
