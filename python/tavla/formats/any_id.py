"""Reading a position given by any of its IDs: a GNU Backgammon Position ID, a GNUbg ID
(Position ID and Match ID) or an XGID, told apart by their shape."""

from __future__ import annotations

from .._validate import excerpt
from ..board.position import Position
from ..errors import InvalidIdError
from .gnubg import GnubgId, parse_gnubg_id
from .xgid import Xgid, parse_xgid


def read_id(text: str) -> Position | GnubgId | Xgid:
    """``4HPwATDgc/ABMA`` (a Position), ``4HPwATDgc/ABMA:cAkAAAAAAAAE`` (a GNUbg ID) or
    ``XGID=...`` (an XGID, its prefix optional).  Raises :class:`~tavla.InvalidIdError`
    naming the fault."""
    if not isinstance(text, str):
        raise InvalidIdError(f"an ID is a str, got {type(text).__name__}")
    text = text.strip()
    if text.upper().startswith("XGID=") or text.count(":") >= 9:
        return parse_xgid(text)
    position_part = text.split(":", 1)[0]
    if len(position_part) != 14:
        raise InvalidIdError(
            f"{excerpt(text)} is neither a Position ID (14 characters), a GNUbg ID nor an XGID"
        )
    if ":" in text:
        return parse_gnubg_id(text)  # checks the Match ID part too
    return Position.from_position_id(position_part)
