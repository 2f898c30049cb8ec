"""Rolls: reading them from text and checking them (R1, R8)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from numbers import Integral

from .errors import NotationError

Roll = tuple[int, int]

_DIE = frozenset(range(1, 7))
_ROLL_TEXT = re.compile(r"^\s*([1-6])\s*[-, ]?\s*([1-6])\s*$")


def parse_roll(roll: str | Sequence[int]) -> Roll:
    """Read a roll given as ``"31"``, ``"3-1"``, ``"3 1"`` or a pair of ints.

    Returns ``(d1, d2)`` as plain ints, in the order given (each 1..6; a double is played
    four times, R8).  Raises :class:`NotationError` (a ValueError) for anything else.
    """
    if type(roll) is tuple and len(roll) == 2 and type(roll[0]) is int and type(roll[1]) is int:
        if roll[0] in _DIE and roll[1] in _DIE:
            return roll  # the common case, kept fast for per-position calls
    if isinstance(roll, str):
        match = _ROLL_TEXT.match(roll)
        if match is None:
            raise NotationError(f"cannot read the roll {roll!r}: write it as 31, 3-1 or '3 1'")
        return int(match.group(1)), int(match.group(2))
    try:
        values = list(roll)
    except TypeError:
        raise NotationError(f"a roll is two dice 1 to 6, got {roll!r}") from None
    if len(values) != 2 or not all(
        isinstance(d, Integral) and not isinstance(d, bool) and 1 <= d <= 6 for d in values
    ):
        raise NotationError(f"a roll is two dice 1 to 6, got {roll!r}")
    return int(values[0]), int(values[1])
