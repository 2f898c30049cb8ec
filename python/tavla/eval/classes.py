"""Position classes (:doc:`/nets`, "Position classes"): the kinds of position a net set judges
each with a net of its own, as GNU Backgammon does with its contact, crashed and race nets.

``"bearoff"``
    both sides have every checker home (points 1-6) or borne off: no checker can be hit
    again, and the bear-off database (:mod:`tavla.eval.bearoff`) answers (exactly in its
    two-sided table, by the one-sided race approximation beyond it);
``"race"``
    any other position in which no checker of one side still has to pass one of the other;
``"crashed"``
    a contact position in which a side has at most ``crashed_checkers`` (default 6)
    *active* checkers, those on the bar or on its points 3-24: checkers piled on a side's 1
    and 2 points, or borne off, can no longer build points in front of the opponent's
    checkers, so that side has little left to play with;
``"contact"``
    every other position.

The class of a position does not depend on which side is on roll.  The classification runs
in C++ (``cpp/src/position_class.cpp``), where a net set uses it for every position it judges.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_int, excerpt
from ..board.position import Position
from ..errors import NetError
from ._boards import boards_argument

CLASSES: tuple[str, ...] = tuple(_core.position_classes())
"""``("contact", "crashed", "race", "bearoff")``: the class names, in the order of their
indices."""

DEFAULT_CRASHED_CHECKERS = 6
"""A side with at most this many active checkers (bar and points 3-24) has crashed."""


def check_crashed_checkers(value: object) -> int:
    """``value`` when it is an int from 0 to 15; raises :class:`~tavla.NetError` otherwise."""
    return check_int(value, "crashed_checkers", NetError, low=0, high=15)


def classify(
    positions: Position | npt.ArrayLike,
    *,
    crashed_checkers: int = DEFAULT_CRASHED_CHECKERS,
) -> npt.NDArray[np.int8] | str:
    """The class of each position: for a :class:`~tavla.Position` or one ``(2, 26)`` board,
    its name (one of :data:`CLASSES`); for ``(N, 2, 26)`` boards, ``(N,)`` int8 indices into
    :data:`CLASSES`.  Finished games are classified too (as bear-offs or races).  Raises
    :class:`~tavla.InvalidPositionError` for a bad shape or a board that breaks R1-R4 (the
    message names the row), :class:`~tavla.NetError` for a bad ``crashed_checkers``.

    >>> import tavla
    >>> from tavla.eval.classes import classify
    >>> classify(tavla.Position.initial())
    'contact'
    """
    crashed = check_crashed_checkers(crashed_checkers)
    array, single = boards_argument(positions)
    classes = _core.classify(array, crashed)
    return CLASSES[int(classes[0])] if single else classes


def class_counts(classes: npt.NDArray[np.int8]) -> dict[str, int]:
    """How many of ``classes`` (indices into :data:`CLASSES`) are of each class, by name."""
    return {name: int((classes == c).sum()) for c, name in enumerate(CLASSES)}


class ClassedBoards:
    """What a set of positions with their classes answers: ``boards`` int8 ``(N, 2, 26)``
    and ``classes`` int8 ``(N,)`` (indices into :data:`CLASSES`)."""

    boards: npt.NDArray[np.int8]
    classes: npt.NDArray[np.int8]

    def __len__(self) -> int:
        return len(self.boards)

    def counts(self) -> dict[str, int]:
        """How many of the positions are of each class, by name."""
        return class_counts(self.classes)


def class_index(name: object) -> int:
    """The index of the class ``name`` in :data:`CLASSES`; raises :class:`~tavla.NetError`
    for another name."""
    if isinstance(name, str) and name in CLASSES:
        return CLASSES.index(name)
    raise NetError(f"unknown position class {excerpt(name)} (known: {', '.join(CLASSES)})")
