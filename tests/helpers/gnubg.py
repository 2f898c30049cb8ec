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

from tavla import Match, ResultKind
from tavla.game.actions import (
    AcceptResignationAction,
    Action,
    DoubleAction,
    DropAction,
    OpeningRoll,
    PlayAction,
    RejectResignationAction,
    ResignAction,
    RollAction,
    TakeAction,
)

GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
"""The gnubg program, or None when it is not installed."""

_SANITIZER_VARIABLES = ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS", "PYTHONMALLOC")

not_under_the_sanitizer = pytest.mark.skipif(
    "libasan" in os.environ.get("LD_PRELOAD", ""),
    reason="under dev/sanitize: the gnubg that tavla.engines starts inherits the "
    "AddressSanitizer preload, which slows it past its timeouts (these tests run in the "
    "plain suite)",
)


def gnubg_environment(**extra: str) -> dict[str, str]:
    """The environment to run gnubg in: this process's, without what dev/sanitize sets for
    the instrumented core (gnubg with AddressSanitizer preloaded ran for minutes), plus
    ``extra``."""
    environment = {k: v for k, v in os.environ.items() if k not in _SANITIZER_VARIABLES}
    return {**environment, **extra}


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
        env=gnubg_environment(HOME=str(home)),
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


_SETUP = [  # both players entered by hand, dice asked for, nothing done automatically
    "set player 0 human",
    "set player 1 human",
    "set rng manual",
    "set automatic roll off",
    "set automatic move off",
    "set automatic bearoff off",
    "set automatic game off",
]
_RESIGN = {
    ResultKind.SINGLE: "normal",
    ResultKind.GAMMON: "gammon",
    ResultKind.BACKGAMMON: "backgammon",
}
_MARK = re.compile(
    r"No help available for topic `mark(\d+)'.*?Position ID: (\S+)\s+Match ID\s*: (\S+)", re.S
)


def _command(action: Action) -> list[str]:
    """What a player types in gnubg for a tavla action (dice are typed when gnubg asks)."""
    if isinstance(action, OpeningRoll):
        return [f"{action.dice[0]}{action.dice[1]}"]
    if isinstance(action, RollAction):
        return ["roll", f"{action.dice[0]}{action.dice[1]}"]
    if isinstance(action, PlayAction):  # gnubg passes a roll that cannot be played itself
        moves = " ".join(f"{start}/{end}" for start, end in action.play.moves)
        return [f"move {moves}"] if moves else []
    if isinstance(action, ResignAction):
        return [f"resign {_RESIGN[action.kind]}"]
    words = {
        DoubleAction: "double",
        TakeAction: "take",
        DropAction: "drop",
        AcceptResignationAction: "accept",
        RejectResignationAction: "reject",
    }
    return [words[type(action)]]


def gnubg_ids_of_match(match: Match, home: Path) -> list[list[str | None]]:
    """The GNUbg ID gnubg shows after each action of each game of ``match``, the match played
    again in gnubg move by move (manual dice); None after a tied opening roll, when gnubg
    asks for the dice again at once and shows nothing.  Beavers and raccoons (money play)
    are not typed."""
    commands, places = [*_SETUP, f"new match {match.length}"], []
    for number, game in enumerate(match.games):
        commands += ["new game"] if number else []
        for index, action in enumerate(game.history):
            commands += _command(action)
            if isinstance(action, OpeningRoll) and action.starter is None:
                continue  # gnubg asks for the dice again: a command here would be read as dice
            commands += [f"help mark{len(places)}", "show board"]
            places.append((number, index))
    shown = {
        int(m.group(1)): f"{m.group(2)}:{m.group(3)}"
        for m in _MARK.finditer(run_gnubg(commands, home))
    }
    ids: list[list[str | None]] = [[None] * len(game.history) for game in match.games]
    for mark, (number, index) in enumerate(places):
        ids[number][index] = shown.get(mark)
    return ids
