"""Running the command line in a new process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import tavla

PYTHON_PATH = str(Path(tavla.__file__).parents[1])


def run_python(*args: str, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess:
    """``python -m tavla ARGS`` in a new process, on the tree under test, reading nothing."""
    env = {**os.environ, "PYTHONPATH": PYTHON_PATH}
    return subprocess.run(
        [sys.executable, "-m", "tavla", *args],
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )
