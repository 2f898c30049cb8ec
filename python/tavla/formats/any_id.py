"""Reading a position given by any of its IDs: a GNU Backgammon Position ID, a GNUbg ID
(Position ID and Match ID), an XGID or a FIBS board string, told apart by their shape."""

from __future__ import annotations

from .._validate import excerpt
from ..board.position import Position
from ..errors import InvalidIdError
from .fibs import parse_any_flavour
from .gnubg import GnubgId, parse_gnubg_id
from .xgid import Xgid, parse_xgid


def parse_id(text: str) -> Position | GnubgId | Xgid:
    """Any ID a user may give, parsed once (:ref:`ids`):
    ``4HPwATDgc/ABMA`` (a Position), ``4HPwATDgc/ABMA:cAkAAAAAAAAE`` (a GNUbg ID),
    ``XGID=...`` (an XGID, its prefix optional) or ``board:...`` (a FIBS board string in
    either flavour, as the GNUbg ID it stands for).  Raises :class:`~tavla.InvalidIdError`
    naming the fault."""
    if not isinstance(text, str):
        raise InvalidIdError(f"an ID is a str, got {type(text).__name__}")
    text = text.strip()
    if text.startswith("board:"):
        return parse_any_flavour(text).to_gnubg_id()
    if text.upper().startswith("XGID=") or text.count(":") >= 9:
        return parse_xgid(text)
    position_part = text.split(":", 1)[0]
    if len(position_part) != 14:
        raise InvalidIdError(
            f"{excerpt(text)} is neither a Position ID (14 characters), a GNUbg ID, an XGID"
            " nor a FIBS board string"
        )
    if ":" in text:
        return parse_gnubg_id(text)  # checks the Match ID part too
    return Position.from_position_id(position_part)
