"""Text for people: the board diagram of a position, and what a GNUbg ID or an XGID holds
beside the board (cube, score, dice, whose turn, a pending double, a finished game).

Sides are named as on the diagram: ``X`` is the side on roll (gnubg's dice owner, XG's
``turn``; while a double is pending, the doubler), ``O`` the opponent.
"""

from __future__ import annotations

from ..board import diagram
from ..board.position import Position
from ..errors import InvalidPositionError
from ..formats.gnubg import GnubgId, MatchId, MatchIdState
from ..formats.xgid import Xgid


def text_board(position: Position) -> str:
    """An ASCII diagram of ``position`` (see :func:`tavla.board.diagram.text_board`).

    Raises :class:`~tavla.InvalidPositionError` (a ValueError) when ``position`` is not a
    :class:`~tavla.Position`, a NumPy board among them (draw ``Position(board)``).
    """
    if not isinstance(position, Position):
        kind = type(position).__name__
        hint = ": draw Position(board)" if kind == "ndarray" else ""
        raise InvalidPositionError(f"text_board draws a Position, got {kind}{hint}")
    return diagram.text_board(position)


def _sides(match_id: MatchId) -> tuple[str, str]:
    """The diagram's names of gnubg players 0 and 1: the dice owner is X."""
    return ("X", "O") if match_id.dice_owner == 0 else ("O", "X")


def _stakes(match_id: MatchId, beavers: bool) -> str:
    """``7-point match, score X 2 - O 4, Crawford game`` or ``money play, Jacoby rule``."""
    names = _sides(match_id)
    x, o = (match_id.score[names.index(side)] for side in ("X", "O"))
    context = match_id.context
    if context.is_money:
        parts = ["money play"]
        parts += ["Jacoby rule"] if match_id.jacoby else []
        parts += ["beavers"] if beavers else []
        parts += [f"session score X {x} - O {o}"] if x or o else []
        return ", ".join(parts)
    text = f"{context.length}-point match, score X {x} - O {o}"
    ended = match_id.game_over
    if ended and context.is_over:
        return f"{text}, match over"
    if context.crawford:  # once the game is over, the flag is the next game's (gnubg's)
        return f"{text}, {'the next game is the ' if ended else ''}Crawford game"
    return f"{text}, post-Crawford" if context.is_post_crawford else text


def _cube(match_id: MatchId) -> str:
    if match_id.cube_owner is None:
        return f"cube {match_id.cube_value}, centred"
    return f"cube {match_id.cube_value}, owned by {_sides(match_id)[match_id.cube_owner]}"


def action_text(match_id: MatchId, position: Position) -> str:
    """Who is to do what now, or how the game ended, naming the sides ``X`` (the side on
    roll, gnubg's dice owner) and ``O``: ``X to play 3-1``, ``game over: O won a gammon``."""
    names = _sides(match_id)
    state = match_id.game_state
    if state is MatchIdState.NONE:
        return "no game started"
    if state is MatchIdState.OVER:
        if position.winner is None or position.winner_kind is None:
            return "game over"
        winner = "X" if position.winner == 0 else "O"
        return f"game over: {winner} won a {position.winner_kind.name.lower()}"
    if state is MatchIdState.RESIGNED:
        # gnubg keeps the resignation accepted, and the winner as the player to act.
        if match_id.resignation is None:
            return "game over: resigned"
        kind = match_id.resignation.name.lower()
        return f"game over: {names[1 - match_id.turn]} resigned a {kind}"
    if state is MatchIdState.DROPPED:  # gnubg: the player who dropped is the player to act
        return f"game over: {names[match_id.turn]} dropped the double"
    actor = names[match_id.turn]
    if match_id.double_offered:
        doubler = names[match_id.dice_owner]
        return f"{doubler} doubles to {2 * match_id.cube_value}: {actor} to take or drop"
    if match_id.resignation is not None:
        offer = match_id.resignation.name.lower()
        return f"{names[1 - match_id.turn]} offers to resign a {offer}: {actor} to accept or reject"
    if match_id.dice is not None:
        high, low = max(match_id.dice), min(match_id.dice)
        return f"{names[match_id.dice_owner]} to play {high}-{low}"
    return f"{actor} to roll"


def id_state_lines(parsed: GnubgId | Xgid) -> list[str]:
    """What a GNUbg ID or an XGID holds beside the position, for below the diagram: the ID's
    own text (Match ID or XGID), the match length and score (or money play and its options),
    the cube, and who is to do what (roll, play the dice rolled, answer a double or a
    resignation), or how the game ended.  Each line starts with a space, as the diagram's."""
    if isinstance(parsed, Xgid):
        match_id, beavers = parsed.to_match_id(), parsed.beavers
        own = parsed.encode()  # XGID=...
    else:
        match_id, beavers = parsed.match_id, False
        own = f"Match ID: {match_id.encode()}"
    lines = [
        own,
        _stakes(match_id, beavers),
        _cube(match_id),
        action_text(match_id, parsed.position),
    ]
    return [f" {line}" for line in lines]
