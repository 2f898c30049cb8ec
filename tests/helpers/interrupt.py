"""Ctrl-C on cue: the progress bar of a run on this machine (tavla.sim.playout_here) replaced
by one whose callback records the game counts it is given and raises KeyboardInterrupt at a
chosen call."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

import tavla.sim.playout_here  # noqa: F401 (the module itself, below)


def interrupt_at(monkeypatch: pytest.MonkeyPatch, call: int) -> list[int]:
    """From now on every run's progress callback appends the count it gets to the returned
    list, and the ``call``-th one (counted over all runs, from 1) raises KeyboardInterrupt.
    With built-in policies on one thread the core calls it after every 64 games."""
    seen: list[int] = []

    @contextmanager
    def bar(total: int, enabled: bool | None, label: str) -> Iterator[Callable[[int], None]]:
        def update(done: int) -> None:
            seen.append(done)
            if len(seen) == call:
                raise KeyboardInterrupt

        yield update

    monkeypatch.setattr(sys.modules["tavla.sim.playout_here"], "progress_bar", bar)
    return seen
