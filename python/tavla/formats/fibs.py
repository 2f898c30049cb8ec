"""FIBS ``board:`` strings (``rawboard``): position, dice, cube and match state in 53
colon-separated tokens (:ref:`fibs-board`), in FIBS's flavour and in GNU Backgammon's.

A board string is written from one side, the *player* (you, or the player watched); the other
side is the *opponent*.  gnubg writes it from its player 1's side, so the conversions to
gnubg's IDs make the player gnubg player 1 and the opponent player 0 (:ref:`players`).
Every parser raises :class:`~tavla.InvalidIdError` (a ValueError) naming the token at fault
and never returns a partly read board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

import numpy as np

from .. import _core
from .._validate import (
    check_bool,
    check_choice,
    check_int,
    check_optional_roll,
    check_power_of_two,
    excerpt,
)
from ..board.dice import Roll
from ..board.position import Position
from ..errors import InvalidIdError, InvalidPositionError
from .context import (
    MAX_CUBE_VALUE,
    MAX_MATCH_LENGTH,
    MAX_SCORE,
    MatchContext,
    fill_borne_off,
    match_context,
)
from .gnubg import GnubgId, MatchId, MatchIdState, _cube_log2

Flavour = Literal["fibs", "gnubg"]
FLAVOURS: tuple[Flavour, ...] = ("fibs", "gnubg")

UNLIMITED = 9999
"""The match length FIBS writes for an unlimited match (money play)."""

_PREFIX = "board"
_TOKENS = 53
_INT_TOKEN = re.compile(r"-?[0-9]{1,6}")
_PLAYER, _OPPONENT, _NOBODY = 1, -1, 0
_O, _X = 1, -1
_GNUBG_PLAYER = {_PLAYER: 1, _OPPONENT: 0}  # docs/formats.rst, "Who is player 0?"


@dataclass(frozen=True)
class FibsBoard:
    """A FIBS board string (:ref:`fibs-board`).

    Sides are named as the string names them: the *player* and the *opponent*; ``turn``,
    ``doubled_by`` and ``score`` use 1 (or the first item) for the player and -1 (or the
    second) for the opponent.  Fields:

    - ``position``: the :class:`~tavla.Position` seen from the side named by ``turn``,
      from the player's side when the game is over.
    - ``player``, ``opponent``: the names (tokens 2 and 3), without ``:`` or line breaks.
    - ``match_length``: N of a match to N points; 0 or :data:`UNLIMITED` (9999) for an
      unlimited match, kept as written.
    - ``score``: (player, opponent).
    - ``turn``: 1 the player is on roll (or has doubled), -1 the opponent, 0 the game is
      over (token 33, which names a colour: ``turn`` times ``colour``).
    - ``dice``: the dice of the side on roll in the order written, None before the roll.
    - ``cube_value``; ``may_double``: (player, opponent), as tokens 39 and 40 give them.
      Read as the cube owner: both or neither, a centred cube; one of them, that side owns
      the cube.
    - ``doubled_by``: 1 the player has doubled, -1 the opponent, 0 no double awaits an
      answer.  FIBS writes only the opponent's double (token 41 = 1); gnubg writes the
      doubler's side as the sign.
    - ``colour``: 1 the player is O (positive counts), -1 X; ``direction``: -1 the player
      bears off from position 1 towards 0 (its bar is position 25), 1 towards 25.
    - ``crawford``, ``post_crawford``: this game is the Crawford game, or comes after it
      (R24).  gnubg writes both (tokens 52 and 53); FIBS writes only "did Crawford"
      (token 52), so in its flavour ``crawford`` is inferred: a match game with a side one
      point away before the Crawford game was played.
    - ``can_move``, ``forced_move``: FIBS's tokens 50 and 51, kept as read (gnubg writes 0).
    - ``redoubles``: FIBS's token 53 (unlimited matches); 0 in gnubg's flavour.
    - ``flavour``: ``"fibs"`` or ``"gnubg"``: how tokens 36-37 and 48-53 are written.

    ``str()`` gives the board string.  Bad fields raise :class:`~tavla.InvalidIdError`,
    impossible states among them: dice while the game is over or a double is pending; and
    every state :class:`~tavla.formats.gnubg.MatchId` and
    :class:`~tavla.formats.gnubg.GnubgId` refuse (R15, R18, R19, R24), named with gnubg's
    players (0 = the opponent, 1 = the player).
    """

    position: Position
    player: str = "player"
    opponent: str = "opponent"
    match_length: int = UNLIMITED
    score: tuple[int, int] = (0, 0)
    turn: int = _PLAYER
    dice: Roll | None = None
    cube_value: int = 1
    may_double: tuple[bool, bool] = (True, True)
    doubled_by: int = _NOBODY
    colour: int = _O
    direction: int = -1
    crawford: bool = False
    post_crawford: bool = False
    can_move: int = 0
    forced_move: int = 0
    redoubles: int = 0
    flavour: Flavour = "fibs"

    def __post_init__(self) -> None:
        bad = InvalidIdError

        def normalise(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        if not isinstance(self.position, Position):
            raise bad(f"a FIBS board's position is a Position, got {type(self.position).__name__}")
        for name in ("player", "opponent"):
            _check_name(getattr(self, name), f"the {name}'s name")
        check_choice(self.flavour, "the FIBS board flavour", bad, FLAVOURS)
        length = check_int(self.match_length, "the match length", bad, low=0, high=MAX_MATCH_LENGTH)
        normalise("match_length", length)
        if not isinstance(self.score, tuple) or len(self.score) != 2:
            raise bad(f"the score is a pair (player, opponent), got {excerpt(self.score)}")
        normalise(
            "score",
            tuple(check_int(s, "a score", bad, low=0, high=MAX_SCORE) for s in self.score),
        )
        for name, choices in (
            ("turn", (_PLAYER, _OPPONENT, _NOBODY)),
            ("doubled_by", (_PLAYER, _OPPONENT, _NOBODY)),
            ("colour", (_O, _X)),
            ("direction", (-1, 1)),
        ):
            normalise(name, check_choice(getattr(self, name), f"the {name}", bad, choices))
        normalise("dice", check_optional_roll(self.dice, "dice", bad))
        normalise("cube_value", 1 << _cube_log2(self.cube_value, "the cube value"))
        if not isinstance(self.may_double, tuple) or len(self.may_double) != 2:
            raise bad(f"may_double is a pair (player, opponent), got {excerpt(self.may_double)}")
        for flag in self.may_double:
            check_bool(flag, "a may-double flag", bad)
        check_bool(self.crawford, "the Crawford flag", bad)
        check_bool(self.post_crawford, "the post-Crawford flag", bad)
        normalise("can_move", check_int(self.can_move, "can_move", bad, low=0, high=4))
        normalise("forced_move", check_int(self.forced_move, "forced_move", bad, low=0))
        normalise("redoubles", check_int(self.redoubles, "redoubles", bad, low=0))
        self._check_state()
        try:
            self.to_gnubg_id()
        except InvalidIdError as exc:
            raise bad(f"{exc} (gnubg's players: 0 = the opponent, 1 = the player)") from None

    def _check_state(self) -> None:
        """The faults no gnubg ID would catch, or that FIBS's flavour cannot write."""
        bad = InvalidIdError
        if self.turn == _NOBODY and (self.dice is not None or self.doubled_by):
            raise bad("the game is over (turn 0), yet dice are rolled or a double is offered")
        if self.crawford and self.post_crawford:
            raise bad("a game cannot be both the Crawford game and after it (R24)")
        if self.post_crawford and not self.context.is_post_crawford:
            raise bad(
                f"the post-Crawford flag is set at {self.score[0]}-{self.score[1]}, match length"
                f" {self.match_length}: only a match game with a side one point away can come"
                " after the Crawford game (R24)"
            )
        if self.flavour == "gnubg" and self.redoubles:
            raise bad("gnubg's flavour has no redoubles token (token 53 is its Crawford flag)")
        if self.flavour == "fibs":
            if self.doubled_by == _PLAYER:
                raise bad("FIBS's flavour writes only the opponent's double (token 41 = 1)")
            if self.crawford != self._fibs_crawford():
                raise bad(
                    "FIBS's flavour does not write the Crawford game: it is the game with a"
                    " side one point away before 'did Crawford' (token 52) is set"
                )

    def _fibs_crawford(self) -> bool:
        return _implied_crawford(self.match_length, self.score, self.post_crawford)

    @property
    def is_unlimited(self) -> bool:
        """An unlimited match (money play): match length 0 or :data:`UNLIMITED`."""
        return self.match_length in (0, UNLIMITED)

    @property
    def context(self) -> MatchContext:
        """Match length (0 when unlimited), score and Crawford flag as a
        :class:`~tavla.formats.context.MatchContext`, in gnubg's order: (opponent, player).
        Raises :class:`~tavla.InvalidIdError` for fields it refuses."""
        length = 0 if self.is_unlimited else self.match_length
        return match_context(length, (self.score[1], self.score[0]), self.crawford)

    @property
    def cube_owner(self) -> int | None:
        """1 the player owns the cube, -1 the opponent, None centred (:attr:`may_double`)."""
        player, opponent = self.may_double
        if player == opponent:
            return None
        return _PLAYER if player else _OPPONENT

    # -- text --------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, flavour: Flavour = "fibs") -> FibsBoard:
        """Read a board string ``board:...`` of 53 tokens (:ref:`fibs-board`).

        ``flavour`` says who wrote it: ``"fibs"`` (the FIBS server, CLIP) or ``"gnubg"``
        (GNU Backgammon's ``rawboard`` and external-player interface), which differ in
        tokens 36-37 (gnubg repeats the dice) and 48-53.  Raises
        :class:`~tavla.InvalidIdError` naming the token at fault: not 53 tokens, no
        ``board`` prefix, a token that is not an integer, a value out of range, a checker
        count on a bar that is not its side's, off or bar counts that disagree with the
        board, more than 15 checkers a side, the other side's dice, and every impossible
        state the class refuses.
        """
        if not isinstance(text, str):
            raise InvalidIdError(f"a FIBS board is a string, got {type(text).__name__}")
        check_choice(flavour, "the FIBS board flavour", InvalidIdError, FLAVOURS)
        tokens = text.strip().split(":")
        if len(tokens) != _TOKENS or tokens[0] != _PREFIX:
            raise InvalidIdError(
                f"a FIBS board is 'board:' and 52 more colon-separated tokens, got"
                f" {excerpt(text.strip())} ({len(tokens)} tokens)"
            )
        try:
            return _read(tokens, flavour)
        except InvalidIdError as exc:
            raise InvalidIdError(f"bad FIBS board {excerpt(text.strip(), 60)}: {exc}") from None

    def encode(self) -> str:
        """The board string, token by token as its flavour writes it."""
        player_row, opponent_row = self._rows()
        positions = []
        for p in range(26):
            mine = _player_index(p, self.direction)
            if mine and player_row[mine]:
                positions.append(self.colour * player_row[mine])
            else:  # the opponent's checkers, or none (index 0 is off, never on the board)
                positions.append(-self.colour * opponent_row[25 - mine] if mine < 25 else 0)
        dice = self.dice or (0, 0)
        player_dice = dice if self.turn == _PLAYER or self.flavour == "gnubg" else (0, 0)
        opponent_dice = dice if self.turn == _OPPONENT or self.flavour == "gnubg" else (0, 0)
        home, bar = (0, 25) if self.direction == -1 else (25, 0)
        if self.flavour == "gnubg":
            on_bar = (0, 0)
            last = (int(self.post_crawford), int(not self.crawford))
            doubled = self.doubled_by
        else:
            on_bar = (player_row[25], opponent_row[25])
            last = (int(self.post_crawford), self.redoubles)
            doubled = int(self.doubled_by == _OPPONENT)
        tokens = [
            _PREFIX,
            self.player,
            self.opponent,
            self.match_length,
            *self.score,
            *positions,
            self.turn * self.colour,
            *player_dice,
            *opponent_dice,
            self.cube_value,
            *(int(flag) for flag in self.may_double),
            doubled,
            self.colour,
            self.direction,
            home,
            bar,
            player_row[0],
            opponent_row[0],
            *on_bar,
            self.can_move,
            self.forced_move,
            *last,
        ]
        return ":".join(str(token) for token in tokens)

    def __str__(self) -> str:
        return self.encode()

    def _rows(self) -> tuple[list[int], list[int]]:
        """(player, opponent) rows of tavla's board (docs/board.rst)."""
        on_roll, other = (list(row) for row in self.position.board.tolist())
        return (other, on_roll) if self.turn == _OPPONENT else (on_roll, other)

    # -- gnubg's IDs -------------------------------------------------------------------

    def to_match_id(self) -> MatchId:
        """The gnubg Match ID of this board: the player is gnubg player 1, the opponent
        player 0 (:ref:`players`).  The side on roll owns the dice; with a double pending,
        the player to answer is the side that did not double (a beaver, R20, when that is
        the side on roll).  A game over (turn 0) has the game state OVER.  FIBS has no
        Jacoby field: ``jacoby`` is False."""
        context = self.context
        owner = self.cube_owner
        over = self.turn == _NOBODY
        on_roll = _GNUBG_PLAYER[_PLAYER if over else self.turn]
        answerer = _GNUBG_PLAYER[-self.doubled_by] if self.doubled_by else on_roll
        return MatchId(
            cube_value=self.cube_value,
            cube_owner=None if owner is None else _GNUBG_PLAYER[owner],
            dice_owner=on_roll,
            crawford=self.crawford,
            game_state=MatchIdState.OVER if over else MatchIdState.PLAYING,
            turn=answerer,
            double_offered=bool(self.doubled_by),
            dice=self.dice,
            match_length=context.length,
            score=context.score,
        )

    def to_gnubg_id(self) -> GnubgId:
        """The combined GNUbg ID: :attr:`position` (seen from the side on roll, as the
        Match ID's dice owner) plus :meth:`to_match_id`."""
        return GnubgId(self.position, self.to_match_id())

    @classmethod
    def from_gnubg_id(
        cls,
        gnubg_id: GnubgId,
        player: str = "player",
        opponent: str = "opponent",
        flavour: Flavour = "gnubg",
    ) -> FibsBoard:
        """The board string gnubg writes for a GNUbg ID (:ref:`fibs-board`): from gnubg
        player 1's side (the player), colour 1, direction -1; money play has match length 0
        as gnubg writes it, :data:`UNLIMITED` in FIBS's flavour.  A game that is not being
        played has turn 0, no dice and a cube of 1 that either side may double.  A
        resignation offer and the Jacoby flag have no token and are dropped.  Raises
        :class:`~tavla.InvalidIdError` when ``gnubg_id`` is not a GnubgId, or the state
        cannot be written in ``flavour`` (FIBS's writes no double of the player's)."""
        if not isinstance(gnubg_id, GnubgId):
            raise InvalidIdError(f"gnubg_id must be a GnubgId, got {type(gnubg_id).__name__}")
        match_id = gnubg_id.match_id
        context = match_id.context
        score = (context.score[1], context.score[0])
        length = context.length or (UNLIMITED if flavour == "fibs" else 0)
        if match_id.game_state is not MatchIdState.PLAYING:
            position = gnubg_id.position
            return cls(
                position=position.swapped() if match_id.dice_owner == 0 else position,
                player=player,
                opponent=opponent,
                match_length=length,
                score=score,
                turn=_NOBODY,
                crawford=context.crawford,
                post_crawford=context.is_post_crawford,
                flavour=flavour,
            )
        side = {1: _PLAYER, 0: _OPPONENT}
        owner = match_id.cube_owner
        return cls(
            position=gnubg_id.position,
            player=player,
            opponent=opponent,
            match_length=length,
            score=score,
            turn=side[match_id.dice_owner],
            dice=match_id.dice,
            cube_value=match_id.cube_value,
            may_double=(owner in (None, 1), owner in (None, 0)),
            doubled_by=-side[match_id.turn] if match_id.double_offered else _NOBODY,
            crawford=context.crawford,
            post_crawford=context.is_post_crawford,
            flavour=flavour,
        )


def _check_name(name: object, what: str) -> None:
    if not isinstance(name, str):
        raise InvalidIdError(f"{what} must be a str, got {type(name).__name__}")
    if ":" in name or "\n" in name or "\r" in name:
        raise InvalidIdError(f"{what} {excerpt(name)} holds a colon or a line break")


def _read(tokens: list[str], flavour: Flavour) -> FibsBoard:
    """The board of 53 tokens (docs/formats.rst, "FIBS board strings"; token ``n`` is
    ``tokens[n - 1]``)."""
    numbers: dict[int, int] = {}
    for n in range(4, _TOKENS + 1):
        token = tokens[n - 1]
        if not _INT_TOKEN.fullmatch(token):
            raise InvalidIdError(f"token {n} must be an integer, got {excerpt(token)}")
        numbers[n] = int(token)

    def pick(n: int, what: str, allowed: tuple[int, ...]) -> int:
        if numbers[n] not in allowed:
            shown = " or ".join(str(a) for a in allowed)
            raise InvalidIdError(f"token {n} ({what}) must be {shown}, got {numbers[n]}")
        return numbers[n]

    colour = pick(42, "colour", (_X, _O))
    direction = pick(43, "direction", (-1, 1))
    home, bar = (0, 25) if direction == -1 else (25, 0)
    pick(44, f"home, for direction {direction}", (home,))
    pick(45, f"bar, for direction {direction}", (bar,))
    player_row, opponent_row = _rows(numbers, colour, direction)
    colour_on_roll = pick(33, "turn", (_X, _O, _NOBODY))
    turn = colour_on_roll * colour
    dice = _dice(numbers, turn, flavour)
    off, on_bar = (numbers[46], numbers[47]), (numbers[48], numbers[49])
    for row, n, what in ((player_row, 46, "player"), (opponent_row, 47, "opponent")):
        if off[n - 46] != row[0]:
            raise InvalidIdError(
                f"token {n} says the {what} has borne off {off[n - 46]}, the board leaves"
                f" {row[0]} off"
            )
    expected_bar = (0, 0) if flavour == "gnubg" else (player_row[25], opponent_row[25])
    if on_bar != expected_bar:
        raise InvalidIdError(
            f"tokens 48-49 (on the bar) are {on_bar[0]}:{on_bar[1]}, {flavour}'s flavour"
            f" writes {expected_bar[0]}:{expected_bar[1]} for this board"
        )
    if flavour == "gnubg":
        doubled_by = pick(41, "who doubled", (_PLAYER, _NOBODY, _OPPONENT))
        post_crawford = bool(pick(52, "post-Crawford", (0, 1)))
        crawford = not pick(53, "not the Crawford game", (0, 1))
        redoubles = 0
    else:
        doubled_by = _OPPONENT if pick(41, "was doubled", (0, 1)) else _NOBODY
        post_crawford = bool(pick(52, "did Crawford", (0, 1)))
        crawford = False  # implied by the score, below
        redoubles = numbers[53]
    rows = (opponent_row, player_row) if turn == _OPPONENT else (player_row, opponent_row)
    try:
        position = Position(np.array(rows, dtype=np.int8))
    except InvalidPositionError as exc:
        raise InvalidIdError(str(exc)) from None
    score = (numbers[5], numbers[6])
    if flavour == "fibs":
        crawford = _implied_crawford(numbers[4], score, post_crawford)
    return FibsBoard(
        position=position,
        player=tokens[1],
        opponent=tokens[2],
        match_length=numbers[4],
        score=score,
        turn=turn,
        dice=dice,
        cube_value=check_power_of_two(
            numbers[38], "token 38 (cube)", InvalidIdError, high=MAX_CUBE_VALUE
        ),
        may_double=(
            bool(pick(39, "player may double", (0, 1))),
            bool(pick(40, "opponent may double", (0, 1))),
        ),
        doubled_by=doubled_by,
        colour=colour,
        direction=direction,
        crawford=crawford,
        post_crawford=post_crawford,
        can_move=numbers[50],
        forced_move=numbers[51],
        redoubles=redoubles,
        flavour=flavour,
    )


def _implied_crawford(match_length: int, score: tuple[int, int], post_crawford: bool) -> bool:
    """The Crawford game as FIBS's flavour implies it (R24): a match game with a side one
    point away, before "did Crawford" is set."""
    if match_length in (0, UNLIMITED):
        return False
    return max(score) < match_length and _core.crawford_game_next(
        crawford_rule=True, match_length=match_length, score=score, crawford_done=post_crawford
    )


def _player_index(p: int, direction: int) -> int:
    """The index in the player's row (docs/board.rst) of board position ``p`` (0..25); the
    opponent's is 25 minus it.  Index 0 (off) at the opponent's bar position."""
    return p if direction == -1 else 25 - p


def _rows(numbers: dict[int, int], colour: int, direction: int) -> tuple[list[int], list[int]]:
    """(player, opponent) rows of tavla's board (docs/board.rst) from tokens 7-32 (positions
    0..25)."""
    player, opponent = [0] * 26, [0] * 26
    for p in range(26):
        value = numbers[7 + p]
        if not value:
            continue
        mine = _player_index(p, direction)
        side, row, index = (
            ("player", player, mine) if value * colour > 0 else ("opponent", opponent, 25 - mine)
        )
        if index == 0:
            raise InvalidIdError(
                f"token {7 + p} (position {p}) holds {value}: the {side}'s checkers, but"
                f" position {p} is the other side's bar"
            )
        row[index] = abs(value)
    fill_borne_off(player, "player")
    fill_borne_off(opponent, "opponent")
    return player, opponent


def _dice(numbers: dict[int, int], turn: int, flavour: Flavour) -> Roll | None:
    """The dice of the side on roll (tokens 34-35 the player's, 36-37 the opponent's)."""
    pairs = {_PLAYER: (numbers[34], numbers[35]), _OPPONENT: (numbers[36], numbers[37])}
    for n, pair in ((34, pairs[_PLAYER]), (36, pairs[_OPPONENT])):
        if any(die not in range(7) for die in pair) or (0 in pair and pair != (0, 0)):
            raise InvalidIdError(
                f"tokens {n}-{n + 1} (dice) must be two dice 1 to 6, or 0:0, got"
                f" {pair[0]}:{pair[1]}"
            )
    if turn == _NOBODY:
        if pairs[_PLAYER] != (0, 0) or pairs[_OPPONENT] != (0, 0):
            raise InvalidIdError("the game is over (turn 0), yet dice are given")
        return None
    rolled, other = pairs[turn], pairs[-turn]
    expected = rolled if flavour == "gnubg" else (0, 0)
    if other != expected:
        whose = "player" if turn == _OPPONENT else "opponent"
        raise InvalidIdError(
            f"the {whose}, not on roll, has dice {other[0]}:{other[1]}; {flavour}'s flavour"
            f" writes {expected[0]}:{expected[1]} there"
        )
    return None if rolled == (0, 0) else rolled


def parse_fibs_board(text: str, flavour: Flavour = "fibs") -> FibsBoard:
    """Read a FIBS board string (:ref:`fibs-board`); see :meth:`FibsBoard.parse`."""
    return FibsBoard.parse(text, flavour)


def parse_any_flavour(text: str) -> FibsBoard:
    """Read a FIBS board string written in either flavour (:ref:`fibs-board`): as FIBS
    writes it, else as GNU Backgammon does (they differ in tokens 36-37 and 48-53).  Raises
    :class:`~tavla.InvalidIdError` as :meth:`FibsBoard.parse` does in FIBS's flavour when
    neither reads it."""
    try:
        return FibsBoard.parse(text, "fibs")
    except InvalidIdError as fibs_error:
        try:
            return FibsBoard.parse(text, "gnubg")
        except InvalidIdError:
            raise fibs_error from None
