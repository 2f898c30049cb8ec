"""Where a game's dice come from: a seeded generator or a given sequence of rolls.

Injecting the dice makes every game reproducible (DESIGN.md, Randomness): the same seed or
the same list of rolls replays the same game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from .dice import Roll, parse_roll
from .errors import TavlaError

DiceSourceLike = random.Random | Iterable[str | Sequence[int]] | int | None


class DiceSource:
    """Rolls two dice at a time.

    ``source`` is a :class:`random.Random` (its state advances as dice are drawn), an int
    seed for a new one, None for an unseeded one, or an iterable of rolls (``(3, 1)``,
    ``"31"``, ``"3-1"``), used in order.  An opening roll (R5) draws one roll whose first
    die is player 0's and second die player 1's.  Raises :class:`~tavla.NotationError` for
    a roll that cannot be read and :class:`~tavla.TavlaError` when the given rolls run out.
    """

    def __init__(self, source: DiceSourceLike = None) -> None:
        self._random: random.Random | None = None
        self._rolls: Iterator[str | Sequence[int]] | None = None
        if source is None or (isinstance(source, int) and not isinstance(source, bool)):
            self._random = random.Random(source)
        elif isinstance(source, random.Random):
            self._random = source
        elif isinstance(source, Iterable) and not isinstance(source, (str, bytes)):
            self._rolls = iter(source)
        else:
            raise TavlaError(
                "dice come from a random.Random, an int seed, None or an iterable of rolls,"
                f" got {source!r}"
            )

    def roll(self) -> Roll:
        """The next roll ``(d1, d2)``, each 1..6."""
        if self._random is not None:
            return self._random.randint(1, 6), self._random.randint(1, 6)
        assert self._rolls is not None
        try:
            given = next(self._rolls)
        except StopIteration:
            raise TavlaError("the given dice have run out: no roll left to draw") from None
        return parse_roll(given)
