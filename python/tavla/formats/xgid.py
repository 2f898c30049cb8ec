"""XGID, eXtreme Gammon's position ID: position, cube and match state (:ref:`xgid`),
and its conversion to GNU Backgammon's IDs.

Player numbering follows :ref:`players`: gnubg player 0 is XGID's top side ("O",
lowercase), player 1 the bottom side ("X", uppercase).  Every parser raises
:class:`~tavla.InvalidIdError` (a ValueError) naming the fault and never returns a partly
read ID.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

import numpy as np

from .._validate import check_bool, check_optional_roll, excerpt
from ..board.dice import Roll
from ..board.position import Position
from ..errors import InvalidIdError, InvalidPositionError
from .context import (
    _MAX_CUBE_LOG2,
    MAX_MATCH_LENGTH,
    MAX_SCORE,
    MatchContext,
    fill_borne_off,
    match_context,
)
from .gnubg import GnubgId, MatchId, MatchIdState, _cube_log2

_XGID_PREFIX = "XGID="
_XGID_INT = re.compile(r"-?[0-9]+")
_XGID_POSITION = re.compile(r"[-A-Pa-p]{26}")
_XGID_DICE = re.compile(r"00|[1-6][1-6]|D")
_BOTTOM, _TOP = 1, -1
DOUBLE_OFFERED: Literal["D"] = "D"
"""The XGID dice value meaning "a double was offered and awaits an answer"."""


def _xgid_position_rows(text: str) -> tuple[list[int], list[int]]:
    """(bottom, top) rows of tavla's board (docs/board.rst) from the 26-character XGID
    position."""
    if not _XGID_POSITION.fullmatch(text):
        raise InvalidIdError(
            f"the XGID position is 26 characters of '-', A-P, a-p; got {excerpt(text)}"
            f" ({len(text)})"
        )
    if text[0].isupper() or text[25].islower():
        raise InvalidIdError(
            "character 0 of the XGID position holds only the top bar (lowercase) and"
            " character 25 only the bottom bar (uppercase)"
        )
    bottom, top = [0] * 26, [0] * 26
    for i, char in enumerate(text):
        if char.isupper():
            bottom[i] = ord(char) - ord("A") + 1
        elif char.islower():
            top[25 - i] = ord(char) - ord("a") + 1
    fill_borne_off(bottom, "bottom")
    fill_borne_off(top, "top")
    return bottom, top


def _xgid_position_text(bottom: list[int], top: list[int]) -> str:
    chars = []
    for i in range(26):
        if 1 <= i and bottom[i]:
            chars.append(chr(ord("A") + bottom[i] - 1))
        elif i <= 24 and top[25 - i]:
            chars.append(chr(ord("a") + top[25 - i] - 1))
        else:
            chars.append("-")
    return "".join(chars)


_XGID_INT_DIGITS = 12  # far more than any field needs, far below Python's 4,300-digit limit


def _xgid_int(text: str, what: str, allowed: range | tuple[int, ...]) -> int:
    if len(text) > _XGID_INT_DIGITS or not _XGID_INT.fullmatch(text) or int(text) not in allowed:
        shown = (
            f"{allowed.start} to {allowed.stop - 1}"
            if isinstance(allowed, range)
            else (" or ".join(str(a) for a in allowed))
        )
        raise InvalidIdError(f"the XGID {what} must be {shown}, got {excerpt(text)}")
    return int(text)


@dataclass(frozen=True)
class Xgid:
    """An eXtreme Gammon ID: position, cube and match state (:ref:`xgid`).

    Fields, with XG's conventions (bottom = uppercase = "X" = gnubg player 1, top = "O" =
    gnubg player 0):

    - ``position``: the :class:`~tavla.Position` seen from the side on roll, that is the
      side named by ``turn`` (with a pending double: the doubler).
    - ``cube_value``: 1, 2, 4 ... 2**15; during a pending double the value before it.
    - ``cube_owner``: 1 bottom, -1 top, 0 centred.
    - ``turn``: 1 bottom on roll, -1 top on roll (the doubler while a double is offered).
    - ``dice``: None before the roll (``00``), :data:`DOUBLE_OFFERED` (``"D"``) while a
      double awaits an answer, else the two dice in the order written.
    - ``score_bottom``, ``score_top``: the scores (fields 6 and 7).
    - ``crawford``: match play, this is the Crawford game (R24).
    - ``jacoby``, ``beavers``: money play options (R22, R20), rules field bits 0 and 1.
    - ``match_length``: 0 for money play.
    - ``max_cube``: the money cube limit as a value (XG writes log2 10, that is 1024).

    ``str()`` gives ``XGID=...``.  Bad fields raise :class:`~tavla.InvalidIdError`,
    impossible states among them: a cube above ``max_cube`` (R19); dice or a pending double
    on a finished position (R15); and every state :class:`~tavla.formats.gnubg.MatchId`
    refuses (a cube of 1 with an owner, a cube above 1 or a double in the Crawford game,
    a double of a cube the answerer owns: R18, R19, R24), named with gnubg's players.
    The XGID has no game-state field: a finished position with dice ``00`` is a game
    over, and :meth:`to_match_id` writes it so.
    """

    position: Position
    cube_value: int = 1
    cube_owner: int = 0
    turn: int = _BOTTOM
    dice: Roll | Literal["D"] | None = None
    score_bottom: int = 0
    score_top: int = 0
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    match_length: int = 0
    max_cube: int = 1024

    def __post_init__(self) -> None:
        if not isinstance(self.position, Position):
            raise InvalidIdError(
                f"an XGID position is a Position, got {type(self.position).__name__}"
            )
        object.__setattr__(self, "cube_value", 1 << _cube_log2(self.cube_value, "the cube value"))
        object.__setattr__(self, "max_cube", 1 << _cube_log2(self.max_cube, "the maximum cube"))
        if self.cube_owner not in (_BOTTOM, 0, _TOP) or isinstance(self.cube_owner, bool):
            raise InvalidIdError(
                f"the XGID cube owner is 1, 0 or -1, got {excerpt(self.cube_owner)}"
            )
        if self.turn not in (_BOTTOM, _TOP) or isinstance(self.turn, bool):
            raise InvalidIdError(
                f"the XGID turn is 1 (bottom) or -1 (top), got {excerpt(self.turn)}"
            )
        if not (isinstance(self.dice, str) and self.dice == DOUBLE_OFFERED):
            object.__setattr__(self, "dice", check_optional_roll(self.dice, "dice", InvalidIdError))
        for flag in ("crawford", "jacoby", "beavers"):
            check_bool(getattr(self, flag), f"the {flag} flag", InvalidIdError)
        context = self.context
        object.__setattr__(self, "match_length", context.length)
        object.__setattr__(self, "score_top", context.score[0])
        object.__setattr__(self, "score_bottom", context.score[1])
        if self.match_length and (self.jacoby or self.beavers):
            raise InvalidIdError("Jacoby and beavers are money play options (R20, R22)")
        if self.cube_value > self.max_cube:
            raise InvalidIdError(
                f"the cube is at {self.cube_value}, above the XGID's own maximum cube"
                f" {self.max_cube} (R19)"
            )
        if self.position.is_over and self.dice is not None:
            what = "a double is offered" if self.dice == DOUBLE_OFFERED else "dice are rolled"
            raise InvalidIdError(
                f"the position is finished (a side has borne off all its checkers, R15),"
                f" yet {what}: nobody rolls or doubles once the game is over"
            )
        try:
            self.to_match_id()
        except InvalidIdError as exc:
            raise InvalidIdError(f"{exc} (gnubg's players: 0 = top, 1 = bottom)") from None

    @property
    def context(self) -> MatchContext:
        """Match length, score and Crawford flag as a :class:`~tavla.formats.context.MatchContext`
        (score in gnubg's order: top = player 0, then bottom = player 1).  Raises
        :class:`~tavla.InvalidIdError` for fields it refuses."""
        return match_context(self.match_length, (self.score_top, self.score_bottom), self.crawford)

    @classmethod
    def from_position(cls, position: Position) -> Xgid:
        """The XGID of a bare position: the side on roll at the bottom, money play, cube 1
        centred, not rolled yet."""
        return cls(position)

    @classmethod
    def parse(cls, text: str) -> Xgid:
        """Read an XGID, with or without the ``XGID=`` prefix.

        Raises :class:`~tavla.InvalidIdError` naming the field at fault: not ten fields,
        a bad position string (alphabet, bar characters, more than 15 checkers a side),
        a value out of range, XG's ``B``/``R`` beaver dice (unsupported, as in gnubg), a
        score above the match length, rules other than 0/1 in a match or 0-3 in money.
        """
        if not isinstance(text, str):
            raise InvalidIdError(f"an XGID is a string, got {type(text).__name__}")
        body = text.strip()
        if body[: len(_XGID_PREFIX)].upper() == _XGID_PREFIX:
            body = body[len(_XGID_PREFIX) :]
        fields = body.split(":")
        if len(fields) != 10:
            raise InvalidIdError(
                f"an XGID has 10 colon-separated fields, {excerpt(text.strip())} has {len(fields)}"
            )
        try:
            return cls._from_fields(fields)
        except InvalidIdError as exc:
            raise InvalidIdError(f"bad XGID {excerpt(text.strip(), 80)}: {exc}") from None

    @classmethod
    def _from_fields(cls, fields: list[str]) -> Xgid:
        bottom, top = _xgid_position_rows(fields[0])
        cube_log2 = _xgid_int(fields[1], "cube (log2 of its value)", range(_MAX_CUBE_LOG2 + 1))
        owner = _xgid_int(fields[2], "cube owner", (_BOTTOM, 0, _TOP))
        turn = _xgid_int(fields[3], "turn", (_BOTTOM, _TOP))
        if fields[4] in ("B", "R"):
            raise InvalidIdError(f"the beaver/raccoon dice value {fields[4]!r} is not supported")
        if not _XGID_DICE.fullmatch(fields[4]):
            raise InvalidIdError(
                f"the XGID dice are 00, D or two digits 1-6, got {excerpt(fields[4])}"
            )
        dice: Roll | Literal["D"] | None = (
            DOUBLE_OFFERED
            if fields[4] == DOUBLE_OFFERED
            else None
            if fields[4] == "00"
            else (int(fields[4][0]), int(fields[4][1]))
        )
        score_bottom = _xgid_int(fields[5], "bottom score", range(MAX_SCORE + 1))
        score_top = _xgid_int(fields[6], "top score", range(MAX_SCORE + 1))
        length = _xgid_int(fields[8], "match length", range(MAX_MATCH_LENGTH + 1))
        rules = _xgid_int(
            fields[7],
            "rules in a match (1 = Crawford game)" if length else "rules in money play",
            range(2) if length else range(4),
        )
        max_cube_log2 = _xgid_int(fields[9], "maximum cube (log2)", range(_MAX_CUBE_LOG2 + 1))
        rows = (bottom, top) if turn == _BOTTOM else (top, bottom)
        try:
            position = Position(np.array(rows, dtype=np.int8))
        except InvalidPositionError as exc:
            raise InvalidIdError(str(exc)) from None
        return cls(
            position=position,
            cube_value=1 << cube_log2,
            cube_owner=owner,
            turn=turn,
            dice=dice,
            score_bottom=score_bottom,
            score_top=score_top,
            crawford=bool(length and rules),
            jacoby=bool(not length and rules & 1),
            beavers=bool(not length and rules & 2),
            match_length=length,
            max_cube=1 << max_cube_log2,
        )

    def encode(self) -> str:
        """The XGID text with the ``XGID=`` prefix."""
        on_roll, opponent = (list(row) for row in self.position.board.tolist())
        bottom, top = (on_roll, opponent) if self.turn == _BOTTOM else (opponent, on_roll)
        if self.dice is None:
            dice = "00"
        elif self.dice == DOUBLE_OFFERED:
            dice = DOUBLE_OFFERED
        else:
            dice = f"{self.dice[0]}{self.dice[1]}"
        rules = int(self.crawford) if self.match_length else self.jacoby + 2 * self.beavers
        fields = (
            _xgid_position_text(bottom, top),
            _cube_log2(self.cube_value, "the cube value"),
            self.cube_owner,
            self.turn,
            dice,
            self.score_bottom,
            self.score_top,
            rules,
            self.match_length,
            _cube_log2(self.max_cube, "the maximum cube"),
        )
        return _XGID_PREFIX + ":".join(str(field) for field in fields)

    def __str__(self) -> str:
        return self.encode()

    def to_match_id(self) -> MatchId:
        """The gnubg Match ID of this XGID (:ref:`players`).

        Bottom is gnubg player 1, top player 0; ``jacoby`` is False in match play, as gnubg
        writes it.  Unlike gnubg's importer, a pending double (``D``) is kept: dice owner =
        the doubler, turn = the other player, double offered (:ref:`xgid`).  A finished
        position (R15) is written with the game state OVER, since a game with a winner is
        not being played.  The beaver flag and the maximum cube have no Match ID field and
        are dropped.
        """
        on_roll = _gnubg_player(self.turn)
        pending = self.dice == DOUBLE_OFFERED
        return MatchId(
            cube_value=self.cube_value,
            cube_owner=None if self.cube_owner == 0 else _gnubg_player(self.cube_owner),
            dice_owner=on_roll,
            crawford=self.crawford,
            game_state=MatchIdState.OVER if self.position.is_over else MatchIdState.PLAYING,
            turn=1 - on_roll if pending else on_roll,
            double_offered=pending,
            dice=None if self.dice == DOUBLE_OFFERED else self.dice,
            match_length=self.match_length,
            score=(self.score_top, self.score_bottom),
            jacoby=self.jacoby,
        )

    def to_gnubg_id(self) -> GnubgId:
        """The combined GNUbg ID: the same Position plus :meth:`to_match_id`."""
        return GnubgId(self.position, self.to_match_id())


def _gnubg_player(xg_side: int) -> int:
    """XG's 1 (bottom) / -1 (top) as gnubg's player 1 / 0 (docs/formats.rst, "Who is
    player 0?")."""
    return 1 if xg_side == _BOTTOM else 0


def parse_xgid(text: str) -> Xgid:
    """Read an XGID (:ref:`xgid`); see :meth:`Xgid.parse`."""
    return Xgid.parse(text)
