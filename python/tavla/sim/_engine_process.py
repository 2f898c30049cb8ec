"""An external engine's program run as a child process (:mod:`tavla.sim.engines`): started
in its own process group, so that Ctrl-C in a terminal reaches tavla alone, which then stops
it; its answers read line by line with a timeout; stopped and waited for on close, on error,
when it is garbage-collected and at interpreter exit, so that no zombie process is left."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import weakref
from collections.abc import Mapping, Sequence
from typing import IO, Any

from .._validate import excerpt
from ..errors import EngineError

GRACE_SECONDS = 2.0
"""How long a program may take to exit on its own once told to, before it is killed."""

MAX_LINE_BYTES = 1 << 20
"""The longest line read from an engine; a longer one is cut there (and is out of protocol)."""

_LAST_WORDS = 300
"""The characters of an engine's stderr quoted when it fails."""


def _own_process_group() -> dict[str, Any]:
    if sys.platform == "win32":
        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    return {"start_new_session": True}


class EngineProcess:
    """A program run for an engine named ``name`` (in messages).

    Its stdin is a pipe (:meth:`send`); its stdout a pipe read by :meth:`read_line` when
    ``read_stdout``, else written with its stderr to a temporary log, whose end
    :meth:`failure` quotes.  Raises :class:`~tavla.EngineError` when the program cannot be
    started.
    """

    def __init__(
        self,
        command: Sequence[str],
        name: str,
        *,
        read_stdout: bool = True,
        env: Mapping[str, str] | None = None,
        goodbye: bytes = b"",
        terminate: bool = False,
    ) -> None:
        self.name = name
        self._log = tempfile.TemporaryFile()
        try:
            self._process = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE if read_stdout else self._log,
                stderr=self._log,
                env=None if env is None else dict(env),
                **_own_process_group(),
            )
        except OSError as error:
            self._log.close()
            reason = error.strerror or str(error)
            raise EngineError(f"cannot start {name}: {reason}") from None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        if read_stdout:
            assert self._process.stdout is not None
            threading.Thread(
                target=_pump, args=(self._process.stdout, self._lines), daemon=True,
                name=f"tavla engine reader {self._process.pid}",
            ).start()  # fmt: skip
        self._stop = weakref.finalize(self, _stop, self._process, self._log, goodbye, terminate)

    @property
    def pid(self) -> int:
        """The process id of the program."""
        return self._process.pid

    @property
    def exited(self) -> bool:
        """True once the program has exited (of itself, or stopped by :meth:`close`)."""
        return self._process.poll() is not None

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has stopped the program."""
        return not self._stop.alive

    def send(self, *lines: str) -> None:
        """Write ``lines`` to the program's stdin, each ended by a line break; raises
        :class:`~tavla.EngineError` when it has closed its stdin (it died)."""
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write("".join(f"{line}\n" for line in lines).encode())
            stdin.flush()
        except (OSError, ValueError):  # a broken pipe, or a pipe already closed here
            raise self.failure("stopped reading its input") from None

    def read_line(self, timeout: float) -> str:
        """The next line the program writes, without its line break; raises
        :class:`~tavla.EngineError` when none comes within ``timeout`` seconds or the program
        has closed its output."""
        try:
            raw = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise self.failure(f"did not answer within {timeout:g} s") from None
        if raw is None:
            try:  # the exit status, when the output closed because the program exited
                self._process.wait(timeout=GRACE_SECONDS)
            except subprocess.TimeoutExpired:
                pass
            raise self.failure("closed its output")
        return raw.decode("utf-8", "replace").rstrip("\r\n")

    def failure(self, what: str) -> EngineError:
        """An :class:`~tavla.EngineError` saying that the engine ``what``, with its exit
        status if it has exited and the end of what it wrote on stderr."""
        status = self._process.poll()
        died = "" if status is None else f" (it exited with status {status})"
        words = self.last_words()
        said = f"; its stderr ends: {excerpt(words, _LAST_WORDS)}" if words else ""
        return EngineError(f"{self.name} {what}{died}{said}")

    def last_words(self) -> str:
        """The end of the program's log (its stderr), stripped."""
        if self._log.closed:
            return ""
        self._log.seek(0, os.SEEK_END)
        size = self._log.tell()
        self._log.seek(max(0, size - 4 * _LAST_WORDS))
        return self._log.read().decode("utf-8", "replace").strip()[-_LAST_WORDS:]

    def close(self) -> None:
        """Stop the program: write ``goodbye`` and close its stdin (and send it SIGTERM at
        once when ``terminate``: a program that does not stop at the end of its input), give
        it :data:`GRACE_SECONDS` to exit, then SIGTERM and as long again, then kill it; wait
        for it.  Idempotent."""
        self._stop()


def _pump(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """Move the lines of ``stream`` to ``lines`` until its end, then None; close it."""
    try:
        for line in iter(lambda: stream.readline(MAX_LINE_BYTES), b""):
            lines.put(line)
    except (OSError, ValueError):  # the stream was closed under the reader
        pass
    finally:
        lines.put(None)
        stream.close()


def _stop(
    process: subprocess.Popen[bytes], log: IO[bytes], goodbye: bytes, terminate: bool
) -> None:
    stdin = process.stdin
    if stdin is not None:
        try:
            if goodbye and process.poll() is None:
                stdin.write(goodbye)
            stdin.close()
        except OSError:  # it has stopped reading already (the pipe is closed all the same)
            pass
    if terminate and process.poll() is None:
        process.terminate()
    try:
        process.wait(timeout=GRACE_SECONDS)
    except subprocess.TimeoutExpired:  # SIGTERM lets it stop what it started, SIGKILL not
        process.terminate()
        try:
            process.wait(timeout=GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    _kill_group(process.pid)
    log.close()


def _kill_group(pid: int) -> None:
    """Kill what is left of the process group a program led (what a wrapper such as
    ``sh -c`` started holds its output open): its end of file reaches the reader thread."""
    if sys.platform == "win32":
        return
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):  # nothing left of the group
        pass
