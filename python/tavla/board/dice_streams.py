"""The engine's counter-based dice streams (:ref:`seeds`), read from Python.

Game ``g`` of a core run with seed ``s`` rolls from the stream ``(s, g)``: the dice of ply
``t`` are draw ``t`` of that stream, ply 0 of a game with an opening roll (R5) being that
draw read as one of the 30 rolls without a tie.  Game ``j`` of match ``m`` rolls from the
stream ``(match_game_seed(s, j), m)``.  The rolls and the seeds come from the core
(``_core.dice_rolls``, ``_core.match_game_seed``), so that the scheme is written once.
"""

from __future__ import annotations

from .. import _core

Roll = tuple[int, int]

_BLOCK = 64  # rolls fetched at a time: a whole game, mostly

MAX_STREAM = (1 << 63) - 1
"""The largest stream number the core takes."""


def match_game_seed(seed: int, game: int) -> int:
    """The seed whose streams game ``game`` (from 0) of a core match of seed ``seed`` rolls
    from: ``seed`` itself for the first game, a seed of its own for each later one."""
    return int(_core.match_game_seed(seed, game))


class EngineStream:
    """One dice stream read roll by roll, keeping a counter of the draws used; the rolls are
    fetched from the core in blocks of 64."""

    def __init__(self, seed: int, stream: int) -> None:
        self.seed = seed
        self.stream = stream
        self._block: list[Roll] = []
        self._block_start = 0
        self._used = 0

    @property
    def used(self) -> int:
        """The draws used so far: the next roll is draw ``used``."""
        return self._used

    def roll(self) -> Roll:
        """The next draw as an ordinary roll (the 36 ordered rolls equally likely)."""
        offset = self._used - self._block_start
        if not 0 <= offset < len(self._block):
            self._block_start, offset = self._used, 0
            rolls = _core.dice_rolls(self.seed, self.stream, _BLOCK, start=self._used)
            self._block = [(int(d1), int(d2)) for d1, d2 in rolls.tolist()]
        self._used += 1
        return self._block[offset]

    def opening_roll(self) -> Roll:
        """The next draw as an opening roll (never a tie), as the engine's ply 0 is."""
        ((d1, d2),) = _core.dice_rolls(self.seed, self.stream, 1, start=self._used, opening=True)
        self._used += 1
        return int(d1), int(d2)
