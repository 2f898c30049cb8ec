"""``tavla replay FILE_OR_DIR...``: replay match files and check them against the rules.

Exit status: 0 when every game replays, 1 when a rule mismatch was found, 2 when an input
could not be read (a missing path, or a match file that cannot be understood).
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import click
from tqdm import tqdm

from ..errors import MatchFileError
from ..names import Language, term_label
from ..position import ResultKind
from ..replay import Finding, MatchReplay, replay_file
from .options import lang_option

MATCH_SUFFIXES = (".mat", ".txt")

# Text exports that share the .txt suffix but hold positions, not matches.
_OTHER_FORMATS = (
    (re.compile(r"Position ID:.*\n.*Match ID", re.MULTILINE), "a GNU Backgammon analysis export"),
    (re.compile(r"^XGID=", re.MULTILINE), "an eXtreme Gammon position export"),
    (re.compile(r"^\s*\(;\s*FF\[|^\s*\(;\s*GM\["), "an SGF game record"),
)


@dataclass
class _Run:
    """Everything found over all inputs."""

    matches: list[MatchReplay] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)

    def totals(self) -> dict[str, int]:
        return {
            "matches": len(self.matches),
            "games": sum(len(match.games) for match in self.matches),
            "plays": sum(match.plays for match in self.matches),
            "cube_actions": sum(match.cube_actions for match in self.matches),
            "mismatches": sum(len(match.mismatches) for match in self.matches),
            "notes": sum(len(match.notes) for match in self.matches),
            "skipped": len(self.skipped),
            "unreadable": len(self.errors),
        }


def _files(paths: tuple[str, ...], run: _Run) -> Iterator[Path]:
    """The files to replay: given files as they are, directories searched for .mat/.txt."""
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = [p for p in path.rglob("*") if p.is_file() and p.suffix in MATCH_SUFFIXES]
            yield from sorted(found)
        elif path.is_file():
            yield path
        else:
            run.errors.append((name, "no such file or directory"))


def _other_format(path: Path) -> str | None:
    """What the file is when it is a known text format other than a match file."""
    with path.open("rb") as handle:
        head = handle.read(4096).decode("utf-8", errors="replace")
    for pattern, name in _OTHER_FORMATS:
        if pattern.search(head):
            return name
    return None


def _replay_one(path: Path, run: _Run) -> None:
    try:
        other = _other_format(path)
        if other is not None:
            run.skipped.append((str(path), f"not a match file: {other}"))
            return
        run.matches.append(replay_file(path))
    except (MatchFileError, OSError) as exc:
        run.errors.append((str(path), str(exc).removeprefix(f"{path}: ")))


def _count(number: int, noun: str, plural: str = "") -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {plural or noun + 's'}"


def _results(match: MatchReplay, lang: str) -> str:
    """How the games were won, e.g. ``3 single, 1 gammon`` (``3 oyun, 1 mars`` in Turkish)."""
    kinds = Counter(game.kind for game in match.games if game.kind is not None)
    language: Language = "tr" if lang == "tr" else "en"
    return ", ".join(
        f"{kinds[kind]} {term_label(kind.name.lower(), language)}"
        for kind in ResultKind
        if kinds[kind]
    )


def _summary(match: MatchReplay, lang: str) -> str:
    record = match.record
    kind = f"{record.length}-point match" if record.length else "money session"
    names = " - ".join(name or "?" for name in record.players)
    score = "-".join(str(points) for points in match.final_score)
    results = _results(match, lang)
    return (
        f"{match.file}: {kind}, {names}: {_count(len(match.games), 'game')}"
        f"{f' ({results})' if results else ''}, {_count(match.plays, 'play')},"
        f" {_count(match.cube_actions, 'cube action')}, final score {score},"
        f" {_count(len(match.mismatches), 'mismatch', 'mismatches')},"
        f" {_count(len(match.notes), 'note')}"
    )


def _match_json(match: MatchReplay) -> dict[str, Any]:
    record = match.record
    return {
        "file": match.file,
        "length": record.length,
        "players": list(record.players),
        "games": [
            {
                "number": game.number,
                "score": list(game.score),
                "plays": len(game.plays),
                "checked_plays": game.checked_plays,
                "cube_actions": game.cube_actions,
                "winner": game.winner,
                "points": game.points,
                "end": game.end,
                "kind": game.kind.name.lower() if game.kind is not None else None,
            }
            for game in match.games
        ],
        "plays": match.plays,
        "cube_actions": match.cube_actions,
        "final_score": list(match.final_score),
        "mismatches": [asdict(finding) for finding in match.mismatches],
        "notes": [asdict(finding) for finding in match.notes],
    }


def _echo(line: str, progress: bool) -> None:
    if progress:
        tqdm.write(line, file=sys.stdout)
    else:
        click.echo(line)


def _print_findings(label: str, findings: list[Finding], progress: bool) -> None:
    for finding in findings:
        _echo(f"  {label}: {finding}", progress)


@click.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
@click.option("--notes", "show_notes", is_flag=True, help="List every note, not only counts.")
@lang_option
def replay(paths: tuple[str, ...], as_json: bool, show_notes: bool, lang: str) -> None:
    """Replay the match files in PATHS (.mat/.txt files, or directories searched for them)
    and check every play, cube action, result and score against the rules.

    Exit status 1 when a rule mismatch was found, 2 when an input could not be read.
    """
    run = _Run()
    files = list(_files(paths, run))
    progress = not as_json and sys.stderr.isatty()
    for path in tqdm(files, unit="file", disable=not progress, file=sys.stderr):
        before = len(run.matches)
        _replay_one(path, run)
        if as_json or len(run.matches) == before:
            continue
        match = run.matches[-1]
        _echo(_summary(match, lang), progress)
        _print_findings("MISMATCH", match.mismatches, progress)
        if show_notes:
            _print_findings("note", match.notes, progress)
    totals = run.totals()
    if as_json:
        record = {
            "matches": [_match_json(match) for match in run.matches],
            "skipped": [{"file": name, "reason": reason} for name, reason in run.skipped],
            "unreadable": [{"file": name, "error": error} for name, error in run.errors],
            "totals": totals,
        }
        click.echo(json.dumps(record, indent=2))
    else:
        for name, reason in run.skipped:
            click.echo(f"skipped {name}: {reason}")
        for name, error in run.errors:
            click.echo(f"unreadable {name}: {error}", err=True)
        click.echo(
            "total: {matches} matches, {games} games, {plays} plays, {cube_actions} cube"
            " actions, {mismatches} mismatches, {notes} notes, {skipped} files skipped,"
            " {unreadable} unreadable".format(**totals)
        )
    if run.errors:
        sys.exit(2)
    if totals["mismatches"]:
        sys.exit(1)
