"""The two-agent PettingZoo environment (:func:`aec_env`, :class:`BackgammonAEC`): agents
``player_0`` and ``player_1`` take turns as the game has them act, the dice rolled inside the
environment (:doc:`/environments`)."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .._validate import excerpt
from ..errors import EnvError
from ..game.equity import MatchEquityTable
from ..game.rules import Rules
from .native import NativeEnvs, Observation, action_value, episode_seed
from .settings import EnvSettings, checked_render_mode
from .spaces import MAX_PLAYS
from .start import episode_start
from .view import EnvView

AGENTS = ("player_0", "player_1")
"""The agents: gnubg's players 0 and 1 (:ref:`players`), seats 0 and 1."""


class BackgammonAEC(AECEnv[str, Observation, np.int64], EnvView):  # type: ignore[misc]
    """Backgammon for two agents, ``player_0`` and ``player_1`` (see :func:`aec_env`)."""

    metadata = {  # noqa: RUF012 (PettingZoo's class attribute)
        "name": "tavla_backgammon_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        action: str = "play",
        cube: bool = False,
        match_length: int | None = None,
        observation: str = "board",
        *,
        afterstates: bool = False,
        max_plays: int = MAX_PLAYS,
        rules: Rules | None = None,
        met: MatchEquityTable | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        settings = EnvSettings(
            action, cube, match_length, observation, afterstates, max_plays, rules, met
        )
        self.settings = settings
        self.render_mode = checked_render_mode(render_mode)
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self.observation_spaces = {agent: settings.observation_space() for agent in AGENTS}
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            agent: settings.action_space() for agent in AGENTS
        }
        self._native = NativeEnvs(settings, 1, None)
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: from the opening roll, or as ``options`` say
        (:mod:`tavla.env.start`; an ID's players are the agents).  ``seed`` seeds the dice of
        this and the following episodes: a seeded reset starts episode 0 of the seed's dice,
        each reset without a seed the next episode (the first time: of a seed drawn from the
        system)."""
        start = episode_start(options, self.settings, players_are_seats=True)
        self._native.reset(start, None if seed is None else episode_seed(seed))
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self._native.core.to_act(0)]

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation (:mod:`tavla.env.spaces`), seen from its side; its
        ``action_mask`` is all zeros when the other agent is to act."""
        if agent not in AGENTS:
            raise EnvError(f"no agent {excerpt(agent)}: they are player_0, player_1")
        arrays = self._native.observe(AGENTS.index(agent))
        return {name: array[0, ...] for name, array in arrays.items()}

    def step(self, action: object) -> None:
        """Take the action of ``agent_selection``.  Rewards come at the end: the game's
        points to the winner and minus them to the loser (R16, R19, R22), or +1 / -1 for the
        match.  Raises :class:`~tavla.IllegalActionError` for an action the mask does not
        allow (nothing changes); after a step that failed partway (the next roll has more
        plays than ``max_plays``), :class:`~tavla.EnvError` until :meth:`reset`."""
        if not self.agents:
            raise EnvError("call reset() before step()")
        self._native.check_intact()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._native.step_one(action_value(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        core = self._native.core
        if core.over(0):
            for seat, name in enumerate(AGENTS):
                self.rewards[name] = core.outcome(0, seat)
                self.terminations[name] = True
                self.infos[name] = self.end_info(AGENTS)
        else:
            self.agent_selection = AGENTS[core.to_act(0)]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``), from the agent to act."""
        return None if self.render_mode is None else self.text()

    def close(self) -> None:
        pass

    def __deepcopy__(self, memo: dict[int, Any]) -> BackgammonAEC:
        # The game (with its dice to come) and the agents' dicts are copied; the settings and
        # the spaces (with their generators for sample()) are shared, which keeps a copy
        # cheap for tree searches.
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin._native = copy.deepcopy(self._native, memo)
        twin.agents = list(self.agents)
        twin.rewards = dict(self.rewards)
        twin._cumulative_rewards = dict(self._cumulative_rewards)
        twin.terminations = dict(self.terminations)
        twin.truncations = dict(self.truncations)
        twin.infos = copy.deepcopy(self.infos, memo)
        return twin


def aec_env(
    action: str = "play",
    cube: bool = False,
    match_length: int | None = None,
    observation: str = "board",
    **options: Any,
) -> BackgammonAEC:
    """The PettingZoo AEC environment: agents ``player_0`` and ``player_1``, each with the
    actions and observations of :mod:`tavla.env.spaces` (the mask in
    ``observation["action_mask"]``), the dice rolled inside.  Who acts is the game's:
    the opening roll's winner first, the answer to a double by the doubled side, and with
    ``action="move"`` the same agent again until its turn is played.  Arguments are those of
    :class:`~tavla.env.settings.EnvSettings`, plus ``render_mode`` (None or ``"ansi"``).
    ``copy.deepcopy(env)`` copies the whole state (for search and MCTS);
    ``env.unwrapped.position`` and ``dice_left`` are :class:`~tavla.env.view.EnvView`'s."""
    return BackgammonAEC(action, cube, match_length, observation, **options)
