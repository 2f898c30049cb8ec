"""``tavla analyse FILE...``: every decision of a match valued by tavla's evaluators, with the
per-player statistics GNU Backgammon reports (:doc:`/analysis`)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ..analysis import MatchAnalysis
from ..analysis import analyse as analyse_match
from ..analysis.html import report_names, write_html
from ..analysis.report import describe, json_report, text_report
from ..errors import MatchFileError
from ..eval.evaluators import MAX_PLIES
from ..game.equity import MatchEquityTable
from .cube import read_table
from .errors import InputError, input_errors
from .eval_options import plies_option
from .options import FloatRange, valued_option
from .playout_output import echo_json


@click.command(short_help="Analyse match files: errors, luck and ratings per player.")
@click.argument("paths", nargs=-1, required=True)
@plies_option(2, "Depth of checker plays and cube decisions.")
@valued_option("luck-plies", click.IntRange(0, MAX_PLIES), 0, "Depth of the luck of rolls.")
@click.option(
    "--evaluator",
    "-e",
    default=None,
    metavar="EVALUATOR",
    help="What evaluates: net:NAME or net:PATH [default: the strongest shipped net].",
)
@click.option(
    "--met",
    default=None,
    metavar="TABLE",
    help="Match equity table: a built-in name or a GNU Backgammon MET file "
    "[default: Kazaross-XG2].",
)
@click.option(
    "--threads",
    "-t",
    type=click.IntRange(1, 256),
    default=1,
    show_default=True,
    help="Threads valuing decisions at once.",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print JSON: one object per file, an array for several."
)
@click.option(
    "--html",
    "html_dir",
    default=None,
    metavar="DIR",
    help="Also write a self-contained HTML report of each file into DIR, named by the file's"
    " whole name (match.mat -> match.mat.html; a name given again numbered, match.mat-2.html):"
    " the statistics, the games, and every decision listed with a picture of the board.",
)
@click.option(
    "--blunders",
    "only_blunders",
    is_flag=True,
    help="List only the decisions that lost at least --threshold, no table (with --json:"
    " the statistics, and only those decisions).",
)
@click.option(
    "--threshold",
    type=FloatRange(min=0),
    default=None,
    help="Equity (EMG) a listed decision lost at least [default: 0.04, or 0.08 with --blunders]"
    "; with --json, given or with --blunders, the JSON lists only those decisions.",
)
def analyse(
    paths: tuple[str, ...],
    plies: int,
    luck_plies: int,
    evaluator: str | None,
    met: str | None,
    threads: int,
    as_json: bool,
    html_dir: str | None,
    only_blunders: bool,
    threshold: float | None,
) -> None:
    """Analyse each match file in PATHS (.mat, GNU Backgammon's .sgf, or its analysis
    exports) as GNU Backgammon's "analyse match" does: every play is ranked against every
    legal play by cubeful equity at the match score, every roll where the player could
    double and every answer to a double against the proper cube action, both at --plies;
    the luck of each roll at --luck-plies.

    The report gives, per player, the checker-play errors (marked doubtful from 0.04, bad
    from 0.08, very bad from 0.16 of normalised equity), the cube errors by kind, the luck,
    and overall error rates with GNU Backgammon's rating bands; then every decision that
    lost at least --threshold.  --json lists every decision, or with --blunders or
    --threshold only those that lost at least the threshold.  Equities are normalised to a
    cube of 1 (EMG in a match); rates are millipoints per decision.

    A file that cannot be analysed (missing, unreadable, not a match file) is reported in
    one line, "Error: FILE: reason", on standard error, and the other files are analysed
    all the same; the exit status is then 2."""
    json_filtered = threshold is not None or only_blunders
    if threshold is None:
        threshold = 0.08 if only_blunders else 0.04
    table = None
    with input_errors():
        if met is not None:
            table = read_table(met)
    if html_dir is not None and os.path.exists(html_dir) and not os.path.isdir(html_dir):
        raise InputError(f"--html {html_dir}: a file, not a directory (the folder to write into)")
    reports = []
    progress = sys.stderr.isatty()
    names = report_names(paths)
    failed = 0
    for path, name in zip(paths, names, strict=True):
        try:
            with input_errors():
                analysis = _analysed(path, evaluator, plies, luck_plies, table, threads, progress)
        except _FileFailed as exc:  # the other files are still analysed
            click.echo(f"Error: {exc}", err=True)
            failed += 1
            continue
        if html_dir is not None:
            try:
                write_html(analysis, Path(html_dir), threshold, name)
            except OSError as exc:
                where = f" ({exc.filename})" if exc.filename not in (None, html_dir) else ""
                raise InputError(
                    f"--html {html_dir}: cannot write the report{where}: {exc.strerror or exc}"
                ) from None
        if as_json:
            reports.append(json_report(analysis, threshold if json_filtered else None))
        elif only_blunders:
            click.echo(_blunders(analysis, threshold), nl=False)
        else:
            click.echo(text_report(analysis, threshold=threshold))
    if as_json and reports:
        echo_json(reports[0] if len(paths) == 1 else reports)
    if failed:
        sys.exit(InputError.exit_code)


class _FileFailed(Exception):
    """A file that cannot be analysed (missing, unreadable, not a match file): reported in
    one line, the other files analysed all the same."""


def _analysed(
    path: str,
    evaluator: str | None,
    plies: int,
    luck_plies: int,
    table: MatchEquityTable | None,
    threads: int,
    progress: bool,
) -> MatchAnalysis:
    """The analysis of the file at ``path``; raises :class:`_FileFailed` for a file that
    cannot be read as a match, what :func:`~tavla.analysis.analyse` raises for bad settings
    (checked before the file is read)."""
    try:
        return analyse_match(
            path,
            evaluator,
            plies,
            luck_plies=luck_plies,
            met=table,
            threads=threads,
            progress=progress,
        )
    except MatchFileError as exc:
        raise _FileFailed(str(exc)) from None
    except OSError as exc:
        reason = "no such file" if isinstance(exc, FileNotFoundError) else exc.strerror
        raise _FileFailed(f"{path or repr(path)}: {reason or exc}") from None


def _blunders(analysis: MatchAnalysis, threshold: float) -> str:
    marked = analysis.marked(threshold)
    return "".join(f"{analysis.file}: {describe(analysis, decision)}\n" for decision in marked)
