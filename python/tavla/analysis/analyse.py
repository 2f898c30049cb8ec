"""Analysing a match: :func:`analyse` replays a record (a ``.mat`` or SGF file, a GNU
Backgammon analysis export, or a :class:`~tavla.formats.record.MatchRecord`) and values every
decision in it (:mod:`.valuation`), then sums them up per player (:mod:`.statistics`)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from .._progress import progress_bar
from .._validate import check_bool, check_int
from ..errors import AnalysisError, TavlaError
from ..eval import Net, nets
from ..eval.evaluators import DEFAULT_KEEP, MAX_PLIES, resolve_net
from ..formats.gnubg_text import looks_like_analysis, parse_analysis
from ..formats.mat import parse_mat
from ..formats.match_files import read_match_file
from ..formats.record import MatchRecord
from ..formats.sgf import looks_like_sgf, parse_sgf
from ..game.cube_model import DEFAULT_CUBE_LIFE, check_cube_life
from ..game.equity import MatchEquityTable
from ..replay import analysis_record, replay_record
from ..replay.moments import Moment, MomentKind
from ..replay.reports import MatchReplay
from .decisions import CheckerPlay, CubeAnalysis
from .statistics import PlayerStatistics, player_statistics
from .valuation import Valuer


@dataclass(frozen=True)
class MatchAnalysis:
    """A match analysed by :func:`analyse`.

    Attributes:
        file: the path analysed ("" for a record given as such).
        record: the match as read.
        replay: what replaying it found (:class:`~tavla.replay.MatchReplay`): the analysis
            covers each game as far as it could be replayed.
        plays: every play analysed (:class:`~tavla.analysis.CheckerPlay`), in order.
        cube: every cube decision and answer analysed (:class:`~tavla.analysis.CubeAnalysis`).
        players: both players' :class:`~tavla.analysis.PlayerStatistics`.
        evaluator: the evaluator's name; plies and luck_plies the depths used.
        decisions: the plays and cube decisions together, in the order they were made
            (each turn's cube decision, its answer, then its play).
    """

    file: str
    record: MatchRecord
    replay: MatchReplay
    plays: tuple[CheckerPlay, ...]
    cube: tuple[CubeAnalysis, ...]
    players: tuple[PlayerStatistics, PlayerStatistics]
    evaluator: str
    plies: int
    luck_plies: int
    decisions: tuple[CheckerPlay | CubeAnalysis, ...]

    @property
    def length(self) -> int:
        """The match length (0 for money play)."""
        return self.record.length

    def marked(self, threshold: float = 0.04) -> list[CheckerPlay | CubeAnalysis]:
        """The decisions that lost at least ``threshold`` (normalised equity), in the order
        they were made (forced plays left out)."""
        return [
            decision
            for decision in self.decisions
            if decision.loss >= threshold
            and not (isinstance(decision, CheckerPlay) and decision.forced)
        ]

    def __repr__(self) -> str:
        names = tuple(player.name for player in self.players)
        return (
            f"<MatchAnalysis {self.file or 'record'!r}: {names[0]} - {names[1]},"
            f" {len(self.plays)} plays, {len(self.cube)} cube decisions,"
            f" {self.evaluator} at {self.plies}-ply>"
        )


def read_record(path: str | os.PathLike[str]) -> MatchRecord:
    """The record of a ``.mat`` file, an SGF file or a GNU Backgammon analysis export (told
    by the text).  Raises :class:`~tavla.MatchFileError` for a file that cannot be read."""

    def parse(text: str) -> MatchRecord:
        if looks_like_sgf(text):
            return parse_sgf(text)
        if looks_like_analysis(text):
            return analysis_record(parse_analysis(text))
        return parse_mat(text)

    return read_match_file(path, parse)


def analyse(
    record_or_path: MatchRecord | str | os.PathLike[str],
    evaluator: Net | str | None = None,
    plies: int = 2,
    *,
    luck_plies: int = 0,
    cube_life: float = DEFAULT_CUBE_LIFE,
    met: MatchEquityTable | None = None,
    keep: int = DEFAULT_KEEP,
    threads: int = 1,
    progress: bool = False,
) -> MatchAnalysis:
    """Analyse every decision of a match as GNU Backgammon's ``analyse match`` does.

    Each play is ranked against every legal play by cubeful equity at the match score
    (:func:`~tavla.eval.hint` with the game's context) at ``plies``; each roll where the
    player could double, and each answer to a double, against the proper cube action
    (:func:`~tavla.cube_decision` at ``plies``); each roll's luck at ``luck_plies``.

    Args:
        record_or_path: a :class:`~tavla.formats.record.MatchRecord` or the path of a
            ``.mat`` file, an SGF file or a GNU Backgammon analysis export.
        evaluator: a :class:`~tavla.eval.Net` or its name (``"net:NAME"``, ``"net:PATH"``);
            None for the strongest shipped net (:data:`tavla.eval.nets.DEFAULT`).  Not
            ``"bearoff"``: the database alone cannot value a game's contact positions.
        plies: the depth of checker plays and cube decisions, 0 to 3 (default 2).
        luck_plies: the depth of the luck of rolls, 0 to 3 (default 0).
        cube_life: Janowski's cube life for the cube model.
        met: the match equity table (None: Kazaross-XG2).
        keep: the move filter inside the searches: at each choice below the plays ranked,
            the best ``keep`` plays by 0-ply are searched deeper (:mod:`tavla.eval.evaluators`).
        threads: threads valuing decisions at once (the core releases the GIL).
        progress: show a progress bar of the decisions on standard error.

    Raises :class:`~tavla.MatchFileError` for a file that cannot be read (OSError when it
    cannot be opened), :class:`~tavla.AnalysisError` for bad arguments (``"bearoff"`` among
    them), and what the evaluator raises for a bad one.
    """
    plies = check_int(plies, "plies", AnalysisError, low=0, high=MAX_PLIES)
    luck_plies = check_int(luck_plies, "luck_plies", AnalysisError, low=0, high=MAX_PLIES)
    threads = check_int(threads, "threads", AnalysisError, low=1, high=256)
    progress = check_bool(progress, "progress", AnalysisError)
    try:
        cube_life = check_cube_life(cube_life)
    except TavlaError as exc:
        raise AnalysisError(str(exc)) from None
    if met is not None and not isinstance(met, MatchEquityTable):
        raise AnalysisError(f"met is a MatchEquityTable or None, got {type(met).__name__}")
    net = resolve_net(f"net:{nets.DEFAULT}" if evaluator is None else evaluator)
    if net is None:
        raise AnalysisError(
            "the bear-off database answers only where both sides are home, and every game of"
            " a match starts in contact: give a net ('net:NAME' or 'net:PATH'), or None for"
            " the default net"
        )
    if isinstance(record_or_path, MatchRecord):
        record, file = record_or_path, ""
    elif isinstance(record_or_path, (str, os.PathLike)):
        record, file = read_record(record_or_path), str(record_or_path)
    else:
        raise AnalysisError(
            "analyse takes a MatchRecord or the path of a match file, got"
            f" {type(record_or_path).__name__}"
        )
    moments: list[Moment] = []
    replay = replay_record(record, file, moments=moments)
    keep = check_int(keep, "keep", AnalysisError, low=1, high=4096)
    valuer = Valuer(net, plies, luck_plies, cube_life, met, keep)
    values = _value_all(valuer, moments, threads, progress)
    plays = tuple(value for value in values if isinstance(value, CheckerPlay))
    cube = tuple(value for value in values if isinstance(value, CubeAnalysis))
    results, luck = _results(record, replay, plays)
    players = player_statistics(record.players, plays, cube, record.length, results, luck)
    name = evaluator if isinstance(evaluator, str) else f"net:{nets.DEFAULT}"
    if isinstance(evaluator, Net):
        name = "a net"
    return MatchAnalysis(
        file, record, replay, plays, cube, players, name, plies, luck_plies, tuple(values)
    )


def _value_all(
    valuer: Valuer, moments: Sequence[Moment], threads: int, progress: bool
) -> list[CheckerPlay | CubeAnalysis]:
    def value(moment: Moment) -> CheckerPlay | CubeAnalysis:
        if moment.kind is MomentKind.PLAY:
            return valuer.checker_play(moment)
        return valuer.cube_decision(moment)

    found: list[CheckerPlay | CubeAnalysis] = []
    with progress_bar(len(moments), progress, "analysing") as update:
        results: Iterator[CheckerPlay | CubeAnalysis]
        if threads == 1:
            results = map(value, moments)
        else:
            pool = ThreadPoolExecutor(threads)
            results = pool.map(value, moments)
        try:
            for result in results:
                found.append(result)
                if update is not None:
                    update(len(found))
        finally:
            if threads > 1:
                pool.shutdown(cancel_futures=True)
    return found


def _results(
    record: MatchRecord, replay: MatchReplay, plays: Sequence[CheckerPlay]
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Each player's actual result and total luck in the same unit: points and points of
    luck (luck times the cube) in money play; in a match +-0.5 for the winner and loser
    and luck in MWC."""
    luck = [0.0, 0.0]
    if record.length:
        for play in plays:
            luck[play.player] += play.mwc_luck or 0.0
        final = replay.final_score
        won = [float(final[side] >= record.length) for side in (0, 1)]
        result = (0.0, 0.0) if sum(won) != 1 else (won[0] - 0.5, won[1] - 0.5)
        return result, (luck[0], luck[1])
    for play in plays:
        luck[play.player] += play.luck * play.cube
    points = [0.0, 0.0]
    for game in replay.games:
        if game.winner is not None:
            points[game.winner] += game.points
            points[1 - game.winner] -= game.points
    return (points[0], points[1]), (luck[0], luck[1])
