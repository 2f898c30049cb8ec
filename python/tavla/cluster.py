"""Runs split into seeded chunks on a Dask cluster (DESIGN.md "Playouts, rollouts, duels").

Game ``g`` of a run with seed ``s`` is the same game wherever it is played: its dice come from
stream ``(s, g)`` and its seats and rotated first rolls from ``g``. So a run of N games splits
into chunks of consecutive games that Dask workers play independently, and the chunks put
back in order give, array for array, the run one machine would have played.

Pass a ``distributed.Client`` as ``client=`` to :func:`~tavla.selfplay`,
:func:`~tavla.rollout` or :func:`~tavla.duel` (or ``--scheduler ADDRESS`` on the command
line). Needs the ``dask`` extra: ``pip install "tavla[dask]"``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from ._progress import progress_bar
from .errors import PlayoutError

if TYPE_CHECKING:
    from distributed import Client

    from .playout import PlayoutResults

CHUNKS_PER_THREAD = 4
"""Default chunking: this many chunks for each worker thread, so that a slow worker does not
hold up the end of the run."""


CONNECT_TIMEOUT = 10.0
"""Seconds :func:`connect` waits for a scheduler to answer."""


def connect(address: str) -> Client:
    """A Dask client of the scheduler at ``address`` (``tcp://host:8786``). Raises
    :class:`~tavla.PlayoutError` when Dask is not installed or the scheduler does not answer
    within :data:`CONNECT_TIMEOUT` seconds."""
    try:
        from distributed import Client
    except ImportError:
        raise PlayoutError(
            'running on a Dask cluster needs the dask extra: pip install "tavla[dask]"'
        ) from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT)
    except OSError as error:
        raise PlayoutError(f"no Dask scheduler answers at {address}: {error}") from None


def default_chunk(client: Client, games: int) -> int:
    """Games per chunk: ``games`` spread over :data:`CHUNKS_PER_THREAD` chunks per thread of
    the cluster's workers (at least 1 game)."""
    threads = int(sum(client.nthreads().values()))
    if threads == 0:
        raise PlayoutError("the Dask cluster has no workers")
    return max(1, math.ceil(games / (CHUNKS_PER_THREAD * threads)))


def play_chunks(
    client: Client,
    play: Callable[[int, int], PlayoutResults],
    games: int,
    chunk: int | None,
    progress: bool | None,
) -> tuple[list[PlayoutResults], bool]:
    """``games`` games played as ``play(first_game, count)`` in chunks of ``chunk`` games
    (None: :func:`default_chunk`) on ``client``'s workers: the results of the chunks in game
    order, and whether Ctrl-C stopped the run.

    ``play`` must pickle (Dask sends it to the workers). An error in a chunk cancels the
    others and is raised here. Ctrl-C cancels the chunks not finished; the chunks returned
    are then those before the first unfinished one, so that they hold games ``0..n-1`` as
    an interrupted run on one machine does.
    """
    from distributed import as_completed

    if chunk is None:
        chunk = default_chunk(client, games)
    elif isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise PlayoutError(f"chunk must be an int >= 1 (games per chunk), got {chunk!r}")
    futures = [
        client.submit(play, first, min(chunk, games - first), pure=False)
        for first in range(0, games, chunk)
    ]
    position = {future.key: i for i, future in enumerate(futures)}
    finished: list[PlayoutResults | None] = [None] * len(futures)
    interrupted = False
    with progress_bar(games, progress, "games") as update:
        try:
            for future in as_completed(futures):
                finished[position[future.key]] = future.result()
                if update is not None:
                    update(sum(part.games for part in finished if part is not None))
        except KeyboardInterrupt:
            interrupted = True
        finally:
            unfinished = [future for future in futures if not future.done()]
            if unfinished:
                client.cancel(unfinished)
    kept: list[PlayoutResults] = []
    for part in finished:
        if part is None:
            break
        kept.append(part)
        if part.interrupted:  # a worker stopped by a signal: its chunk ends the kept games
            interrupted = True
            break
    return kept, interrupted or len(kept) < len(futures)
