"""Positions (R1-R4): an immutable board seen from the side on roll.

The board encoding is DESIGN.md's: an ``int8`` array of shape ``(2, 26)``, row 0 the side on
roll and row 1 the opponent, each counted from its own side; index 1..24 are points, 25 the
bar, 0 the checkers borne off.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _core
from .dice import parse_roll
from .errors import IllegalPlayError, InvalidIdError, InvalidPositionError

BoardArray = npt.NDArray[np.int8]

_SHAPE = (2, 26)


class ResultKind(enum.IntEnum):
    """How a game was won (R16): the multiplier of the cube value."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


def int8_counts(array: npt.NDArray[Any], rows: bool = False) -> npt.NDArray[np.int8]:
    """Checker counts as a C-contiguous int8 array (no copy when they already are).

    Integer dtypes and floats holding whole numbers are accepted.  Raises
    :class:`~tavla.InvalidPositionError` for another dtype, a fractional or non-finite count,
    or one outside int8 (no count can pass 15 anyway); with ``rows``, the message names the
    row (first axis) of the first bad count.
    """
    if array.dtype == np.int8:
        return np.ascontiguousarray(array)
    is_float = np.issubdtype(array.dtype, np.floating)
    if array.dtype == bool or not (np.issubdtype(array.dtype, np.integer) or is_float):
        raise InvalidPositionError(f"a board holds integer counts, got dtype {array.dtype}")

    def refuse(reason: str, bad: npt.NDArray[np.bool_]) -> None:
        if bad.any():
            where = f"row {int(np.argwhere(bad)[0][0])}: " if rows else ""
            raise InvalidPositionError(where + reason)

    if is_float:
        fractional = ~np.isfinite(array) | (array != np.round(array))
        refuse("a count is not a whole number (fractional)", fractional)
    refuse("a count is out of range (more than 15 is impossible)", (array < -128) | (array > 127))
    return np.ascontiguousarray(array, dtype=np.int8)


def _board_to_key(board: npt.ArrayLike) -> bytes:
    try:
        array = np.asarray(board)
    except (TypeError, ValueError) as exc:
        raise InvalidPositionError(f"a board must be a (2, 26) array of counts: {exc}") from None
    if array.shape != _SHAPE:
        raise InvalidPositionError(f"a board has shape (2, 26), got {array.shape}")
    key = int8_counts(array).tobytes()
    fault = _core.board_error(key)
    if fault:
        raise InvalidPositionError(fault)
    return key


class Position:
    """A backgammon position seen from the side on roll (immutable, hashable).

    Construct it from a ``(2, 26)`` integer array-like (DESIGN.md's board), or with
    :meth:`initial`, :meth:`from_position_id` or :meth:`from_xgid`.  Raises
    :class:`~tavla.InvalidPositionError` (a ValueError) naming the fault when the board
    breaks R1-R4: wrong shape, a fractional or negative count, a side without exactly 15
    checkers, a point held by both sides.
    """

    __slots__ = ("_key",)
    _key: bytes

    def __init__(self, board: npt.ArrayLike) -> None:
        object.__setattr__(self, "_key", _board_to_key(board))

    @classmethod
    def _from_key(cls, key: bytes) -> Position:
        """Wrap an already valid 52-byte key without checking it again."""
        position = object.__new__(cls)
        object.__setattr__(position, "_key", key)
        return position

    @classmethod
    def initial(cls) -> Position:
        """The starting position of R4: 2 on 24, 5 on 13, 3 on 8, 5 on 6 for each side."""
        return _INITIAL

    @classmethod
    def from_position_id(cls, position_id: str) -> Position:
        """Decode a GNU Backgammon Position ID (14 characters, FORMATS.md section 1).

        The ID names the side not on roll first; the result has the side on roll in row 0.
        Raises :class:`~tavla.InvalidIdError` naming the fault.
        """
        if not isinstance(position_id, str):
            raise InvalidIdError(f"a Position ID is a string, got {type(position_id).__name__}")
        try:
            return cls._from_key(_core.parse_position_id(position_id.strip()))
        except ValueError as exc:
            raise InvalidIdError(f"bad Position ID {position_id!r}: {exc}") from None

    @classmethod
    def from_xgid(cls, xgid: str) -> Position:
        """The position part of an XGID (eXtreme Gammon ID), oriented to the side on roll.

        Raises :class:`~tavla.InvalidIdError` naming the fault.
        """
        from .ids import parse_xgid

        return parse_xgid(xgid).position

    # -- views -------------------------------------------------------------------------

    @property
    def board(self) -> BoardArray:
        """A fresh ``(2, 26)`` int8 array: row 0 the side on roll, row 1 the opponent."""
        return np.frombuffer(self._key, dtype=np.int8).reshape(_SHAPE).copy()

    @property
    def key(self) -> bytes:
        """The board as 52 raw int8 bytes (row 0 then row 1)."""
        return self._key

    @property
    def position_id(self) -> str:
        """GNU Backgammon Position ID (14 characters)."""
        return str(_core.position_id(self._key))

    @property
    def pip_counts(self) -> tuple[int, int]:
        """Pip counts (side on roll, opponent) per R4; 25 pips for a checker on the bar."""
        mover, opponent = _core.pip_counts(self._key)
        return int(mover), int(opponent)

    @property
    def is_race(self) -> bool:
        """True when no checker of either side can still meet one of the other."""
        return bool(_core.is_race(self._key))

    @property
    def is_over(self) -> bool:
        """True when a side has borne off all 15 checkers (R15)."""
        return self._key[0] == 15 or self._key[26] == 15

    @property
    def winner(self) -> int | None:
        """Row of the side that has borne off all 15 (0 = on roll, 1 = opponent), or None."""
        if self._key[26] == 15:
            return 1
        if self._key[0] == 15:
            return 0
        return None

    @property
    def winner_kind(self) -> ResultKind | None:
        """Single, gammon or backgammon (R16) for a finished position, None while playing.

        Backgammon: the loser has borne off nothing and still has a checker on the bar or
        in the winner's home board (the loser's points 19-24).
        """
        winner = self.winner
        if winner is None:
            return None
        loser = self._key[26 * (1 - winner) : 26 * (2 - winner)]
        if loser[0] > 0:
            return ResultKind.SINGLE
        if any(loser[19:26]):
            return ResultKind.BACKGAMMON
        return ResultKind.GAMMON

    def swapped(self) -> Position:
        """The same checkers seen by the other side (the rows exchanged)."""
        return Position._from_key(self._key[26:] + self._key[:26])

    # -- plays -------------------------------------------------------------------------

    def legal_plays(self, dice: str | Sequence[int]) -> list[_play.Play]:
        """Every distinct legal play of a roll (R7-R13), R9 applied to the whole turn.

        ``dice`` is a pair of ints 1..6 or text such as ``"31"``.  Plays are distinct when
        their resulting positions differ; the list is never empty: when nothing can move
        it holds one play with no moves (the forced pass).  Sorted by their moves, highest
        starting points first.  Raises :class:`~tavla.IllegalPlayError` if the game is over.
        """
        d1, d2 = parse_roll(dice)
        if self.is_over:
            raise IllegalPlayError("the game is over: a side has borne off all 15 checkers")
        return list(map(_play.Play, _core.legal_plays(self._key, d1, d2)))

    def play(
        self, dice: str | Sequence[int], play: _play.Play | str | Sequence[tuple[int, int]]
    ) -> Position:
        """The position after a play (R14), with the opponent on roll.

        ``play`` is notation (``"13/7*/5 6/5"``, ``"bar/22"``, ``"8/5(2)"``, ``"6/off"``, in
        any order and case), a sequence of ``(from, to)`` moves (25 = bar, 0 = off), or a
        :class:`~tavla.Play` of :meth:`legal_plays`.
        Raises :class:`~tavla.IllegalPlayError` saying why the play is not legal, or
        :class:`~tavla.NotationError` when the text cannot be read.
        """
        from .play import find_play

        return find_play(self, parse_roll(dice), play).position

    # -- dunder ------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Position is immutable")

    def __repr__(self) -> str:
        return f"Position.from_position_id({self.position_id!r})"

    def __str__(self) -> str:
        from .render import text_board

        return text_board(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Position._from_key, (self._key,))


_INITIAL = Position(
    [[0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]] * 2
)

# Play is built on Position, and legal_plays() returns Plays.  Bound here, once Position
# exists, as a module (which works whichever of the two is imported first); an import inside
# the method would cost every call.
from . import play as _play  # noqa: E402
