"""An external engine's program run as a child process (:mod:`tavla.engines`): started
in its own process group, so that Ctrl-C in a terminal reaches tavla alone, which then stops
it; its answers read line by line with a timeout; the end of its stderr kept for the error
message; stopped and waited for on close, on error, when it is garbage-collected and at
interpreter exit, so that no zombie process is left."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from typing import IO, Any

from .._validate import excerpt
from ..errors import EngineError

GRACE_SECONDS = 2.0
"""How long a program may take to exit on its own once told to, before it is killed."""

MAX_LINE_BYTES = 1 << 20
"""The longest line read from an engine; a longer one is cut there (and is out of protocol)."""

MAX_QUEUED_LINES = 1024
"""The most lines read from an engine and not yet taken; an engine that writes more waits
(its pipe fills) until they are taken."""

_LAST_WORDS = 300
"""The characters of an engine's stderr quoted when it fails."""

_TAIL_BYTES = 4 * _LAST_WORDS
"""The bytes of an engine's stderr kept: its end, whatever it writes before."""

_POLL_SECONDS = 0.1
"""How often a reader waiting for room in a full queue checks that it is still wanted."""


def _own_process_group() -> dict[str, Any]:
    if sys.platform == "win32":
        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    return {"start_new_session": True}


class EngineProcess:
    """A program run for an engine named ``name`` (in messages).

    Its stdin is a pipe (:meth:`send`); its stdout a pipe read by :meth:`read_line` when
    ``read_stdout``, else read with its stderr into a bounded tail, whose end :meth:`failure`
    quotes.  Raises :class:`~tavla.EngineError` when the program cannot be started.
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
        try:
            self._process = subprocess.Popen(
                list(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE if read_stdout else subprocess.STDOUT,
                env=None if env is None else dict(env),
                **_own_process_group(),
            )
        except OSError as error:
            reason = error.strerror or str(error)
            raise EngineError(f"cannot start {name}: {reason}") from None
        self._closing = threading.Event()
        self._lines: queue.Queue[bytes | None] = queue.Queue(MAX_QUEUED_LINES)
        self._tail = _Tail()
        log = self._process.stderr if read_stdout else self._process.stdout
        assert log is not None and self._process.stdout is not None
        self._tail_reader = _start(_keep_tail, log, self._tail, name=f"stderr {self.pid}")
        if read_stdout:
            _start(
                _pump, self._process.stdout, self._lines, self._closing, name=f"reader {self.pid}"
            )
        self._stop = weakref.finalize(self, _stop, self._process, self._closing, goodbye, terminate)

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

    def read_line(self, timeout: float, *, since: float | None = None) -> str:
        """The next line the program writes, without its line break; raises
        :class:`~tavla.EngineError` when none comes within ``timeout`` seconds of ``since``
        (a :func:`time.monotonic` time; now by default) or the program has closed its
        output."""
        left = timeout if since is None else since + timeout - time.monotonic()
        try:
            raw = self._lines.get(timeout=max(0.0, left))
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
        """The end of what the program wrote on stderr, stripped (all of it, once the
        program has exited and its stderr is read to the end)."""
        if self._process.poll() is not None:
            self._tail_reader.join(GRACE_SECONDS)
        return self._tail.text()[-_LAST_WORDS:]

    def close(self) -> None:
        """Stop the program: write ``goodbye`` and close its stdin (and send it SIGTERM at
        once when ``terminate``: a program that does not stop at the end of its input), give
        it :data:`GRACE_SECONDS` to exit, then SIGTERM and as long again, then kill it; wait
        for it.  Idempotent."""
        self._stop()


def _start(target: Any, *args: Any, name: str) -> threading.Thread:
    thread = threading.Thread(target=target, args=args, daemon=True, name=f"tavla engine {name}")
    thread.start()
    return thread


def _pump(stream: IO[bytes], lines: queue.Queue[bytes | None], closing: threading.Event) -> None:
    """Move the lines of ``stream`` to ``lines`` until its end, then None; close it.  Gives up
    once ``closing`` is set (nobody takes the lines of a stopped engine)."""
    try:
        for line in iter(lambda: stream.readline(MAX_LINE_BYTES), b""):
            if not _offer(lines, line, closing):
                return
    except (OSError, ValueError):  # the stream was closed under the reader
        pass
    finally:
        stream.close()
        _offer(lines, None, closing)


def _offer(lines: queue.Queue[bytes | None], item: bytes | None, closing: threading.Event) -> bool:
    """Put ``item`` in ``lines`` once there is room; False if ``closing`` is set first."""
    while not closing.is_set():
        try:
            lines.put(item, timeout=_POLL_SECONDS)
            return True
        except queue.Full:
            pass
    return False


class _Tail:
    """The last :data:`_TAIL_BYTES` bytes written to a stream, kept as they come."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bytes = bytearray()

    def add(self, chunk: bytes) -> None:
        with self._lock:
            self._bytes += chunk
            del self._bytes[:-_TAIL_BYTES]

    def text(self) -> str:
        with self._lock:
            return self._bytes.decode("utf-8", "replace").strip()


def _keep_tail(stream: IO[bytes], tail: _Tail) -> None:
    """Read ``stream`` to its end into ``tail``; close it."""
    try:
        for chunk in iter(lambda: os.read(stream.fileno(), 1 << 16), b""):
            tail.add(chunk)
    except (OSError, ValueError):  # the stream was closed under the reader
        pass
    finally:
        stream.close()


def _stop(
    process: subprocess.Popen[bytes], closing: threading.Event, goodbye: bytes, terminate: bool
) -> None:
    closing.set()
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


def _kill_group(pid: int) -> None:
    """Kill what is left of the process group a program led (what a wrapper such as
    ``sh -c`` started holds its output open): its end of file reaches the reader thread."""
    if sys.platform == "win32":
        return
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):  # nothing left of the group
        pass
