"""Rollout targets for supervised training (:doc:`/supervised`): each position of a positions
file rolled out by a policy, written in shards that a run resumed later skips.

:func:`roll_out_positions` (``tavla data rollouts IN OUT``) writes ``OUT/shard-00000.npz``,
``OUT/shard-00001.npz``, ... (:mod:`tavla.eval.data`), shard k holding the positions
``k * shard_size`` to ``(k + 1) * shard_size - 1`` of the file, and ``OUT/manifest.json``, the
run's settings and the positions file's checksum: a run resumed in the same folder must have
the same ones, and rolls out only the shards missing.  Position i is rolled out with seed
``(seed, i)``, so a shard's targets do not depend on which run, machine or thread made it.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .._progress import progress_bar
from .._run_options import RunOptions, narrowed_options
from ..errors import DataError, PlayoutError
from ..eval.classes import CLASSES
from ..eval.data import (
    METHODS,
    TrainingData,
    load_positions,
    load_shard,
    save_shard,
)
from ..eval.net import Net
from ..eval.policies import PolicyLike
from ..eval.search import evaluate_boards
from . import cluster
from .data_jobs import RolloutJob, position_seed, rollout_job

if TYPE_CHECKING:
    from distributed import Client

MANIFEST = "manifest.json"
MANIFEST_KIND = "tavla rollout data"
BEAROFF = CLASSES.index("bearoff")
ROLLOUT, DATABASE = (METHODS.index(name) for name in METHODS)


@dataclass(frozen=True)
class DataRun:
    """What :func:`roll_out_positions` did: ``shards`` in the run, ``written`` by this call,
    ``skipped`` (already there), ``positions`` rolled out by this call, ``seconds`` it took,
    ``cpu_seconds`` of this process's threads (0 on a cluster, whose workers' time is in each
    shard's metadata), ``interrupted`` (Ctrl-C: the shards finished are kept)."""

    folder: Path
    shards: int
    written: int
    skipped: int
    positions: int
    seconds: float
    cpu_seconds: float
    interrupted: bool

    @property
    def positions_per_core_hour(self) -> float:
        """Positions rolled out per CPU-hour of this process (NaN when unmeasured)."""
        if self.cpu_seconds <= 0:
            return float("nan")
        return self.positions * 3600.0 / self.cpu_seconds


def roll_out_shard(
    job: RolloutJob,
    boards: npt.NDArray[np.int8],
    classes: npt.NDArray[np.int8],
    index: npt.NDArray[np.int64],
    done: Callable[[int], None] | None = None,
) -> tuple[TrainingData, float] | None:
    """The targets of one shard's positions and the CPU seconds they took, or None when Ctrl-C
    stopped a rollout; ``done(k)`` is told after each position. Bear-offs take the database's
    value (exact in its two-sided table)."""
    began = time.process_time()
    count = len(boards)
    targets = np.zeros((count, 5), np.float32)
    errors = np.zeros((count, 5), np.float32)
    methods = np.full(count, ROLLOUT, np.int8)
    settings = job.settings
    bearoffs = np.flatnonzero(classes == BEAROFF)
    if len(bearoffs):
        targets[bearoffs] = evaluate_boards(np.ascontiguousarray(boards[bearoffs]), "bearoff")
        methods[bearoffs] = DATABASE
    for k in np.flatnonzero(classes != BEAROFF).tolist():
        result = job.roll_out(boards[k], position_seed(settings.seed, int(index[k])))
        if result.interrupted:
            return None
        targets[k] = result.probabilities  # made valid by the rollout
        errors[k] = result.std_errors
        if done is not None:
            done(k + 1)
    data = TrainingData(boards, targets, errors, classes, methods, index)
    return data, time.process_time() - began


def _manifest(folder: Path, record: dict[str, Any]) -> None:
    """Writes the manifest, or checks that the one there has the same positions and settings."""
    path = folder / MANIFEST
    if path.exists():
        try:
            found = json.loads(path.read_text())
        except (OSError, ValueError) as exc:
            raise DataError(f"{str(path)!r} cannot be read: {exc}") from None
        if found.get("kind") != MANIFEST_KIND:
            raise DataError(f"{str(path)!r} is not the manifest of a rollout data run")
        if found.get("positions") != record["positions"]:
            raise DataError(
                f"{str(folder)!r} holds the rollouts of another positions file "
                f"({found.get('positions')}): give a new folder, or the same positions"
            )
        for name, value in record["settings"].items():
            if found.get("settings", {}).get(name) != value:
                raise DataError(
                    f"{str(folder)!r} was rolled out with {name} = "
                    f"{found.get('settings', {}).get(name)!r}, not {value!r}: a resumed run "
                    "keeps its settings"
                )
        return
    temporary = path.with_name(MANIFEST + ".tmp")
    temporary.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
    temporary.replace(path)


def _finished(path: Path, index: npt.NDArray[np.int64]) -> bool:
    """Whether the shard at ``path`` is there and complete (a bad one is rolled out again)."""
    if not path.exists():
        return False
    try:
        data, _ = load_shard(path)
    except DataError:
        return False
    return np.array_equal(data.index, index)


def roll_out_positions(
    positions: str | Path,
    out: str | Path,
    *,
    policy: PolicyLike | None = None,
    games: int = 144,
    truncate: int | None = 10,
    evaluator: Net | str | None = None,
    variance_reduction: bool | None = None,
    truncate_bearoff: bool | str | None = None,
    seed: int | None = None,
    shard_size: int = 500,
    threads: int | None = None,
    client: Client | None = None,
    progress: bool | None = None,
    options: RunOptions | None = None,
) -> DataRun:
    """Rolls out every position of the positions file ``positions`` (:mod:`tavla.eval.data`)
    into shards in the folder ``out`` (made if missing), skipping the shards already there.

    ``policy`` plays both sides (None: :data:`tavla.eval.nets.DEFAULT` at 0-ply), ``games``
    per position (rotated first rolls: a multiple of 36 balances them), ``truncate``: games
    still on after that many plies stop and ``evaluator`` (None: the policy's net) estimates
    them, the bear-off database where both sides are home (None: whole games);
    ``variance_reduction`` (None: when the policy has a net) as :func:`tavla.rollout` does.
    ``truncate_bearoff`` as :func:`tavla.rollout` takes it: ``"one-sided"`` also stops each
    game once both sides are home and counts the bear-off database's value there (exact in
    its two-sided table, its one-sided race approximation beyond), much shorter games for
    races; ``"exact"`` (or True) only where the database is exact; None (False): no such
    stop.  Positions where both sides are home take the bear-off database's value instead.

    On this machine the positions are rolled out one after the other, each on ``threads``
    threads (None: every core); with ``client`` (a ``distributed.Client``) each shard is a
    Dask task on one worker thread, and the shards come back here to be written.  A progress
    bar shows the positions done and the time left.  Ctrl-C stops the run: the shards
    finished are kept, and the same call goes on from there.  ``options``: a
    :class:`~tavla.RunOptions` whose ``seed`` (None: 0), ``threads``, ``client`` and
    ``progress`` these keywords are shorthands for (:ref:`run-options`); the run takes no
    ``batch`` or ``chunk``.  Raises :class:`~tavla.DataError` for bad arguments, a positions
    file that is not one, or a folder made by another run;
    :class:`~tavla.errors.RunOptionsError` for bad options.
    """
    options, bar = narrowed_options(
        options,
        "roll_out_positions",
        seed=seed,
        threads=threads,
        client=client,
        progress=progress,
    )
    client = options.client
    source = load_positions(positions)
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise DataError(f"{str(folder)!r} is a file, not a folder for the shards")
    if client is not None:
        try:
            client = cluster.check_client(client)
        except PlayoutError as exc:
            raise DataError(str(exc)) from None
    job = rollout_job(
        policy,
        games,
        truncate,
        evaluator,
        variance_reduction,
        shard_size,
        options,
        truncate_bearoff,
    )
    digest = hashlib.sha256(source.boards.tobytes()).hexdigest()
    folder.mkdir(parents=True, exist_ok=True)
    size = job.settings.shard_size
    shards = -(-len(source) // size)
    _manifest(
        folder,
        {
            "kind": MANIFEST_KIND,
            "positions": {"count": len(source), "sha256": digest},
            "settings": asdict(job.settings),
            "shards": shards,
        },
    )
    todo = []
    for k in range(shards):
        index = np.arange(k * size, min((k + 1) * size, len(source)), dtype=np.int64)
        if not _finished(folder / f"shard-{k:05d}.npz", index):
            todo.append((k, index))
    began, cpu = time.perf_counter(), 0.0
    written, rolled, interrupted = 0, 0, False
    total = sum(len(index) for _, index in todo)
    with progress_bar(total, bar, "rollouts", unit="position") as update:

        def write(k: int, data: TrainingData, seconds: float) -> None:
            nonlocal written, rolled
            save_shard(
                folder / f"shard-{k:05d}.npz",
                data,
                {
                    **asdict(job.settings),
                    "shard": k,
                    "cpu_seconds": round(seconds, 3),
                    "positions_file": str(positions),
                },
            )
            written += 1
            rolled += len(data)
            if update is not None:
                update(rolled)

        if client is None:
            for k, index in todo:
                tick = None if update is None else (lambda n, at=rolled: update(at + n))
                try:
                    made = roll_out_shard(
                        job, source.boards[index], source.classes[index], index, tick
                    )
                except KeyboardInterrupt:
                    made = None
                if made is None:
                    interrupted = True
                    break
                cpu += made[1]
                write(k, *made)
        else:
            interrupted = _on_cluster(client, job, source, todo, write)
    return DataRun(
        folder,
        shards,
        written,
        shards - len(todo),
        rolled,
        time.perf_counter() - began,
        cpu,
        interrupted,
    )


def _on_cluster(
    client: Client,
    job: RolloutJob,
    source: Any,
    todo: list[tuple[int, npt.NDArray[np.int64]]],
    write: Callable[[int, TrainingData, float], None],
) -> bool:
    """The shards ``todo`` as Dask tasks, each written as it comes back; True on Ctrl-C."""
    from distributed import as_completed

    futures = {
        client.submit(
            roll_out_shard, job, source.boards[index], source.classes[index], index, pure=False
        ): k
        for k, index in todo
    }
    try:
        for future in as_completed(futures):
            made = future.result()
            if made is not None:
                write(futures[future], *made)
    except KeyboardInterrupt:
        client.cancel(list(futures))
        return True
    return False
