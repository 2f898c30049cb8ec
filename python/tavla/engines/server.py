"""tavla as a UBGI engine (:doc:`/engines`): the answers of a policy to UBGI commands, one
line in, the answer lines out, as ``tavla ubgi`` serves them over stdin and stdout.

Both UBGI drafts are understood.  The v0.2 draft (bungogood's bgci): ``ubgi`` (answered
with ``id`` lines, ``proto 0.2``, ``ubgiok``, then ``readyok`` for the controllers of the
first draft, which wait for it), ``isready``, ``newgame``, ``position gnubgid ID`` (a
Position ID, or a GNUbg ID with its Match ID), ``position xgid XGID``, ``dice D1 D2``,
``go chequer`` (answered ``bestmove 24/18 18/13``, or ``bestmove pass``), ``go cube``
(``bestcube double`` or ``bestcube nodouble``; with a double pending in the position,
``bestcube take`` or ``bestcube drop``), a bare ``go`` (the play when dice are set, else
the cube), ``set``/``get``/``keys`` for the one key ``engine.policy``, ``stop``, ``quit``;
v0.1's ``go role chequer``/``go role cube`` and ``setoption name K value V`` too.  Errors are
``error CODE detail`` lines with the draft's codes (``bad_command``, ``bad_value``,
``bad_state``, ``unsupported``).  The first draft (Ø. Schønning-Johansen's): a line that is
an XGID (``XGID=...``) or a FIBS board string (``board:...``) is answered with the action
alone: the play when it holds dice (an empty line when no checker can move), else
``take``/``drop`` to a pending double, else ``double``/``roll``; ``sorry`` when that cannot
be answered.

Plays are written in the plain form both drafts ask for: one ``from/to`` per die, in
playing order, ``bar`` and ``off``, no ``*`` and no ``(2)``.  The play is the policy's
(:func:`tavla.eval.choice.choose_play`), cubeless whatever the score or cube.  Cube answers
come from :func:`tavla.cube_decision` on the policy's evaluator at its depth
(:func:`tavla.eval.choice.cube_evaluator`): a net policy's net, the bear-off database for
``bearoff`` (only in bear-offs); ``pubeval`` and ``random`` give no probabilities, so they
answer ``error unsupported`` (``sorry``).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import TextIO

import numpy as np

from .._validate import excerpt
from ..board.dice import Roll, parse_roll
from ..board.notation import point_name
from ..board.position import Play, Position
from ..errors import TavlaError
from ..eval.choice import choose_play, cube_evaluator
from ..eval.cube_analysis import cube_decision
from ..eval.policies import PolicyLike, default_policy, parsed_policy, validated_policy
from ..formats.any_id import AnyId, as_gnubg_id, parse_id, parse_position_or_gnubg_id
from ..formats.gnubg import MatchId, MatchIdState
from ..game.cube_context import CubeContext
from .policy import EnginePolicy

ENGINE_NAME = "tavla"
POLICY_KEY = "engine.policy"


class _Refusal(Exception):
    """A command that cannot be answered: its UBGI error code and detail."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code


@dataclass(frozen=True)
class _Situation:
    """A position given to the engine by an ID (:func:`~tavla.formats.parse_id`), with what
    the ID says: the dice (None before the roll) and the cube context.  Refuses a game that
    is not being played."""

    parsed: AnyId

    def __post_init__(self) -> None:
        match_id = self.match_id
        if match_id is not None and match_id.game_state is not MatchIdState.PLAYING:
            raise _Refusal("bad_state", "the game in this position is not being played")

    @property
    def position(self) -> Position:
        return self.parsed if isinstance(self.parsed, Position) else self.parsed.position

    @property
    def match_id(self) -> MatchId | None:
        gnubg_id = as_gnubg_id(self.parsed)
        return None if gnubg_id is None else gnubg_id.match_id

    @property
    def dice(self) -> Roll | None:
        return None if self.match_id is None else self.match_id.dice

    @property
    def double_offered(self) -> bool:
        return self.match_id is not None and self.match_id.double_offered

    def context(self) -> CubeContext:
        return CubeContext.from_parsed_id(self.parsed)


def plain_play(play: Play) -> str:
    """A play as UBGI writes it: ``24/18 18/13``, ``bar/22 6/off``; ``""`` for a pass."""
    return " ".join(f"{point_name(start)}/{point_name(end)}" for start, end in play.moves)


class UbgiEngine:
    """The UBGI answers of ``policy`` (anything a playout takes, see the module), one
    command line at a time: :meth:`handle` returns the lines to send back; :attr:`done`
    turns True after ``quit``.  ``seed`` seeds the choices of ``"random"``; ``policy`` None:
    :func:`~tavla.eval.policies.default_policy`, the strongest shipped net.  Raises
    :class:`~tavla.PlayoutError` for a policy that is not one."""

    def __init__(self, policy: PolicyLike | None = None, *, seed: int | None = None) -> None:
        policy = default_policy() if policy is None else policy
        self.policy = policy
        self._player = _player(policy)
        self.done = False
        self._rng = np.random.default_rng(seed)
        self._situation: _Situation | None = None
        self._dice: Roll | None = None  # given by ``dice``, or the position's own

    def handle(self, line: str) -> list[str]:
        """The answer lines to one command line (without its line break)."""
        words = line.split()
        if not words:
            return []
        if words[0].upper().startswith("XGID=") or words[0].startswith("board:"):
            return [self._first_draft_answer(line.strip())]
        try:
            return self._command(words)
        except _Refusal as refusal:
            return [f"error {refusal.code} {refusal}"]

    def _command(self, words: list[str]) -> list[str]:
        command, arguments = words[0], words[1:]
        if command == "ubgi":
            return [*self._greeting(), "readyok"]
        if command == "isready":
            return ["readyok"]
        if command == "newgame":
            self._situation, self._dice = None, None
            return []
        if command == "position":  # a refused position leaves none, nor dice
            self._situation, self._dice = None, None
            self._situation = _read_position(arguments)
            self._dice = self._situation.dice
            return []
        if command == "dice":  # refused dice leave none
            self._dice = None
            self._dice = _read_dice(arguments)
            return []
        if command == "go":
            return [self._go(arguments[1:] if arguments[:1] == ["role"] else arguments)]
        if command == "set" and len(arguments) >= 2:
            return self._set(arguments[0], " ".join(arguments[1:]))
        if command == "setoption" and len(arguments) >= 4 and arguments[0] == "name":
            at = arguments.index("value") if "value" in arguments else -1
            if at > 1:
                return self._set(" ".join(arguments[1:at]), " ".join(arguments[at + 1 :]))
        if command == "get" and len(arguments) == 1:
            self._check_key(arguments[0])
            return [f"value {POLICY_KEY} {self._policy_text()}"]
        if command == "keys":
            return [f"key {POLICY_KEY} string * {self._policy_text()} the policy that plays"]
        if command == "stop":
            return []
        if command == "quit":
            self.done = True
            return []
        usage = {
            "set": "expected: set <key> <value>",
            "setoption": "expected: setoption name <key> value <value>",
            "get": "expected: get <key>",
        }
        detail = usage.get(command, f"unknown command {excerpt(command)}")
        raise _Refusal("bad_command", detail)

    def _greeting(self) -> list[str]:
        try:
            number = version("tavla")
        except PackageNotFoundError:  # a source tree that was never installed
            number = "0+unknown"
        return [
            f"id name {ENGINE_NAME} ({self._policy_text()})",
            "id author the tavla developers",
            f"id version {number}",
            "proto 0.2",
            "ubgiok",
        ]

    def _policy_text(self) -> str:
        return self.policy if isinstance(self.policy, str) else repr(self.policy)

    def _check_key(self, key: str) -> None:
        if key != POLICY_KEY:
            raise _Refusal("unsupported", f"no key {excerpt(key)}: the one key is {POLICY_KEY}")

    def _set(self, key: str, value: str) -> list[str]:
        self._check_key(key)
        try:
            player = _player(value)
        except TavlaError as error:
            raise _Refusal("bad_value", f"{POLICY_KEY}: {error}") from None
        self.close()
        self.policy, self._player = value, player
        return []

    def close(self) -> None:
        """Stop the external engine that plays for this one, if its policy is one."""
        if isinstance(self._player, EnginePolicy):
            self._player.close()

    def _go(self, role: list[str]) -> str:
        situation = self._situation
        if situation is None:
            raise _Refusal("bad_state", "missing position")
        dice = self._dice
        if role == ["turn"]:
            raise _Refusal("unsupported", "go turn")
        if role == ["chequer"] or (not role and dice is not None):
            if dice is None:
                raise _Refusal("bad_state", "missing dice")
            return f"bestmove {plain_play(self._play(situation.position, dice)) or 'pass'}"
        if role in (["cube"], []):
            return f"bestcube {self._cube(situation)}"
        raise _Refusal("bad_command", f"unknown go role {excerpt(' '.join(role))}")

    def _play(self, position: Position, dice: Roll) -> Play:
        if position.is_over:
            raise _Refusal("bad_state", "the game is over: a side has borne off all 15")
        try:  # the higher die first: the moves of a play come in the order of the dice
            return choose_play(self._player, position, (max(dice), min(dice)), rng=self._rng)
        except TavlaError as error:
            raise _Refusal("bad_state", str(error)) from None

    def _cube(self, situation: _Situation) -> str:
        """``double``/``nodouble``, or ``take``/``drop`` to a pending double."""
        position = situation.position
        if position.is_over:
            raise _Refusal("bad_state", "the game is over: a side has borne off all 15")
        try:
            evaluator = cube_evaluator(self._player)
        except TavlaError as error:
            raise _Refusal("unsupported", str(error)) from None
        if not evaluator.answers(position):
            where = "the bear-off database decides the cube only where both sides are home"
            raise _Refusal("unsupported", where)
        try:
            decision = cube_decision(
                position,
                situation.context(),
                evaluator.evaluator or "bearoff",
                plies=evaluator.plies,
                bearoff=evaluator.bearoff,
            )
        except TavlaError as error:
            raise _Refusal("bad_state", str(error)) from None
        if situation.double_offered:
            return "take" if decision.take else "drop"
        doubles = decision.refusal is None and decision.action.startswith("double/")
        return "double" if doubles else "nodouble"

    def _first_draft_answer(self, text: str) -> str:
        """The first draft's answer to a position line: the action alone, ``sorry`` when
        there is none to give."""
        try:
            situation = _Situation(parse_id(text))
            if situation.dice is not None:
                return plain_play(self._play(situation.position, situation.dice))
            answer = self._cube(situation)
        except (_Refusal, TavlaError):
            return "sorry"
        return {"nodouble": "roll"}.get(answer, answer)


def _player(policy: PolicyLike) -> PolicyLike:
    """What plays for a policy: the engine or policy its name stands for, checked."""
    player = parsed_policy(policy)
    validated_policy(player)
    return player


def _read_position(arguments: list[str]) -> _Situation:
    if len(arguments) != 2 or arguments[0] not in ("gnubgid", "xgid"):
        raise _Refusal("bad_command", "expected: position gnubgid <ID> or position xgid <XGID>")
    kind, text = arguments
    try:
        if kind == "xgid":
            return _Situation(
                parse_id(text if text.upper().startswith("XGID=") else f"XGID={text}")
            )
        return _Situation(parse_position_or_gnubg_id(text))
    except TavlaError as error:
        raise _Refusal("bad_value", str(error)) from None


def _read_dice(arguments: list[str]) -> Roll:
    try:
        return parse_roll(" ".join(arguments))
    except TavlaError as error:
        raise _Refusal("bad_value", f"dice: {error}") from None


def serve(engine: UbgiEngine, commands: TextIO, answers: TextIO) -> None:
    """Answer ``commands`` line by line on ``answers`` (flushed after each command) until
    ``quit`` or the end of the input."""
    for line in commands:
        replies = engine.handle(line.rstrip("\r\n"))
        if replies:
            answers.write("".join(f"{reply}\n" for reply in replies))
            answers.flush()
        if engine.done:
            return
