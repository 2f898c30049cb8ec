"""The run options of the data runs (:func:`~tavla.sim.data_positions.make_positions`,
:func:`~tavla.sim.data_rollouts.roll_out_positions`,
:func:`~tavla.sim.data_benchmark.make_benchmark`): each takes a
:class:`~tavla.RunOptions` and the shorthands of the fields it uses (:ref:`run-options`)."""

from __future__ import annotations

from typing import Any

from .._run_options import FIELDS, RunOptions, bar_progress, refuse_options, run_options


def data_options(
    options: RunOptions | None, run: str, **shorthands: Any
) -> tuple[RunOptions, bool | None]:
    """``options`` with the ``shorthands`` (:func:`~tavla._run_options.run_options`) for the
    data run called ``run``, which uses only the fields they name, and its progress bar:
    True, False or None.  Raises :class:`~tavla.errors.RunOptionsError` for a field it has
    no use for, or a callable ``progress``."""
    options = run_options(options, **shorthands)
    refuse_options(options, [name for name in FIELDS if name not in shorthands], run)
    return options, bar_progress(options, run)
