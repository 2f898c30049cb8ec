"""Plays: a whole turn's moves and the position they lead to (R7-R14)."""

from __future__ import annotations

from .notation import format_play
from .position import Position

Move = tuple[int, int]


class Play:
    """One legal play of a roll, as returned by :meth:`Position.legal_plays`.

    Attributes:
        moves: tuple of ``(from, to)`` single-checker moves, one per die used, in an order
            that can be played; 25 is the bar, 0 is off.  Empty for a forced pass.
        hits: how many blots the play hits.
        notation: standard notation (``"13/7*/5 6/5"``, ``"bar/22"``, ``"6/off(2)"``);
            ``""`` for a pass.
        position: the resulting :class:`Position`, with the opponent on roll.
    """

    __slots__ = ("_hit_mask", "_moves_raw", "_notation", "_result_key")

    def __init__(self, result_key: bytes, moves_raw: bytes, hit_mask: int) -> None:
        self._result_key = result_key
        self._moves_raw = moves_raw
        self._hit_mask = hit_mask
        self._notation: str | None = None

    @property
    def moves(self) -> tuple[Move, ...]:
        raw = self._moves_raw
        return tuple((raw[i], raw[i + 1]) for i in range(0, len(raw), 2))

    @property
    def hit_flags(self) -> tuple[bool, ...]:
        """For each move of :attr:`moves`, whether it hit a blot."""
        return tuple(bool(self._hit_mask >> i & 1) for i in range(len(self._moves_raw) // 2))

    @property
    def hits(self) -> int:
        return int(self._hit_mask).bit_count()

    @property
    def notation(self) -> str:
        if self._notation is None:
            self._notation = format_play(self.moves, self.hit_flags)
        return self._notation

    @property
    def position(self) -> Position:
        return Position._from_key(self._result_key)

    @property
    def is_pass(self) -> bool:
        """True for the forced pass: nothing could move."""
        return not self._moves_raw

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self._result_key == other._result_key and self._moves_raw == other._moves_raw

    def __hash__(self) -> int:
        return hash((self._result_key, self._moves_raw))

    def __repr__(self) -> str:
        return f"<Play {self.notation or 'pass'} -> {self.position.position_id}>"
