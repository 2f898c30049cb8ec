"""Positions (R1-R4): an immutable board seen from the side on roll, and the plays (R7-R14)
that lead from one position to the next.

The board encoding (:ref:`encoding`): an ``int8`` array of shape ``(2, 26)``, row 0 the side on
roll and row 1 the opponent, each counted from its own side; index 1..24 are points, 25 the
bar, 0 the checkers borne off.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core, _display
from .._validate import check_ascii, excerpt
from ..errors import IllegalPlayError, InvalidIdError, InvalidPositionError
from ._play_search import meant_result
from .diagram import text_board
from .dice import Roll, parse_roll
from .notation import format_play

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
        refuse("a count is not a finite whole number (fractional, inf or nan)", fractional)
    refuse("a count is out of range (more than 15 is impossible)", (array < -128) | (array > 127))
    return np.ascontiguousarray(array, dtype=np.int8)


def _checked_key(key: bytes) -> bytes:
    """``key`` when it is a valid 52-byte board (R1-R4); raises InvalidPositionError."""
    if not isinstance(key, bytes) or len(key) != 52:
        raise InvalidPositionError(f"a board key is 52 bytes, got {excerpt(key)}")
    fault = _core.board_error(key)
    if fault:
        raise InvalidPositionError(fault)
    return key


def _board_to_key(board: npt.ArrayLike) -> bytes:
    if isinstance(board, (str, bytes)):
        raise InvalidPositionError(
            f"a board is a (2, 26) array of counts, not text ({excerpt(board)}): read a"
            " Position ID with Position.from_position_id, an XGID with"
            " tavla.formats.xgid.parse_xgid"
        )
    try:
        array = np.asarray(board)
    except (TypeError, ValueError) as exc:
        raise InvalidPositionError(f"a board must be a (2, 26) array of counts: {exc}") from None
    if array.shape != _SHAPE:
        raise InvalidPositionError(f"a board has shape (2, 26), got {array.shape}")
    return _checked_key(int8_counts(array).tobytes())


class Position:
    """A backgammon position seen from the side on roll (immutable, hashable).

    Construct it from a ``(2, 26)`` integer array-like (the board encoding of
    :mod:`tavla.board`), or with :meth:`initial` or :meth:`from_position_id` (an XGID:
    ``tavla.formats.xgid.parse_xgid(text).position``).  Raises
    :class:`~tavla.InvalidPositionError` (a ValueError) naming the fault when the board
    breaks R1-R4: wrong shape, a fractional or negative count, a side without exactly 15
    checkers, a point held by both sides; and for text (a Position ID given to the
    constructor: the message points to :meth:`from_position_id`).  Pickles hold the 52-byte
    key, checked again when unpickled (a crafted pickle raises InvalidPositionError).
    """

    __slots__ = ("_key",)
    _key: bytes

    def __init__(self, board: npt.ArrayLike) -> None:
        object.__setattr__(self, "_key", _board_to_key(board))

    @classmethod
    def _from_key(cls, key: bytes) -> Position:
        """The position of a 52-byte key, checked (R1-R4; InvalidPositionError).  Pickles
        call it, so that a crafted pickle cannot hand the core a bad board."""
        return cls._trusted(_checked_key(key))

    @classmethod
    def _trusted(cls, key: bytes) -> Position:
        """Wrap a 52-byte key the core made or checked, without checking it again."""
        position = object.__new__(cls)
        object.__setattr__(position, "_key", key)
        return position

    @classmethod
    def initial(cls) -> Position:
        """The starting position of R4: 2 on 24, 5 on 13, 3 on 8, 5 on 6 for each side."""
        return _INITIAL

    @classmethod
    def from_position_id(cls, position_id: str) -> Position:
        """Decode a GNU Backgammon Position ID (14 characters, :ref:`position-id`).

        The ID names the side not on roll first; the result has the side on roll in row 0.
        Surrounding white space is ignored.  Raises :class:`~tavla.InvalidIdError` naming
        the fault: not a string, a character that is not printable ASCII, a wrong length,
        a character outside base64, a board that breaks R1-R4.  Messages quote the ID
        cut to 40 characters (:func:`tavla._validate.excerpt`).
        """
        text = check_ascii(position_id, "a Position ID", InvalidIdError)
        try:
            return cls._trusted(_core.parse_position_id(text))
        except InvalidIdError as exc:
            fault, quote = str(exc), excerpt(text)
            # The core quotes the ID itself in some faults (its length, its alphabet).
            shown = "" if fault.endswith(quote) else f" {quote}"
            raise InvalidIdError(f"bad Position ID{shown}: {fault}") from None

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
        return ResultKind(_core.result_kind(self._key, 1 - winner))

    def swapped(self) -> Position:
        """The same checkers seen by the other side (the rows exchanged)."""
        return Position._trusted(self._key[26:] + self._key[:26])

    # -- plays -------------------------------------------------------------------------

    def legal_plays(self, dice: str | Sequence[int]) -> list[Play]:
        """Every distinct legal play of a roll (R7-R13), R9 applied to the whole turn.

        ``dice`` is a pair of ints 1..6 or text such as ``"31"``.  Plays are distinct when
        their resulting positions differ; the list is never empty: when nothing can move
        it holds one play with no moves (the forced pass).  Sorted by their moves, highest
        starting points first.  Raises :class:`~tavla.IllegalPlayError` if the game is over.
        """
        d1, d2 = parse_roll(dice)
        if self.is_over:
            raise IllegalPlayError("the game is over: a side has borne off all 15 checkers")
        return list(map(Play, _core.legal_plays(self._key, d1, d2)))

    def play(
        self, dice: str | Sequence[int], play: Play | str | Sequence[tuple[int, int]]
    ) -> Position:
        """The position after a play (R14), with the opponent on roll.

        ``play`` is notation (``"13/7*/5 6/5"``, ``"bar/22"``, ``"8/5(2)"``, ``"6/off"``, in
        any order and case), a sequence of ``(from, to)`` moves (25 = bar, 0 = off), or a
        :class:`~tavla.Play` of :meth:`legal_plays`.
        Raises :class:`~tavla.IllegalPlayError` saying why the play is not legal, or
        :class:`~tavla.NotationError` when the text cannot be read.
        """
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
        return text_board(self)

    def _repr_svg_(self) -> str | None:
        """The board as SVG, for notebooks (:func:`tavla.render.svg.board_svg`)."""
        return _display.svg(self)

    def _repr_html_(self) -> str | None:
        """The board as SVG with its Position ID as the caption, for notebooks."""
        return _display.html(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Position._from_key, (self._key,))


_INITIAL = Position(
    [[0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]] * 2
)


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

    __slots__ = ("_notation", "_raw")

    def __init__(self, raw: tuple[bytes, bytes, int]) -> None:
        # One play as the core gives it: (result key seen by the opponent, the moves as
        # from/to bytes, a hit mask with bit i set when move i hit).  Everything else is
        # derived on demand, so that legal_plays() stays cheap.
        self._raw = raw

    @property
    def moves(self) -> tuple[Move, ...]:
        raw = self._raw[1]
        return tuple((raw[i], raw[i + 1]) for i in range(0, len(raw), 2))

    @property
    def hit_flags(self) -> tuple[bool, ...]:
        """For each move of :attr:`moves`, whether it hit a blot."""
        mask = self._raw[2]
        return tuple(bool(mask >> i & 1) for i in range(len(self._raw[1]) // 2))

    @property
    def hits(self) -> int:
        return int(self._raw[2]).bit_count()

    @property
    def notation(self) -> str:
        try:
            return self._notation
        except AttributeError:
            self._notation: str = format_play(self.moves, self.hit_flags)
            return self._notation

    @property
    def position(self) -> Position:
        return Position._trusted(self._raw[0])

    @property
    def is_pass(self) -> bool:
        """True for the forced pass: nothing could move."""
        return not self._raw[1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self._raw[:2] == other._raw[:2]

    def __hash__(self) -> int:
        return hash(self._raw[:2])

    def __repr__(self) -> str:
        return f"<Play {self.notation or 'pass'} -> {self.position.position_id}>"


def find_play(position: Position, dice: Roll, play: Play | str | Sequence[Sequence[int]]) -> Play:
    """The legal play of ``dice`` in ``position`` that ``play`` means (R7-R14): a
    :class:`Play` of :meth:`Position.legal_plays`, or typed moves.

    ``play`` is read by :func:`tavla.board.notation.parse_play` (text in any order and case,
    or ``(from, to)`` pairs).  Each move is split into single-die moves with the dice
    (``24/14`` with 6-4 is tried through 18 and through 20; ``5/off`` may use a larger die),
    every order of those moves is tried, and the play is identified by its resulting
    position among :meth:`Position.legal_plays`.  When a checker path could hit on a point
    the text does not name, the path that does not hit is meant (``24/14`` rather than
    ``24/18*/14``, as the standard notation writes them).  An empty play means no move,
    legal only for the forced pass.

    Raises :class:`~tavla.IllegalPlayError` (a ValueError) naming the offending move and
    the rule: die not in the roll, too many moves for the roll, no checker there, the point
    is blocked (R10), a checker on the bar must enter first (R12), cannot bear off yet
    (R13), must use both dice / play more dice or the larger die (R9); and when the game is
    over.  Raises :class:`~tavla.NotationError` for text that cannot be read or that could
    mean two different plays.
    """
    if isinstance(play, Play):
        for candidate in position.legal_plays(dice):
            if candidate == play:
                return candidate
        raise IllegalPlayError(
            f"{play.notation or 'the pass'} is a Play of another position or roll: it is not"
            f" among the legal plays of {dice[0]}-{dice[1]} in {position.position_id}"
        )
    legal = {candidate.position.key: candidate for candidate in position.legal_plays(dice)}
    moves_needed = len(next(iter(legal.values())).moves)
    result = meant_result(
        position.key, dice, play, legal, lambda key: legal[key].notation, moves_needed
    )
    return legal[result]
