"""The actions of a game (R5-R22), as :attr:`Game.history` records them.

Each record is a small frozen dataclass naming the player who acted (0 or 1, as in
:class:`~tavla.Game`).  A game is replayed by repeating its actions in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board.dice import Roll
from ..board.position import Play, ResultKind


@dataclass(frozen=True)
class OpeningRoll:
    """R5: one die each, ``dice[0]`` player 0's and ``dice[1]`` player 1's.

    ``starter`` is the higher die's player, None for a tie (rolled again);
    ``cube_value`` is the centred cube after the roll (a tie may double it, R21).
    """

    dice: Roll
    starter: int | None
    cube_value: int


@dataclass(frozen=True)
class RollAction:
    """``player`` rolled ``dice`` (not recorded for a standard opening, whose dice are the
    :class:`OpeningRoll`'s)."""

    player: int
    dice: Roll


@dataclass(frozen=True)
class PlayAction:
    """``player`` played ``play`` with ``dice`` (R14); a forced pass has no moves."""

    player: int
    dice: Roll
    play: Play


@dataclass(frozen=True)
class DoubleAction:
    """``player`` offered to double the cube to ``value`` (R18)."""

    player: int
    value: int


@dataclass(frozen=True)
class BeaverAction:
    """``player``, doubled, took and redoubled to ``value``, keeping the cube (R20)."""

    player: int
    value: int


@dataclass(frozen=True)
class RaccoonAction:
    """``player``, beavered, took and redoubled again to ``value`` (R20)."""

    player: int
    value: int


@dataclass(frozen=True)
class TakeAction:
    """``player`` took: the cube is at ``value``, owned as R19/R20 say."""

    player: int
    value: int


@dataclass(frozen=True)
class DropAction:
    """``player`` dropped (passed) and lost the game (R19)."""

    player: int


@dataclass(frozen=True)
class ResignAction:
    """``player`` offered to resign a game of ``kind`` (R17)."""

    player: int
    kind: ResultKind


@dataclass(frozen=True)
class AcceptResignationAction:
    """``player`` accepted the opponent's resignation; the game is over."""

    player: int


@dataclass(frozen=True)
class RejectResignationAction:
    """``player`` rejected the opponent's resignation; play goes on."""

    player: int


Action = (
    OpeningRoll
    | RollAction
    | PlayAction
    | DoubleAction
    | BeaverAction
    | RaccoonAction
    | TakeAction
    | DropAction
    | ResignAction
    | AcceptResignationAction
    | RejectResignationAction
)
