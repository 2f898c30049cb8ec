"""How a run plays, apart from what it plays: :class:`RunOptions` (:ref:`run-options`).

Every run (:func:`~tavla.selfplay`, :func:`~tavla.rollout`, :func:`~tavla.duel`,
:func:`~tavla.sim.play_matches`, :func:`~tavla.sim.ladder`, :func:`~tavla.eval.train_td`)
takes ``options=RunOptions(...)``, and its keyword arguments ``seed=``, ``threads=``,
``batch=``, ``progress=``, ``client=`` and ``chunk=`` as shorthands for the same fields:
:func:`run_options` merges the two.  The options are checked once, when made; a run checks
only what depends on it (a Dask ``client``'s type, ``chunk`` without a client).

This module sits in the ground layer so that the trainers of :mod:`tavla.eval` and the
runs of :mod:`tavla.sim` can both take it; it imports only :mod:`tavla.errors` and
:mod:`tavla._validate`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from typing import Any, TypedDict

from ._validate import excerpt, is_int
from .errors import RunOptionsError

MAX_THREADS = 1024
"""The most threads a run may ask for."""

MAX_BATCH = 2**31 - 1
"""The largest batch the core takes."""

Progress = bool | Callable[[int], None] | None
"""A progress setting: a bar (True), none (False), a bar when stderr is a terminal (None),
or a callable the run calls with the number of games (or matches) finished so far."""


def _int_or_none(value: object) -> int | None:
    """``value`` as an int when it is a Python or NumPy integer (not a bool), else None."""
    return int(value) if is_int(value) else None  # type: ignore[call-overload]


def check_threads(threads: object) -> int | None:
    """``threads`` as an int from 1 to :data:`MAX_THREADS`, or None (the run's default).
    Raises :class:`~tavla.errors.RunOptionsError` otherwise."""
    number = _int_or_none(threads)
    if threads is None or (number is not None and 1 <= number <= MAX_THREADS):
        return number
    raise RunOptionsError(
        f"threads must be an int from 1 to {MAX_THREADS} or None, got {excerpt(threads)}"
    )


def _check_seed(seed: object) -> int | None:
    number = _int_or_none(seed)
    if seed is None or (number is not None and 0 <= number < 2**64):
        return number
    raise RunOptionsError(f"seed must be an int in 0 .. 2**64 - 1, got {excerpt(seed)}")


def _check_batch(batch: object) -> int | None:
    number = _int_or_none(batch)
    if batch is None or (number is not None and 1 <= number <= MAX_BATCH):
        return number
    raise RunOptionsError(f"batch must be an int from 1 to {MAX_BATCH:,}, got {excerpt(batch)}")


def _check_chunk(chunk: object) -> int | None:
    if chunk is None:
        return None
    number = _int_or_none(chunk)
    if number is None or number < 0:
        raise RunOptionsError(f"chunk must be an int >= 0, got {excerpt(chunk)}")
    if number == 0:
        raise RunOptionsError("chunk must be at least 1 game")
    return number


def _check_progress(progress: object) -> Progress:
    if progress is None or callable(progress):
        return progress
    kind = type(progress)
    if kind is bool or (kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")):
        return bool(progress)
    raise RunOptionsError(
        "progress must be True, False, None (a bar when stderr is a terminal) or a "
        f"callable, got {excerpt(progress)}"
    )


@dataclasses.dataclass(frozen=True)
class RunOptions:
    """How a run plays its games: seeds, threads, batches, progress and a Dask cluster.

    Every field defaults to None, "the run's default", so that options made once serve
    every run.  Bad values raise :class:`~tavla.errors.RunOptionsError` (both a
    :class:`~tavla.PlayoutError` and a :class:`~tavla.TrainingError`) when the options are
    made; NumPy integers and bools are taken as Python ones.  The options pickle, so a run
    on a Dask cluster may send them.

    >>> from tavla import RunOptions, selfplay
    >>> options = RunOptions(seed=1, threads=1)
    >>> selfplay("random", 100, options=options).games
    100
    >>> options.replace(seed=2).seed
    2
    """

    seed: int | None = None
    """The seed of the dice, an int from 0 to 2**64 - 1; game ``g`` of seed ``s`` has its
    own dice stream (:ref:`seeds`).  None: 0 (a trainer resuming: its checkpoint's)."""

    threads: int | None = None
    """The threads of the run, an int from 1 to :data:`MAX_THREADS`.  None: every core on
    one machine, one per Dask task on a cluster, one (or the checkpoint's) for a trainer.
    Results do not depend on it, except a trainer's (:doc:`/training`)."""

    batch: int | None = None
    """The games a Python policy plays in lockstep, an int from 1 to :data:`MAX_BATCH`.
    None: :data:`~tavla.sim.playout.DEFAULT_BATCH`.  Results do not depend on it."""

    progress: Progress = None
    """A progress bar on stderr: True, False, None (when stderr is a terminal), or a
    callable the run calls with the number of games finished so far (one machine only)."""

    client: Any = None
    """A ``distributed.Client`` whose Dask cluster plays the games
    (:mod:`tavla.sim.cluster`), with the same results as one machine; the run checks its
    type.  None: this machine."""

    chunk: int | None = None
    """The games of each Dask task, an int ≥ 1; only with a ``client``.  None: a few per
    worker thread."""

    def __post_init__(self) -> None:
        checked = {
            "seed": _check_seed(self.seed),
            "threads": check_threads(self.threads),
            "batch": _check_batch(self.batch),
            "progress": _check_progress(self.progress),
            "chunk": _check_chunk(self.chunk),
        }
        for name, value in checked.items():
            object.__setattr__(self, name, value)

    def replace(self, **changes: Any) -> RunOptions:
        """These options with ``changes`` (field names to values), checked again.  Raises
        :class:`~tavla.errors.RunOptionsError` naming a field that does not exist."""
        _check_names(changes)
        return dataclasses.replace(self, **changes)


class RunShorthands(TypedDict, total=False):
    """The keyword shorthands a run takes for the fields of :class:`RunOptions`, typed once
    for every run's ``**run: Unpack[RunShorthands]``; :func:`run_options` merges them into
    the run's ``options``.  A new run option is a field there and a key here."""

    seed: int | None
    threads: int | None
    batch: int | None
    progress: Progress
    client: Any
    chunk: int | None


FIELDS = tuple(field.name for field in dataclasses.fields(RunOptions))
"""The fields of :class:`RunOptions`, in order."""


def _check_names(names: Collection[str]) -> None:
    unknown = sorted(set(names) - set(FIELDS))
    if unknown:
        raise RunOptionsError(
            f"no run option {excerpt(unknown[0])}: the options are {', '.join(FIELDS)}"
        )


def run_options(options: RunOptions | None, /, **shorthands: Any) -> RunOptions:
    """``options`` (None: the defaults) with the fields given as keyword shorthands
    (``seed=1``); a shorthand of None counts as not given.  Raises
    :class:`~tavla.errors.RunOptionsError` when ``options`` is not a RunOptions, or when a
    shorthand and ``options`` both set the same field: the run cannot tell which is meant."""
    _check_names(shorthands)
    if options is None:
        options = RunOptions()
    elif not isinstance(options, RunOptions):
        raise RunOptionsError(f"options must be a RunOptions or None, got {type(options).__name__}")
    given = {name: value for name, value in shorthands.items() if value is not None}
    both = [name for name in given if getattr(options, name) is not None]
    if both:
        raise RunOptionsError(
            f"{both[0]} is given twice, as {both[0]}= and in options: give it once"
        )
    return options.replace(**given) if given else options


def bar_progress(options: RunOptions, run: str) -> bool | None:
    """``options.progress`` for a run called ``run`` that shows only its own bar: True,
    False or None.  Raises :class:`~tavla.errors.RunOptionsError` for a callable."""
    if callable(options.progress):
        raise RunOptionsError(f"{run}'s progress is True, False or None, not a callable")
    return options.progress


def narrowed_options(
    options: RunOptions | None, run: str, **shorthands: Any
) -> tuple[RunOptions, bool | None]:
    """``options`` with the ``shorthands`` (:func:`run_options`) for a run called ``run``
    that uses only the fields they name and shows only its own progress bar, and that bar:
    True, False or None (:func:`bar_progress`).  Raises :class:`~tavla.errors.RunOptionsError`
    for a field the run has no use for, or a callable ``progress``."""
    options = run_options(options, **shorthands)
    unused = [name for name in FIELDS if name not in shorthands]
    unused = [name for name in unused if getattr(options, name) is not None]
    if unused:
        raise RunOptionsError(f"{run} takes no {unused[0]}: leave it None in options")
    return options, bar_progress(options, run)
