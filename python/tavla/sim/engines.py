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

import shlex
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from .._validate import excerpt
from ..board.dice import Roll
from ..board.position import Position
from ..errors import PlayoutError
from ..eval.policies import PolicyLike, parse_policy, validated_policy
from ..formats.xgid import Xgid
from ._engine_process import EngineProcess

# Re-exported, so that the engines and what goes with them are imported from here:
from .engine_policy import DEFAULT_TIMEOUT as DEFAULT_TIMEOUT
from .engine_policy import ROLLS as ROLLS
from .engine_policy import Connection, EnginePolicy
from .engine_policy import turn_dice as turn_dice
from .gnubg_engine import MAX_GNUBG_PLIES as MAX_GNUBG_PLIES
from .gnubg_engine import Gnubg as Gnubg
from .gnubg_engine import gnubg_program as gnubg_program

UBGI_PREFIX = "ubgi:"
GNUBG_NAME = "gnubg"

UBGI_DRAFT = "0.01"
"""The first UBGI draft (Ø. Schønning-Johansen): positions as XGID lines, bare answers."""
UBGI_V02 = "0.2"
"""The v0.2 draft (bungogood's bgci): ``position``, ``dice`` and ``go`` commands."""

_NOT_ANSWERS = frozenset({"id", "info", "readyok", "ubgiok", "proto", "key", "value", "option"})
"""The first words of lines an engine may write while it thinks, skipped."""


class Ubgi(EnginePolicy):
    """An engine speaking UBGI over its stdin and stdout, run as ``command`` (a list of
    arguments, or one string split as a shell would).

    The engine is greeted with ``ubgi``; one that answers ``ubgiok`` speaks the v0.2 draft
    (bungogood's bgci: ``isready``, then per turn ``position gnubgid ID``, ``dice D1 D2``,
    ``go chequer`` and the answer ``bestmove ...``), one that answers ``readyok`` the first
    draft (Schønning-Johansen's: a position line ``XGID=...`` with the dice, the play as the
    answer).  Lines starting with ``id``, ``info``, ``readyok``, ``key`` and the like are
    skipped while waiting; ``id`` lines are kept in :attr:`ids` (``{"name": ...}``).

    ``timeout``: seconds allowed for each answer (and for the greeting), from the request to
    the answer, however many skipped lines come before it; ``processes``: how
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

    def _connect(self) -> Connection:
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

    def _send(self, *lines: str) -> None:
        """Send a request: its answer is due within the timeout from now."""
        self._asked = time.monotonic()
        self._process.send(*lines)

    def _greet(self) -> str:
        self._send("ubgi")
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
        self._send("isready")
        while self._line() != "readyok":
            pass
        return UBGI_V02

    def _line(self) -> str:
        return self._process.read_line(self._timeout, since=self._asked).strip()

    def request(self, position: Position, dice: Roll) -> None:
        if self.protocol == UBGI_V02:
            high, low = max(dice), min(dice)
            self._send(
                f"position gnubgid {position.position_id}", f"dice {high} {low}", "go chequer"
            )
        else:
            self._send(Xgid(position, dice=dice).encode())

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
