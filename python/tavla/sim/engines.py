"""External engines as policies (:doc:`/engines`): a program speaking UBGI (:class:`Ubgi`) or
GNU Backgammon itself (:class:`Gnubg`), each run as a separate process and asked for one
play at a time.

Both are Python policies (:class:`~tavla.eval.TurnScorer`): a playout hands them the
candidates of many turns at once, and they ask their engine about each turn in turn (with
``processes`` > 1, several engines answer turns side by side), then score the play the
engine chose 1 and the others 0.  The roll of a turn is the one whose legal plays are the
candidates (when several rolls allow the very same plays, the first in the order 11, 21,
22, 31 ...: any of them leaves the engine the same choice).  An engine's answer is
identified by its resulting position (:func:`tavla.board.position.find_play`).

Engines start when first asked (or on ``with engine:`` / :meth:`~Ubgi.start`) and stop on
:meth:`~Ubgi.close`, at the end of the ``with`` block, when garbage-collected and at exit;
a playout given an engine by name (``"ubgi:CMD"``, ``"gnubg"``) starts it for the run and
stops it after.  An engine that fails (dies, times out, answers out of protocol) raises
:class:`~tavla.EngineError` and is stopped; the next question starts it again.  An engine
pickles as its settings (a Dask worker starts its own).
"""

from __future__ import annotations

import os
import shlex
import shutil
import socket
import tempfile
import time
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_int, excerpt
from ..board.dice import Roll, parse_roll
from ..board.position import Play, Position, find_play
from ..errors import EngineError, PlayoutError, TavlaError
from ..eval.policies import PolicyLike, parse_policy, validated_policy
from ..formats.fibs import FibsBoard
from ..formats.xgid import Xgid
from ._engine_process import MAX_LINE_BYTES, EngineProcess

DEFAULT_TIMEOUT = 60.0
"""Seconds an engine may take over one answer (or to start and greet) by default."""

UBGI_PREFIX = "ubgi:"
GNUBG_NAME = "gnubg"
MAX_GNUBG_PLIES = 7
"""The deepest search GNU Backgammon's evaluation takes (its own limit)."""

UBGI_DRAFT = "0.01"
"""The first UBGI draft (Ø. Schønning-Johansen): positions as XGID lines, bare answers."""
UBGI_V02 = "0.2"
"""The v0.2 draft (bungogood's bgci): ``position``, ``dice`` and ``go`` commands."""

ROLLS: tuple[Roll, ...] = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 rolls, higher die first, in the order a turn's roll is looked for."""

_NOT_ANSWERS = frozenset({"id", "info", "readyok", "ubgiok", "proto", "key", "value", "option"})
"""The first words of lines an engine may write while it thinks, skipped."""


def gnubg_program() -> str | None:
    """The GNU Backgammon program: ``gnubg`` on PATH, else in /usr/games (where Debian
    installs it), else None."""
    return shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")


def turn_dice(
    positions: npt.NDArray[np.int8],
    candidates: npt.NDArray[np.int8],
    offsets: npt.NDArray[np.int64],
) -> list[Roll]:
    """The roll of each turn of a lockstep call (:class:`~tavla.eval.TurnScorer`): the
    first of :data:`ROLLS` whose legal results from ``positions[t]`` are the candidates
    ``candidates[offsets[t]:offsets[t + 1]]`` (in any order).  Raises
    :class:`~tavla.PlayoutError` for a turn that no roll gives."""
    count = len(positions)
    boards = np.ascontiguousarray(np.repeat(positions, len(ROLLS), axis=0), dtype=np.int8)
    rolls = np.tile(np.array(ROLLS, dtype=np.int64), (count, 1))
    results, starts = _core.legal_results(boards, rolls)
    found = []
    for t in range(count):
        mine = candidates[offsets[t] : offsets[t + 1]]
        for r, roll in enumerate(ROLLS):
            row = t * len(ROLLS) + r
            theirs = results[starts[row] : starts[row + 1]]
            if len(theirs) == len(mine) and (
                np.array_equal(theirs, mine) or _same_boards(theirs, mine)
            ):
                found.append(roll)
                break
        else:
            raise PlayoutError(
                f"turn {t}: no roll has these {len(mine)} candidates as its legal plays from"
                f" {Position(positions[t]).position_id}"
            )
    return found


def _same_boards(a: npt.NDArray[np.int8], b: npt.NDArray[np.int8]) -> bool:
    return {row.tobytes() for row in a} == {row.tobytes() for row in b}


class _Connection(Protocol):
    """One running engine: asked about one turn at a time."""

    pid: int

    def request(self, position: Position, dice: Roll) -> None: ...

    def answer(self) -> str: ...

    def close(self) -> None: ...


class _EnginePolicy:
    """What :class:`Ubgi` and :class:`Gnubg` share: a pool of ``processes`` connections
    to the engine, the lockstep protocol, and the matching of answers to plays."""

    def __init__(self, name: str, timeout: float, processes: int) -> None:
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
            raise PlayoutError(f"timeout must be a number of seconds > 0, got {excerpt(timeout)}")
        self.name = name
        self.timeout = float(timeout)
        self.processes = check_int(processes, "processes", PlayoutError, low=1, high=256)
        self._watch_connections()

    def _watch_connections(self) -> None:
        """No connections yet; those made are closed with :meth:`close`, or when this
        object is collected or the interpreter exits."""
        self._connections: list[_Connection] = []
        self._finalizer = weakref.finalize(self, _close_all, self._connections)

    def _connect(self) -> _Connection:
        raise NotImplementedError

    # -- life --------------------------------------------------------------------------

    def start(self) -> None:
        """Start the engine's processes (if they are not running) and greet them; raises
        :class:`~tavla.EngineError` when one cannot start or does not answer."""
        try:
            while len(self._connections) < self.processes:
                self._connections.append(self._connect())
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Stop the engine's processes and wait for them (idempotent)."""
        _close_all(self._connections)

    @property
    def pids(self) -> tuple[int, ...]:
        """The process ids of the running engine processes (empty when stopped)."""
        return tuple(connection.pid for connection in self._connections)

    def __enter__(self) -> _EnginePolicy:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __getstate__(self) -> dict[str, Any]:
        unpicklable = ("_connections", "_finalizer")
        return {key: value for key, value in self.__dict__.items() if key not in unpicklable}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._watch_connections()

    # -- questions ---------------------------------------------------------------------

    def play(self, position: Position, roll: str | Roll) -> Play:
        """The play the engine makes with ``roll`` in ``position`` (asked even when only one
        play is legal).  Raises :class:`~tavla.EngineError` as the class says, and what
        :meth:`~tavla.Position.legal_plays` raises for a finished game or a bad roll."""
        if not isinstance(position, Position):
            raise PlayoutError(f"position must be a Position, got {type(position).__name__}")
        dice = parse_roll(roll)
        position.legal_plays(dice)  # a finished game or a bad roll fails here, not in the engine
        (play,) = self._ask([(position, dice)])
        return play

    def score_turns(
        self,
        candidates: npt.NDArray[np.int8],
        positions: npt.NDArray[np.int8],
        offsets: npt.NDArray[np.int64],
    ) -> npt.NDArray[np.float64]:
        """The lockstep protocol (:class:`~tavla.eval.TurnScorer`): 1 for the play the
        engine chose in each turn, 0 for the others."""
        dice = turn_dice(positions, candidates, offsets)
        turns = [(Position(board), roll) for board, roll in zip(positions, dice, strict=True)]
        scores = np.zeros(len(candidates), dtype=np.float64)
        for t, play in enumerate(self._ask(turns)):
            mine = candidates[offsets[t] : offsets[t + 1]]
            rows = {row.tobytes(): k for k, row in enumerate(mine)}
            scores[offsets[t] + rows[play.position.key]] = 1.0
        return scores

    def _ask(self, turns: Sequence[tuple[Position, Roll]]) -> list[Play]:
        """The engine's plays of ``turns``, asked of the pool's processes side by side; any
        failure (or Ctrl-C) stops them all, as an answer may be on its way."""
        self.start()
        plays: list[Play] = []
        width = len(self._connections)
        try:
            for first in range(0, len(turns), width):
                batch = list(zip(self._connections, turns[first : first + width], strict=False))
                for connection, (position, dice) in batch:
                    connection.request(position, dice)
                for connection, (position, dice) in batch:
                    plays.append(self._play_of(connection.answer(), position, dice))
        except BaseException:
            self.close()
            raise
        return plays

    def _play_of(self, text: str, position: Position, dice: Roll) -> Play:
        try:
            return find_play(position, dice, text)
        except TavlaError as error:
            raise EngineError(
                f"{self.name} answered {excerpt(text)} to {position.position_id} with"
                f" {dice[0]}-{dice[1]}: {error}"
            ) from None


def _close_all(connections: list[_Connection]) -> None:
    while connections:
        connections.pop().close()


class Ubgi(_EnginePolicy):
    """An engine speaking UBGI over its stdin and stdout, run as ``command`` (a list of
    arguments, or one string split as a shell would).

    The engine is greeted with ``ubgi``; one that answers ``ubgiok`` speaks the v0.2 draft
    (bungogood's bgci: ``isready``, then per turn ``position gnubgid ID``, ``dice D1 D2``,
    ``go chequer`` and the answer ``bestmove ...``), one that answers ``readyok`` the first
    draft (Schønning-Johansen's: a position line ``XGID=...`` with the dice, the play as the
    answer).  Lines starting with ``id``, ``info``, ``readyok``, ``key`` and the like are
    skipped while waiting; ``id`` lines are kept in :attr:`ids` (``{"name": ...}``).

    ``timeout``: seconds allowed for each answer (and for the greeting); ``processes``: how
    many copies of the engine answer side by side.  Raises :class:`~tavla.PlayoutError` for
    a bad argument; when asked, :class:`~tavla.EngineError` if the program cannot start,
    dies, is too slow, reports an error or answers something else than a legal play.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        processes: int = 1,
    ) -> None:
        arguments = shlex.split(command) if isinstance(command, str) else list(command)
        if not arguments or not all(isinstance(word, str) for word in arguments):
            raise PlayoutError(f"a UBGI engine's command is a program and its arguments, got"
                               f" {excerpt(command)}")  # fmt: skip
        self.command = tuple(arguments)
        super().__init__(f"UBGI engine {excerpt(shlex.join(arguments), 100)}", timeout, processes)
        self.ids: dict[str, str] = {}
        self.protocol: str | None = None

    def _connect(self) -> _Connection:
        connection = _UbgiConnection(self.command, self.name, self.timeout)
        self.ids, self.protocol = connection.ids, connection.protocol
        return connection

    def __repr__(self) -> str:
        return f"Ubgi({list(self.command)!r})"


class _UbgiConnection:
    def __init__(self, command: Sequence[str], name: str, timeout: float) -> None:
        self._process = EngineProcess(command, name, goodbye=b"quit\n")
        self.pid = self._process.pid
        self._timeout = timeout
        self.ids: dict[str, str] = {}
        try:
            self.protocol = self._greet()
        except BaseException:
            self._process.close()
            raise

    def _greet(self) -> str:
        self._process.send("ubgi")
        while True:
            line = self._line()
            if line in ("ubgiok", "readyok"):
                break
            word, _, rest = line.partition(" ")
            if word == "id":
                key, _, value = rest.strip().partition(" ")
                self.ids[key] = value.strip()
            elif word == "error" or line == "sorry":
                raise self._process.failure(f"refused the greeting 'ubgi': {excerpt(line)}")
            # anything else (a banner, option lists) may precede the handshake's end
        if line == "readyok":
            return UBGI_DRAFT
        self._process.send("isready")
        while self._line() != "readyok":
            pass
        return UBGI_V02

    def _line(self) -> str:
        return self._process.read_line(self._timeout).strip()

    def request(self, position: Position, dice: Roll) -> None:
        if self.protocol == UBGI_V02:
            high, low = max(dice), min(dice)
            self._process.send(
                f"position gnubgid {position.position_id}", f"dice {high} {low}", "go chequer"
            )
        else:
            self._process.send(Xgid(position, dice=dice).encode())

    def answer(self) -> str:
        while True:
            line = self._line()
            word, _, rest = line.partition(" ")
            if word in _NOT_ANSWERS or (not line and self.protocol == UBGI_V02):
                continue
            if self.protocol == UBGI_DRAFT and line not in ("sorry", "take", "drop", "double",
                                                            "roll"):  # fmt: skip
                return line
            if word == "bestmove":
                return "" if rest.strip() == "pass" else rest
            if word == "error" or line == "sorry":
                raise self._process.failure(f"reported an error: {excerpt(line, 120)}")
            raise self._process.failure(f"answered {excerpt(line, 120)}, not a play")

    def close(self) -> None:
        self._process.close()


class Gnubg(_EnginePolicy):
    """GNU Backgammon as a policy, at arm's length: its program (``gnubg -t``, found by
    :func:`gnubg_program` unless ``program`` is given) run in a temporary home of its own,
    answering through its external-player socket (a Unix socket in that home), one FIBS
    board string a turn (:ref:`fibs-board`, gnubg's flavour), its play as the answer.

    It plays at ``plies`` (0 to :data:`MAX_GNUBG_PLIES`, gnubg's own count: 0-ply is its
    net on the positions after each play, as tavla's 0-ply), cubeless (``set evaluation
    chequerplay evaluation cubeful off``: the money equity of a game without cube, which a
    cubeless playout scores), Jacoby off, no noise; the board says money play, cube 1 in the
    centre.  ``timeout`` and ``processes`` as for :class:`Ubgi`.

    Raises :class:`~tavla.EngineError` when gnubg is not installed (or on a system without
    Unix sockets), and as :class:`Ubgi` when asked; :class:`~tavla.PlayoutError` for a bad
    argument.
    """

    def __init__(
        self,
        plies: int = 0,
        *,
        program: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        processes: int = 1,
    ) -> None:
        self.plies = check_int(plies, "gnubg's plies", PlayoutError, low=0, high=MAX_GNUBG_PLIES)
        found = gnubg_program() if program is None else shutil.which(program)
        if found is None:
            where = "on PATH or in /usr/games" if program is None else f"at {excerpt(program)}"
            raise EngineError(f"GNU Backgammon is not installed (no gnubg {where})")
        if not hasattr(socket, "AF_UNIX"):
            raise EngineError("GNU Backgammon's external player needs Unix sockets")
        self.program = found
        super().__init__(f"GNU Backgammon ({found} at {self.plies}-ply)", timeout, processes)

    def _connect(self) -> _Connection:
        return _GnubgConnection(self.program, self.plies, self.name, self.timeout)

    def __repr__(self) -> str:
        return f"Gnubg(plies={self.plies})"


class _GnubgConnection:
    def __init__(self, program: str, plies: int, name: str, timeout: float) -> None:
        self._home = tempfile.mkdtemp(prefix="tavla-gnubg-")
        self._socket: socket.socket | None = None
        address = os.path.join(self._home, "external")
        try:
            self._process = EngineProcess(
                [program, "-t", "-q", "-r"], name, read_stdout=False,
                env={**os.environ, "HOME": self._home}, terminate=True,
            )  # fmt: skip
        except BaseException:
            shutil.rmtree(self._home, ignore_errors=True)
            raise
        self.pid = self._process.pid
        try:
            self._process.send(
                f"set evaluation chequerplay evaluation plies {plies}",
                "set evaluation chequerplay evaluation cubeful off",
                "set evaluation chequerplay evaluation noise 0",
                "set jacoby off",
                f"external {address}",
            )
            self._socket = self._connect(address, timeout)
            self._reader = self._socket.makefile("rb")
        except BaseException:
            self.close()
            raise

    def _connect(self, address: str, timeout: float) -> socket.socket:
        """Connect to gnubg's socket once it listens (it creates the file first)."""
        deadline = time.monotonic() + timeout
        while True:
            if self._process.exited:
                raise self._process.failure("stopped before it listened on its socket")
            connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                connection.connect(address)
            except OSError:
                connection.close()
                if time.monotonic() > deadline:
                    raise self._process.failure(
                        f"did not listen on its socket within {timeout:g} s"
                    ) from None
                time.sleep(0.02)
                continue
            connection.settimeout(timeout)
            return connection

    def request(self, position: Position, dice: Roll) -> None:
        assert self._socket is not None
        board = FibsBoard(position, "tavla", "gnubg", match_length=0, dice=dice, flavour="gnubg")
        try:
            self._socket.sendall(f"{board}\n".encode())
        except OSError:
            raise self._process.failure("closed its socket") from None

    def answer(self) -> str:
        try:
            raw = self._reader.readline(MAX_LINE_BYTES)
        except TimeoutError:
            raise self._process.failure(f"did not answer within {self._timeout_text()}") from None
        except OSError:
            raise self._process.failure("closed its socket") from None
        if not raw:
            raise self._process.failure("closed its socket")
        line = raw.decode("utf-8", "replace").strip()
        if line.lower().startswith("error"):
            raise self._process.failure(f"reported an error: {excerpt(line, 120)}")
        return line

    def _timeout_text(self) -> str:
        assert self._socket is not None
        return f"{self._socket.gettimeout():g} s"

    def close(self) -> None:
        if self._socket is not None:  # gnubg waits for the next connection: it is terminated
            self._reader.close()
            self._socket.close()
            self._socket = None
        self._process.close()
        shutil.rmtree(self._home, ignore_errors=True)


# -- names -----------------------------------------------------------------------------


def engine_policy(text: str, *, timeout: float = DEFAULT_TIMEOUT) -> Ubgi | Gnubg | None:
    """The engine a policy name stands for, not started: ``ubgi:COMMAND`` (the command
    split as a shell would: ``ubgi:"tavla ubgi --policy pubeval"`` on a command line) is a
    :class:`Ubgi`, ``gnubg`` a :class:`Gnubg` at 0-ply and ``gnubg@N`` at N plies; None
    for any other name.  Raises :class:`~tavla.PlayoutError` for an empty command or a bad
    depth, :class:`~tavla.EngineError` for gnubg when it is not installed."""
    if text.startswith(UBGI_PREFIX):
        command = text[len(UBGI_PREFIX) :]
        try:
            arguments = shlex.split(command)
        except ValueError as error:
            message = f"cannot read the UBGI command {excerpt(command)}: {error}"
            raise PlayoutError(message) from None
        if not arguments:
            raise PlayoutError("ubgi:COMMAND needs the command that runs the engine")
        return Ubgi(arguments, timeout=timeout)
    name, at, depth = text.partition("@")
    if name != GNUBG_NAME:
        return None
    if at and not (depth.isascii() and depth.isdigit()):
        raise PlayoutError(f"gnubg@N takes a number of plies, got {excerpt(text)}")
    return Gnubg(int(depth) if at else 0, timeout=timeout)


def parse_any_policy(text: str) -> PolicyLike:
    """A policy named on the command line: an engine (:func:`engine_policy`) or what
    :func:`~tavla.eval.policies.parse_policy` reads; raises as they do, the message of an
    unknown name listing the engines too."""
    engine = engine_policy(text)
    if engine is not None:
        return engine
    try:
        return parse_policy(text)
    except PlayoutError as error:
        if not str(error).startswith("unknown policy"):
            raise
        raise PlayoutError(
            f"{error}; an external engine is ubgi:COMMAND (a UBGI engine) or gnubg, gnubg@N"
        ) from None


def checked_policy(policy: PolicyLike) -> None:
    """Check a policy before a run without starting anything: an engine name is read, any
    other policy goes through :func:`~tavla.eval.policies.validated_policy`."""
    if isinstance(policy, str) and engine_policy(policy) is not None:
        return
    validated_policy(policy)


@contextmanager
def opened(policy: PolicyLike) -> Iterator[PolicyLike]:
    """``policy`` for a run: an engine name becomes its engine, started and stopped with
    the block; any other policy (an engine object too: its owner stops it) is itself."""
    engine = engine_policy(policy) if isinstance(policy, str) else None
    if engine is None:
        yield policy
        return
    with engine:
        yield engine
