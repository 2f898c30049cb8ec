"""GNU Backgammon (gnubg) as a separate program, for the interoperability tests and for
making test data.  gnubg is GPL: tavla only talks to it over a pipe, as ``gnubg -t -q``
(no window, no questions) with commands on stdin.  Debian installs it in /usr/games, which
is not on every PATH.

``python -m tests.helpers.gnubg_program`` remakes ``tests/data/sgf``: a 3-point match and a
3-game money session, gnubg against gnubg at 0-ply with seeded dice, each saved as SGF (its
analysis properties ``A`` and ``DA`` taken out, to keep the files small) and exported as
``.mat``.  gnubg plays the same games again from the same seed; only the date changes.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Sequence
from pathlib import Path

from .gnubg import GNUBG, gnubg_environment

MISSING = "GNU Backgammon (gnubg) is not installed: apt-get install gnubg"

_SCORE_ROW = re.compile(r"^\s*(\d+) \| (\d+)\s*$", re.MULTILINE)
_ANALYSIS = re.compile(r"(?<=\])(?:A|DA)(?:\[(?:[^\\\]]|\\.)*\])+")
DATA = Path(__file__).parent.parent / "data" / "sgf"


def run(commands: Sequence[str], folder: Path) -> str:
    """gnubg's output for the commands, run in ``folder`` (files are named relative to it),
    in English whatever the locale (the score sheet is read by its words)."""
    assert GNUBG is not None, MISSING
    done = subprocess.run(
        [GNUBG, "-t", "-q"],
        input="\n".join(commands) + "\n",
        capture_output=True,
        text=True,
        cwd=folder,
        env=gnubg_environment(LC_ALL="C", LANGUAGE="C"),
        timeout=120,
        check=True,
    )
    return done.stdout


def scoresheet(output: str) -> list[tuple[int, int]]:
    """The rows of gnubg's ``show scoresheet``: the score (player 0, player 1) after each
    game, running totals in money play too."""
    sheet = output[output.index("Score Sheet") :]
    return [(int(left), int(right)) for left, right in _SCORE_ROW.findall(sheet)]


def play(length: int, seed: int, games: int = 3) -> list[str]:
    """Commands for gnubg to play itself at 0-ply with seeded dice, beavers allowed: a match
    to ``length`` points, or for ``length`` 0 a money session of ``games`` games; the
    players are then named Ann (player 0, White) and Bob."""
    both = [
        f"set player {side} {option}"
        for side in (0, 1)
        for option in ("gnubg", "chequerplay evaluation plies 0", "cubedecision evaluation plies 0")
    ]
    setup = ["set beavers on", "set rng mersenne", f"set seed {seed}", *both]
    if length:
        games_played = [f"new match {length}"]
    else:
        games_played = ["set automatic game off", "new session"] + ["new game"] * (games - 1)
    return [*setup, *games_played, "set player 0 name Ann", "set player 1 name Bob"]


def strip_analysis(text: str) -> str:
    """SGF text without gnubg's move analysis (``A[...]``, ``DA[...]``)."""
    return _ANALYSIS.sub("", text)


def make_data() -> None:
    DATA.mkdir(exist_ok=True)
    for name, length, seed in (("gnubg-3pt", 3, 1), ("gnubg-money", 0, 1)):
        run([*play(length, seed), f"save match {name}.sgf", f"export match mat {name}.mat"], DATA)
        saved = DATA / f"{name}.sgf"
        saved.write_text(strip_analysis(saved.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    make_data()
