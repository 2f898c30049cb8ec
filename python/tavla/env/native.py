"""The core of every environment: a ``_core.EnvCore`` (a set of environments played in C++,
``cpp/include/tavla/vector_env.hpp``) with the settings and the opponent it plays, its
observations as NumPy arrays, and the core's faults as tavla's errors."""

from __future__ import annotations

import contextlib
import copy
import secrets
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


@contextlib.contextmanager
def core_faults() -> Iterator[None]:
    """The core's faults (plain ValueErrors) as :class:`~tavla.EnvError`, those of an action
    as :class:`~tavla.IllegalActionError`; other errors (a Python opponent's) pass as they
    are."""
    try:
        yield
    except ValueError as error:
        if type(error) is not ValueError:
            raise
        message = str(error)
        kind = IllegalActionError if message.startswith("environment ") else EnvError
        raise kind(message) from None


def episode_seed(seed: object) -> int:
    """``seed`` when it is an int from 0 to 2**64 - 1; raises :class:`~tavla.EnvError`."""
    if isinstance(seed, Integral) and not isinstance(seed, bool) and 0 <= int(seed) < 2**64:
        return int(seed)
    raise EnvError(f"seed must be an int from 0 to 2**64 - 1 or None, got {excerpt(seed)}")


class NativeEnvs:
    """``size`` environments of ``settings`` against ``opponent`` (None: both seats are
    learners), stepped on ``threads`` threads."""

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
        with core_faults():
            self.core = _core.EnvCore(
                size=size, threads=threads, moves=settings.action == "move",
                max_plays=settings.max_plays, cube=settings.cube, play=settings.cube_play(),
                opponent=None if opponent is None else opponent.play,
                opponent_cube=None if opponent is None else opponent.cube,
                encoding=settings.encoding, afterstates=settings.afterstates,
            )  # fmt: skip

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
        with core_faults():
            self.core.reset(**start.arguments(), reseed=seed is not None, seed=seed or 0)
        self.seeded = True

    def step(self, actions: npt.NDArray[np.int64]) -> None:
        with core_faults():
            self.core.step(actions)

    def observe(self, seat: int) -> Observation:
        """Every environment's observation from ``seat``, new arrays with a leading axis."""
        observation: Observation = self.core.observe(seat)
        return observation

    def close(self) -> None:
        if self.opponent is not None:
            self.opponent.close()
