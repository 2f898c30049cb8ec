"""Match analysis: every decision of a match valued by tavla's evaluators, cubeful at the
match score, as GNU Backgammon's ``analyse match`` does: each play against the best, each
cube decision and answer against the proper action, the luck of each roll, and per-player
error rates and ratings (:doc:`/analysis`)."""

from .analyse import MatchAnalysis, analyse, read_record
from .decisions import (
    Candidate,
    CheckerPlay,
    CubeAnalysis,
    CubeErrorKind,
    LuckMark,
    Mark,
)
from .statistics import (
    CheckerStatistics,
    CubeStatistics,
    LuckStatistics,
    OverallStatistics,
    PlayerStatistics,
)

__all__ = [
    "Candidate",
    "CheckerPlay",
    "CheckerStatistics",
    "CubeAnalysis",
    "CubeErrorKind",
    "CubeStatistics",
    "LuckMark",
    "LuckStatistics",
    "Mark",
    "MatchAnalysis",
    "OverallStatistics",
    "PlayerStatistics",
    "analyse",
    "read_record",
]
