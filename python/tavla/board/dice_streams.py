"""The engine's counter-based dice streams (:ref:`seeds`), read from Python.

Game ``g`` of a core run with seed ``s`` rolls from the stream ``(s, g)``: the dice of ply
``t`` are draw ``t`` of that stream, ply 0 of a game with an opening roll (R5) being one draw
mapped to the 30 rolls without a tie.  Game ``j`` of match ``m`` rolls from the stream
``(match_game_seed(s, j), m)``.  The ordinary rolls come from the core
(``_core.dice_rolls``); the opening roll and the seeds of a match's later games need the
64-bit draws themselves, which this module computes by the same scheme (SplitMix64: a word
``key`` per stream, draw ``i`` = ``mix64(key + (i + 1) * golden)``; the tests check it
against the core).
"""

from __future__ import annotations

from .. import _core

Roll = tuple[int, int]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_FIRST_BLOCK = 64  # rolls fetched at first: a whole game, mostly

MAX_STREAM = (1 << 63) - 1
"""The largest stream number the core takes."""


def mix64(word: int) -> int:
    """SplitMix64's finaliser, a bijection on 64-bit words."""
    word = ((word ^ (word >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    word = ((word ^ (word >> 27)) * 0x94D049BB133111EB) & _MASK
    return word ^ (word >> 31)


def draw(seed: int, stream: int, counter: int) -> int:
    """Draw ``counter`` (from 0) of the stream ``(seed, stream)``: a 64-bit word."""
    key = mix64(mix64(seed) ^ stream)
    return mix64((key + (counter + 1) * _GOLDEN) & _MASK)


def match_game_seed(seed: int, game: int) -> int:
    """The seed whose streams game ``game`` (from 0) of a core match of seed ``seed`` rolls
    from: ``seed`` itself for the first game, a seed of its own for each later one."""
    if game == 0:
        return seed
    return mix64(seed ^ mix64((game * _GOLDEN) & _MASK))


def opening_roll(word: int) -> Roll:
    """The opening roll (R5) of one draw: the 30 ordered rolls with two different dice
    equally likely, player 0's die first."""
    index = (word * 30) >> 64
    first, other = index // 5 + 1, index % 5 + 1
    return first, other if other < first else other + 1


class EngineStream:
    """One dice stream read roll by roll, keeping a counter of the draws used.  The core
    gives a stream's first ``n`` rolls, so they are fetched in blocks (64, then twice as
    many each time the block runs out)."""

    def __init__(self, seed: int, stream: int) -> None:
        self.seed = seed
        self.stream = stream
        self._block: list[Roll] = []
        self._used = 0

    @property
    def used(self) -> int:
        """The draws used so far: the next roll is draw ``used``."""
        return self._used

    def roll(self) -> Roll:
        """The next draw as an ordinary roll (the 36 ordered rolls equally likely)."""
        if self._used >= len(self._block):
            count = max(_FIRST_BLOCK, 2 * len(self._block))
            rolls = _core.dice_rolls(self.seed, self.stream, count).tolist()
            self._block = [(d1, d2) for d1, d2 in rolls]
        roll = self._block[self._used]
        self._used += 1
        return roll

    def opening_roll(self) -> Roll:
        """The next draw as an opening roll (never a tie), as the engine's ply 0 is."""
        roll = opening_roll(draw(self.seed, self.stream, self._used))
        self._used += 1
        return roll
