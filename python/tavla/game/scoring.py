"""What a finished game is worth (R16, R19, R22).

Players are numbered 0 and 1 as in :class:`~tavla.Game`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .. import _core
from ..board.position import ResultKind
from .rules import Rules


class GameEnd(enum.Enum):
    """How a game ended."""

    BORNE_OFF = "borne off"  # R15: the winner bore off all 15 checkers
    DROP = "drop"  # R19: a double (or beaver, raccoon) was dropped
    RESIGNATION = "resignation"  # R17: a resignation was accepted


@dataclass(frozen=True)
class GameResult:
    """The result of a finished game.

    Attributes:
        winner: player 0 or 1.
        kind: single, gammon or backgammon as R16 and the ``backgammons`` option count it
            (a drop is always single).
        cube_value: the cube value the game was played for (for a drop, the value before
            the refused double).
        points: what the winner scores: ``cube_value * kind``, except that under the Jacoby
            rule (R22) a gammon or backgammon with a cube never turned counts single.
        end: how the game ended.
    """

    winner: int
    kind: ResultKind
    cube_value: int
    points: int
    end: GameEnd


def counted_kind(kind: ResultKind, rules: Rules) -> ResultKind:
    """``kind`` as the rules count it: a backgammon is a gammon when ``backgammons`` is off
    (R16)."""
    return ResultKind(_core.counted_kind(int(kind), rules.backgammons))


def game_result(
    winner: int,
    kind: ResultKind,
    cube_value: int,
    end: GameEnd,
    rules: Rules,
    *,
    money: bool,
    cube_turned: bool,
) -> GameResult:
    """Score a finished game (R16, R19, R22).

    ``kind`` is the result on the board or the resigned kind; a drop (``end`` DROP) always
    scores ``cube_value`` as a single game, ``cube_value`` being the value before the
    double.  The Jacoby rule applies in money play (``money``) with ``rules.jacoby`` when
    the cube was never turned (``cube_turned`` False: no double was taken; automatic
    doubles do not turn it).
    """
    kind = ResultKind.SINGLE if end is GameEnd.DROP else counted_kind(kind, rules)
    jacoby = money and rules.jacoby and not cube_turned
    points = _core.game_points(
        kind=int(kind), cube_value=cube_value, backgammons=rules.backgammons, jacoby_applies=jacoby
    )
    return GameResult(winner, kind, cube_value, points, end)
