"""What ``tavla show --json`` prints: the board of an ID and the match state it holds, as a
JSON object seen from the side on roll (``X`` of the text diagram)."""

from __future__ import annotations

from typing import Any

from ..board.position import Position
from ..formats.gnubg import GnubgId
from ..formats.xgid import Xgid
from ..game.cube_context import CubeContext
from ..render.text import id_state_lines


def show_record(parsed: Position | GnubgId | Xgid) -> dict[str, Any]:
    """``position_id``, ``board`` (the ``(2, 26)`` board as two lists, the side on roll
    first), ``pip_counts`` (the side on roll's first) and ``id``: None for a Position ID,
    else what the GNUbg ID or XGID holds (:func:`id_record`)."""
    position = parsed if isinstance(parsed, Position) else parsed.position
    return {
        "position_id": position.position_id,
        "board": position.board.tolist(),
        "pip_counts": list(position.pip_counts),
        "id": None if isinstance(parsed, Position) else id_record(parsed),
    }


def id_record(parsed: GnubgId | Xgid) -> dict[str, Any]:
    """The match state of a GNUbg ID (a FIBS board read as one) or an XGID, from the side
    on roll (while a double is pending, the doubler): the score and cube ``owner`` as
    :class:`~tavla.CubeContext` gives them, and ``state``, who is to do what in the words
    of the text output."""
    if isinstance(parsed, Xgid):
        kind, text, match_id, beavers = (
            "xgid",
            parsed.encode(),
            parsed.to_match_id(),
            parsed.beavers,
        )
    else:
        kind, text, match_id, beavers = "gnubg", str(parsed), parsed.match_id, False
    context = CubeContext.from_match_id(match_id, beavers=beavers)
    match = context.match
    on_roll = match_id.dice_owner
    return {
        "kind": kind,
        "text": text,
        "match_id": match_id.encode(),
        "match_length": match.length,
        "score": [match.score[on_roll], match.score[1 - on_roll]],
        "crawford": match.crawford,
        "post_crawford": match.is_post_crawford,
        "jacoby": match_id.jacoby,
        "beavers": beavers,
        "cube": match_id.cube_value,
        "owner": context.owner,
        "dice": None if match_id.dice is None else [max(match_id.dice), min(match_id.dice)],
        "double_offered": match_id.double_offered,
        "game_state": match_id.game_state.name.lower(),
        "state": id_state_lines(parsed)[-1].strip(),  # its last line: who is to do what
    }
