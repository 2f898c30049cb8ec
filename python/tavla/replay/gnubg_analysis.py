"""GNU Backgammon's analysis exports (:ref:`analysis-export`): their plays checked against
the rules as a match file's are, and each decision's error as gnubg measured it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal

from .._validate import check_instance
from ..board.dice import Roll
from ..board.position import Position
from ..errors import MatchFileError
from ..formats.gnubg_text import AnalysedMove, CubeAnalysis, GameAnalysis, read_analysis
from ..formats.record import ActionKind, GameRecord, MatchRecord, RecordedAction
from .check import _GameReplayer, match_rules
from .reports import Finding, GameReplay, MatchReplay

_ANSWERS = {"accepts": ActionKind.TAKE, "rejects": ActionKind.DROP}


def analysis_record(analysis: GameAnalysis) -> MatchRecord:
    """The game of an export as a one-game :class:`~tavla.formats.record.MatchRecord`: each
    roll with its play, each double, take and drop, and the ``wins`` line; the ``Match
    Information`` lines as headers.  Raises :class:`~tavla.MatchFileError` when
    ``analysis`` is not a :class:`~tavla.formats.gnubg_text.GameAnalysis`."""
    check_instance(analysis, "analysis", MatchFileError, GameAnalysis)
    actions = []
    for move in analysis.moves:
        kind, dice, value = _ANSWERS.get(move.action, ActionKind.ROLL), None, None
        if move.kind == "roll":
            assert move.dice is not None
            dice = (max(move.dice), min(move.dice))
        elif move.kind == "cube":
            kind, value = ActionKind.DOUBLE, 2 * move.gnubg_id.match_id.cube_value
        actions.append(
            RecordedAction(move.player, kind, dice, move.play, value, move.line, move.number)
        )
    if analysis.winner is not None:
        actions.append(RecordedAction(analysis.winner, ActionKind.WIN, value=analysis.points))
    game = GameRecord(analysis.game, analysis.score, tuple(actions), line=1)
    return MatchRecord(analysis.match_length, analysis.players, analysis.info, (game,))


def replay_analysis(analysis: GameAnalysis, file: str = "") -> MatchReplay:
    """Replay the game of an export on a :class:`~tavla.Game` as
    :func:`~tavla.replay.replay_record` replays a match file's (every play, cube action and
    the result checked against the rules; the Crawford game as the export's score line
    names it), and check that the export agrees with itself: each entry's Position ID must
    be the position its plays lead to, and its Match ID must give the export's match
    length, score, Crawford flag, cube and roll.  Never raises for what the export holds;
    ``file`` names it in findings.  Raises :class:`~tavla.MatchFileError` when
    ``analysis`` is not a GameAnalysis."""
    record = analysis_record(analysis)
    check_instance(file, "file", MatchFileError, str)
    game = record.games[0]
    replayer = _GameReplayer(file, record, game, match_rules(record), analysis.crawford, True)
    report = replayer.run()
    report.mismatches += _disagreements(analysis, report, file)
    final = list(analysis.score)
    if report.winner is not None:
        final[report.winner] += report.points
    return MatchReplay(
        file, record, [report], (final[0], final[1]), list(report.mismatches), list(report.notes)
    )


def replay_analysis_file(path: str | os.PathLike[str]) -> MatchReplay:
    """Read an exported game (:func:`~tavla.formats.gnubg_text.read_analysis`) and replay
    it (:func:`replay_analysis`).  Raises :class:`~tavla.MatchFileError` naming the file
    and line when it cannot be read, OSError when it cannot be opened."""
    return replay_analysis(read_analysis(path), str(path))


def _disagreements(analysis: GameAnalysis, report: GameReplay, file: str) -> list[Finding]:
    """Where the export's IDs contradict its own moves or its score line."""
    found: list[Finding] = []
    plays = iter(report.plays)
    position: Position | None = Position.initial()
    cube: tuple[int, int | None] = (1, None)
    for move in analysis.moves:
        gnubg_id = move.gnubg_id
        match_id = gnubg_id.match_id

        def disagree(reason: str, move: AnalysedMove = move) -> None:
            shown = move.gnubg_id.position.position_id
            found.append(Finding(file, analysis.game, move.number, move.line, shown, reason))

        if position is not None and gnubg_id.position != position:
            disagree(
                f"the Position ID is not {position.position_id}, the position the plays"
                " before it lead to"
            )
            position = None  # unknown from here on: compare no further
        facts = [
            ("match length", match_id.match_length, analysis.match_length),
            ("score", match_id.score, analysis.score),
            ("Crawford flag", match_id.crawford, analysis.crawford),
            ("cube (value, owner)", (match_id.cube_value, match_id.cube_owner), cube),
        ]
        if move.dice is not None:
            facts.append(("roll", sorted(match_id.dice or ()), sorted(move.dice)))
        for what, written, expected in facts:
            if written != expected:
                disagree(f"the Match ID gives the {what} {written}, the export {expected}")
        if move.kind == "roll":
            play = next(plays, None)
            position = play.position if play is not None and position is not None else None
        elif move.action == "accepts":
            cube = (2 * match_id.cube_value, move.player)
    return found


# -- decisions -----------------------------------------------------------------------------

DecisionKind = Literal["play", "double", "take"]


@dataclass(frozen=True)
class Decision:
    """One decision of a game as gnubg analysed it.

    Attributes:
        game: the game number; ``move`` the ``Move number`` of its entry; ``line`` the
            entry's line in the file.
        player: the gnubg player deciding (:ref:`players`); ``name`` their name.
        kind: ``"play"`` (a checker play), ``"double"`` (whether to double, before
            rolling) or ``"take"`` (whether to take a double).
        dice: the roll of a play, None for a cube decision.
        played, best: what was done and what gnubg found best: a play in gnubg's notation
            (``""`` when nothing could move); ``"no double"`` or ``"double"``; ``"take"``
            or ``"pass"``.  ``best`` is None when the file has no analysis of it.
        error: the equity the decision lost against the best, in the file's units (EMG in
            match play), ≥ 0 (up to rounding): for a play, minus the difference gnubg
            printed beside it (negative in the rare case where a play evaluated at a lower
            ply shows more than gnubg's best); for a cube decision, from the three cubeful
            equities (the doubler's: the best of no double and the worse of take and pass
            for the taker; the taker's: the better of take and pass).  None without analysis.
        luck: the luck of the roll as gnubg printed it (``Rolled 52 (+0.033):``), for a
            play; None when not printed.
        alert: gnubg's ``Alert`` for this decision (``"bad move"``, ``"missed double"``,
            ``"wrong take"``, ...), or None.
        position_id: the Position ID of the entry, seen from the side on roll.
    """

    game: int
    move: int
    line: int
    player: int
    name: str
    kind: DecisionKind
    dice: Roll | None
    played: str
    best: str | None
    error: float | None
    luck: float | None
    alert: str | None
    position_id: str

    def __str__(self) -> str:
        what = f"{self.dice[0]}{self.dice[1]}" if self.dice else _SHOWN_KIND[self.kind]
        best = f", best {self.best or 'no move'}" if self.best is not None else ""
        error = f": loses {self.error:.3f}" if self.error is not None else ""
        alert = f" ({self.alert})" if self.alert else ""
        played = self.played or "no move"
        return (
            f"game {self.game}, move {self.move}, {self.name} {what}: {played}{best}{error}{alert}"
        )


_SHOWN_KIND = {"play": "play", "double": "cube", "take": "take"}
_PLAY_ALERTS = ("doubtful move", "bad move", "very bad move")
_DOUBLE_ALERTS = ("missed double", "wrong double")
_TAKE_ALERTS = ("wrong take", "wrong pass")


def decisions(analysis: GameAnalysis) -> list[Decision]:
    """Every decision of an exported game, in order (see :class:`Decision`): for each roll
    the cube decision before it when gnubg analysed one (the player did not double) and
    the play; each double; each answer to a double.  Raises
    :class:`~tavla.MatchFileError` when ``analysis`` is not a GameAnalysis."""
    check_instance(analysis, "analysis", MatchFileError, GameAnalysis)
    found: list[Decision] = []
    for move in analysis.moves:

        def decision(
            kind: DecisionKind,
            played: str,
            best: str | None,
            error: float | None,
            alerts: tuple[str, ...],
            move: AnalysedMove = move,
        ) -> Decision:
            is_play = kind == "play"
            return Decision(
                game=analysis.game,
                move=move.number,
                line=move.line,
                player=move.player,
                name=move.name,
                kind=kind,
                dice=move.dice if is_play else None,
                played=played,
                best=best,
                error=error,
                luck=move.luck if is_play else None,
                alert=next((a.kind for a in move.alerts if a.kind in alerts), None),
                position_id=move.gnubg_id.position.position_id,
            )

        cube = move.cube_analysis
        if move.kind == "offer":
            if cube is None:
                found.append(decision("take", _ANSWER[move.action], None, None, _TAKE_ALERTS))
            else:
                best, error = _take_error(cube, move.action == "accepts")
                found.append(decision("take", _ANSWER[move.action], best, error, _TAKE_ALERTS))
            continue
        if cube is not None or move.kind == "cube":
            doubled = move.kind == "cube"
            played = "double" if doubled else "no double"
            best_action, cube_error = _double_error(cube, doubled) if cube else (None, None)
            found.append(decision("double", played, best_action, cube_error, _DOUBLE_ALERTS))
        if move.kind == "roll":
            assert move.play is not None
            best_play, play_error = _play_error(move)
            found.append(decision("play", move.play, best_play, play_error, _PLAY_ALERTS))
    return found


_ANSWER = {"accepts": "take", "rejects": "pass"}


def _double_error(cube: CubeAnalysis, doubled: bool) -> tuple[str, float]:
    """Best action and error of the player on roll: a double is worth the worse of take and
    pass, since the opponent chooses.  Rounded to the file's three decimals, which the
    equities it is computed from have."""
    doubling = min(cube.double_take, cube.double_pass)
    best = max(cube.no_double, doubling)
    error = best - (doubling if doubled else cube.no_double)
    return ("double" if doubling > cube.no_double else "no double"), round(error, 3)


def _take_error(cube: CubeAnalysis, took: bool) -> tuple[str, float]:
    """Best answer and error of the player doubled, from their side's equities."""
    best = max(cube.double_take, cube.double_pass)
    error = best - (cube.double_take if took else cube.double_pass)
    return ("take" if cube.double_take >= cube.double_pass else "pass"), round(error, 3)


def _play_error(move: AnalysedMove) -> tuple[str | None, float | None]:
    if move.play == "":
        return "", 0.0  # nothing could move: no choice, no error
    played = next((c for c in move.candidates if c.played), None)
    if played is None:
        return None, None
    return move.candidates[0].play, 0.0 - played.difference  # 0.0, not -0.0, for no error
