"""An analysed match as text (GNU Backgammon's ``show statistics match`` table and the list of
marked decisions) and as a JSON object (the schema :doc:`/analysis` documents)."""

from __future__ import annotations

from typing import Any

from .analyse import MatchAnalysis
from .decisions import CheckerPlay, CubeAnalysis
from .statistics import PlayerStatistics

Row = tuple[str, str, str]


def _rate(value: float) -> str:
    return f"{value:.1f}"


def _equity(value: float) -> str:
    return f"{value:.3f}"


def _with_mwc(total: float, mwc: float | None) -> str:
    return _equity(total) if mwc is None else f"{_equity(total)} ({100 * mwc:.2f}%)"


def statistics_rows(analysis: MatchAnalysis) -> list[tuple[str, list[Row]]]:
    """The statistics table: sections of (label, player 0's value, player 1's value) rows,
    error and luck totals in normalised equity (with MWC in a match), rates in mEMG."""
    one, two = analysis.players
    money = analysis.length == 0

    def rows(*pairs: tuple[str, Any]) -> list[Row]:
        return [(label, str(get(one)), str(get(two))) for label, get in pairs]

    def marks(kind: str, key: str) -> Any:
        return lambda p: getattr(p, kind).marks[key]

    checker = rows(
        ("Total moves", lambda p: p.checker.moves),
        ("Unforced moves", lambda p: p.checker.unforced),
        ("Moves marked doubtful", marks("checker", "doubtful")),
        ("Moves marked bad", marks("checker", "bad")),
        ("Moves marked very bad", marks("checker", "very bad")),
        ("Error total EMG", lambda p: _with_mwc(p.checker.error_total, p.checker.error_total_mwc)),
        ("Error rate mEMG", lambda p: _rate(p.checker.error_rate)),
    )
    luck = rows(
        ("Rolls marked very lucky", marks("luck", "very lucky")),
        ("Rolls marked lucky", marks("luck", "lucky")),
        ("Rolls marked unlucky", marks("luck", "unlucky")),
        ("Rolls marked very unlucky", marks("luck", "very unlucky")),
        ("Luck total EMG", lambda p: _with_mwc(p.luck.total, p.luck.total_mwc)),
        ("Luck rate mEMG", lambda p: _rate(p.luck.rate)),
    )
    error_rows = [
        (kind.capitalize(), lambda p, kind=kind: _error(p, kind)) for kind in one.cube.errors
    ]
    cube = rows(
        ("Total cube decisions", lambda p: p.cube.decisions),
        ("Close or actual cube decisions", lambda p: p.cube.close),
        ("Doubles", lambda p: p.cube.doubles),
        ("Takes", lambda p: p.cube.takes),
        ("Passes", lambda p: p.cube.passes),
        *error_rows,
        ("Error total EMG", lambda p: _with_mwc(p.cube.error_total, p.cube.error_total_mwc)),
        ("Error rate mEMG", lambda p: _rate(p.cube.error_rate)),
    )
    result = "{:+.3f}" if money else "{:+.2%}"
    overall = rows(
        ("Error total EMG", lambda p: _with_mwc(p.overall.error_total, p.overall.error_total_mwc)),
        ("Error rate mEMG", lambda p: _rate(p.overall.error_rate)),
        ("Snowie error rate", lambda p: _rate(p.overall.snowie_error_rate)),
        ("PR (500 x error per decision)", lambda p: _rate(p.overall.pr)),
        ("Rating", lambda p: p.overall.rating),
        *([] if money else [("Error based FIBS rating", lambda p: f"{p.overall.fibs_rating:.1f}")]),
        ("Actual result", lambda p: result.format(p.overall.actual)),
        ("Luck adjusted result", lambda p: result.format(p.overall.luck_adjusted)),
    )
    return [
        ("Chequerplay statistics", checker),
        ("Luck statistics", luck),
        ("Cube statistics", cube),
        ("Overall statistics", overall),
    ]


def _error(player: PlayerStatistics, kind: str) -> str:
    count, cost = player.cube.errors[kind]
    return f"{count} ({_equity(cost)})" if count else "0"


def text_report(analysis: MatchAnalysis, *, decisions: bool = True, threshold: float = 0.04) -> str:
    """The report as text: a header, the statistics table, and (with ``decisions``) every
    decision that lost at least ``threshold``."""
    one, two = analysis.players
    what = f"{analysis.length}-point match" if analysis.length else "money session"
    lines = [
        f"{analysis.file or 'record'}: {one.name} - {two.name}, {what}; {analysis.evaluator}"
        f" at {analysis.plies}-ply (luck at {analysis.luck_plies}-ply)",
        "",
    ]
    width = max(len(label) for _, rows in statistics_rows(analysis) for label, _, _ in rows)
    column = max(24, len(one.name) + 2)
    for title, rows in statistics_rows(analysis):
        lines.append(f"{title:<{width}}  {one.name:<{column}}{two.name}")
        lines += [f"{label:<{width}}  {a:<{column}}{b}" for label, a, b in rows]
        lines.append("")
    if decisions:
        marked = analysis.marked(threshold)
        lines.append(f"Decisions that lost {threshold:g} or more: {len(marked)}")
        lines += [f"  {describe(analysis, decision)}" for decision in marked]
    return "\n".join(lines).rstrip() + "\n"


def describe(analysis: MatchAnalysis, decision: CheckerPlay | CubeAnalysis) -> str:
    """One decision in a line: where, who, what was done, what was best, the loss."""
    game = analysis.replay.games[decision.game].number if analysis.replay.games else decision.game
    name = analysis.players[decision.player].name
    move = f"move {decision.move_number}" if decision.move_number is not None else "move ?"
    loss = f"loses {decision.loss:.3f}"
    if decision.mark.value:
        loss += f" ({decision.mark.value})"
    if isinstance(decision, CheckerPlay):
        dice = f"{decision.dice[0]}{decision.dice[1]}"
        played = decision.play.notation or "no move"
        best = decision.best.play.notation or "no move"
        return f"game {game}, {move}, {name} {dice}: {played}, best {best}: {loss}"
    error = f" [{decision.error.value}]" if decision.error is not None else ""
    return f"game {game}, {move}, {name} {decision.action}, proper {decision.proper}: {loss}{error}"


def json_report(analysis: MatchAnalysis, threshold: float | None = None) -> dict[str, Any]:
    """The report as a JSON object (the schema in :doc:`/analysis`): ``decisions`` lists
    every decision, or with a ``threshold`` those that lost at least that much
    (:meth:`MatchAnalysis.marked <tavla.analysis.MatchAnalysis.marked>`)."""
    listed = analysis.decisions if threshold is None else analysis.marked(threshold)
    return {
        "file": analysis.file,
        "length": analysis.length,
        "evaluator": analysis.evaluator,
        "plies": analysis.plies,
        "luck_plies": analysis.luck_plies,
        "players": [_player_json(player) for player in analysis.players],
        "decisions": [_decision_json(analysis, d) for d in listed],
    }


def _player_json(player: PlayerStatistics) -> dict[str, Any]:
    checker, cube, luck, overall = player.checker, player.cube, player.luck, player.overall
    return {
        "name": player.name,
        "checker": {
            "moves": checker.moves,
            "unforced": checker.unforced,
            "marks": checker.marks,
            "error_total": checker.error_total,
            "error_total_mwc": checker.error_total_mwc,
            "error_rate": checker.error_rate,
        },
        "cube": {
            "decisions": cube.decisions,
            "close": cube.close,
            "doubles": cube.doubles,
            "takes": cube.takes,
            "passes": cube.passes,
            "errors": {
                kind: {"count": count, "cost": cost} for kind, (count, cost) in cube.errors.items()
            },
            "error_total": cube.error_total,
            "error_total_mwc": cube.error_total_mwc,
            "error_rate": cube.error_rate,
        },
        "luck": {
            "marks": luck.marks,
            "total": luck.total,
            "total_mwc": luck.total_mwc,
            "rate": luck.rate,
        },
        "overall": {
            "error_total": overall.error_total,
            "error_total_mwc": overall.error_total_mwc,
            "error_rate": overall.error_rate,
            "snowie_error_rate": overall.snowie_error_rate,
            "pr": overall.pr,
            "rating": overall.rating,
            "fibs_rating": overall.fibs_rating,
            "actual": overall.actual,
            "luck_adjusted": overall.luck_adjusted,
        },
    }


def _decision_json(analysis: MatchAnalysis, decision: CheckerPlay | CubeAnalysis) -> dict[str, Any]:
    game = analysis.replay.games[decision.game].number
    common = {
        "game": game,
        "move": decision.move_number,
        "player": decision.player,
        "position_id": decision.position.position_id,
        "loss": decision.loss,
        "mwc_loss": decision.mwc_loss,
        "mark": decision.mark.value or None,
    }
    if isinstance(decision, CheckerPlay):
        return {
            **common,
            "kind": "play",
            "dice": list(decision.dice),
            "chosen": decision.play.notation,
            "best": decision.best.play.notation,
            "rank": decision.rank,
            "forced": decision.forced,
            "luck": decision.luck,
            "mwc_luck": decision.mwc_luck,
            "candidates": [
                {"play": c.play.notation, "equity": c.equity, "mwc": c.mwc, "plies": c.plies}
                for c in decision.candidates[:5]
            ],
        }
    return {
        **common,
        "kind": "take" if decision.answer else "double",
        "dice": None,
        "chosen": decision.action,
        "best": decision.proper,
        "error": None if decision.error is None else decision.error.value,
        "close": decision.close,
        "no_double": decision.no_double,
        "double_take": decision.double_take,
        "double_pass": decision.double_pass,
    }
