"""A program speaking UBGI as a tavla policy (:doc:`/engines`): :class:`Ubgi` greets it,
finds out which draft of the protocol it speaks, and asks it for one play at a time."""

from __future__ import annotations

import shlex
import time
from collections.abc import Sequence

from .._validate import excerpt
from ..board.dice import Roll
from ..board.position import Position
from ..errors import PlayoutError
from ..formats.xgid import Xgid
from ._process import EngineProcess
from .policy import DEFAULT_TIMEOUT, Connection, EnginePolicy

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
            raise PlayoutError(
                f"a UBGI engine's command is a program and its arguments, got {excerpt(command)}"
            )
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
            if self.protocol == UBGI_DRAFT and line not in (
                "sorry",
                "take",
                "drop",
                "double",
                "roll",
            ):
                return line
            if word == "bestmove":
                return "" if rest.strip() == "pass" else rest
            if word == "error" or line == "sorry":
                raise self._process.failure(f"reported an error: {excerpt(line, 120)}")
            raise self._process.failure(f"answered {excerpt(line, 120)}, not a play")

    def close(self) -> None:
        self._process.close()
