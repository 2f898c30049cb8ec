"""GNU Backgammon's own analysis of a match file, for comparing tavla's with it: gnubg (a
separate program) imports the file, analyses it at a depth, prints ``show statistics
match`` (only to a terminal: it runs under ``script``) and saves the analysed match as SGF.
Nothing of gnubg's code is used; its printed numbers are parsed."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .gnubg import GNUBG, gnubg_environment

SCRIPT = shutil.which("script")
"""util-linux's script, which gives gnubg the terminal its statistics print to."""

_ROW = re.compile(r"^(?P<label>[A-Za-z][A-Za-z .()]*?)\s{2,}(?P<rest>\S.*)$")
_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")
_PARENTHESES = re.compile(r"\((?:[^()]|\([^()]*\))*\)")


@dataclass(frozen=True)
class GnubgStatistics:
    """gnubg's statistics of both players, row label to the two values printed (the first
    number of each column: EMG, not the MWC in parentheses), per section."""

    checker: dict[str, tuple[float, float]]
    cube: dict[str, tuple[float, float]]
    overall: dict[str, tuple[float, float]]


def _section(lines: list[str], title: str) -> dict[str, tuple[float, float]]:
    start = lines.index(title) + 1
    found: dict[str, tuple[float, float]] = {}
    for line in lines[start:]:
        if line.endswith("statistics") and line != title:
            break
        row = _ROW.match(line)
        if row is None:
            continue
        # The two players' columns; what stands in parentheses is the same in MWC.
        values = _NUMBER.findall(_PARENTHESES.sub(" ", row.group("rest")))
        if len(values) >= 2:
            found[row.group("label").strip()] = (float(values[0]), float(values[1]))
    return found


def parse_statistics(output: str) -> GnubgStatistics:
    """The three sections of ``show statistics match`` in gnubg's printed output."""
    lines = [line.rstrip() for line in output.replace("\r", "").splitlines()]
    return GnubgStatistics(
        _section(lines, "Chequerplay statistics"),
        _section(lines, "Cube statistics"),
        _section(lines, "Overall statistics"),
    )


def gnubg_analyse(match: Path, plies: int, sgf: Path | None = None) -> GnubgStatistics:
    """gnubg's analysis of ``match`` (a .mat file or an SGF file) at ``plies`` for checker
    play and cube decisions (luck at 0-ply), its statistics, and with ``sgf`` the analysed
    match saved there."""
    assert GNUBG is not None and SCRIPT is not None
    load = "load match" if match.suffix.lower() == ".sgf" else "import mat"
    commands = [
        f"set analysis chequerplay evaluation plies {plies}",
        f"set analysis cubedecision evaluation plies {plies}",
        "set analysis luckanalysis plies 0",
        f'{load} "{match}"',
        "analyse match",
        "show statistics match",
        *([f"save match {sgf}"] if sgf is not None else []),
    ]
    with tempfile.TemporaryDirectory() as home:
        script = Path(home) / "commands"
        script.write_text("\n".join(commands) + "\n")
        completed = subprocess.run(
            [SCRIPT, "-qec", f"{GNUBG} -t -q -r < {script}", "/dev/null"],
            capture_output=True,
            text=True,
            timeout=3600,
            env=gnubg_environment(HOME=home),
            check=True,
        )
    return parse_statistics(completed.stdout)
