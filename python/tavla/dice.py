"""Rolls: reading them from text and checking them (R1, R8)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .errors import NotationError

Roll = tuple[int, int]

_ROLL_TEXT = re.compile(r"^\s*([1-6])\s*[-, ]?\s*([1-6])\s*$")


def parse_roll(roll: str | Sequence[int]) -> Roll:
    """Read a roll given as ``"31"``, ``"3-1"``, ``"3 1"`` or a pair of ints.

    Returns ``(d1, d2)`` in the order given (each 1..6).  Raises :class:`NotationError`
    (a ValueError) for anything else.
    """
    if isinstance(roll, str):
        match = _ROLL_TEXT.match(roll)
        if match is None:
            raise NotationError(f"cannot read the roll {roll!r}: write it as 31, 3-1 or '3 1'")
        return int(match.group(1)), int(match.group(2))
    try:
        values = [int(d) for d in roll]
    except (TypeError, ValueError):
        raise NotationError(f"a roll is two dice 1 to 6, got {roll!r}") from None
    if len(values) != 2 or any(d < 1 or d > 6 for d in values):
        raise NotationError(f"a roll is two dice 1 to 6, got {roll!r}")
    if any(isinstance(d, float) and not float(d).is_integer() for d in roll):
        raise NotationError(f"a roll is two dice 1 to 6, got {roll!r}")
    return values[0], values[1]
