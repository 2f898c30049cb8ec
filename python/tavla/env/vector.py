"""Many single-agent games stepped together in C++ (:class:`VectorEnv`, :doc:`/environments`)."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymnasiumVectorEnv
from gymnasium.vector.utils import batch_space

from .._validate import check_int
from ..errors import EnvError, IllegalActionError
from ..eval.policies import PolicyLike
from ..game.equity import MatchEquityTable
from ..game.rules import Rules
from ..sim.run_checks import thread_count
from .native import NativeEnvs, Observation, episode_seed
from .opponents import opponent as make_opponent
from .settings import EnvSettings
from .spaces import MAX_PLAYS
from .start import episode_start

MAX_ENVS = 1 << 24
"""The most environments a :class:`VectorEnv` holds."""


class VectorEnv(GymnasiumVectorEnv[Observation, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of :class:`~tavla.env.single.BackgammonEnv` (same arguments) stepped
    together: ``step(actions)`` takes every agent's action and plays every game on to the
    agent's next decision in one call into C++, with the GIL released, the built-in opponents
    played there (on ``threads`` threads; None: every core).  A Python opponent is asked in
    lockstep: once per step with the candidates of every game waiting for it.

    Observations are those of one game (:mod:`tavla.env.spaces`) with a leading ``num_envs``
    axis, new arrays at every call; actions an int array ``(num_envs,)``; rewards float64.
    Autoreset is ``NEXT_STEP`` (``metadata["autoreset_mode"]``): the step after a game's end
    starts its next episode, ignores its action and returns its first observation with
    reward 0.  Game i's episode k draws its dice from stream i of the seed (the seed given
    to :meth:`reset` or here, else drawn from the system) and k, so a run is the same for a
    seed whatever the threads; ``reset(options=...)`` starts every game, and every later
    episode, where the options say (:mod:`tavla.env.start`).  Illegal actions raise
    :class:`~tavla.IllegalActionError` naming the game, and nothing changes.  A step that
    fails while the games are played on (a roll with more plays than ``max_plays``, a Python
    opponent that raises) raises that error with some games advanced and others not: every
    later ``step`` raises :class:`~tavla.EnvError` ("call reset()") until :meth:`reset`.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        num_envs: int,
        opponent: PolicyLike = "pubeval",
        action: str = "play",
        cube: bool = False,
        match_length: int | None = None,
        observation: str = "board",
        *,
        seed: int | None = None,
        threads: int | None = 1,
        afterstates: bool = False,
        max_plays: int = MAX_PLAYS,
        rules: Rules | None = None,
        met: MatchEquityTable | None = None,
    ) -> None:
        self.num_envs = check_int(num_envs, "num_envs", EnvError, low=1, high=MAX_ENVS)
        self.settings = EnvSettings(
            action, cube, match_length, observation, afterstates, max_plays, rules, met
        )
        self._seed = None if seed is None else episode_seed(seed)
        try:
            threads = thread_count(threads)
        except ValueError as error:
            raise EnvError(str(error)) from None
        played = make_opponent(opponent, self.settings.cube_play())
        self._native = NativeEnvs(self.settings, self.num_envs, played, threads)
        self.single_observation_space = self.settings.observation_space()
        self.single_action_space = self.settings.action_space()
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._started = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start every game (see the class): episode 0 of ``seed``, or with None the next
        episode of each (the first time: of the constructor's seed, else of one drawn from
        the system).  Returns the observations and ``{}``."""
        start = episode_start(options, self.settings, players_are_seats=False)
        if seed is None and not self._started:
            seed = self._seed
        self._native.reset(start, None if seed is None else episode_seed(seed))
        self._started = True
        return self._native.observe(0), {}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Observation,
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Take ``actions``, ``(num_envs,)`` of any integer dtype (a game that has ended
        ignores its action); returns (observations, rewards, terminations, truncations (all
        False), ``{}``).  Raises :class:`~tavla.IllegalActionError` for another shape or
        dtype, or an action outside the action space or the mask (nothing changes)."""
        if not self._started:
            raise EnvError("call reset() before step()")
        self._native.check_intact()
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or chosen.dtype.kind not in "iu":
            raise IllegalActionError(
                f"actions are {self.num_envs} ints, shape ({self.num_envs},), got shape "
                f"{chosen.shape} of {chosen.dtype}"
            )
        self._native.step(chosen)
        core = self._native.core
        truncations = np.zeros(self.num_envs, np.bool_)
        return self._native.observe(0), core.rewards(), core.ended(), truncations, {}

    def candidates(self) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """What every game's agent chooses among now, as boards: ``(boards, offsets)``, game
        i's rows ``boards[offsets[i]:offsets[i + 1]]`` the results of its legal plays seen by
        the opponent (on roll next, row 0), in action order, as a policy's candidates are
        (:mod:`tavla.eval.policies`); none for a game at a cube decision, with
        ``action="move"``, or over.  ``boards`` ``(M, 2, 26)`` int8, ``offsets``
        ``(num_envs + 1,)`` int64: the compact form of the ``afterstates`` observation, for
        an agent that values afterstates (:func:`tavla.eval.encode` gives their inputs)."""
        return self._native.core.candidates()

    def close_extras(self, **kwargs: Any) -> None:
        self._native.close()

    def __deepcopy__(self, memo: dict[int, Any]) -> VectorEnv:
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin._native = copy.deepcopy(self._native, memo)
        return twin
