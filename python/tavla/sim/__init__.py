"""Simulation: whole games played by the core (self-play), rollouts and duels, on one machine
or on a Dask cluster."""

from .._run_options import RunOptions
from .cube_rollout import cube_rollout, cube_rollout_plays
from .duel import DuelResult, MatchDuelResult, duel, match_duel
from .ladder import Ladder, LadderDuel, ladder
from .matches import play_matches
from .monitor import duel_monitor
from .playout import selfplay
from .results import MatchResults, PlayoutResults
from .rollout import RolloutResult, rollout, rollout_plays

__all__ = [
    "DuelResult",
    "Ladder",
    "LadderDuel",
    "MatchDuelResult",
    "MatchResults",
    "PlayoutResults",
    "RolloutResult",
    "RunOptions",
    "cube_rollout",
    "cube_rollout_plays",
    "duel",
    "duel_monitor",
    "ladder",
    "match_duel",
    "play_matches",
    "rollout",
    "rollout_plays",
    "selfplay",
]
