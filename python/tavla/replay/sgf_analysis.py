"""The analysis GNU Backgammon stores in an SGF file (:mod:`tavla.formats.sgf_analysis`) as
the decisions of its games, the same :class:`~tavla.replay.gnubg_analysis.Decision` values
its text exports give: each play with the best gnubg found and the equity it lost, each cube
decision and each answer to a double."""

from __future__ import annotations

import os

from ..board.position import find_play
from ..errors import MatchFileError, TavlaError
from ..formats.match_files import read_match_file
from ..formats.record import MatchRecord
from ..formats.sgf import parse_sgf, play_text
from ..formats.sgf_analysis import SgfCubeAnalysis, SgfNodeAnalysis, parse_sgf_analysis
from ..game.cube_context import CubeContext
from ..game.equity import MatchEquityTable
from .check import replay_record
from .gnubg_analysis import Decision, DecisionKind
from .moments import Moment, MomentKind
from .reports import MatchReplay

_PLAY_MARKS = ((0.16, "very bad move"), (0.08, "bad move"), (0.04, "doubtful move"))
"""gnubg's default thresholds for its alerts (the SGF stores no alerts)."""


def replay_sgf_analysis(path: str | os.PathLike[str]) -> tuple[MatchReplay, list[Decision]]:
    """Replay an SGF file (:func:`~tavla.replay.replay_file`) and list the decisions gnubg
    analysed in it, in order: plays (``error`` the equity lost against gnubg's best, in
    normalised equity), cube decisions where the player could double, and answers.  A
    decision gnubg did not analyse is left out; a match file without analysis gives none.
    Equities are gnubg's, MWC turned into EMG with the default match equity table
    (Kazaross-XG2, GNU Backgammon's own default).  Raises :class:`~tavla.MatchFileError`
    for a file that cannot be read, OSError when it cannot be opened."""
    analyses: list[dict[int, SgfNodeAnalysis]] = []

    def parse(text: str) -> MatchRecord:
        analyses.extend(parse_sgf_analysis(text))
        return parse_sgf(text)

    record = read_match_file(path, parse)
    moments: list[Moment] = []
    replay = replay_record(record, str(path), moments=moments)
    names = record.players
    table = MatchEquityTable.default()
    found = []
    for moment in moments:
        analysis = analyses[moment.game].get(moment.line) if moment.game < len(analyses) else None
        if analysis is None:
            continue
        decision = _decision(moment, analysis, table, names, replay)
        if decision is not None:
            found.append(decision)
    return replay, found


def _decision(
    moment: Moment,
    analysis: SgfNodeAnalysis,
    table: MatchEquityTable,
    names: tuple[str, str],
    replay: MatchReplay,
) -> Decision | None:
    def decision_of(
        kind: DecisionKind,
        played: str,
        best: str,
        error: float,
        luck: float | None,
        alert: str | None,
    ) -> Decision:
        return Decision(
            game=replay.games[moment.game].number,
            move=moment.move_number or 0,
            line=moment.line,
            player=moment.player,
            name=names[moment.player],
            kind=kind,
            dice=moment.dice if kind == "play" else None,
            played=played,
            best=best,
            error=error,
            luck=luck,
            alert=alert,
            position_id=moment.position.position_id,
        )

    if moment.kind is MomentKind.PLAY:
        if not analysis.candidates or analysis.played is None:
            return None
        assert moment.dice is not None and moment.play is not None
        best, made = analysis.candidates[0], analysis.candidates[analysis.played]
        if best.equity is None or made.equity is None:
            return None
        try:
            shown = find_play(moment.position, moment.dice, play_text(best.letters, moment.player))
        except (TavlaError, ValueError):
            raise MatchFileError(
                f"line {moment.line}: gnubg's best play {best.letters!r} is not a legal play"
            ) from None
        error = max(0.0, best.equity - made.equity)
        alert = next((name for bound, name in _PLAY_MARKS if error >= bound), None)
        return decision_of(
            "play", moment.play.notation, shown.notation, error, analysis.luck, alert
        )
    if analysis.cube is None:
        return None
    no_double, double_take, double_pass = _equities(analysis.cube, moment.context, table)
    if moment.kind is MomentKind.ANSWER:
        take_value, pass_value = -double_take, -double_pass
        best_answer = "take" if take_value >= pass_value else "pass"
        error = max(take_value, pass_value) - (
            take_value if moment.action != "drop" else pass_value
        )
        played = "pass" if moment.action == "drop" else "take"
        alert = None if error < 0.04 else ("wrong take" if played == "take" else "wrong pass")
        return decision_of("take", played, best_answer, error, None, alert)
    doubling = min(double_take, double_pass)
    best_action = "double" if doubling > no_double else "no double"
    error = max(no_double, doubling) - (doubling if moment.action == "double" else no_double)
    alert = None
    if error >= 0.04:
        alert = "wrong double" if moment.action == "double" else "missed double"
    return decision_of("double", moment.action, best_action, error, None, alert)


def _equities(
    cube: SgfCubeAnalysis, context: CubeContext, table: MatchEquityTable
) -> tuple[float, float, float]:
    """No double, double/take and double/pass for the doubler, per unit of the cube: gnubg's
    MWC turned into equity in a match; its equities and +1 in money play."""
    if context.is_money:
        return cube.no_double, cube.double_take, 1.0
    away, opponent_away, value = context.away, context.opponent_away, context.cube.value
    rule = context.match.crawford_rule

    def equity(mwc: float, points: int = value) -> float:
        return table.mwc_to_equity(mwc, away, opponent_away, points, crawford_rule=rule)

    return equity(cube.no_double), equity(cube.double_take), 1.0
