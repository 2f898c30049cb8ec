"""Rolls: reading them from text and checking them (R1, R8), and where a game's dice come
from: a seeded generator or a given sequence of rolls.

Injecting the dice makes every game reproducible: the same seed or the same list of rolls
replays the same game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Sequence

from .._validate import check_roll, excerpt, is_int
from ..errors import DiceError, NotationError

Roll = tuple[int, int]

_DIE = frozenset(range(1, 7))
_ROLL_TEXT = re.compile(r"^\s*([1-6])\s*[-, ]?\s*([1-6])\s*$")


def parse_roll(roll: str | Sequence[int]) -> Roll:
    """Read a roll given as ``"31"``, ``"3-1"``, ``"3 1"`` or a pair of ints (a sequence or
    a 1-D NumPy array of two Python or NumPy ints).

    Returns ``(d1, d2)`` as plain ints, in the order given (each 1..6, R1; a double is
    played four times, R8).  Raises :class:`NotationError` (a ValueError) for anything
    else, quoting it at most 40 characters long.
    """
    if type(roll) is tuple and len(roll) == 2 and type(roll[0]) is int and type(roll[1]) is int:
        if roll[0] in _DIE and roll[1] in _DIE:
            return roll  # the common case, kept fast for per-position calls
    if isinstance(roll, str):
        match = _ROLL_TEXT.match(roll)
        if match is None:
            raise NotationError(
                f"cannot read the roll {excerpt(roll)}: write it as 31, 3-1 or '3 1'"
            )
        return int(match.group(1)), int(match.group(2))
    return check_roll(roll, "a roll", NotationError)


DiceSourceLike = random.Random | Iterable[str | Sequence[int]] | int | None


class DiceSource:
    """Rolls two dice at a time (R1).

    ``source`` is a :class:`random.Random` (its state advances as dice are drawn), an int
    seed for a new one, None for an unseeded one, or an iterable of rolls (``(3, 1)``,
    ``"31"``, ``"3-1"``), used in order.  A list or tuple of rolls is read at once, so that
    a roll that cannot be read is refused here; another iterable is read roll by roll.  An
    opening roll (R5) draws one roll whose first die is player 0's and second die player
    1's.

    Raises :class:`~tavla.errors.DiceError` (a ValueError) for a source of another kind
    (text included: ``dice="31"`` would be read die by die; give ``["31"]``) and, from
    :meth:`roll`, when the given rolls have run out; :class:`~tavla.NotationError` for a
    roll that cannot be read.
    """

    def __init__(self, source: DiceSourceLike = None) -> None:
        self._random: random.Random | None = None
        self._rolls: Iterator[str | Sequence[int]] | None = None
        self._drawn = 0
        self._given_back: list[Roll] = []
        if source is None or is_int(source):
            self._random = random.Random(None if source is None else int(source))  # type: ignore[arg-type]
        elif isinstance(source, random.Random):
            self._random = source
        elif isinstance(source, (list, tuple)):
            self._rolls = iter([parse_roll(roll) for roll in source])
        elif isinstance(source, Iterable) and not isinstance(source, (str, bytes)):
            self._rolls = iter(source)
        else:
            raise DiceError(
                "dice come from a random.Random, an int seed, None or an iterable of rolls"
                f" such as [(3, 1), '64'], got {type(source).__name__} {excerpt(source)}"
            )

    def roll(self) -> Roll:
        """The next roll ``(d1, d2)``, each 1..6.  Raises :class:`~tavla.errors.DiceError`
        when the given rolls have run out, :class:`~tavla.NotationError` for a given roll
        that cannot be read."""
        if self._given_back:
            return self._given_back.pop()
        if self._random is not None:
            return self._random.randint(1, 6), self._random.randint(1, 6)
        assert self._rolls is not None
        try:
            given = next(self._rolls)
        except StopIteration:
            raise DiceError(
                f"the given dice have run out: all {self._drawn} rolls are used, none is left"
            ) from None
        roll = parse_roll(given)
        self._drawn += 1
        return roll

    def give_back(self, rolls: Sequence[Roll]) -> None:
        """Return ``rolls``, drawn in that order by an action that was then refused: the
        next draws give them again, in the same order, before any new roll."""
        self._given_back.extend(reversed(rolls))
