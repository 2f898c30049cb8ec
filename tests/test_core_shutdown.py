"""A run of the C++ core in another thread ends cleanly when the interpreter exits.

Once finalization has started, CPython ends a thread that takes the GIL back; inside the
core's C++ that used to abort the process (``terminate called without an active
exception``, exit 134). Each scenario runs in a fresh interpreter.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import tavla

PACKAGE_PARENT = str(Path(tavla.__file__).resolve().parent.parent)

# Each starts a run far too long to finish, in a daemon thread, and lets the main thread end.
RUNS = {
    "built-in policies, one thread": 'tavla.selfplay(("random", "random"), 10**7, threads=1)',
    "built-in policies, two threads": 'tavla.selfplay("pubeval", 10**7, threads=2)',
    "a Python policy (lockstep)": (
        'tavla.selfplay((lambda c: np.zeros(len(c)), "random"), 10**7, batch=64)'
    ),
    "a rollout": 'tavla.rollout(tavla.Position.initial(), "pubeval", 10**7)',
}

PROLOGUE = """
import threading, time
import numpy as np
import tavla
worker = threading.Thread(target=lambda: {run}, daemon=True)
worker.start()
"""


def _child(code: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": PACKAGE_PARENT}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _assert_clean_exit(child: subprocess.Popen[str]) -> None:
    _, stderr = child.communicate(timeout=60)
    assert "terminate" not in stderr
    assert "Fatal Python error" not in stderr
    assert child.returncode == 0, stderr


@pytest.mark.parametrize("run", RUNS.values(), ids=RUNS.keys())
def test_main_thread_exits_during_a_run(run: str) -> None:
    _assert_clean_exit(_child(PROLOGUE.format(run=run) + "time.sleep(0.3)\n"))


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
def test_ctrl_c_while_joining_a_worker() -> None:
    code = PROLOGUE.format(run=RUNS["built-in policies, two threads"]) + textwrap.dedent(
        """
        print("running", flush=True)
        try:
            worker.join()
        except KeyboardInterrupt:
            pass
        """
    )
    child = _child(code)
    assert child.stdout is not None
    assert child.stdout.readline() == "running\n"
    time.sleep(0.3)
    child.send_signal(signal.SIGINT)
    _assert_clean_exit(child)
