"""GNU Backgammon's IDs: the Match ID and the combined GNUbg ID ``PositionID:MatchID``.

The Position ID itself is coded in the core (:meth:`Position.from_position_id`,
:attr:`Position.position_id`, :ref:`position-id`).  Player numbering follows
:ref:`players`: gnubg player 0 is XGID's top side ("O", lowercase), player 1 the bottom side
("X", uppercase).  Every parser raises :class:`~tavla.InvalidIdError` (a ValueError) naming
the fault and never returns a partly read ID.
"""

from __future__ import annotations

import base64
import enum
import re
from dataclasses import dataclass

from .._validate import (
    check_bool,
    check_optional_player,
    check_optional_roll,
    check_player,
    check_power_of_two,
    excerpt,
)
from ..board.dice import Roll
from ..board.position import Position, ResultKind
from ..errors import InvalidIdError
from .context import MAX_CUBE_VALUE, MatchContext, match_context

_BASE64 = re.compile(r"[A-Za-z0-9+/]*")


class MatchIdState(enum.IntEnum):
    """The Match ID's game state field (:ref:`match-id`): whether and how the game
    has ended, as gnubg stores it."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


_ENDED = (MatchIdState.OVER, MatchIdState.RESIGNED, MatchIdState.DROPPED)

# (name, width) in bit order, least significant first (docs/formats.rst, "GNU Backgammon
# Match ID").
_MATCH_ID_LAYOUT = (
    ("cube_log2", 4),
    ("cube_owner", 2),
    ("dice_owner", 1),
    ("crawford", 1),
    ("game_state", 3),
    ("turn", 1),
    ("double_offered", 1),
    ("resignation", 2),
    ("die1", 3),
    ("die2", 3),
    ("match_length", 15),
    ("score0", 15),
    ("score1", 15),
    ("not_jacoby", 1),
    ("padding", 5),
)
_CENTRED = 3


def _cube_log2(value: object, what: str) -> int:
    """log2 of a cube value 1, 2, 4, ... :data:`MAX_CUBE_VALUE`; InvalidIdError otherwise."""
    return check_power_of_two(value, what, InvalidIdError, high=MAX_CUBE_VALUE).bit_length() - 1


def _check_pending_double(match_id: MatchId, context: MatchContext) -> None:
    """Who offers a pending double, as gnubg writes it (:ref:`match-id`): the doubler is
    the dice owner and ``turn`` the player to answer.  The doubler may double only a
    centred cube or its own (R18), so the cube is never the answerer's.  With
    ``turn`` = the dice owner, a beaver awaits the doubler's answer (R20): the beaverer
    owns the cube at the value before it, in money play only."""
    owner, turn = match_id.cube_owner, match_id.turn
    if owner == turn:
        raise InvalidIdError(
            f"player {1 - turn} doubles a cube owned by player {turn}, who is to answer:"
            " only a centred cube or the doubler's own can be doubled (R18)"
        )
    if turn == match_id.dice_owner:
        if not context.is_money:
            raise InvalidIdError(
                f"player {turn} owns the dice and is to answer a double: a beaver (R20),"
                " which only money play allows"
            )
        if owner is None:
            raise InvalidIdError(
                f"player {turn} owns the dice and is to answer a double, yet the cube is"
                " centred: a beaver (R20) leaves it owned by the beaverer"
            )


@dataclass(frozen=True)
class MatchId:
    """A GNU Backgammon Match ID: the match state beside a Position ID (:ref:`match-id`).

    Players are gnubg's 0 and 1 (:ref:`players`).  Fields:

    - ``cube_value``: 1, 2, 4 ... :data:`MAX_CUBE_VALUE` (2**15); during a pending double
      the value before it.
    - ``cube_owner``: None when centred, else the owning player (R18-R19).
    - ``dice_owner``: the side on roll (who rolled, or who doubled); the Position ID is
      oriented to it.
    - ``crawford``: this is the Crawford game (R24); post-Crawford is not stored (see
      :attr:`context`).  Once the game is over (``game_state`` over, resigned or dropped),
      the flag is the next game's, as gnubg writes it.
    - ``game_state``: a :class:`MatchIdState`.
    - ``turn``: the player who must act now.
    - ``double_offered``: a double awaits take or drop.
    - ``resignation``: None, or the :class:`~tavla.ResultKind` offered by the player who is
      not ``turn`` (R17).
    - ``dice``: None before the roll, else the two dice in the order given.  gnubg writes
      the higher die first and reads either order (:ref:`match-id`); :meth:`parse`
      keeps the order read and :meth:`encode` writes this order, so that every ID reads
      back as it was written.
    - ``match_length``: 0 for money play (R26), else N (R23), at most
      :data:`MAX_MATCH_LENGTH` (the 15-bit field).
    - ``score``: (player 0, player 1), each at most :data:`MAX_SCORE` and, in a match, at
      most ``match_length``; below it while the game is played.  Once the game is over,
      gnubg writes the score with the points just won.
    - ``jacoby``: the Jacoby rule is in use (R22), stored inverted in bit 67.  The default
      False is what gnubg writes in match play; its money sessions default to True.

    Build one directly, or with :meth:`parse`; ``str()`` and :meth:`encode` give the
    12-character ID.  Bad fields raise :class:`~tavla.InvalidIdError` naming the fault,
    impossible states among them: a cube of 1 with an owner (R18, R19); a cube above 1 or a
    pending double in the Crawford game or a 1-point match (R24); a pending double with the
    cube owned by the player to answer (R18), or answered by the dice owner (a beaver, R20)
    outside money play or with a centred cube; and what :class:`MatchContext` refuses.
    """

    cube_value: int = 1
    cube_owner: int | None = None
    dice_owner: int = 0
    crawford: bool = False
    game_state: MatchIdState = MatchIdState.PLAYING
    turn: int = 0
    double_offered: bool = False
    resignation: ResultKind | None = None
    dice: Roll | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        def normalise(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        bad = InvalidIdError
        cube = check_power_of_two(self.cube_value, "the cube value", bad, high=MAX_CUBE_VALUE)
        normalise("cube_value", cube)
        normalise("cube_owner", check_optional_player(self.cube_owner, "the cube owner", bad))
        normalise("dice_owner", check_player(self.dice_owner, "the dice owner", bad))
        normalise("turn", check_player(self.turn, "the player to act", bad))
        for flag in ("crawford", "double_offered", "jacoby"):
            check_bool(getattr(self, flag), f"the {flag} flag", bad)
        try:
            normalise("game_state", MatchIdState(self.game_state))
            if self.resignation is not None:
                normalise("resignation", ResultKind(self.resignation))
        except ValueError as exc:
            raise InvalidIdError(str(exc)) from None
        normalise("dice", check_optional_roll(self.dice, "dice", bad))
        context = match_context(self.match_length, self.score, self.crawford)
        normalise("match_length", context.length)
        normalise("score", context.score)
        if self.double_offered and self.dice is not None:
            raise InvalidIdError("a double is offered before rolling (R18), yet dice are set")
        if self.double_offered and self.resignation is not None:
            raise InvalidIdError("a double and a resignation cannot both await an answer")
        if self.game_state is MatchIdState.PLAYING and context.game_fault():
            raise InvalidIdError(f"a game is being played, yet {context.game_fault()}")
        if self.cube_value == 1 and self.cube_owner is not None:
            raise InvalidIdError(
                f"a cube of 1 owned by player {self.cube_owner}: the cube starts centred at 1"
                " and a take leaves it at 2 or more (R18, R19)"
            )
        if self.game_over:
            # The Crawford flag of a finished game's ID is the next game's (gnubg's), not
            # the finished game's, whose cube may stand above 1.
            context = MatchContext(context.length, context.score)
        cube_fault = context.cube_fault(cube, self.double_offered)
        if cube_fault:
            raise InvalidIdError(cube_fault)
        if self.double_offered:
            _check_pending_double(self, context)

    @property
    def game_over(self) -> bool:
        """The game has ended: borne off, resigned or dropped (``game_state``)."""
        return self.game_state in _ENDED

    @property
    def context(self) -> MatchContext:
        """The match length, score and Crawford flag as a :class:`MatchContext`."""
        return MatchContext(self.match_length, self.score, self.crawford)

    @classmethod
    def parse(cls, text: str) -> MatchId:
        """Decode a 12-character Match ID such as ``cAnuAAAAAAAE``.

        IDs without gnubg's bit 67 read as Jacoby on.  Raises :class:`~tavla.InvalidIdError`
        for a wrong length, a character outside base64, an unused value in a field (cube
        owner 2, game state 5-7, a die of 7, one die missing), set padding bits, a score
        above the match length, the Crawford flag in money play, or an impossible state
        (see the class: R18, R19, R20, R24).
        """
        if not isinstance(text, str):
            raise InvalidIdError(f"a Match ID is a string, got {type(text).__name__}")
        text = text.strip()
        if len(text) != 12:
            raise InvalidIdError(f"a Match ID has 12 characters, {excerpt(text)} has {len(text)}")
        if not _BASE64.fullmatch(text):
            bad = next(c for c in text if not _BASE64.fullmatch(c))
            raise InvalidIdError(f"bad Match ID {text!r}: {bad!r} is not a base64 character")
        bits = int.from_bytes(base64.b64decode(text), "little")
        fields: dict[str, int] = {}
        for name, width in _MATCH_ID_LAYOUT:
            fields[name] = bits & ((1 << width) - 1)
            bits >>= width
        try:
            return cls._from_fields(fields)
        except InvalidIdError as exc:
            raise InvalidIdError(f"bad Match ID {text!r}: {exc}") from None

    @classmethod
    def _from_fields(cls, fields: dict[str, int]) -> MatchId:
        if fields["padding"]:
            raise InvalidIdError("the padding bits 68-72 are not zero")
        if fields["cube_owner"] == 2:
            raise InvalidIdError("cube owner 2 is unused (0, 1 or 3 = centred)")
        if fields["game_state"] > max(MatchIdState):
            raise InvalidIdError(f"game state {fields['game_state']} is unused (0 to 4)")
        die1, die2 = fields["die1"], fields["die2"]
        if die1 > 6 or die2 > 6:
            raise InvalidIdError(f"a die of {max(die1, die2)}: dice are 1 to 6 (0 = not rolled)")
        if (die1 == 0) != (die2 == 0):
            raise InvalidIdError(f"one die is rolled and the other not ({die1} and {die2})")
        owner = fields["cube_owner"]
        return cls(
            cube_value=1 << fields["cube_log2"],
            cube_owner=None if owner == _CENTRED else owner,
            dice_owner=fields["dice_owner"],
            crawford=bool(fields["crawford"]),
            game_state=MatchIdState(fields["game_state"]),
            turn=fields["turn"],
            double_offered=bool(fields["double_offered"]),
            resignation=ResultKind(fields["resignation"]) if fields["resignation"] else None,
            dice=(die1, die2) if die1 else None,
            match_length=fields["match_length"],
            score=(fields["score0"], fields["score1"]),
            jacoby=not fields["not_jacoby"],
        )

    def encode(self) -> str:
        """The 12-character Match ID, byte for byte as gnubg writes it."""
        die1, die2 = self.dice or (0, 0)
        fields = {
            "cube_log2": _cube_log2(self.cube_value, "the cube value"),
            "cube_owner": _CENTRED if self.cube_owner is None else self.cube_owner,
            "dice_owner": self.dice_owner,
            "crawford": int(self.crawford),
            "game_state": int(self.game_state),
            "turn": self.turn,
            "double_offered": int(self.double_offered),
            "resignation": int(self.resignation or 0),
            "die1": die1,
            "die2": die2,
            "match_length": self.match_length,
            "score0": self.score[0],
            "score1": self.score[1],
            "not_jacoby": int(not self.jacoby),
            "padding": 0,
        }
        bits, shift = 0, 0
        for name, width in _MATCH_ID_LAYOUT:
            bits |= fields[name] << shift
            shift += width
        return base64.b64encode(bits.to_bytes(9, "little")).decode("ascii")

    def __str__(self) -> str:
        return self.encode()


@dataclass(frozen=True)
class GnubgId:
    """A combined GNUbg ID ``PositionID:MatchID`` (:ref:`gnubg-id`).

    ``position`` is oriented to ``match_id.dice_owner``, the side on roll (or the doubler
    while a double is pending, :ref:`match-id`).  Raises :class:`~tavla.InvalidIdError`
    for a finished position (R15) with the game state PLAYING.
    """

    position: Position
    match_id: MatchId

    def __post_init__(self) -> None:
        if not isinstance(self.position, Position):
            raise InvalidIdError(
                f"a GNUbg ID's position is a Position, got {type(self.position).__name__}"
            )
        if not isinstance(self.match_id, MatchId):
            raise InvalidIdError(
                f"a GNUbg ID's match ID is a MatchId, got {type(self.match_id).__name__}"
            )
        if self.position.is_over and self.match_id.game_state is MatchIdState.PLAYING:
            raise InvalidIdError(
                "the position is finished (a side has borne off all its checkers, R15),"
                " yet the Match ID says the game is being played"
            )

    @classmethod
    def parse(cls, text: str) -> GnubgId:
        """Read ``4HPwATDgc/ABMA:cAnvAAAAAAAE``.  Raises :class:`~tavla.InvalidIdError`,
        quoting the input at most 40 characters long (:func:`tavla._validate.excerpt`)."""
        if not isinstance(text, str):
            raise InvalidIdError(f"a GNUbg ID is a string, got {type(text).__name__}")
        parts = text.strip().split(":")
        if len(parts) != 2:
            raise InvalidIdError(
                f"a GNUbg ID is PositionID:MatchID (one colon), got {excerpt(text.strip())}"
            )
        return cls(Position.from_position_id(parts[0]), MatchId.parse(parts[1]))

    def __str__(self) -> str:
        return f"{self.position.position_id}:{self.match_id.encode()}"


def parse_gnubg_id(text: str) -> GnubgId:
    """Read a combined GNUbg ID ``PositionID:MatchID`` (:ref:`gnubg-id`)."""
    return GnubgId.parse(text)
