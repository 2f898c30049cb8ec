"""The benchmark's data (:mod:`tavla.eval.benchmark`): for held-out positions, a roll each and
its best candidate plays by a deep search, every candidate rolled out long; written in shards a
run resumed later skips (``tavla data benchmark IN OUT``), as :mod:`tavla.sim.data_rollouts`
writes rollout targets."""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._progress import progress_bar
from .._run_options import RunOptions, narrowed_options
from .._validate import check_int
from ..board.position import Position
from ..errors import DataError
from ..eval.classes import CLASSES
from ..eval.data import load_positions
from ..eval.evaluators import DEFAULT_KEEP, DEFAULT_MARGIN, cubeless_equity, make_search
from ..eval.net import Net
from ..eval.policies import PolicyLike
from ..eval.strength import Benchmark, save_benchmark
from .data_jobs import RolloutJob, policy_net, position_seed, rollout_job

MANIFEST = "manifest.json"
MANIFEST_KIND = "tavla benchmark data"


@dataclass(frozen=True)
class BenchmarkRun:
    """What :func:`make_benchmark` did: shards in all, ``written`` and ``skipped`` by this
    call, ``decisions`` made, ``seconds``, ``cpu_seconds``, ``interrupted``."""

    folder: Path
    shards: int
    written: int
    skipped: int
    decisions: int
    seconds: float
    cpu_seconds: float
    interrupted: bool


def _candidates(
    search: Any, board: npt.NDArray[np.int8], roll: tuple[int, int], plies: int, top: int
) -> list[npt.NDArray[np.int8]]:
    """The ``top`` best plays of the roll by the search at ``plies`` (those it searched to
    ``plies`` first), as their results with the opponent on roll."""
    results, probabilities, searched = search.plays(board.tobytes(), roll[0], roll[1], plies)
    equity = np.atleast_1d(cubeless_equity(probabilities))
    order = sorted(range(len(results)), key=lambda i: (searched[i] != plies, -equity[i]))
    return [np.ascontiguousarray(results[i][::-1]) for i in order[:top]]


def _decision_roll(board: npt.NDArray[np.int8], rng: np.random.Generator) -> tuple[int, int] | None:
    """A random roll with two distinct plays or more (None after 20 tries)."""
    position = Position(board)
    for _ in range(20):
        d1, d2 = (int(d) for d in rng.integers(1, 7, 2))
        if len(position.legal_plays((d1, d2))) > 1:
            return d1, d2
    return None


def benchmark_shard(
    job: RolloutJob,
    net: Net,
    boards: npt.NDArray[np.int8],
    index: npt.NDArray[np.int64],
    plies: int,
    top: int,
    done: Any = None,
) -> tuple[Benchmark, float] | None:
    """The decisions of one shard, or None when Ctrl-C stopped a rollout."""
    began = time.process_time()
    settings = job.settings
    search = make_search(net, True, DEFAULT_KEEP, DEFAULT_MARGIN)
    kept, dice, offsets, candidates, equities, errors = [], [], [0], [], [], []
    for k, (board, i) in enumerate(zip(boards, index.tolist(), strict=True)):
        seed = position_seed(settings.seed, i)
        roll = _decision_roll(board, np.random.default_rng(seed))
        if roll is None:
            continue
        for candidate in _candidates(search, board, roll, plies, top):
            if candidate[1, 0] == 15:  # the play bears off the last checker: a sure win
                kind = 1 if candidate[0, 0] else (3 if candidate[0, 19:26].any() else 2)
                value, error = float(kind), 0.0
            else:
                result = job.roll_out(candidate, seed)
                if result.interrupted:
                    return None
                value, error = -result.equity, result.equity_std_error
            candidates.append(candidate)
            equities.append(value)
            errors.append(error)
        kept.append(board)
        dice.append(roll)
        offsets.append(len(candidates))
        if done is not None:
            done(k + 1)
    boards_kept = np.array(kept, dtype=np.int8).reshape(-1, 2, 26)
    bench = Benchmark(
        boards=boards_kept,
        dice=np.array(dice, dtype=np.int8).reshape(-1, 2),
        classes=_core.classify(np.ascontiguousarray(boards_kept), 6),
        offsets=np.array(offsets, dtype=np.int64),
        candidates=np.array(candidates, dtype=np.int8).reshape(-1, 2, 26),
        equities=np.array(equities, dtype=np.float32),
        std_errors=np.array(errors, dtype=np.float32),
        metadata={},
    )
    return bench, time.process_time() - began


def make_benchmark(
    positions: str | Path,
    out: str | Path,
    *,
    policy: PolicyLike | None = None,
    games: int = 1296,
    truncate: int | None = None,
    evaluator: Net | str | None = None,
    variance_reduction: bool | None = None,
    truncate_bearoff: bool | str | None = None,
    plies: int = 2,
    top: int = 5,
    exclude: tuple[str | Path, ...] = (),
    seed: int | None = None,
    shard_size: int = 50,
    threads: int | None = None,
    progress: bool | None = None,
    options: RunOptions | None = None,
) -> BenchmarkRun:
    """Makes benchmark decisions of the positions file ``positions`` (bear-offs, and positions
    also in the ``exclude`` positions files, left out) into shards ``bench-00000.npz``, ... of
    the folder ``out``, skipping those already there (:mod:`tavla.eval.benchmark` reads the
    folder).  For position i: a roll drawn with the seed (SEED, i) among those with two plays
    or more, its ``top`` best plays by the policy's net searched at ``plies``, and each of
    them rolled out by ``policy`` (None: :data:`tavla.eval.nets.DEFAULT`) with ``games``
    games on the same dice (seed (SEED, i)), ``truncate``, ``evaluator``,
    ``variance_reduction`` and ``truncate_bearoff`` as
    :func:`~tavla.sim.data_rollouts.roll_out_positions` takes them, each rollout on
    ``threads`` threads.  Ctrl-C stops the run, keeping the shards finished.  ``options``: a
    :class:`~tavla.RunOptions` whose ``seed`` (None: 0), ``threads`` and ``progress`` these
    keywords are shorthands for (:ref:`run-options`); the run takes no ``batch``,
    ``client`` or ``chunk``.  Raises :class:`~tavla.DataError` for
    bad arguments, files that are not positions files, or a folder made with other settings;
    :class:`~tavla.errors.RunOptionsError` for bad options."""
    options, bar = narrowed_options(
        options, "make_benchmark", seed=seed, threads=threads, progress=progress
    )
    source = load_positions(positions)
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
    net = policy_net(job.policy)
    if net is None:
        raise DataError(
            "a benchmark's candidates come from a net's search: give a policy with a net"
        )
    plies = check_int(plies, "plies", DataError, low=0, high=3)
    top = check_int(top, "top", DataError, low=2)
    excluded = {b.tobytes() for path in exclude for b in load_positions(path).boards}
    keep = (source.classes != CLASSES.index("bearoff")) & np.array(
        [b.tobytes() not in excluded for b in source.boards], dtype=bool
    )
    rows = np.flatnonzero(keep).astype(np.int64)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    size = job.settings.shard_size
    shards = -(-len(rows) // size)
    settings = {**asdict(job.settings), "plies": plies, "top": top}
    record = {
        "kind": MANIFEST_KIND,
        "settings": settings,
        "positions": hashlib.sha256(source.boards.tobytes()).hexdigest(),
        "decisions": len(rows),
        "shards": shards,
    }
    _manifest(folder, record)
    todo = [
        (k, rows[k * size : (k + 1) * size])
        for k in range(shards)
        if not (folder / f"bench-{k:05d}.npz").exists()
    ]
    began, cpu, written, made, interrupted = time.perf_counter(), 0.0, 0, 0, False
    with progress_bar(sum(len(r) for _, r in todo), bar, "benchmark", unit="position") as update:
        for k, index in todo:
            tick = None if update is None else (lambda n, at=made: update(at + n))
            try:
                result = benchmark_shard(job, net, source.boards[index], index, plies, top, tick)
            except KeyboardInterrupt:
                result = None
            if result is None:
                interrupted = True
                break
            bench, seconds = result
            cpu += seconds
            metadata = {
                **settings,
                "shard": k,
                "cpu_seconds": round(seconds, 3),
                "positions_file": str(positions),
            }
            save_benchmark(folder / f"bench-{k:05d}.npz", replace(bench, metadata=metadata))
            written += 1
            made += len(index)
            if update is not None:
                update(made)
    return BenchmarkRun(
        folder,
        shards,
        written,
        shards - len(todo),
        made,
        time.perf_counter() - began,
        cpu,
        interrupted,
    )


def _manifest(folder: Path, record: dict[str, Any]) -> None:
    path = folder / MANIFEST
    if path.exists():
        found = json.loads(path.read_text())
        if isinstance(found.get("settings"), dict):  # made before truncate_bearoff was kept
            found["settings"] = {"truncate_bearoff": None, **found["settings"]}
        for name in ("kind", "settings", "positions", "decisions"):
            if found.get(name) != record[name]:
                raise DataError(
                    f"{str(folder)!r} holds a benchmark made otherwise ({name} differs): give "
                    "a new folder, or the same positions and settings"
                )
        return
    path.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
