"""GNU Backgammon as a policy (:doc:`/engines`), at arm's length: its program run as a
separate process and asked for one play at a time over its external-player socket.  Nothing
of gnubg (GPL) is bundled or imported."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import time

from .._validate import check_int, excerpt
from ..board.dice import Roll
from ..board.position import Position
from ..errors import EngineError, PlayoutError
from ..formats.fibs import FibsBoard
from ._process import MAX_LINE_BYTES, EngineProcess
from .policy import DEFAULT_TIMEOUT, Connection, EnginePolicy

MAX_GNUBG_PLIES = 7
"""The deepest search GNU Backgammon's evaluation takes (its own limit)."""


def gnubg_program() -> str | None:
    """The GNU Backgammon program: ``gnubg`` on PATH, else in /usr/games (where Debian
    installs it), else None."""
    return shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")


class Gnubg(EnginePolicy):
    """GNU Backgammon as a policy, at arm's length: its program (``gnubg -t``, found by
    :func:`gnubg_program` unless ``program`` is given) run in a temporary home of its own,
    answering through its external-player socket (a Unix socket in that home), one FIBS
    board string a turn (:ref:`fibs-board`, gnubg's flavour), its play as the answer.

    It plays at ``plies`` (0 to :data:`MAX_GNUBG_PLIES`, gnubg's own count: 0-ply is its
    net on the positions after each play, as tavla's 0-ply), cubeless (``set evaluation
    chequerplay evaluation cubeful off``: the money equity of a game without cube, which a
    cubeless playout scores), Jacoby off, no noise; the board says money play, cube 1 in the
    centre.  ``timeout`` and ``processes`` as for :class:`~tavla.engines.Ubgi`.

    Raises :class:`~tavla.EngineError` when gnubg is not installed (or on a system without
    Unix sockets), and when asked as :class:`~tavla.engines.Ubgi` does;
    :class:`~tavla.PlayoutError` for a bad argument.
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

    def _connect(self) -> Connection:
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
                [program, "-t", "-q", "-r"],
                name,
                read_stdout=False,
                env={**os.environ, "HOME": self._home},
                terminate=True,
            )
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
