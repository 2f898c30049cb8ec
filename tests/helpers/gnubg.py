"""GNU Backgammon as a separate program for interoperability tests: its command line run over a
pipe (``gnubg -t``), commands on stdin, its printed answers parsed.  Nothing of gnubg's code is
used.  Debian's package installs it as /usr/games/gnubg, often not on PATH."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")

needs_gnubg = pytest.mark.skipif(
    GNUBG is None,
    reason="GNU Backgammon is not installed (no gnubg on PATH or in /usr/games):"
    " apt-get install gnubg",
)

_SCORE = re.compile(
    r"The score \(after (\d+) games?\) is: (.*) (\d+), (.*) (\d+)"
    r" \((?:match to \d+ points?|money session)"
)
_SHEET_ROW = re.compile(r"^\s*(\d+) \| (\d+)\s*$")
_COMPLAINTS = re.compile(r"unrecognised|illegal|invalid|warning|error|cannot|can't", re.IGNORECASE)


def run_gnubg(commands: list[str], home: Path) -> str:
    """gnubg's printed output (stdout and stderr) for the commands, run without its rc files
    (``-r``) and with ``home`` as its home folder, where it keeps its settings."""
    assert GNUBG is not None
    home.mkdir(parents=True, exist_ok=True)
    completed = subprocess.run(
        [GNUBG, "-t", "-q", "-r"],
        input="\n".join(commands) + "\n",
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=60,
        env={**os.environ, "HOME": str(home)},
        check=False,
    )
    return completed.stdout


@dataclass(frozen=True)
class ImportedMatch:
    """What gnubg says of a match file it imported."""

    games: int
    """Games played, from ``show score`` ("after N games")."""
    score: tuple[int, int]
    """The score after the last game, from ``show score``."""
    sheet: list[tuple[int, int]]
    """The score after each game, from ``show scoresheet``."""
    complaints: list[str]
    """Lines where gnubg warns about the file (an unrecognised move, an illegal play)."""


def import_mat(path: Path, home: Path) -> ImportedMatch:
    """Have gnubg import a ``.mat`` file and report its scores."""
    output = run_gnubg([f"import mat {path}", "show score", "show scoresheet"], home)
    found = _SCORE.search(output)
    assert found is not None, output
    # "show score" ends without a line break: the score sheet's title follows on its line.
    sheet_rows = [_SHEET_ROW.match(line) for line in output[found.end() :].splitlines()]
    return ImportedMatch(
        games=int(found.group(1)),
        score=(int(found.group(3)), int(found.group(5))),
        sheet=[(int(row.group(1)), int(row.group(2))) for row in sheet_rows if row],
        complaints=[line for line in output.splitlines() if _COMPLAINTS.search(line)],
    )
