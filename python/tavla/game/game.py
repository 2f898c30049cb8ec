"""One game of backgammon as a state machine over the actions of R5-R22.

Players are numbered 0 and 1: player 0 is GNU Backgammon's player 0, the left column of a
``.mat`` file and XGID's top side; player 1 is gnubg's player 1, the right column, XGID's
bottom side (:ref:`players`).  The board is a :class:`~tavla.Position`, always seen
from the player on roll (:attr:`Game.on_roll`), like every board (:ref:`encoding`).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Concatenate, ParamSpec, TypeVar

from .. import _core, _display
from .._validate import check_instance, check_int, check_optional_player, excerpt, is_int
from ..board.dice import DiceSource, DiceSourceLike, Roll, dice_source, parse_roll
from ..board.position import Play, Position, ResultKind, find_play
from ..errors import CubeError, InvalidPlayerError, RulesError, TurnError
from ..formats.context import MAX_CUBE_VALUE, MAX_MATCH_LENGTH, MatchContext
from ..formats.gnubg import GnubgId, MatchId
from ..formats.xgid import Xgid
from . import ids as game_ids
from .actions import (
    AcceptResignationAction,
    Action,
    BeaverAction,
    DoubleAction,
    DropAction,
    OpeningRoll,
    PlayAction,
    RaccoonAction,
    RejectResignationAction,
    ResignAction,
    RollAction,
    TakeAction,
)
from .cube import Cube
from .rules import Rules
from .scoring import GameEnd, GameResult, game_result

PlayLike = Play | str | Sequence[tuple[int, int]]
"""A play given to :meth:`Game.play`: a :class:`Play`, notation, or ``(from, to)`` moves."""


class Phase(enum.Enum):
    """What the game waits for."""

    OPENING = "opening"  # the opening roll (R5); nobody has the turn yet
    ROLL = "roll"  # Game.turn rolls, or doubles (R18), or resigns
    CUBE = "cube"  # Game.turn answers a double, beaver or raccoon (R19, R20)
    PLAY = "play"  # Game.turn has rolled and plays (R14)
    RESIGNATION = "resignation"  # Game.turn accepts or rejects a resignation (R17)
    OVER = "over"


class _Offer(enum.Enum):
    DOUBLE = "double"
    BEAVER = "beaver"
    RACCOON = "raccoon"


@dataclass(frozen=True)
class _PendingCube:
    """A cube offer awaiting an answer: ``value`` if taken, then owned by ``owner``."""

    offer: _Offer
    value: int
    owner: int


@dataclass(frozen=True)
class _PendingResignation:
    player: int
    kind: ResultKind
    phase: Phase
    turn: int


_KIND_NAMES = {kind.name.lower(): kind for kind in ResultKind}

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _atomic(action: Callable[Concatenate[Game, _P], _R]) -> Callable[Concatenate[Game, _P], _R]:
    """Run a :class:`Game` action so that, when it raises, the game is left exactly as it
    was (a refused action changes nothing: docs/rules.rst, R14)."""

    @functools.wraps(action)
    def run(game: Game, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        saved = dict(vars(game))
        history = len(game._history)
        turns = list(game._turns_played)
        try:
            return action(game, *args, **kwargs)
        except BaseException:
            vars(game).clear()
            vars(game).update(saved)
            del game._history[history:]
            game._turns_played[:] = turns
            raise

    return run


class Game:
    """One game: opening roll, rolls, plays, cube actions, resignations, the result.

    Args:
        rules: the options (:class:`Rules`); default :meth:`Rules.standard_money` for money
            play, :meth:`Rules.standard_match` in a match.
        dice: where rolls come from (:class:`~tavla.board.DiceSource` or what it
            accepts: a ``random.Random``, an int seed, a list or other iterable of rolls);
            used by :meth:`roll` when no dice are given.  Default: an unseeded
            ``random.Random``.
        seed, stream: instead of ``dice``, roll the engine's dice stream ``stream``
            (default 0) of ``seed`` (:class:`~tavla.board.DiceSource`): ``Game(seed=s,
            stream=g)`` gets the dice of game g of ``selfplay(seed=s)``, and played with
            the same plays it is that game (:ref:`seeds`).  ``Game(seed=7)`` is game 0 of
            ``selfplay(seed=7)``; ``Game(dice=7)`` rolls a ``random.Random(7)``.
        match_length: N for a game of a match to N points (1 to 32767, the most the Match
            ID holds: :data:`~tavla.formats.context.MAX_MATCH_LENGTH`), 0 (default) for
            money play.
        score: points of players 0 and 1 before this game (match play), each below N.
        crawford: this game is the Crawford game (R24): a side is one point away, the
            match is longer than 1 point and the rules play the Crawford rule.
        starter: None (default): the game opens with the opening roll (R5).  0 or 1: that
            player starts by rolling both dice (R6 ``"winner"``, or a hand-built position).
        position: a hand-built position to start from, seen from ``starter`` (default
            player 0), who is to roll.  Default: the starting position (R4).
        cube: the cube to start with (default centred at 1).  An owned cube counts as
            turned for the Jacoby rule; a centred one above 1 as automatic doubles (R22).
            In the Crawford game and a 1-point match it stays at 1 (R24).

    Every action checks the turn and the rules and raises :class:`~tavla.TurnError`,
    :class:`~tavla.CubeError` or :class:`~tavla.IllegalPlayError` without changing
    anything: a refused action, whatever it raises, leaves every property (history, IDs,
    cube, phase) as it was.  A player other than 0 and 1 raises
    :class:`~tavla.errors.InvalidPlayerError` (a TurnError and a ValueError).  The cube
    stops at 32768 (:data:`~tavla.formats.context.MAX_CUBE_VALUE`): a double, beaver or
    raccoon beyond it raises CubeError and automatic doubles stop there, so that every
    state can be written as a GNUbg ID and an XGID.

    Bad arguments to the constructor raise :class:`~tavla.RulesError` (a ValueError; among
    them the Crawford flag at a score where both sides are one point away and a cube above
    1 in the Crawford game or a 1-point match, R24), a
    bad dice source :class:`~tavla.errors.DiceError`, an unreadable given roll
    :class:`~tavla.NotationError`.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        dice: DiceSource | DiceSourceLike = None,
        *,
        match_length: int = 0,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
        starter: int | None = None,
        position: Position | None = None,
        cube: Cube | None = None,
        seed: int | None = None,
        stream: int | None = None,
    ) -> None:
        rules, match, cube = _checked_settings(
            rules, match_length, score, crawford, starter, position, cube
        )
        self._rules = rules
        self._dice_source = dice_source(dice, seed, stream)
        self._match = match
        self._position = Position.initial() if position is None else position
        self._cube = cube
        # R22: an owned cube has been turned; a centred one above 1 only by automatic doubles.
        self._cube_turned = cube.owner is not None
        self._auto_doubles = 0
        self._history: list[Action] = []
        self._turns_played = [0, 0]
        self._dice: Roll | None = None
        self._legal_plays: list[Play] | None = None
        self._doubled_this_turn = False
        self._pending_cube: _PendingCube | None = None
        self._pending_resignation: _PendingResignation | None = None
        self._result: GameResult | None = None
        if starter is None and position is None:
            self._phase = Phase.OPENING
            self._on_roll = 0
            self._turn: int | None = None
        else:
            self._phase = Phase.ROLL
            self._on_roll = 0 if starter is None else int(starter)
            self._turn = self._on_roll

    # -- state -------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def position(self) -> Position:
        """The board, seen from :attr:`on_roll` (row 0 = that player's checkers)."""
        return self._position

    @property
    def on_roll(self) -> int:
        """The player the position is seen from: who rolls or rolled, or who doubled while a
        double awaits an answer (GNU Backgammon's dice owner, :ref:`match-id`).
        Player 0 before the opening roll."""
        return self._on_roll

    @property
    def turn(self) -> int | None:
        """The player who must act now: roll or double, play, answer a double or a
        resignation.  None before the opening roll (nobody acts, the dice decide) and once
        the game is over."""
        return self._turn

    @property
    def dice(self) -> Roll | None:
        """The roll to be played, as rolled: set in :attr:`phase` PLAY, and in phase
        RESIGNATION when the resignation was offered after the roll (the roll is still to
        be played if it is rejected; the IDs show it, as gnubg's do).  None in every other
        phase, the end of the game included."""
        return self._dice

    @property
    def cube(self) -> Cube:
        """The cube as it stands; during a pending double, its value before the double."""
        return self._cube

    @property
    def offered_cube_value(self) -> int | None:
        """While a double, beaver or raccoon awaits an answer: the cube value if taken."""
        return None if self._pending_cube is None else self._pending_cube.value

    @property
    def resignation_offered(self) -> ResultKind | None:
        """The kind of resignation awaiting an answer, else None."""
        pending = self._pending_resignation
        return None if pending is None else pending.kind

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, in order (:mod:`tavla.game.actions`)."""
        return tuple(self._history)

    @property
    def result(self) -> GameResult | None:
        """The result once the game is over (R15-R22), else None."""
        return self._result

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def match_context(self) -> MatchContext:
        """Where this game stands in its match: length, score before the game, Crawford
        flag and rule (R23-R24), as the IDs write them."""
        return self._match

    @property
    def match_length(self) -> int:
        """N for a game of a match to N, 0 for money play."""
        return self._match.length

    @property
    def score(self) -> tuple[int, int]:
        """Match score of players 0 and 1 before this game."""
        return self._match.score

    @property
    def is_crawford(self) -> bool:
        """True when this game is the Crawford game (R24)."""
        return self._match.crawford

    @property
    def is_post_crawford(self) -> bool:
        """True for a match game after the Crawford game (R24; never in a 1-point match)."""
        return self._match.is_post_crawford

    @property
    def turns_played(self) -> tuple[int, int]:
        """Plays made so far by players 0 and 1 (forced passes included)."""
        return self._turns_played[0], self._turns_played[1]

    @property
    def legal_plays(self) -> list[Play]:
        """The legal plays of :attr:`dice` (phase PLAY); a forced pass is one play with no
        moves.  Raises :class:`~tavla.TurnError` in any other phase."""
        if self._phase is not Phase.PLAY or self._legal_plays is None:
            raise TurnError(f"no roll to play: the game waits for {self._waiting_for()}")
        return list(self._legal_plays)

    @property
    def match_id(self) -> MatchId:
        """GNU Backgammon Match ID of the current state (``str()`` gives the 12 characters;
        :ref:`match-id`).  Once the game is over, the one gnubg shows then: the score with
        the points just won (a match's capped at its length), the next game's Crawford
        flag, the player who dropped or who accepted the resignation to act."""
        return game_ids.match_id(self)

    @property
    def gnubg_id(self) -> GnubgId:
        """``PositionID:MatchID`` of the current state (:ref:`gnubg-id`)."""
        return game_ids.gnubg_id(self)

    @property
    def xgid(self) -> Xgid:
        """XGID of the current state (``str()`` gives ``XGID=...``; :ref:`xgid`)."""
        return game_ids.xgid(self)

    @property
    def may_double(self) -> bool:
        """True if the player to act may offer a double now (R18, R19, R24, R25)."""
        return self._double_refusal() is None

    # -- actions -----------------------------------------------------------------------

    @_atomic
    def roll(self, dice: str | Sequence[int] | None = None, *, player: int | None = None) -> Roll:
        """Roll the dice, or use the given ``dice`` (``(3, 1)``, ``"31"``); returns them.

        Before the first play this is the opening roll (R5): ``dice[0]`` is player 0's die,
        ``dice[1]`` player 1's; the higher die's player starts.  With ``opening="standard"``
        the starter then plays both numbers; with ``"reroll"`` the starter rolls again.  A
        tie is rolled again: without given dice this call keeps rolling until there is a
        starter; with given dice it records the tie and returns.  With ``auto_doubles``
        (R21) each tie doubles the centred cube up to that many times.

        Raises :class:`~tavla.TurnError` when it is not time to roll (or ``player`` is not
        the one to roll), :class:`~tavla.NotationError` for unreadable dice,
        :class:`~tavla.errors.DiceError` when the game's given dice have run out (an opening
        roll gives back the ties it drew, so that nothing is lost).
        """
        player = _player(player)
        given = None if dice is None else parse_roll(dice)
        if self._phase is Phase.OPENING:
            if player is not None:
                raise TurnError("the opening roll belongs to both players: give no player")
            return self._opening_roll(given)
        self._require(Phase.ROLL, "roll", player)
        rolled = given if given is not None else self._dice_source.roll()
        assert self._turn is not None
        self._start_play(rolled)
        self._history.append(RollAction(self._turn, rolled))
        return rolled

    @_atomic
    def play(self, play: PlayLike, *, player: int | None = None) -> Play:
        """Play the roll (R14): a :class:`Play` from :attr:`legal_plays`, notation such as
        ``"13/7*/5 6/5"``, or ``(from, to)`` moves.  ``""`` (or no moves) is the forced
        pass, legal only when nothing can move.  Returns the legal play made.

        Raises :class:`~tavla.TurnError` before rolling or out of turn,
        :class:`~tavla.IllegalPlayError` (a ValueError) saying why the play is not legal,
        :class:`~tavla.NotationError` for unreadable notation.
        """
        mover = self._require(Phase.PLAY, "play", player)
        chosen = self._find_legal(play)
        assert self._dice is not None
        self._history.append(PlayAction(mover, self._dice, chosen))
        self._turns_played[mover] += 1
        self._position = chosen.position
        self._on_roll = 1 - mover
        self._dice = None
        self._legal_plays = None
        self._doubled_this_turn = False
        if self._position.is_over:
            kind = self._position.winner_kind
            assert kind is not None
            self._finish(mover, kind, self._cube.value, GameEnd.BORNE_OFF)
        else:
            self._phase = Phase.ROLL
            self._turn = self._on_roll
        return chosen

    @_atomic
    def double(self, *, player: int | None = None) -> None:
        """Offer to double the cube (R18), at the start of one's turn, before rolling.

        Raises :class:`~tavla.TurnError` out of turn, :class:`~tavla.CubeError` when the
        cube rules forbid it: after rolling, a cube owned by the opponent, no cube, the
        Crawford game or a 1-point match (R24), ``max_cube`` (R19) or the cube at 32768
        (the most the IDs hold), Holland (R25).
        """
        player = _player(player)
        if self._phase is Phase.PLAY and (player is None or player == self._turn):
            if not self._rules.cube:
                raise CubeError("these rules play without the cube (R18)")
            raise CubeError("a double is offered before rolling, not after (R18)")
        doubler = self._require(Phase.ROLL, "roll or double", player)
        refusal = self._double_refusal()
        if refusal is not None:
            raise CubeError(refusal)
        value = self._cube.value * 2
        self._history.append(DoubleAction(doubler, value))
        self._offer(_PendingCube(_Offer.DOUBLE, value, 1 - doubler))

    @_atomic
    def take(self, *, player: int | None = None) -> None:
        """Take the double (R19) or the beaver or raccoon (R20): the cube takes the offered
        value.  After a double the taker owns it; after a beaver the beaverer, after a
        raccoon the raccooner.  The player on roll then rolls.

        Raises :class:`~tavla.TurnError` when no double awaits this player's answer.
        """
        taker = self._require(Phase.CUBE, "answer the double", player)
        pending = self._pending_cube
        assert pending is not None
        self._history.append(TakeAction(taker, pending.value))
        self._cube = Cube(pending.value, pending.owner)
        self._cube_turned = True
        self._pending_cube = None
        self._doubled_this_turn = True
        self._phase = Phase.ROLL
        self._turn = self._on_roll

    @_atomic
    def drop(self, *, player: int | None = None) -> None:
        """Drop (pass) the double, beaver or raccoon (R19, R20): the game ends as a single
        game worth the value before that double.

        Raises :class:`~tavla.TurnError` when no double awaits this player's answer.
        """
        dropper = self._require(Phase.CUBE, "answer the double", player)
        pending = self._pending_cube
        assert pending is not None
        self._history.append(DropAction(dropper))
        self._pending_cube = None
        self._finish(1 - dropper, ResultKind.SINGLE, pending.value // 2, GameEnd.DROP)

    @_atomic
    def beaver(self, *, player: int | None = None) -> None:
        """Answer a double with a beaver (R20, money play with ``beavers``): take and at
        once redouble, keeping the cube; the doubler must answer.

        Raises :class:`~tavla.TurnError` when no double awaits this player's answer,
        :class:`~tavla.CubeError` when beavers are not allowed, the offer is not a plain
        double, or ``max_cube`` or the 32768 limit forbids it.
        """
        beaverer = self._require(Phase.CUBE, "answer the double", player)
        self._redouble(_Offer.BEAVER, beaverer, self._rules.beavers)

    @_atomic
    def raccoon(self, *, player: int | None = None) -> None:
        """Answer a beaver with a raccoon (R20, ``raccoons``): take and at once redouble
        again, keeping the cube; the beaverer must answer.

        Raises :class:`~tavla.TurnError` when no offer awaits this player's answer,
        :class:`~tavla.CubeError` when raccoons are not allowed, the offer is not a beaver,
        or ``max_cube`` or the 32768 limit forbids it.
        """
        raccooner = self._require(Phase.CUBE, "answer the beaver", player)
        self._redouble(_Offer.RACCOON, raccooner, bool(self._rules.raccoons))

    @_atomic
    def resign(self, kind: ResultKind | str | int, *, player: int | None = None) -> None:
        """Offer to resign a game of ``kind`` (R17): ``"single"``, ``"gammon"``,
        ``"backgammon"``, a :class:`ResultKind` or 1..3.  ``player`` (default: the player to
        act) may resign at the start of a turn or after a roll; the opponent then accepts
        or rejects.

        Raises :class:`~tavla.TurnError` when no resignation can be offered now (before the
        opening roll, while a double or another resignation awaits an answer, after the
        game), :class:`~tavla.RulesError` for an unknown kind,
        :class:`~tavla.errors.InvalidPlayerError` for a player other than 0 and 1.
        """
        resigned = _result_kind(kind)
        player = _player(player)
        if self._phase not in (Phase.ROLL, Phase.PLAY):
            raise TurnError(f"no resignation now: the game waits for {self._waiting_for()}")
        assert self._turn is not None
        resigner = self._turn if player is None else player
        self._history.append(ResignAction(resigner, resigned))
        self._pending_resignation = _PendingResignation(resigner, resigned, self._phase, self._turn)
        self._phase = Phase.RESIGNATION
        self._turn = 1 - resigner

    @_atomic
    def accept_resignation(self, *, player: int | None = None) -> None:
        """Accept the resignation: the game ends with the resigned kind, scored as R16 and
        R22 count it.  Raises :class:`~tavla.TurnError` when none awaits this player."""
        accepter = self._require(Phase.RESIGNATION, "answer the resignation", player)
        pending = self._pending_resignation
        assert pending is not None
        self._history.append(AcceptResignationAction(accepter))
        self._pending_resignation = None
        self._finish(accepter, pending.kind, self._cube.value, GameEnd.RESIGNATION)

    @_atomic
    def reject_resignation(self, *, player: int | None = None) -> None:
        """Reject the resignation: the game goes on where it was.  Raises
        :class:`~tavla.TurnError` when none awaits this player."""
        rejecter = self._require(Phase.RESIGNATION, "answer the resignation", player)
        pending = self._pending_resignation
        assert pending is not None
        self._history.append(RejectResignationAction(rejecter))
        self._pending_resignation = None
        self._phase = pending.phase
        self._turn = pending.turn

    # -- internals ---------------------------------------------------------------------

    def _opening_roll(self, given: Roll | None) -> Roll:
        rolls = [given] if given is not None else self._dice_source.opening_rolls()
        for rolled in rolls:
            if rolled[0] != rolled[1]:
                break
            if self._may_auto_double():
                self._auto_doubles += 1
                self._cube = Cube(self._cube.value * 2)
            self._history.append(OpeningRoll(rolled, None, self._cube.value))
        if rolled[0] == rolled[1]:  # a given tie: recorded, the opening roll is still due
            return rolled
        starter = 0 if rolled[0] > rolled[1] else 1
        self._history.append(OpeningRoll(rolled, starter, self._cube.value))
        self._on_roll = self._turn = starter
        if self._rules.opening == "standard":
            self._start_play((max(rolled), min(rolled)))
        else:
            self._phase = Phase.ROLL
        return rolled

    def _may_auto_double(self) -> bool:
        rules = self._rules
        limit = MAX_CUBE_VALUE if rules.max_cube is None else rules.max_cube
        return self._auto_doubles < rules.auto_doubles and self._cube.value * 2 <= limit

    def _start_play(self, dice: Roll) -> None:
        self._dice = dice
        self._legal_plays = self._position.legal_plays(dice)
        self._phase = Phase.PLAY

    def _find_legal(self, play: PlayLike) -> Play:
        assert self._dice is not None
        return find_play(self._position, self._dice, play)

    def _double_refusal(self) -> str | None:
        if self._phase is not Phase.ROLL or self._turn is None:
            return f"no double now: the game waits for {self._waiting_for()}"
        refusal = self._cube.refusal(self._turn, self._rules, self._match, self.turns_played)
        if refusal is None and self._doubled_this_turn:
            # Only after a raccoon does the side to roll own a cube turned this turn.
            return "the cube has already been turned this turn (R18)"
        return refusal

    def _redouble(self, offer: _Offer, player: int, option: bool) -> None:
        """A beaver or raccoon by ``player`` (R20), as the core's rule allows it (rules.hpp's
        redouble_refusal); only the wording of its refusals is here."""
        pending = self._pending_cube
        assert pending is not None
        value = pending.value * 2
        max_cube = self._rules.max_cube
        refusal = _core.redouble_refusal(
            match_length=self._match.length,
            option=option,
            redoubled=value,
            max_cube=MAX_CUBE_VALUE if max_cube is None else max_cube,
        )
        if refusal == 1:
            raise CubeError(
                f"{offer.value}s are not allowed: money play with {offer.value}s=True only (R20)"
            )
        answered = _Offer.DOUBLE if offer is _Offer.BEAVER else _Offer.BEAVER
        if pending.offer is not answered:
            raise CubeError(
                f"only a {answered.value} can be {offer.value}ed, not a {pending.offer.value} (R20)"
            )
        if refusal == 2:
            raise CubeError(f"a {offer.value} to {value} exceeds max_cube {max_cube} (R19)")
        if refusal == 3:
            raise CubeError(
                f"a {offer.value} to {value} passes {MAX_CUBE_VALUE}, the highest cube the"
                " Match ID and the XGID can hold (R19)"
            )
        action = BeaverAction if offer is _Offer.BEAVER else RaccoonAction
        self._history.append(action(player, value))
        self._offer(_PendingCube(offer, value, player))

    def _offer(self, pending: _PendingCube) -> None:
        assert self._turn is not None
        self._pending_cube = pending
        self._phase = Phase.CUBE
        self._turn = 1 - self._turn

    def _finish(self, winner: int, kind: ResultKind, cube_value: int, end: GameEnd) -> None:
        self._result = game_result(
            winner,
            kind,
            cube_value,
            end,
            self._rules,
            money=self._match.is_money,
            cube_turned=self._cube_turned,
        )
        self._phase = Phase.OVER
        self._turn = None
        self._dice = None
        self._legal_plays = None

    def _require(self, phase: Phase, action: str, player: int | None) -> int:
        """The player to act, after checking the phase and the given player."""
        player = _player(player)
        if self._phase is not phase or self._turn is None:
            raise TurnError(f"cannot {action} now: the game waits for {self._waiting_for()}")
        if player is not None and player != self._turn:
            raise TurnError(f"it is player {self._turn}'s turn to {action}, not player {player}'s")
        return self._turn

    def _waiting_for(self) -> str:
        turn = self._turn
        return {
            Phase.OPENING: "the opening roll",
            Phase.ROLL: f"player {turn} to roll or double",
            Phase.CUBE: f"player {turn} to answer the double",
            Phase.PLAY: f"player {turn} to play",
            Phase.RESIGNATION: f"player {turn} to answer the resignation",
            Phase.OVER: "nothing: it is over",
        }[self._phase]

    def __repr__(self) -> str:
        return f"<Game {self._position.position_id} waiting for {self._waiting_for()}>"

    def _repr_svg_(self) -> str | None:
        """The board with the dice, cube and score as SVG, for notebooks
        (:func:`tavla.render.svg.board_svg`)."""
        return _display.svg(self)

    def _repr_html_(self) -> str | None:
        """The board as SVG with the GNUbg ID as the caption, for notebooks."""
        return _display.html(self)


def _player(player: object) -> int | None:
    """None (the player to act), 0 or 1; InvalidPlayerError otherwise."""
    return check_optional_player(player, "player (None = the player to act)", InvalidPlayerError)


def _result_kind(kind: ResultKind | str | int) -> ResultKind:
    if isinstance(kind, ResultKind):
        return kind
    if isinstance(kind, str) and kind.lower() in _KIND_NAMES:
        return _KIND_NAMES[kind.lower()]
    if is_int(kind) and kind in (1, 2, 3):
        return ResultKind(kind)
    raise RulesError(f"a resignation is single, gammon or backgammon, got {excerpt(kind)}")


def _checked_settings(
    rules: Rules | None,
    match_length: int,
    score: tuple[int, int],
    crawford: bool,
    starter: int | None,
    position: Position | None,
    cube: Cube | None,
) -> tuple[Rules, MatchContext, Cube]:
    """The rules, match context and cube a game starts with, after checking every
    constructor argument (RulesError)."""
    length = check_int(
        match_length, "match_length (0 = money play)", RulesError, low=0, high=MAX_MATCH_LENGTH
    )
    if rules is None:
        rules = Rules.standard_money() if length == 0 else Rules.standard_match()
    check_instance(rules, "rules", RulesError, Rules)
    if length:
        rules.check_match_play()
    else:
        rules.check_money_play()
    if crawford is True and (length == 1 or not rules.crawford):
        raise RulesError(
            "only a match game with a side one point away can be the Crawford game (R24),"
            " under the Crawford rule, in a match longer than 1 point"
        )
    match = MatchContext(length, score, crawford, crawford_rule=rules.crawford)
    if match.is_over:
        raise RulesError(f"score {match.score} ends a {length}-point match: no game is left")
    fault = match.game_fault()
    if fault:
        raise RulesError(fault)
    if match.is_money and match.score != (0, 0):
        raise RulesError("money play has no match score")
    check_optional_player(starter, "starter", RulesError)
    if position is not None:
        check_instance(position, "position", RulesError, Position)
        if position.is_over:
            raise RulesError("the game cannot start from a finished position")
    cube = Cube() if cube is None else check_instance(cube, "cube", RulesError, Cube)
    if rules.max_cube is not None and cube.value > rules.max_cube:
        raise RulesError(f"the cube at {cube.value} exceeds max_cube {rules.max_cube}")
    if cube.value > 1 and not rules.cube:
        raise RulesError("these rules play without the cube (R18)")
    cube_fault = match.cube_fault(cube.value)
    if cube_fault:
        raise RulesError(cube_fault)
    return rules, match, cube
