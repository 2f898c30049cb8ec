"""``tavla replay FILE_OR_DIR...``: replay match files and GNU Backgammon's analysis exports
and check them against the rules; ``--blunders`` lists the errors the analyses measured.

Exit status: 0 when every game replays, 1 when a rule mismatch was found, 2 when an input
could not be used (a missing path, a path that is not a regular file, a named file that is
not a match file or cannot be understood, a folder that cannot be listed, or a directory
without a match file).  An input
that cannot be used is a line of the per-file report (``unreadable PATH: REASON`` on stderr,
before the ``total:`` line), not an ``Error:`` line: that is for a command line that cannot
run at all, such as an empty path (which would otherwise mean the current directory).
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import click
from tqdm import tqdm

from ..board.position import ResultKind
from ..errors import MatchFileError
from ..formats.gnubg_text import looks_like_analysis, read_analysis
from ..formats.mat import looks_like_mat
from ..formats.match_files import not_a_regular_file
from ..formats.sgf import looks_like_sgf
from ..render.names import term_label
from ..replay import Decision, Finding, MatchReplay, decisions, replay_analysis, replay_file
from ..replay.sgf_analysis import replay_sgf_analysis
from .errors import InputError
from .options import FloatRange, json_option, lang_option, valued_option

MATCH_SUFFIXES = (".mat", ".txt", ".sgf")

# Text exports that share the .txt suffix but hold positions, not games.  gnubg's export of a
# whole game (looks_like_analysis) is replayed; what else holds its IDs is skipped.
_OTHER_FORMATS = (
    (
        re.compile(r"Position ID:.*\n.*Match ID", re.MULTILINE),
        "a GNU Backgammon export of positions, not of a whole game",
    ),
    (re.compile(r"^XGID=", re.MULTILINE), "an eXtreme Gammon position export"),
)
_SGF_GAME = re.compile(r"GM\[\s*(\d+)\s*\]")


@dataclass
class _Run:
    """Everything found over all inputs."""

    matches: list[MatchReplay] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)
    empty: list[str] = field(default_factory=list)
    """Directories given in which no match file was found."""
    threshold: float | None = None
    """With --blunders: the equity a decision must lose to be listed."""
    blunders: dict[str, list[Decision]] = field(default_factory=dict)
    """With --blunders: for each analysis export, its decisions that lost ``threshold``."""

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
        } | ({} if self.threshold is None else {"blunders": sum(map(len, self.blunders.values()))})


def _files(paths: tuple[str, ...], run: _Run) -> Iterator[tuple[Path, str | None]]:
    """The files to replay, each with the directory it was found in (None when named):
    given files as they are, directories searched for .mat/.txt/.sgf (a folder in them that
    cannot be listed is unreadable)."""
    for name in paths:
        path = Path(name)
        if path.is_dir():
            yield from ((file, name) for file in sorted(_match_files(name, run)))
        elif path.is_file():
            yield path, None
        elif path.exists():  # a FIFO or a device: never opened, a FIFO would block
            run.errors.append((name, not_a_regular_file(path) or "not a regular file"))
        else:
            run.errors.append((name, "no such file or directory"))


def _match_files(folder: str, run: _Run) -> list[Path]:
    """The match files in ``folder`` and its subfolders (symbolic links to folders not
    followed); each folder that cannot be listed goes to ``run.errors``."""

    def unlisted(error: OSError) -> None:
        where = error.filename if error.filename is not None else folder
        reason = f"[Errno {error.errno}] {error.strerror}" if error.strerror else str(error)
        run.errors.append((str(where), f"cannot list the folder: {reason}"))

    return [
        Path(root, file)
        for root, _, files in os.walk(folder, onerror=unlisted)
        for file in files
        if Path(file).suffix in MATCH_SUFFIXES and Path(root, file).is_file()
    ]


def _head(path: Path) -> str:
    with path.open("rb") as handle:
        return handle.read(4096).decode("utf-8", errors="replace")


def _other_format(head: str) -> str | None:
    """What the file is when it is a known text format other than a match file."""
    if looks_like_sgf(head):
        game = _SGF_GAME.search(head)
        if game is not None and game.group(1) != "6":
            return f"an SGF record of another game (GM[{game.group(1)}]; backgammon is GM[6])"
        return None
    for pattern, name in _OTHER_FORMATS:
        if pattern.search(head):
            return name
    return None


def _plainly_not_a_match_file(path: Path) -> str | None:
    """Why a file is plainly not a match file (empty, or neither SGF nor text with a match
    line or a game line), or None."""
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return None
    if not text:
        return "the file is empty"
    if looks_like_mat(text) or looks_like_sgf(text):
        return None
    return "no ' N point match' line and no 'Game N' line"


def _replay_one(path: Path, run: _Run, scanned: bool) -> bool:
    """Replay one file, a match file or an analysis export (with ``run.threshold``, keeping
    the export's decisions that lost at least that much); False when it was skipped as not a
    match file.  A file found by scanning a directory that is another known format, empty,
    or has neither a match line nor a game line is skipped; a file named on the command line
    that is not a match file or cannot be read is an error."""
    try:
        head = _head(path)
        if looks_like_analysis(head):
            analysis = read_analysis(path)
            run.matches.append(replay_analysis(analysis, str(path)))
            if run.threshold is not None:
                found = [d for d in decisions(analysis) if (d.error or 0.0) >= run.threshold]
                run.blunders[str(path)] = found
            return True
        if looks_like_sgf(head) and run.threshold is not None:
            match, analysed = replay_sgf_analysis(path)
            run.matches.append(match)
            run.blunders[str(path)] = [d for d in analysed if (d.error or 0.0) >= run.threshold]
            return True
        other = _other_format(head)
        if other is not None and scanned:
            run.skipped.append((str(path), f"not a match file: {other}"))
            return False
        if other is not None:
            run.errors.append((str(path), f"not a match file: {other}"))
            return True
        run.matches.append(replay_file(path))
    except MatchFileError as exc:
        reason = _plainly_not_a_match_file(path) if scanned else None
        if reason is not None:
            run.skipped.append((str(path), f"not a match file: {reason}"))
            return False
        run.errors.append((str(path), str(exc).removeprefix(f"{path}: ")))
    except OSError as exc:
        run.errors.append((str(path), str(exc).removeprefix(f"{path}: ")))
    return True


def _count(number: int, noun: str, plural: str = "") -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {plural or noun + 's'}"


def _kind_label(kind: ResultKind, lang: str) -> str:
    """``gammon``, or in Turkish ``mars = gammon``: the Turkish word for a single, ``oyun``,
    is also the word for a game, so the English term follows it."""
    term = kind.name.lower()
    return f"{term_label(term, 'tr')} = {term}" if lang == "tr" else term


def _results(match: MatchReplay, lang: str) -> str:
    """How the games ended, e.g. ``3 single, 1 gammon, 1 unfinished``
    (``3 oyun = single, 1 mars = gammon, 1 unfinished`` in Turkish)."""
    kinds = Counter(game.kind for game in match.games if game.kind is not None)
    ended = [f"{kinds[kind]} {_kind_label(kind, lang)}" for kind in ResultKind if kinds[kind]]
    unfinished = sum(game.winner is None for game in match.games)
    return ", ".join([*ended, f"{unfinished} unfinished"] if unfinished else ended)


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


def _match_json(match: MatchReplay, blunders: list[Decision] | None) -> dict[str, Any]:
    record = match.record
    found = {} if blunders is None else {"blunders": [asdict(d) for d in blunders]}
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
        **found,
    }


def _echo(line: str, progress: bool) -> None:
    if progress:
        tqdm.write(line, file=sys.stdout)
    else:
        click.echo(line)


def _print_findings(label: str, findings: list[Finding], progress: bool) -> None:
    for finding in findings:
        _echo(f"  {label}: {finding}", progress)


@click.command(short_help="Replay match files and check them against the rules.")
@click.argument("paths", nargs=-1, required=True)
@json_option
@click.option("--notes", "show_notes", is_flag=True, help="List every note, not only counts.")
@click.option(
    "--blunders",
    "show_blunders",
    is_flag=True,
    help="List the decisions gnubg's analysis (its text exports, or its analysis in an SGF"
    " file) found lost at least --threshold.",
)
@valued_option(
    "threshold",
    FloatRange(min=0),
    0.08,
    "Equity (EMG in a match) a decision must lose to be listed by --blunders.",
)
@lang_option
def replay(
    paths: tuple[str, ...],
    as_json: bool,
    show_notes: bool,
    show_blunders: bool,
    threshold: float,
    lang: str,
) -> None:
    """Replay the match files in PATHS (.mat/.txt files, GNU Backgammon's .sgf files, or
    directories searched for them) and GNU Backgammon's analysis exports (one game each, as
    "export game text" writes it), and check every play, cube action, result and score
    against the rules; for an analysis export also that its Position and Match IDs agree
    with its plays.  A file whose text begins "(;" is read as SGF, any other as .mat.

    Each match gets a summary line: its games and how they ended (single, gammon,
    backgammon, unfinished: a game without a result, as in a file cut off mid-game), plays,
    cube actions, final score, mismatches and notes.  With --lang tr the line stays English
    but names how games were won in Turkish, each followed by its English term, since oyun
    is both a single and a game: "3 games (2 oyun = single, 1 mars = gammon)".

    With --blunders, the summary of each analysis export, and of each SGF file GNU
    Backgammon analysed and saved, is followed by a "blunder:" line for every decision
    (play, double, take) that lost at least --threshold against gnubg's best, as its
    analysis measured it.

    Files found in a directory that are not match files (position exports, SGF records of
    other games than backgammon, empty files, or text with no "N point match" and no
    "Game N" line) are skipped with a message.  A named file that is not a match file is
    not skipped: it is unreadable.

    The report has a line for every path given: on stdout each match's summary (with its
    MISMATCH lines, and note lines with --notes), then "skipped FILE: REASON" lines; on
    stderr "unreadable PATH: REASON" for each path that could not be used and "no match
    files found in DIR"; last, on stdout, a "total: ..." line.  Only a command line that
    cannot run (an empty path, say) gets a single "Error: ..." line instead.

    Exit status 1 when a rule mismatch was found; 2 when an input could not be used: a
    missing path, something that is not a regular file (a FIFO, /dev/null: never opened),
    a match file that cannot be read (a named file that is empty or not a match file among
    them), a folder that cannot be listed (one without read permission, in a directory
    searched too), or a directory with no match file in it.
    """
    if "" in paths:  # Path("") is the current directory: never searched unasked
        raise InputError(
            "an empty path names no file: name a match file or a directory ('.' for this one)"
        )
    run = _Run(threshold=threshold if show_blunders else None)
    files = list(_files(paths, run))
    found_in: Counter[str] = Counter()
    progress = not as_json and sys.stderr.isatty()
    for path, directory in tqdm(files, unit="file", disable=not progress, file=sys.stderr):
        before = len(run.matches)
        if _replay_one(path, run, scanned=directory is not None) and directory is not None:
            found_in[directory] += 1
        if as_json or len(run.matches) == before:
            continue
        match = run.matches[-1]
        _echo(_summary(match, lang), progress)
        _print_findings("MISMATCH", match.mismatches, progress)
        if show_notes:
            _print_findings("note", match.notes, progress)
        for decision in run.blunders.get(match.file, []):
            _echo(f"  blunder: {match.file}:{decision.line}: {decision}", progress)
    unlisted = {name for name, _ in run.errors}
    run.empty = [
        name
        for name in paths
        if Path(name).is_dir() and not found_in[name] and name not in unlisted
    ]
    totals = run.totals()
    if as_json:
        record = {
            "matches": [_match_json(match, run.blunders.get(match.file)) for match in run.matches],
            "skipped": [{"file": name, "reason": reason} for name, reason in run.skipped],
            "unreadable": [{"file": name, "error": error} for name, error in run.errors],
            "no_match_files_in": run.empty,
            "totals": totals,
        }
        click.echo(json.dumps(record, indent=2))
    else:
        for name, reason in run.skipped:
            click.echo(f"skipped {name}: {reason}")
        for name, error in run.errors:
            click.echo(f"unreadable {name}: {error}", err=True)
        for name in run.empty:
            click.echo(f"no match files found in {name}", err=True)
        counted = [
            _count(totals["matches"], "match", "matches"),
            _count(totals["games"], "game"),
            _count(totals["plays"], "play"),
            _count(totals["cube_actions"], "cube action"),
            _count(totals["mismatches"], "mismatch", "mismatches"),
            _count(totals["notes"], "note"),
            _count(totals["skipped"], "file") + " skipped",
            f"{totals['unreadable']} unreadable",
        ]
        if show_blunders:
            counted.append(_count(totals["blunders"], "blunder"))
        click.echo("total: " + ", ".join(counted))
    if run.errors or run.empty:
        sys.exit(2)
    if totals["mismatches"]:
        sys.exit(1)
