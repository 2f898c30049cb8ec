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
class _PlayerAction:
    """An action of ``player``: every action but the :class:`OpeningRoll`."""

    player: int


@dataclass(frozen=True)
class _CubeAction(_PlayerAction):
    """A cube action of ``player`` that names the cube's ``value``."""

    value: int


@dataclass(frozen=True)
class RollAction(_PlayerAction):
    """``player`` rolled ``dice`` (not recorded for a standard opening, whose dice are the
    :class:`OpeningRoll`'s)."""

    dice: Roll


@dataclass(frozen=True)
class PlayAction(_PlayerAction):
    """``player`` played ``play`` with ``dice`` (R14); a forced pass has no moves."""

    dice: Roll
    play: Play


class DoubleAction(_CubeAction):
    """``player`` offered to double the cube to ``value`` (R18)."""


class BeaverAction(_CubeAction):
    """``player``, doubled, took and redoubled to ``value``, keeping the cube (R20)."""


class RaccoonAction(_CubeAction):
    """``player``, beavered, took and redoubled again to ``value`` (R20)."""


class TakeAction(_CubeAction):
    """``player`` took: the cube is at ``value``, owned as R19/R20 say."""


class DropAction(_PlayerAction):
    """``player`` dropped (passed) and lost the game (R19)."""


@dataclass(frozen=True)
class ResignAction(_PlayerAction):
    """``player`` offered to resign a game of ``kind`` (R17)."""

    kind: ResultKind


class AcceptResignationAction(_PlayerAction):
    """``player`` accepted the opponent's resignation; the game is over."""


class RejectResignationAction(_PlayerAction):
    """``player`` rejected the opponent's resignation; play goes on."""


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
