"""Rollouts played in rounds: every *line* of a rollout (the position, each play of a roll,
each cube line) plays the games of a round, and between rounds the rollout decides whether
it is precise enough (``se=``), which plays are out of contention, and what the progress bar
says. Game ``g`` of a line is the same whatever the rounds (its dice follow its number), so
a rollout stopped by a target is the first games of the full one, and the stop is
reproducible for a seed and ``check_every``.

Also the settings every rollout shares (:class:`RolloutRun`), checked once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from .._progress import RunningBar, running_bar
from .._run_options import RunOptions, bar_progress
from .._validate import excerpt
from ..board.position import Play
from ..errors import PlayoutError
from ._stats import Estimate, HasEquity
from .results import PlayoutResults
from .run_checks import count_argument

ROTATION_GAMES = 1296
"""From this many games on, the second roll is stratified too (36 x 36 pairs)."""

CHECK_EVERY = 1296
"""Games of each line between two checks of a rollout's targets, by default."""

Rows = npt.NDArray[np.float64]
Reporter = Callable[[int], None] | None
"""Where a line reports the games it has finished so far (None: nowhere)."""
PlayRange = Callable[[int, int, Reporter], tuple[Rows, bool]]
"""Plays a line's games ``first .. first + count - 1``, reporting the games finished so far
to the callable (or None): per-game rows of values, and whether Ctrl-C stopped it."""


@dataclass
class Line:
    """One sequence of games of a rollout, and the per-game rows it has played."""

    play: PlayRange
    rows: list[Rows] = field(default_factory=list)
    active: bool = True  # still rolled out
    runs: list[PlayoutResults] = field(default_factory=list)  # what each round played

    @property
    def values(self) -> Rows:
        """Every row played, in game order."""
        return np.concatenate(self.rows) if self.rows else np.zeros((0, 0))

    @property
    def games(self) -> int:
        return sum(len(rows) for rows in self.rows)


@dataclass(frozen=True)
class RolloutRun:
    """What every line of a rollout shares: the rotation (the level the total ``games``
    gives), the run's options (seed, threads, Dask: :class:`~tavla.RunOptions`), the target
    and the checks between rounds."""

    games: int
    rotate: bool
    options: RunOptions
    se: float | None = None
    check_every: int = CHECK_EVERY
    out_of_contention: float | None = None

    def __post_init__(self) -> None:
        _positive_or_none(self.se, "se", "a number")
        count_argument("check_every", self.check_every, low=1)
        _positive_or_none(self.out_of_contention, "out_of_contention", "a number of errors")

    @property
    def level(self) -> int:
        """The rotation level of :func:`~tavla.sim.playout.play_games`."""
        return 0 if not self.rotate else (2 if self.games >= ROTATION_GAMES else 1)

    def strata(self, count: int) -> npt.NDArray[np.int64] | None:
        """The first-roll stratum of games 0..count-1 (None without rotation)."""
        return np.arange(count, dtype=np.int64) % 36 if self.rotate else None

    def estimate(self, values: npt.NDArray[np.float64]) -> Estimate:
        """The (post-stratified) mean of per-game values and its standard error."""
        return Estimate.of(values, self.strata(len(values)), 36)


Judge = Callable[[Sequence[Line]], tuple[bool, str]]
"""Between rounds: marks the lines that stop (``active``), and says whether the whole rollout
stops and what the progress bar shows."""


def play_rounds(run: RolloutRun, lines: Sequence[Line], judge: Judge) -> bool:
    """Plays ``run.games`` games of every line in rounds of ``run.check_every``, asking
    ``judge`` after each; returns whether Ctrl-C stopped it. Stopped, every active line keeps
    the games all of them finished (the same dice everywhere), and one that finished none
    keeps none."""
    done = 0
    total = run.games * len(lines)
    with running_bar(total, bar_progress(run.options, "a rollout"), "games") as bar:
        while done < run.games and any(line.active for line in lines):
            count = min(run.check_every, run.games - done)
            for line in lines:
                if not line.active:
                    continue
                rows, interrupted = line.play(done, count, _reporter(bar, lines, run))
                line.rows.append(rows)
                if interrupted:
                    _keep_common_games(lines)
                    return True
            done += count
            stop, text = judge(lines)
            if bar is not None:
                bar.note(text)
                finished = sum(line.games for line in lines)
                left = sum(run.games - line.games for line in lines if line.active)
                bar.resize(finished + (0 if stop else left))
                bar.at(finished)
            if stop:
                break
    return False


def _reporter(
    bar: RunningBar | None, lines: Sequence[Line], run: RolloutRun
) -> Callable[[int], None] | None:
    if bar is None or run.options.client is not None:
        return None
    before = sum(line.games for line in lines)
    return lambda finished: bar.at(before + finished)


def _keep_common_games(lines: Sequence[Line]) -> None:
    played = [line.games for line in lines if line.active and line.games > 0]
    common = min(played, default=0)
    for line in lines:
        if line.active:
            values = line.values
            line.rows = [values[:common]] if len(values) else []


def target_reached(run: RolloutRun, errors: Sequence[float]) -> bool:
    """Whether every standard error is below the target (never without one)."""
    return run.se is not None and all(np.isfinite(e) and e < run.se for e in errors)


def drop_out_of_contention(run: RolloutRun, lines: Sequence[Line], column: int) -> None:
    """Stops the active lines whose equity (``column`` of the rows) is below the best active
    line's by more than ``run.out_of_contention`` standard errors of their difference, paired
    game for game on the same dice."""
    if run.out_of_contention is None:
        return
    active = [line for line in lines if line.active]
    if len(active) < 2:
        return
    equities = [run.estimate(line.values[:, column]).mean for line in active]
    best = active[int(np.argmax(equities))]
    for line in active:
        if line is best:
            continue
        difference = run.estimate(best.values[:, column] - line.values[:, column])
        if difference.mean > run.out_of_contention * difference.std_error:
            line.active = False


def plays_judge(run: RolloutRun, plays: Sequence[Play], column: int) -> Judge:
    """The judge of a rollout of ``plays`` (line i rolls out play i), their equity in
    ``column``: it stops the plays out of contention, stops at the target when every play
    still rolled out has reached it, and shows the leading play."""

    def judge(lines: Sequence[Line]) -> tuple[bool, str]:
        drop_out_of_contention(run, lines, column)
        active = [i for i, line in enumerate(lines) if line.active]
        estimates = {i: run.estimate(lines[i].values[:, column]) for i in active}
        best = max(active, key=lambda i: estimates[i].mean)
        done = target_reached(run, [e.std_error for e in estimates.values()])
        leader = plays[best].notation or "(pass)"
        return done, f"best {leader} {estimates[best]}, {len(active)} of {len(lines)} plays"

    return judge


Result = TypeVar("Result", bound=HasEquity)


def play_plays(
    run: RolloutRun,
    plays: Sequence[Play],
    line_of: Callable[[Play], Line],
    column: int,
    finished: Callable[[Play, bool], Result],
    summary: Callable[[Play, Line, bool], Result],
) -> list[Result]:
    """The results of a roll's ``plays``, best ``equity`` first: a play that ends the game
    is ``finished(play, interrupted)``; the others are rolled out in rounds, each on its
    line (``line_of``), judged by their equity in ``column`` (:func:`plays_judge`), and each
    whose line played games is ``summary(play, line, interrupted)``."""
    finishing = [play for play in plays if play.position.is_over]
    rolled = [play for play in plays if not play.position.is_over]
    lines = [line_of(play) for play in rolled]
    interrupted = play_rounds(run, lines, plays_judge(run, rolled, column)) if lines else False
    results = [finished(play, interrupted) for play in finishing]
    results += [
        summary(play, line, interrupted)
        for play, line in zip(rolled, lines, strict=True)
        if line.games > 0
    ]
    return sorted(results, key=lambda result: -result.equity)


def _positive_or_none(value: object, name: str, what: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float, np.floating, np.integer)):
        raise PlayoutError(f"{name} must be {what} > 0 or None, got {excerpt(value)}")
    if not float(value) > 0:
        raise PlayoutError(f"{name} must be {what} > 0 or None, got {excerpt(value)}")
