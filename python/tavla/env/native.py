"""The core of every environment: a ``_core.EnvCore`` (a set of environments played in C++,
``cpp/include/tavla/vector_env.hpp``) with the settings and the opponent it plays, its
observations as NumPy arrays.  The core raises its faults as :class:`~tavla.EnvError`,
those of an action as :class:`~tavla.IllegalActionError`."""

from __future__ import annotations

import contextlib
import copy
import secrets
import textwrap
from collections.abc import Iterator
from numbers import Integral
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import excerpt
from ..errors import EnvError, IllegalActionError
from . import opponents
from .settings import EnvSettings
from .start import EpisodeStart

Observation = dict[str, npt.NDArray[Any]]


def episode_seed(seed: object) -> int:
    """``seed`` when it is an int from 0 to 2**64 - 1; raises :class:`~tavla.EnvError`."""
    if isinstance(seed, Integral) and not isinstance(seed, bool) and 0 <= int(seed) < 2**64:
        return int(seed)
    raise EnvError(f"seed must be an int from 0 to 2**64 - 1 or None, got {excerpt(seed)}")


def action_value(action: object) -> int:
    """One agent's ``action`` as an int: a Python or NumPy integer (not a bool) or a 0-d
    integer array, of any size; raises :class:`~tavla.IllegalActionError` for anything
    else."""
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    if isinstance(action, Integral) and not isinstance(action, bool):
        return int(action)
    raise IllegalActionError(f"an action is an int, got {excerpt(action)}")


def no_such_action(env: int, action: object) -> IllegalActionError:
    """The core's error for an action outside the action space (``action`` any int)."""
    return IllegalActionError(f"environment {env}, action {excerpt(action)}: no such action")


class NativeEnvs:
    """``size`` environments of ``settings`` against ``opponent`` (None: both seats are
    learners), stepped on ``threads`` threads.

    A step or reset that fails after the games began to advance (a Python opponent that
    raises, a roll with more plays than ``max_plays``) leaves some of them advanced and
    others not: :meth:`check_intact` then raises until the next successful reset.  An
    illegal action fails before any game moves."""

    def __init__(
        self,
        settings: EnvSettings,
        size: int,
        opponent: opponents.Opponent | None,
        threads: int = 1,
    ) -> None:
        self.settings = settings
        self.size = size
        self.opponent = opponent
        self.seeded = False
        self.failure: str | None = None  # what broke the last step or reset
        self.core = _core.EnvCore(
            size=size,
            threads=threads,
            moves=settings.action == "move",
            max_plays=settings.max_plays,
            cube=settings.cube,
            play=settings.cube_play(),
            opponent=None if opponent is None else opponent.play,
            opponent_cube=None if opponent is None else opponent.cube,
            encoding=settings.encoding,
            afterstates=settings.afterstates,
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> NativeEnvs:
        # The opponent and the settings are values that copies share; the games are copied.
        twin = copy.copy(self)
        twin.core = copy.copy(self.core)
        return twin

    def reset(self, start: EpisodeStart, seed: int | None) -> None:
        """Every environment from ``start``: episode 0 of ``seed``, or with None the next
        episode of the seed it has (the first time: of a seed drawn from the system)."""
        if seed is None and not self.seeded:
            seed = secrets.randbits(64)
        with self._failing():
            self.core.reset(**start.arguments(), reseed=seed is not None, seed=seed or 0)
        self.seeded = True
        self.failure = None

    def step(self, actions: npt.NDArray[np.integer[Any]]) -> None:
        """Every environment on by its action, ``actions`` ``(size,)`` of any integer dtype
        (checked here: the core reads int64, which a uint64 beyond 2**63 - 1 would wrap); the
        caller has called :meth:`check_intact`.  Raises :class:`~tavla.IllegalActionError`
        (nothing changed), or :class:`~tavla.EnvError` or what a Python opponent raised (the
        games then need a reset)."""
        outside = (actions < 0) | (actions >= self.settings.actions)
        if outside.any():
            outside &= ~self.core.ended()  # an ended game ignores its action
            if outside.any():
                first = int(np.argmax(outside))
                raise no_such_action(first, int(actions[first]))
        with self._failing():
            self.core.step(actions.astype(np.int64))

    def step_one(self, action: int) -> None:
        """The one environment on by ``action`` (any int), as :meth:`step`."""
        if not 0 <= action < self.settings.actions:
            raise no_such_action(0, action)
        self.step(np.array([action], np.int64))

    def check_intact(self) -> None:
        """Raises :class:`~tavla.EnvError` when a step or reset failed partway since the last
        reset (the games half-advanced)."""
        if self.failure is not None:
            raise EnvError(
                f"a step failed partway ({self.failure}) and left the games half-advanced: "
                "call reset()"
            )

    @contextlib.contextmanager
    def _failing(self) -> Iterator[None]:
        # Records any failure but an illegal action's (found before anything moves).
        try:
            yield
        except IllegalActionError:
            raise
        except BaseException as error:
            self.failure = f"{type(error).__name__}: {textwrap.shorten(str(error), 200)}"
            raise

    def observe(self, seat: int) -> Observation:
        """Every environment's observation from ``seat``, new arrays with a leading axis."""
        observation: Observation = self.core.observe(seat)
        return observation

    def close(self) -> None:
        if self.opponent is not None:
            self.opponent.close()
