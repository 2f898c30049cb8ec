"""Reinforcement-learning environments (:doc:`/environments`): Gymnasium's single-agent
``tavla/Backgammon-v0`` (:class:`BackgammonEnv`, registered when this package is imported),
PettingZoo's two-agent :func:`aec_env`, and :class:`VectorEnv`, many games stepped in one
call in C++.  Exact rules: whole-turn or single-move actions with exact masks, the cube and
matches.  Needs the optional extra ``tavla[rl]`` (Gymnasium and PettingZoo).
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # noqa: F401 (checked here, used by the AEC environment)
except ImportError as error:  # pragma: no cover - the extra is installed in the tests
    raise ImportError(
        f"tavla.env needs Gymnasium and PettingZoo ({error.name} is missing): "
        "pip install 'tavla[rl]'"
    ) from error

from .aec import BackgammonAEC, aec_env
from .settings import OBSERVATIONS, EnvSettings
from .single import BackgammonEnv
from .spaces import CUBE_ACTIONS, MAX_PLAYS, MOVE_ACTIONS, PASS, cube_action, move_action, move_of
from .vector import VectorEnv

ENV_ID = "tavla/Backgammon-v0"
"""The Gymnasium id of :class:`BackgammonEnv` (and, with ``gymnasium.make_vec``, of
:class:`VectorEnv`)."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="tavla.env.single:BackgammonEnv",
        vector_entry_point="tavla.env.vector:VectorEnv",
    )

__all__ = [
    "CUBE_ACTIONS",
    "ENV_ID",
    "MAX_PLAYS",
    "MOVE_ACTIONS",
    "OBSERVATIONS",
    "PASS",
    "BackgammonAEC",
    "BackgammonEnv",
    "EnvSettings",
    "VectorEnv",
    "aec_env",
    "cube_action",
    "move_action",
    "move_of",
]
