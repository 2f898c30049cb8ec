"""The decisions of a replayed match, in order: each cube decision before a roll, each answer
to a double and each play, with the state it was made in (the position, the cube, the score,
the dice), as :func:`~tavla.replay.match_moments` collects them while it replays.  They are
what an analysis values (:mod:`tavla.analysis`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..board.dice import Roll
from ..board.position import Play, Position
from ..game.cube_context import CubeContext


class MomentKind(enum.Enum):
    """What was decided."""

    CUBE = "cube"  # before a roll: to double or not (where the player may double and, in a
    # match, the cube is not dead for it)
    ANSWER = "answer"  # a double offered: take, drop or beaver
    PLAY = "play"  # after a roll: the play


@dataclass(frozen=True)
class Moment:
    """One decision of a replayed game.

    Attributes:
        game: the index of the game in the record (0 for the first).
        move_number: the move number the record gives the action (None where it gives none).
        line: the line of the action in the file (0 where the record gives none).
        player: who decided (0 left, 1 right, as in the record).
        kind: a :class:`MomentKind`.
        position: the board seen from the side on roll: for a cube decision and a play the
            deciding player; for an answer the doubler, whose decision it answers.
        context: where the decision was made (:class:`~tavla.game.cube_context.CubeContext`)
            for the side on roll of ``position``: the cube before the double for a cube
            decision and an answer, the cube as it stands for a play.
        action: what was done: ``"no double"`` or ``"double"``; ``"take"``, ``"drop"`` or
            ``"beaver"``; for a play its notation (``""`` for a pass).
        dice: the roll of a play (None otherwise).
        play: the :class:`~tavla.Play` made (None otherwise).
        opening: the play is the game's first, with the opening roll (R5), which is never a
            double.
    """

    game: int
    move_number: int | None
    line: int
    player: int
    kind: MomentKind
    position: Position
    context: CubeContext
    action: str
    dice: Roll | None = None
    play: Play | None = None
    opening: bool = False
