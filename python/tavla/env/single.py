"""The single-agent Gymnasium environment ``tavla/Backgammon-v0`` (:class:`BackgammonEnv`):
an agent against an opponent played by tavla (:doc:`/environments`)."""

from __future__ import annotations

import copy
import math
from typing import Any

import gymnasium
import numpy as np

from .._validate import excerpt
from ..errors import EnvError
from ..eval.policies import PolicyLike
from ..game.equity import MatchEquityTable
from ..game.rules import Rules
from .native import NativeEnvs, Observation, action_value, episode_seed
from .opponents import opponent as make_opponent
from .settings import EnvSettings, checked_render_mode
from .spaces import MAX_PLAYS
from .start import episode_start
from .view import EnvView

AGENT, OPPONENT = 0, 1
"""The seats of the single-agent environments."""


class BackgammonEnv(gymnasium.Env[dict[str, Any], np.int64], EnvView):
    """Backgammon for one agent against ``opponent``: ``gymnasium.make("tavla/Backgammon-v0",
    opponent="pubeval", action="play", cube=False, match_length=None, observation="board")``.

    ``opponent`` is any tavla policy (:mod:`tavla.env.opponents`: a built-in's name, a net,
    a :class:`~tavla.eval.Policy`, a Python callable, an engine); ``action``, ``cube``,
    ``match_length``, ``observation``, ``afterstates``, ``max_plays``, ``rules`` and ``met``
    are :class:`~tavla.env.settings.EnvSettings`' (actions and observations:
    :mod:`tavla.env.spaces`).  Each episode is one game from the opening roll (who starts is
    the opening roll's), or a whole match with ``match_length``; ``reset(options=...)``
    starts elsewhere (:mod:`tavla.env.start`).  ``step`` takes the agent's action, then plays
    the opponent (and the dice) up to the agent's next decision; the reward is 0 until the
    episode ends, then the points of the game for the agent, + when it won, - when it lost
    (single, gammon, backgammon times the cube, with Jacoby where the rules play it: R16,
    R19, R22), or +1 / -1 for the match.  Every turn is a decision, forced ones included
    (a single legal play, or the pass).

    An illegal action (one the ``action_mask`` does not allow) raises
    :class:`~tavla.IllegalActionError` and changes nothing; with ``illegal_reward`` a number,
    it ends the episode instead, with that reward (``info["illegal_action"]`` True), as
    PettingZoo's classic games do: Gymnasium's ``check_env`` steps with unmasked random
    actions.  A step that fails after the game moved on (the opponent, a Python callable,
    raised; a roll has more plays than ``max_plays``) raises that error and leaves the game
    half played: every later ``step`` raises :class:`~tavla.EnvError` ("call reset()") until
    :meth:`reset`.  ``render_mode="ansi"``: :meth:`render` returns the board as text.
    ``copy.deepcopy(env)`` copies the whole state (the game, the dice to come, the random
    generator); the opponent, the settings and the spaces are shared.  A seeded reset plays
    episode 0 of the seed's dice, each reset without a seed the next episode: a seeded
    sequence of episodes replays identically.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        opponent: PolicyLike = "pubeval",
        action: str = "play",
        cube: bool = False,
        match_length: int | None = None,
        observation: str = "board",
        *,
        afterstates: bool = False,
        max_plays: int = MAX_PLAYS,
        rules: Rules | None = None,
        met: MatchEquityTable | None = None,
        illegal_reward: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        settings = EnvSettings(
            action, cube, match_length, observation, afterstates, max_plays, rules, met
        )
        if illegal_reward is not None and not (
            isinstance(illegal_reward, (int, float))
            and not isinstance(illegal_reward, bool)
            and math.isfinite(illegal_reward)
        ):
            raise EnvError(
                f"illegal_reward is None or a finite number, got {excerpt(illegal_reward)}"
            )
        self.settings = settings
        self.illegal_reward = None if illegal_reward is None else float(illegal_reward)
        self.render_mode = checked_render_mode(render_mode)
        self.observation_space = settings.observation_space()
        self.action_space = settings.action_space()
        self._native = NativeEnvs(settings, 1, make_opponent(opponent, settings.cube_play()))
        self._started = False
        self._ended_by_illegal_action = False

    # -- the Gymnasium API ------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start an episode (from the opening roll, or as ``options`` say: :mod:`tavla.env.start`);
        returns the agent's first observation and ``{}``."""
        super().reset(seed=seed)
        start = episode_start(options, self.settings, players_are_seats=False)
        self._native.reset(start, None if seed is None else episode_seed(seed))
        self._started = True
        self._ended_by_illegal_action = False
        return self._observation(), {}

    def step(self, action: object) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Take the agent's ``action``; returns (observation, reward, terminated, truncated
        (always False), info).  At the end of the episode ``info["result"]`` describes the
        last game (``winner`` "agent" or "opponent", ``kind``, ``cube``, ``points``,
        ``dropped``) and in a match ``info["score"]`` the final score (agent, opponent)."""
        if not self._started:
            raise EnvError("call reset() before step()")
        self._native.check_intact()
        if self.is_over:
            raise EnvError("the episode is over: call reset()")
        chosen = action_value(action)
        if self.illegal_reward is not None and not (
            0 <= chosen < self.settings.actions and self.action_mask[chosen]
        ):
            self._ended_by_illegal_action = True
            return self._observation(), self.illegal_reward, True, False, {"illegal_action": True}
        self._native.step_one(chosen)
        over = self.is_over
        reward = self._native.core.outcome(0, AGENT) if over else 0.0
        return (
            self._observation(),
            reward,
            over,
            False,
            self.end_info(("agent", "opponent")) if over else {},
        )

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``), from the agent's side when it is to
        act; None without a render mode."""
        if self.render_mode is None:
            return None
        return self.text()

    def close(self) -> None:
        """Stop an engine the environment started (an opponent named ``"gnubg"``, say)."""
        self._native.close()
        super().close()

    def __deepcopy__(self, memo: dict[int, Any]) -> BackgammonEnv:
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin._native = copy.deepcopy(self._native, memo)
        twin._np_random = copy.deepcopy(self._np_random, memo)
        return twin

    # -- the state ----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """The episode has ended (a game or match won, a double dropped, an illegal action
        with ``illegal_reward``)."""
        return self._ended_by_illegal_action or super().is_over

    def _observation(self) -> Observation:
        arrays = self._native.observe(AGENT)
        observation = {name: array[0, ...] for name, array in arrays.items()}
        if self._ended_by_illegal_action:
            observation["action_mask"][:] = 0
        return observation
