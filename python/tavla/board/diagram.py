"""Text diagrams of a position: what ``print(position)`` shows.

The board is drawn from the side on roll, marked ``X``; the opponent is ``O``.  Points carry
the side on roll's numbers (R3): 13-24 along the top from left to right, 12-1 along the bottom,
so the side on roll's home board is bottom right and it moves from top right round to bottom
right.
"""

from __future__ import annotations

import enum
from typing import Protocol

import numpy as np
import numpy.typing as npt


class PositionView(Protocol):
    """What a diagram reads of a :class:`~tavla.Position` (kept structural, so that the
    position module can draw itself without an import loop)."""

    @property
    def board(self) -> npt.NDArray[np.int8]: ...
    @property
    def pip_counts(self) -> tuple[int, int]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def winner_kind(self) -> enum.Enum | None: ...


STACK_HEIGHT = 5
"""Checkers drawn per point; a taller stack shows its count in the innermost cell."""

_ON_ROLL, _OPPONENT = "X", "O"
_BAR, _OFF = 25, 0


def _cell(symbol: str, count: int, depth: int) -> str:
    """The 3-character cell ``depth`` (0 = at the edge) of a stack of ``count`` checkers."""
    if count > STACK_HEIGHT and depth == STACK_HEIGHT - 1:
        return f"{count:>2} "
    return f" {symbol} " if depth < count else "   "


def _point_stack(position: PositionView, point: int) -> tuple[str, int]:
    """Symbol and count on the side on roll's ``point`` (1..24); ``("", 0)`` when empty."""
    board = position.board
    if board[0, point]:
        return _ON_ROLL, int(board[0, point])
    if board[1, 25 - point]:
        return _OPPONENT, int(board[1, 25 - point])
    return "", 0


def _half(position: PositionView, left: range, right: range, bar: tuple[str, int]) -> list[str]:
    """The rows of one half, listed from the board edge towards the middle."""
    stacks_left = [_point_stack(position, point) for point in left]
    stacks_right = [_point_stack(position, point) for point in right]
    rows = []
    for depth in range(STACK_HEIGHT):
        cells_left = "".join(_cell(symbol, count, depth) for symbol, count in stacks_left)
        cells_right = "".join(_cell(symbol, count, depth) for symbol, count in stacks_right)
        rows.append(f" |{cells_left}|{_cell(*bar, depth)}|{cells_right}|")
    return rows


def _edge(points: range, bar: str) -> str:
    numbers = [f"{point:->2}-" for point in points]
    return f" +{''.join(numbers[:6])}{bar}{''.join(numbers[6:])}+"


def _status(position: PositionView, row: int) -> str:
    board = position.board
    symbol = _ON_ROLL if row == 0 else _OPPONENT
    text = (
        f" {symbol}  pip count {position.pip_counts[row]:3d}  bar {board[row, _BAR]:2d}"
        f"  off {board[row, _OFF]:2d}"
    )
    if position.winner == row:
        kind = position.winner_kind
        assert kind is not None
        return f"{text}  won a {kind.name.lower()}"
    return f"{text}  on roll" if row == 0 and not position.is_over else text


def text_board(position: PositionView) -> str:
    """An ASCII diagram of ``position``: 15 lines, no trailing newline.

    Line 1 is the opponent (``O``): its pip count (R4), checkers on the bar and borne off; then
    the top edge numbered 13-24, five rows of the top half, the ``BAR`` row, five rows of the
    bottom half, the bottom edge numbered 12-1, and last the side on roll (``X``) likewise,
    marked ``on roll`` (or ``won a single/gammon/backgammon`` for a finished game, R16).
    A point shows up to five checkers; from six on, its innermost cell holds the count.
    Checkers on the bar stand in the middle column, the side on roll's in the top half
    (where they enter, R12), the opponent's in the bottom half.
    """
    board = position.board
    top = _half(position, range(13, 19), range(19, 25), (_ON_ROLL, int(board[0, _BAR])))
    bottom = _half(position, range(12, 6, -1), range(6, 0, -1), (_OPPONENT, int(board[1, _BAR])))
    lines = [
        _status(position, 1),
        _edge(range(13, 25), "-----"),
        *top,
        f" |{' ' * 18}|BAR|{' ' * 18}|",
        *reversed(bottom),
        _edge(range(12, 0, -1), "-----"),
        _status(position, 0),
    ]
    return "\n".join(lines)
