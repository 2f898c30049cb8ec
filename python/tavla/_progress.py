"""The progress bar of long runs: games done and games/s on stderr, only when asked or when
stderr is a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress_bar(
    total: int, enabled: bool | None, label: str
) -> Iterator[Callable[[int], None] | None]:
    """Yield a callback taking the number of games finished so far, or None when no bar is
    shown (``enabled`` False, or None and stderr not a terminal)."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled or total == 0:
        yield None
        return
    from tqdm import tqdm

    with tqdm(total=total, unit="game", desc=label, unit_scale=True) as bar:

        def update(done: int) -> None:
            bar.update(done - bar.n)

        yield update
