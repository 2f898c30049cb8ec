"""The progress bar of long runs: games done and games/s on stderr, only when asked or when
stderr is a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def progress_bar(
    total: int, enabled: bool | None, label: str
) -> Iterator[Callable[[int], None] | None]:
    """Yield a callback taking the number of games finished so far, or None when no bar is
    shown (``enabled`` False, or None and stderr not a terminal)."""
    if not _shown(total, enabled):
        yield None
        return
    from tqdm import tqdm

    with tqdm(total=total, unit="game", desc=label, unit_scale=True) as bar:

        def update(done: int) -> None:
            bar.update(done - bar.n)

        yield update


class RunningBar:
    """A progress bar whose count may be set within parts of a run, with a running note
    (a rollout's equity so far): ``at(done)``, ``note(text)``, ``resize(total)``."""

    def __init__(self, bar: Any) -> None:
        self._bar = bar

    def at(self, done: int) -> None:
        """Games finished so far in the whole run."""
        self._bar.update(done - self._bar.n)

    def note(self, text: str) -> None:
        self._bar.set_postfix_str(text, refresh=True)

    def resize(self, total: int) -> None:
        self._bar.total = total
        self._bar.refresh()


@contextmanager
def running_bar(total: int, enabled: bool | None, label: str) -> Iterator[RunningBar | None]:
    """A :class:`RunningBar` over ``total`` games on stderr, or None as for
    :func:`progress_bar`."""
    if not _shown(total, enabled):
        yield None
        return
    from tqdm import tqdm

    with tqdm(total=total, unit="game", desc=label, unit_scale=True) as bar:
        yield RunningBar(bar)


def _shown(total: int, enabled: bool | None) -> bool:
    """Whether a bar over ``total`` games is shown: asked, or by default on a terminal."""
    return total > 0 and (sys.stderr.isatty() if enabled is None else enabled)
