"""Reading a position argument: a GNU Backgammon Position ID, a GNUbg ID or an XGID."""

from __future__ import annotations

from ..errors import InvalidIdError
from ..ids import parse_gnubg_id
from ..position import Position


def read_position(text: str) -> Position:
    """Position from ``4HPwATDgc/ABMA``, ``4HPwATDgc/ABMA:cAkAAAAAAAAE`` or ``XGID=...``."""
    text = text.strip()
    if text.upper().startswith("XGID=") or text.count(":") >= 9:
        return Position.from_xgid(text)
    position_part = text.split(":", 1)[0]
    if len(position_part) != 14:
        raise InvalidIdError(
            f"{text!r} is neither a Position ID (14 characters), a GNUbg ID nor an XGID"
        )
    if ":" in text:
        return parse_gnubg_id(text).position  # checks the Match ID part too
    return Position.from_position_id(position_part)
