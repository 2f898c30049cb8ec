"""Per-player statistics of an analysed match, as GNU Backgammon's ``show statistics match``
reports them (:doc:`/analysis` gives every definition and its source).

Rates are in millipoints (mEMG: thousandths of normalised equity) per decision.  The rating
bands are GNU Backgammon's: the overall error rate per decision below 0.002 is
supernatural, 0.005 world class, 0.008 expert, 0.012 advanced, 0.018 intermediate, 0.026
casual, 0.035 beginner, and above that awful.  The error-based FIBS rating is GNU
Backgammon's estimate ``2050 - (EPM·(8798 + 25526/N) + EPC·(863 - 519/N))``, with EPM the
checker-play error per unforced move, EPC the cube error per close decision and N the
match length.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from .decisions import CheckerPlay, CubeAnalysis, CubeErrorKind, LuckMark, Mark

RATINGS = (
    (0.002, "supernatural"),
    (0.005, "world class"),
    (0.008, "expert"),
    (0.012, "advanced"),
    (0.018, "intermediate"),
    (0.026, "casual"),
    (0.035, "beginner"),
)
"""GNU Backgammon's bands: the first whose bound exceeds the error per decision."""

_M = TypeVar("_M", Mark, LuckMark)


def _counted(kind: type[_M], marks: Sequence[_M]) -> dict[str, int]:
    """How many of ``marks`` each mark of ``kind`` but its ``NONE`` is, by the mark's
    name."""
    counts = {mark.value: 0 for mark in kind if mark is not kind.NONE}
    for mark in marks:
        if mark is not kind.NONE:
            counts[mark.value] += 1
    return counts


def rating(error_per_decision: float) -> str:
    """The band of an error rate in normalised equity per decision (:data:`RATINGS`)."""
    return next((name for bound, name in RATINGS if error_per_decision < bound), "awful")


def fibs_rating(checker_rate: float, cube_rate: float, length: int) -> float:
    """GNU Backgammon's error-based FIBS rating estimate for a match to ``length`` points,
    from the error per unforced move and per close cube decision (normalised equity)."""
    return 2050 - (checker_rate * (8798 + 25526 / length) + cube_rate * (863 - 519 / length))


def fibs_rating_difference(winning_chance: float, length: int) -> float | None:
    """The FIBS rating difference that gives the stronger side ``winning_chance`` of a match
    to ``length`` points (FIBS: ``1 / (1 + 10^(-D·sqrt(N)/2000))``); None at 0 or 1."""
    if not 0 < winning_chance < 1:
        return None
    return 2000 / math.sqrt(length) * math.log10(winning_chance / (1 - winning_chance))


def _per_thousand(total: float, count: int) -> float:
    return 1000 * total / count if count else 0.0


@dataclass(frozen=True)
class CheckerStatistics:
    """Checker play: moves (forced ones too), unforced moves, marks, the error total
    (normalised equity, and MWC in a match) and rate (mEMG per unforced move)."""

    moves: int
    unforced: int
    marks: dict[str, int]
    error_total: float
    error_total_mwc: float | None
    error_rate: float

    @classmethod
    def of(cls, plays: Sequence[CheckerPlay], match: bool) -> CheckerStatistics:
        unforced = [play for play in plays if not play.forced]
        marks = _counted(Mark, [play.mark for play in unforced])
        total = sum(play.loss for play in unforced)
        mwc = sum(play.mwc_loss or 0.0 for play in unforced) if match else None
        return cls(
            len(plays), len(unforced), marks, total, mwc, _per_thousand(total, len(unforced))
        )


@dataclass(frozen=True)
class CubeStatistics:
    """Cube decisions (every roll where the player could double, and every answer), the
    close or actual ones, doubles, takes (beavers too) and passes, each error kind's count
    and cost, the error total and rate (mEMG per close decision)."""

    decisions: int
    close: int
    doubles: int
    takes: int
    passes: int
    errors: dict[str, tuple[int, float]]
    error_total: float
    error_total_mwc: float | None
    error_rate: float

    @classmethod
    def of(cls, cubes: Sequence[CubeAnalysis], match: bool) -> CubeStatistics:
        errors = {kind.value: (0, 0.0) for kind in CubeErrorKind}
        for cube in cubes:
            if cube.error is not None:
                count, cost = errors[cube.error.value]
                errors[cube.error.value] = (count + 1, cost + cube.loss)
        close = sum(cube.close for cube in cubes)
        total = sum(cube.loss for cube in cubes)
        mwc = sum(cube.mwc_loss or 0.0 for cube in cubes) if match else None
        return cls(
            len(cubes),
            close,
            sum(cube.action == "double" for cube in cubes),
            sum(cube.action in ("take", "beaver") for cube in cubes),
            sum(cube.action == "drop" for cube in cubes),
            errors,
            total,
            mwc,
            _per_thousand(total, close),
        )


@dataclass(frozen=True)
class LuckStatistics:
    """The luck of the player's rolls: counts by mark, the total (normalised equity, and MWC
    in a match) and rate (mEMG per roll)."""

    marks: dict[str, int]
    total: float
    total_mwc: float | None
    rate: float

    @classmethod
    def of(cls, plays: Sequence[CheckerPlay], match: bool) -> LuckStatistics:
        marks = _counted(LuckMark, [play.luck_mark for play in plays])
        total = sum(play.luck for play in plays)
        mwc = sum(play.mwc_luck or 0.0 for play in plays) if match else None
        return cls(marks, total, mwc, _per_thousand(total, len(plays)))


@dataclass(frozen=True)
class OverallStatistics:
    """Checker play and cube together.

    Attributes:
        error_total: checker and cube errors (normalised equity); error_total_mwc in MWC.
        error_rate: mEMG per decision (unforced moves and close cube decisions).
        snowie_error_rate: mEMG per move of both players (forced ones too), as Snowie
            reports it.
        pr: a performance rating in the manner of eXtreme Gammon's PR: 500 times the error
            per decision (tavla's decisions, not XG's).
        rating: the band of ``error_rate`` (:data:`RATINGS`).
        fibs_rating: the error-based FIBS rating estimate (match play; None in money).
        actual: the result: points won minus lost in money play; in a match +0.5 for the
            winner and -0.5 for the loser (0 unfinished), as MWC above 50%.
        luck_adjusted: ``actual`` less the player's luck plus the opponent's (luck in points
            in money play, in MWC in a match).
    """

    error_total: float
    error_total_mwc: float | None
    error_rate: float
    snowie_error_rate: float
    pr: float
    rating: str
    fibs_rating: float | None
    actual: float
    luck_adjusted: float


@dataclass(frozen=True)
class PlayerStatistics:
    """One player's statistics."""

    name: str
    checker: CheckerStatistics
    cube: CubeStatistics
    luck: LuckStatistics
    overall: OverallStatistics = field(repr=False)


def player_statistics(
    names: tuple[str, str],
    plays: Sequence[CheckerPlay],
    cubes: Sequence[CubeAnalysis],
    length: int,
    results: tuple[float, float],
    luck_points: tuple[float, float],
) -> tuple[PlayerStatistics, PlayerStatistics]:
    """Both players' statistics from the analysed decisions.  ``results`` is each player's
    actual result (money points won minus lost, or a match's +-0.5), ``luck_points`` each
    player's total luck in the same unit (points in money play, MWC in a match)."""
    match = length > 0
    all_moves = len(plays)
    found = []
    for player in (0, 1):
        mine = [play for play in plays if play.player == player]
        my_cubes = [cube for cube in cubes if cube.player == player]
        checker = CheckerStatistics.of(mine, match)
        cube = CubeStatistics.of(my_cubes, match)
        luck = LuckStatistics.of(mine, match)
        total = checker.error_total + cube.error_total
        decisions = checker.unforced + cube.close
        per_decision = total / decisions if decisions else 0.0
        checker_rate = checker.error_total / checker.unforced if checker.unforced else 0.0
        cube_rate = cube.error_total / cube.close if cube.close else 0.0
        overall = OverallStatistics(
            total,
            None if not match else (checker.error_total_mwc or 0.0) + (cube.error_total_mwc or 0.0),
            1000 * per_decision,
            _per_thousand(total, all_moves),
            500 * per_decision,
            rating(per_decision),
            fibs_rating(checker_rate, cube_rate, length) if match else None,
            results[player],
            results[player] - luck_points[player] + luck_points[1 - player],
        )
        found.append(PlayerStatistics(names[player], checker, cube, luck, overall))
    return found[0], found[1]
