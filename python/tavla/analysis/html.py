"""An analysed match as a self-contained HTML page: the per-player statistics, the games, and
every marked decision with a picture of the board (:func:`tavla.render.svg.board_svg`), the
candidates and their equities.  Nothing is fetched: styles and pictures are in the page."""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

from ..render.svg import board_svg
from .analyse import MatchAnalysis
from .decisions import CheckerPlay, CubeAnalysis
from .report import describe, statistics_rows

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 70em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; }
th { background: #f0f0f0; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
tr.made td { font-weight: bold; }
.decision { display: flex; gap: 1.5em; align-items: flex-start; margin-bottom: 2em; }
.decision svg { width: 26em; height: auto; flex: none; }
h3 { margin-bottom: 0.3em; }
.very-bad { color: #b00020; } .bad { color: #c75000; } .doubtful { color: #8a6d00; }
"""


def _cell(text: object, number: bool = False) -> str:
    kind = ' class="number"' if number else ""
    return f"<td{kind}>{html.escape(str(text))}</td>"


def _statistics(analysis: MatchAnalysis) -> str:
    one, two = analysis.players
    parts = []
    for title, rows in statistics_rows(analysis):
        head = f"<tr><th>{html.escape(title)}</th><th>{html.escape(one.name)}</th>"
        head += f"<th>{html.escape(two.name)}</th></tr>"
        body = "".join(
            f"<tr>{_cell(label)}{_cell(a, True)}{_cell(b, True)}</tr>" for label, a, b in rows
        )
        parts.append(f"<table>{head}{body}</table>")
    return "".join(parts)


def _games(analysis: MatchAnalysis) -> str:
    rows = []
    for game in analysis.replay.games:
        winner = "" if game.winner is None else analysis.players[game.winner].name
        kind = "" if game.kind is None else game.kind.name.lower()
        rows.append(
            f"<tr>{_cell(game.number, True)}{_cell(f'{game.score[0]}-{game.score[1]}')}"
            f"{_cell(winner)}{_cell(game.points, True)}{_cell(kind)}{_cell(game.end)}</tr>"
        )
    head = "<tr><th>game</th><th>score</th><th>winner</th><th>points</th><th>result</th>"
    head += "<th>end</th></tr>"
    return f"<table>{head}{''.join(rows)}</table>"


def _candidates(decision: CheckerPlay) -> str:
    match = decision.best.mwc is not None
    head = "<tr><th></th><th>play</th><th>equity</th><th>difference</th>"
    head += ("<th>MWC</th>" if match else "") + "<th>ply</th></tr>"
    rows = []
    shown = list(decision.candidates[:5])
    if decision.rank >= len(shown):
        shown.append(decision.candidates[decision.rank])
    best = decision.best.equity
    for candidate in shown:
        rank = decision.candidates.index(candidate) + 1
        made = ' class="made"' if candidate.play == decision.play else ""
        mwc = _cell(f"{100 * candidate.mwc:.2f}%", True) if candidate.mwc is not None else ""
        rows.append(
            f"<tr{made}>{_cell(rank, True)}{_cell(candidate.play.notation or 'no move')}"
            f"{_cell(f'{candidate.equity:+.3f}', True)}"
            f"{_cell(f'{candidate.equity - best:+.3f}', True)}{mwc}"
            f"{_cell(candidate.plies, True)}</tr>"
        )
    return f"<table>{head}{''.join(rows)}</table>"


def _cube_table(decision: CubeAnalysis) -> str:
    rows = [
        ("no double", decision.no_double),
        ("double/take", decision.double_take),
        ("double/pass", decision.double_pass),
    ]
    body = "".join(f"<tr>{_cell(name)}{_cell(f'{value:+.3f}', True)}</tr>" for name, value in rows)
    proper = f"<p>Proper action: {html.escape(decision.proper)}; done: "
    proper += f"{html.escape(decision.action)}.</p>"
    return f"<table><tr><th>option</th><th>equity</th></tr>{body}</table>{proper}"


def _decision(analysis: MatchAnalysis, decision: CheckerPlay | CubeAnalysis) -> str:
    mark = decision.mark.value
    title = f'<h3 class="{mark.replace(" ", "-")}">{html.escape(describe(analysis, decision))}</h3>'
    if isinstance(decision, CheckerPlay):
        picture = board_svg(decision.position, dice=decision.dice, play=decision.play)
        details = _candidates(decision)
    else:
        picture = board_svg(decision.position)
        details = _cube_table(decision)
    return f'{title}<div class="decision">{picture}<div>{details}</div></div>'


def html_report(analysis: MatchAnalysis, threshold: float = 0.04) -> str:
    """The page as text: the statistics, the games, and every decision that lost at least
    ``threshold`` with its board (the play made drawn as arrows) and the candidates."""
    one, two = analysis.players
    title = f"{one.name} - {two.name}"
    what = f"{analysis.length}-point match" if analysis.length else "money session"
    marked = analysis.marked(threshold)
    decisions = "".join(_decision(analysis, decision) for decision in marked)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{_STYLE}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>"
        f"<p>{html.escape(what)}, {html.escape(analysis.file or 'record')}; analysed by"
        f" {html.escape(analysis.evaluator)} at {analysis.plies}-ply (luck at"
        f" {analysis.luck_plies}-ply). Equities are normalised to a cube of 1 (EMG in a"
        " match); rates are millipoints per decision.</p>"
        f"<h2>Statistics</h2>{_statistics(analysis)}"
        f"<h2>Games</h2>{_games(analysis)}"
        f"<h2>Decisions that lost {threshold:g} or more ({len(marked)})</h2>{decisions}"
        "</body></html>\n"
    )


def report_names(files: Sequence[str]) -> list[str]:
    """The names of the HTML reports of ``files`` written into one folder, in order: each
    file's whole name with ``.html`` added (``match.mat`` -> ``match.mat.html``, so that
    ``match.mat`` and ``match.sgf`` keep two reports; ``analysis.html`` for ""), and where
    two files still share a name (the same name in two folders, a file given twice), the
    later ones numbered: ``match.mat-2.html``, ``match.mat-3.html``."""
    names: list[str] = []
    for file in files:
        base = Path(file).name if file else "analysis"
        name, number = f"{base}.html", 1
        while name in names:
            number += 1
            name = f"{base}-{number}.html"
        names.append(name)
    return names


def write_html(
    analysis: MatchAnalysis, folder: Path, threshold: float = 0.04, name: str | None = None
) -> Path:
    """Write :func:`html_report` to ``folder`` (made if missing) as ``name``, by default the
    analysed file's whole name with ``.html`` (:func:`report_names`; ``analysis.html`` for a
    record); returns the path.  Raises OSError when it cannot be written."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (report_names([analysis.file])[0] if name is None else name)
    path.write_text(html_report(analysis, threshold), encoding="utf-8")
    return path
