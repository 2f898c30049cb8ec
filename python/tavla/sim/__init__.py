"""Simulation: whole games played by the core (self-play), rollouts and duels, on one machine
or on a Dask cluster."""

from .duel import DuelResult, duel
from .ladder import Ladder, LadderDuel, ladder
from .monitor import duel_monitor
from .playout import PlayoutResults, selfplay
from .rollout import RolloutResult, rollout

__all__ = [
    "DuelResult",
    "Ladder",
    "LadderDuel",
    "PlayoutResults",
    "RolloutResult",
    "duel",
    "duel_monitor",
    "ladder",
    "rollout",
    "selfplay",
]
