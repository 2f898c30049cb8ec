"""Rolls: reading them from text and checking them (R1, R8), and where a game's dice come
from: a seeded generator, one of the engine's dice streams or a given sequence of rolls.

Injecting the dice makes every game reproducible: the same seed, stream or list of rolls
replays the same game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Sequence

from .._validate import check_int, check_roll, check_seed, excerpt, is_int
from ..errors import DiceError, NotationError
from .dice_streams import MAX_STREAM, EngineStream

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
    opening roll (R5) draws rolls until one is not a tie; its first die is player 0's and
    its second die player 1's.

    ``seed=s, stream=g`` (keyword-only, instead of ``source``; ``stream`` defaults to 0)
    rolls the engine's dice stream g of seed s (:ref:`seeds`), as game g of
    ``selfplay(seed=s)`` does: each roll is the next draw of the stream, an opening roll
    one draw that is never a tie.  A game that opens with this source therefore gets the
    dice of that self-play game, ply for ply, as long as its plays are the same (a cube
    action draws nothing).  An int ``source`` is still a ``random.Random`` seed:
    ``DiceSource(7)`` and ``DiceSource(seed=7)`` roll different dice.

    Raises :class:`~tavla.errors.DiceError` (a ValueError) for a source of another kind
    (text included: ``dice="31"`` would be read die by die; give ``["31"]``), a seed that
    is not an int from 0 to 2**64 - 1, a stream that is not one from 0 to 2**63 - 1 (or
    without a seed), both a source and a seed, and, from :meth:`roll`, when the given rolls
    have run out; :class:`~tavla.NotationError` for a roll that cannot be read.
    """

    def __init__(
        self, source: DiceSourceLike = None, *, seed: int | None = None, stream: int | None = None
    ) -> None:
        self._random: random.Random | None = None
        self._rolls: Iterator[str | Sequence[int]] | None = None
        self._stream: EngineStream | None = None
        self._drawn = 0
        self._given_back: list[Roll] = []
        if seed is not None or stream is not None:
            self._stream = _engine_stream(source, seed, stream)
        elif source is None or is_int(source):
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
        if self._stream is not None:
            return self._stream.roll()
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

    @property
    def stream(self) -> tuple[int, int] | None:
        """``(seed, stream)`` of an engine stream source, else None."""
        return None if self._stream is None else (self._stream.seed, self._stream.stream)

    def opening_rolls(self) -> list[Roll]:
        """The rolls of an opening roll (R5): drawn until one is not a tie, the ties
        included, in order.  From an engine stream, one draw that is never a tie.  When the
        source fails half-way (given rolls run out), the ties drawn are given back to it
        before the error goes on."""
        if self._stream is not None and not self._given_back:
            return [self._stream.opening_roll()]
        drawn: list[Roll] = []
        try:
            while not drawn or drawn[-1][0] == drawn[-1][1]:
                drawn.append(self.roll())
        except BaseException:
            self.give_back(drawn)
            raise
        return drawn

    def give_back(self, rolls: Sequence[Roll]) -> None:
        """Return ``rolls``, drawn in that order by an action that was then refused: the
        next draws give them again, in the same order, before any new roll."""
        self._given_back.extend(reversed(rolls))


def _engine_stream(source: DiceSourceLike, seed: int | None, stream: int | None) -> EngineStream:
    """The engine stream of ``DiceSource(seed=..., stream=...)``, its arguments checked."""
    if source is not None:
        raise DiceError(
            f"give dice either as a source or as seed= and stream=, not both (source"
            f" {excerpt(source)})"
        )
    if seed is None:
        raise DiceError(f"stream={excerpt(stream)} picks a stream of a seed: give seed= too")
    checked_seed = check_seed(seed, "the dice seed", DiceError)
    number = check_int(
        0 if stream is None else stream, "the dice stream", DiceError, low=0, high=MAX_STREAM
    )
    return EngineStream(checked_seed, number)


def dice_source(
    dice: DiceSource | DiceSourceLike, seed: int | None = None, stream: int | None = None
) -> DiceSource:
    """``dice`` as a :class:`DiceSource` (itself if it is one), or the engine stream
    ``seed``/``stream`` when either is given; the arguments of :class:`~tavla.Game` and
    the sessions.  Raises :class:`~tavla.errors.DiceError` as :class:`DiceSource` does."""
    if seed is None and stream is None:
        return dice if isinstance(dice, DiceSource) else DiceSource(dice)
    if isinstance(dice, DiceSource):
        raise DiceError("give dice either as a DiceSource or as seed= and stream=, not both")
    return DiceSource(dice, seed=seed, stream=stream)
