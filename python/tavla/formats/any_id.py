"""Reading a position given by any of its IDs: a GNU Backgammon Position ID, a GNUbg ID
(Position ID and Match ID), an XGID or a FIBS board string, told apart by their shape."""

from __future__ import annotations

from typing import TypeAlias

from .._validate import excerpt
from ..board.position import Position
from ..errors import InvalidIdError
from .fibs import parse_any_flavour
from .gnubg import GnubgId, parse_gnubg_id
from .xgid import Xgid, parse_xgid

AnyId: TypeAlias = Position | GnubgId | Xgid
"""What :func:`parse_id` reads: a bare position, or a position with its match state."""


def parse_id(text: str) -> AnyId:
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
    return parse_position_or_gnubg_id(text)


def parse_position_or_gnubg_id(text: str) -> Position | GnubgId:
    """A Position ID, or a GNUbg ID when the text has a colon (UBGI's ``position gnubgid``
    takes both).  Raises :class:`~tavla.InvalidIdError` naming the fault of the part that
    is bad."""
    text = text.strip()
    if ":" in text:
        return parse_gnubg_id(text)  # checks the Match ID part too
    return Position.from_position_id(text)


def as_gnubg_id(parsed: AnyId) -> GnubgId | None:
    """The GNUbg ID an ID stands for: itself, an XGID's (:meth:`Xgid.to_gnubg_id`, which
    drops the beaver flag and the maximum cube), None for a bare Position ID."""
    if isinstance(parsed, Xgid):
        return parsed.to_gnubg_id()
    return parsed if isinstance(parsed, GnubgId) else None
