"""Runs split into chunks of consecutive games on a Dask cluster.

Game ``g`` of a run with seed ``s`` is the same game wherever it is played: its dice come from
stream ``(s, g)`` and its seats and rotated first rolls from ``g``. So a run of N games splits
into chunks of consecutive games that Dask workers play independently, and the chunks put
back in order give, array for array, the run one machine would have played.

Pass a ``distributed.Client`` as ``client=`` to :func:`~tavla.selfplay`,
:func:`~tavla.rollout` or :func:`~tavla.duel` (or ``--scheduler ADDRESS`` on the command
line). Needs the ``dask`` extra: ``pip install "tavla[dask]"``.

What the workers need: tavla pickles the run with cloudpickle and sends it to each worker
once, so a Python policy must pickle (no locks or open files), and a policy defined in a
module of yours must be importable on the workers too (``client.upload_file``) unless
cloudpickle pickles it by value (``cloudpickle.register_pickle_by_value``). Each worker gets
its own copy: state a policy keeps (a call counter, a cache) does not come back, and a policy
that draws its own random numbers plays different games on each run, as it does on one
machine.

Each chunk is one Dask task, which costs some milliseconds: the default chunk keeps tasks
large, and at most :data:`MAX_DEFAULT_CHUNK` games so that the progress bar moves. Ctrl-C or
an error stops the whole run within about a second, as running chunks watch a stop event;
after Ctrl-C the run keeps its games up to the first chunk not finished, and the games that
chunk finished before it stopped: a prefix of the run, as on one machine.
"""

from __future__ import annotations

import asyncio
import math
import pickle
import signal
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import CancelledError
from typing import TYPE_CHECKING, Protocol, TypeVar

from .._progress import progress_bar
from .._validate import excerpt
from ..errors import PlayoutError

if TYPE_CHECKING:
    from distributed import Client, Future


class Chunk(Protocol):
    """What the cluster reads of a chunk's results (a playout's results, say): the units it
    finished (games, or matches)."""

    @property
    def units(self) -> int: ...
    @property
    def interrupted(self) -> bool: ...


ChunkResult = TypeVar("ChunkResult", bound=Chunk)

CHUNKS_PER_THREAD = 4
"""Default chunking: at least this many chunks for each worker thread, so that a slow
worker does not hold up the end of the run."""

MAX_DEFAULT_CHUNK = 20_000
"""The most games in a default chunk (under a second of random self-play on one thread)."""

CONNECT_TIMEOUT = 10.0
"""Seconds :func:`connect` waits for a scheduler to answer, and a run for a first worker."""

STOP_CHECK_SECONDS = 0.25
"""How often a running chunk asks the scheduler whether its run was stopped."""


_NEEDS_DASK = 'running on a Dask cluster needs the dask extra: pip install "tavla[dask]"'


def check_client(client: object) -> Client:
    """``client`` when it is a ``distributed.Client``, checked before anything is run or
    pickled.  Raises :class:`~tavla.PlayoutError` saying the dask extra is needed when
    ``distributed`` cannot be imported, and naming the type given when it is not a Client."""
    try:
        from distributed import Client
    except ImportError:
        raise PlayoutError(f"client= given, but {_NEEDS_DASK}") from None
    if not isinstance(client, Client):
        raise PlayoutError(f"client must be a distributed.Client, got {type(client).__name__}")
    return client


def connect(address: str) -> Client:
    """A Dask client of the scheduler at ``address`` (``tcp://host:8786``). Raises
    :class:`~tavla.PlayoutError` when Dask is not installed, or when no Dask scheduler answers
    there within :data:`CONNECT_TIMEOUT` seconds (a bad address included)."""
    try:
        from distributed import Client
        from distributed.comm import connect as open_comm
    except ImportError:
        raise PlayoutError(_NEEDS_DASK) from None

    # Dask's own timeout does not cover a listener that accepts and never answers its
    # handshake: a first connection, bounded here, makes sure a scheduler is there.
    async def handshake() -> None:
        comm = await asyncio.wait_for(open_comm(address), CONNECT_TIMEOUT)
        await comm.close()

    try:
        asyncio.get_running_loop()
        in_event_loop = True  # in a notebook, say: asyncio.run() cannot run there
    except RuntimeError:
        in_event_loop = False
    try:
        if not in_event_loop:
            asyncio.run(handshake())
        return Client(address, timeout=CONNECT_TIMEOUT)
    except Exception as error:  # a bad address raises ValueError, TypeError, ...
        reason = str(error) or f"no answer within {CONNECT_TIMEOUT:g} s"
        raise PlayoutError(
            f"no Dask scheduler answers at {excerpt(address)}: {type(error).__name__}: {reason}"
        ) from None


def default_chunk(client: Client, games: int) -> int:
    """Games per chunk: ``games`` spread over :data:`CHUNKS_PER_THREAD` chunks per thread of
    the cluster's workers, at most :data:`MAX_DEFAULT_CHUNK` and at least 1."""
    threads = int(sum(client.nthreads().values()))
    spread = math.ceil(games / (CHUNKS_PER_THREAD * max(1, threads)))
    return max(1, min(MAX_DEFAULT_CHUNK, spread))


def stop_check(name: str) -> Callable[[int], None]:
    """For a chunk running on a worker: a progress callback that raises KeyboardInterrupt
    (which ends the chunk early, keeping its finished games) once the Dask event ``name`` is
    set, asking at most every :data:`STOP_CHECK_SECONDS`."""
    from distributed import Event

    event = Event(name)
    last = time.monotonic()

    def check(_done: int) -> None:
        nonlocal last
        if time.monotonic() - last >= STOP_CHECK_SECONDS:
            last = time.monotonic()
            if event.is_set():
                raise KeyboardInterrupt

    return check


def play_chunks(
    client: Client,
    play: Callable[[int, int, str], ChunkResult],
    games: int,
    chunk: int | None,
    progress: bool | None,
    what: str = "games",
) -> tuple[list[ChunkResult], bool]:
    """``games`` games (or matches: ``what`` names the units for the progress bar) played
    as ``play(first_game, count, stop_event_name)`` in chunks of ``chunk`` units (None:
    :func:`default_chunk`) on ``client``'s workers: the results of the chunks in game order,
    and whether Ctrl-C stopped the run.

    ``play`` is pickled here once (cloudpickle) and sent to each worker once, and should end
    early once the Dask event named by its third argument is set (:func:`stop_check`). An
    error in a chunk stops the others and is raised here. Ctrl-C stops the chunks not
    finished (a second Ctrl-C does not get in the way), and the chunks returned are then
    those before the first unfinished one, and that one's games finished when it stopped (if
    it was running), so that they hold games ``0..n-1`` as an interrupted run on one machine
    does. Raises :class:`~tavla.PlayoutError` for a client that is not a
    running ``distributed.Client``, when no worker joins the cluster within
    :data:`CONNECT_TIMEOUT` seconds, and when the run is cancelled from outside (the
    scheduler lost, say).
    """
    client = check_client(client)
    import cloudpickle
    from distributed import as_completed

    if client.status != "running":
        raise PlayoutError(f"the Dask client is not running (its status: {client.status})")
    if not client.nthreads():
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except TimeoutError:
            raise PlayoutError(
                f"the Dask cluster has no workers (none joined within {CONNECT_TIMEOUT:g} s)"
            ) from None
    if chunk is None:
        chunk = default_chunk(client, games)
    stop_name = f"tavla-stop-{uuid.uuid4().hex}"
    futures: list[Future] = []
    position: dict[object, int] = {}  # of each future in game order
    finished: list[ChunkResult | None] = [None] * math.ceil(games / chunk)
    interrupted = False
    with progress_bar(games, progress, what) as update:
        try:
            # One copy of the pickled run per worker, not one per task (a policy can be large).
            payload = client.scatter(cloudpickle.dumps(play), broadcast=True)
            for first in range(0, games, chunk):
                count = min(chunk, games - first)
                future = client.submit(_run_chunk, payload, first, count, stop_name)
                position[future.key] = len(futures)
                futures.append(future)
            done = 0
            for future in as_completed(futures):
                part = future.result()
                finished[position[future.key]] = part
                done += part.units
                if update is not None:
                    update(done)
        except KeyboardInterrupt:
            interrupted = True
        except CancelledError as error:  # not by this run: it cancels only after the loop
            raise PlayoutError(f"the Dask run was cancelled: {error}") from None
        finally:
            stopped = _stop(client, stop_name, futures, keep_stopped=interrupted)
    for key, part in stopped.items():
        finished[position[key]] = part  # type: ignore[assignment]  # a result of play()
    kept: list[ChunkResult] = []
    for part in finished:
        if part is None:
            break
        kept.append(part)
        if part.interrupted:  # a chunk stopped early ends the games kept
            interrupted = True
            break
    return kept, interrupted or len(kept) < len(finished)


def _run_chunk(payload: bytes, first: int, count: int, stop: str) -> Chunk:
    """On a worker: games ``first .. first + count - 1`` of the pickled run ``payload``."""
    play: Callable[[int, int, str], Chunk] = pickle.loads(payload)
    return play(first, count, stop)


def _stop(
    client: Client, stop_name: str, futures: list[Future], keep_stopped: bool
) -> dict[object, Chunk]:
    """Stops the chunks not finished: sets their stop event and cancels those not started.
    With ``keep_stopped``, waits (about a second at most) for the running ones to return
    the games they finished, and gives their results by future key; otherwise cancels them
    too. A second Ctrl-C meanwhile is held back until this is done, so that no chunk goes on
    running."""
    unfinished = [future for future in futures if not future.done()]
    if not unfinished:
        return {}
    from distributed import Event, wait

    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if in_main_thread else None
    try:
        Event(stop_name, client=client).set()
        running: set[object] = set()
        if keep_stopped:
            running = {key for keys in client.processing().values() for key in keys}
        stopping = [future for future in unfinished if future.key in running]
        client.cancel([future for future in unfinished if future.key not in running])
        if stopping:
            try:
                wait(stopping, timeout=4 * STOP_CHECK_SECONDS + 1)
            except TimeoutError:
                client.cancel([future for future in stopping if not future.done()])
        return {future.key: future.result() for future in stopping if future.status == "finished"}
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
