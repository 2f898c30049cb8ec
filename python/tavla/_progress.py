"""The progress bar of long runs: games (or positions) done, their rate and the time left on
stderr, only when asked or when stderr is a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def progress_bar(
    total: int, enabled: bool | None, label: str, unit: str = "game"
) -> Iterator[Callable[..., None] | None]:
    """Yield a callback taking the number of games (or other ``unit``) finished so far, and
    optionally a note to show after the bar (a loss, say), or None when no bar is shown
    (``enabled`` False, or None and stderr not a terminal). The bar shows the rate and the
    time left."""
    if not _shown(total, enabled):
        yield None
        return
    from tqdm import tqdm

    # Games in thousands (3.00k/10.0k); a count of positions in full while it is small.
    scaled = unit == "game" or total >= 100_000
    with tqdm(total=total, unit=unit, desc=label, unit_scale=scaled) as bar:

        def update(done: int, note: str | None = None) -> None:
            if note is not None:
                bar.set_postfix_str(note, refresh=False)
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
