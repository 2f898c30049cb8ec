"""The core of every environment: a ``_core.EnvCore`` (a set of environments played in C++,
``cpp/include/tavla/vector_env.hpp``) with the settings and the opponent it plays, its
observations as NumPy arrays, and the core's faults as tavla's errors."""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from ..errors import EnvError, IllegalActionError
from .opponents import Opponent
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


class NativeEnvs:
    """``size`` environments of ``settings`` against ``opponent`` (None: both seats are
    learners), stepped on ``threads`` threads."""

    def __init__(
        self, settings: EnvSettings, size: int, opponent: Opponent | None, threads: int = 1
    ) -> None:
        self.settings = settings
        self.size = size
        self.opponent = opponent
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
        episode of the seed it has."""
        with core_faults():
            self.core.reset(**start.arguments(), reseed=seed is not None, seed=seed or 0)

    def step(self, actions: npt.NDArray[np.int64]) -> None:
        with core_faults():
            self.core.step(actions)

    def observe(self, seat: int) -> Observation:
        """Every environment's observation from ``seat``, new arrays with a leading axis."""
        n, settings = self.size, self.settings
        arrays: Observation = {
            "board": np.zeros((n, 2, 26), np.int8),
            "dice": np.zeros((n, 2), np.int8),
            "dice_left": np.zeros((n, 4), np.int8),
            "cube": np.zeros((n, 3), np.int32),
            "match": np.zeros((n, 4), np.int32),
            "plays": np.zeros(n, np.int32),
            "action_mask": np.zeros((n, settings.actions), np.int8),
        }
        if settings.inputs:
            arrays["encoded"] = np.zeros((n, settings.inputs), np.float32)
        if settings.afterstates:
            arrays["afterstates"] = np.zeros((n, settings.max_plays, settings.inputs), np.float32)
        self.core.observe(
            seat, encoded=arrays.get("encoded"), afterstates=arrays.get("afterstates"),
            zeroed=True, **{k: v for k, v in arrays.items() if k not in ("encoded", "afterstates")},
        )  # fmt: skip
        return arrays

    def close(self) -> None:
        if self.opponent is not None:
            self.opponent.close()
