"""The strength benchmark (:doc:`/supervised`, "The benchmark"), as GNU Backgammon's: held-out
decisions of each class, each a position and a roll with its best candidate plays (the top
plays of a 2-ply search) rolled out long; an evaluator's **error rate** is the equity it loses
per decision against the rolled-out best, per class, in millipoints (thousandths of a point).

A play chosen outside the rolled-out candidates counts the loss of the worst of them (a lower
bound of its real loss); :attr:`ClassScore.outside` says how often that happened.

File format ``tavla-benchmark-1``: an ``.npz`` archive holding

- ``format``: the string ``"tavla-benchmark-1"``;
- ``boards``: int8 ``(D, 2, 26)``, the decisions' positions (the side to play on roll);
  ``dice``: int8 ``(D, 2)``, their rolls; ``classes``: int8 ``(D,)``, the positions' classes;
- ``offsets``: int64 ``(D + 1,)``: decision d's candidates are rows ``offsets[d]`` to
  ``offsets[d + 1] - 1`` of
- ``candidates``: int8 ``(M, 2, 26)``, the positions after each candidate play (the opponent
  on roll); ``equities``: float32 ``(M,)``, each one's rolled-out cubeless equity for the side
  that played, with ``std_errors`` float32 ``(M,)``;
- ``metadata``: a JSON object as a string, how the benchmark was made.

A folder of such files (the shards ``bench-*.npz`` of ``tavla data benchmark``) is read as
their union.  The benchmark shipped with tavla (:func:`default_path`) says in its metadata how
it was made.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_bool, check_int, excerpt
from ..board.position import Position
from ..errors import DataError, EvaluatorError, InvalidPositionError
from .choice import choose_play
from .classes import CLASSES, ClassedBoards
from .data import check_boards, check_keys, checked_array, read_arrays, read_metadata, write_arrays
from .evaluators import (
    DEFAULT_KEEP,
    DEFAULT_MARGIN,
    MAX_PLIES,
    cubeless_equity,
    make_search,
    resolve_net,
)
from .net import Net
from .policies import Policy

FORMAT = "tavla-benchmark-1"
SHARD_GLOB = "bench-*.npz"
_KEYS = {"boards", "dice", "classes", "offsets", "candidates", "equities", "std_errors", "metadata"}


@dataclass(frozen=True, eq=False)
class Benchmark(ClassedBoards):
    """Benchmark decisions (the module docstring gives the arrays)."""

    boards: npt.NDArray[np.int8]
    dice: npt.NDArray[np.int8]
    classes: npt.NDArray[np.int8]
    offsets: npt.NDArray[np.int64]
    candidates: npt.NDArray[np.int8]
    equities: npt.NDArray[np.float32]
    std_errors: npt.NDArray[np.float32]
    metadata: dict[str, Any]


@dataclass(frozen=True)
class ClassScore:
    """An evaluator's score on the decisions of one class: ``decisions``, the mean loss per
    decision in millipoints (``error_rate``) with its standard error, the share of
    decisions it played the rolled-out best (``best``) and outside the candidates
    (``outside``)."""

    decisions: int
    error_rate: float
    std_error: float
    best: float
    outside: float


@dataclass(frozen=True)
class BenchmarkResult:
    """:func:`benchmark`'s answer: a :class:`ClassScore` for each class with decisions, and
    ``overall`` for all of them, the evaluator's description and its depth."""

    scores: dict[str, ClassScore]
    overall: ClassScore
    evaluator: str
    plies: int


def default_path() -> Path:
    """The benchmark shipped with tavla."""
    shipped = resources.files("tavla.eval") / "benchmark_data" / "benchmark.npz"
    with resources.as_file(shipped) as path:
        return Path(path)


def save_benchmark(path: str | os.PathLike[str], bench: Benchmark) -> None:
    """Writes ``bench`` to ``path``, through a temporary file."""
    arrays: dict[str, npt.NDArray[Any]] = {
        "boards": bench.boards,
        "dice": bench.dice,
        "classes": bench.classes,
        "offsets": bench.offsets,
        "candidates": bench.candidates,
        "equities": bench.equities,
        "std_errors": bench.std_errors,
    }
    write_arrays(path, FORMAT, arrays, bench.metadata)


def _load_file(path: Path) -> Benchmark:
    arrays = read_arrays(path, FORMAT)
    try:
        check_keys(arrays, _KEYS)
        boards = checked_array(arrays, "boards", np.int8, (-1, 2, 26))
        d = len(boards)
        candidates = checked_array(arrays, "candidates", np.int8, (-1, 2, 26))
        m = len(candidates)
        bench = Benchmark(
            boards=boards,
            dice=checked_array(arrays, "dice", np.int8, (d, 2)),
            classes=checked_array(arrays, "classes", np.int8, (d,)),
            offsets=checked_array(arrays, "offsets", np.int64, (d + 1,)),
            candidates=candidates,
            equities=checked_array(arrays, "equities", np.float32, (m,)),
            std_errors=checked_array(arrays, "std_errors", np.float32, (m,)),
            metadata=read_metadata(arrays),
        )
        check_boards(bench.boards, bench.classes)
        if bench.offsets[0] != 0 or bench.offsets[-1] != m or (np.diff(bench.offsets) < 1).any():
            raise DataError("offsets must go up from 0 to the candidates' count, by 1 or more")
        if ((bench.dice < 1) | (bench.dice > 6)).any():
            raise DataError("dice must be 1 to 6")
        if not np.isfinite(bench.equities).all() or (np.abs(bench.equities) > 3).any():
            raise DataError("equities must be finite, within -3 .. 3")
        try:
            _core.classify(np.ascontiguousarray(candidates), 6)  # each a valid board
        except InvalidPositionError as exc:
            raise DataError(f"candidates: {exc}") from None
    except DataError as exc:
        raise DataError(f"{os.fspath(path)!r}: {exc}") from None
    return bench


def load_benchmark(path: str | os.PathLike[str] | None = None) -> Benchmark:
    """The benchmark in the file (or folder of shards) at ``path``; None: the shipped one.
    Raises :class:`~tavla.DataError` naming the fault of a file that is not one."""
    where = default_path() if path is None else Path(path)
    if where.is_dir():
        parts = [_load_file(p) for p in sorted(where.glob(SHARD_GLOB))]
        if not parts:
            raise DataError(f"no benchmark shards ({SHARD_GLOB}) in {os.fspath(where)!r}")
        return join(parts)
    return _load_file(where)


def join(parts: Sequence[Benchmark]) -> Benchmark:
    """The union of benchmarks, in order (the metadata of the first)."""
    ends = np.cumsum([0, *(len(p.candidates) for p in parts)])
    offsets = np.concatenate([[0], *(p.offsets[1:] + ends[k] for k, p in enumerate(parts))])
    return Benchmark(
        boards=np.concatenate([p.boards for p in parts]),
        dice=np.concatenate([p.dice for p in parts]),
        classes=np.concatenate([p.classes for p in parts]),
        offsets=offsets.astype(np.int64),
        candidates=np.concatenate([p.candidates for p in parts]),
        equities=np.concatenate([p.equities for p in parts]),
        std_errors=np.concatenate([p.std_errors for p in parts]),
        metadata={**parts[0].metadata, "parts": len(parts)},
    )


def _chooser(evaluator: object, plies: int, use_bearoff: bool) -> tuple[Any, str]:
    """What chooses a play for a (key, d1, d2): the search of a net, or a policy."""
    if isinstance(evaluator, (Net, str)) and not (
        isinstance(evaluator, str) and evaluator in ("pubeval", "random")
    ):
        net = resolve_net(evaluator)
        search = make_search(net, use_bearoff or net is None, DEFAULT_KEEP, DEFAULT_MARGIN)
        if isinstance(evaluator, str):
            name = evaluator
        else:
            name = str(evaluator.metadata.get("name", repr(evaluator)))

        def by_search(key: bytes, d1: int, d2: int) -> npt.NDArray[np.int8]:
            if not search.answers(key):
                raise EvaluatorError("the bear-off database alone answers only bear-offs")
            results, probabilities, searched = search.plays(key, d1, d2, plies)
            equity = np.where(
                searched == plies, np.atleast_1d(cubeless_equity(probabilities)), -np.inf
            )
            return np.ascontiguousarray(results[int(np.argmax(equity))][::-1])

        return by_search, name
    if plies:
        raise EvaluatorError(f"{excerpt(evaluator)} plays at 0-ply only")
    policy = evaluator if isinstance(evaluator, (Policy, str)) else None
    if policy is None:
        raise EvaluatorError(
            f"an evaluator is a Net, 'net:PATH', 'bearoff' or a built-in policy, got "
            f"{type(evaluator).__name__}"
        )
    rng = np.random.default_rng(0)

    def by_policy(key: bytes, d1: int, d2: int) -> npt.NDArray[np.int8]:
        play = choose_play(
            policy, Position(np.frombuffer(key, np.int8).reshape(2, 26)), (d1, d2), rng=rng
        )
        return play.position.board

    return by_policy, str(policy)


def _score(
    losses: npt.NDArray[np.float64], best: npt.NDArray[np.bool_], outside: npt.NDArray[np.bool_]
) -> ClassScore:
    n = len(losses)
    error = losses.std(ddof=1) / np.sqrt(n) if n > 1 else float("nan")
    return ClassScore(
        n,
        1000 * float(losses.mean()),
        1000 * float(error),
        float(best.mean()),
        float(outside.mean()),
    )


def benchmark(
    evaluator: Net | str,
    plies: int = 0,
    *,
    data: Benchmark | str | os.PathLike[str] | None = None,
    bearoff: bool = True,
    threads: int | None = None,
) -> BenchmarkResult:
    """The error rate of ``evaluator`` searched at ``plies`` on the benchmark ``data`` (None:
    the shipped one; a :class:`Benchmark`, a file or a folder of shards): for each decision
    it chooses among every legal play, as a policy at that depth would, and loses the
    rolled-out best candidate's equity minus its choice's (the worst candidate's when its
    choice is not among them).  ``evaluator``: a :class:`~tavla.eval.Net` or net set,
    ``"net:PATH"``, or a built-in policy (``"pubeval"``, 0-ply only); ``bearoff``: the
    bear-off database takes over where both sides are home.  Decisions run on ``threads``
    threads (None: every core).  Raises :class:`~tavla.EvaluatorError` for a bad evaluator
    or depth, :class:`~tavla.DataError` for benchmark data that is not one."""
    plies = check_int(plies, "plies", EvaluatorError, low=0, high=MAX_PLIES)
    use_bearoff = check_bool(bearoff, "bearoff", EvaluatorError)
    bench = data if isinstance(data, Benchmark) else load_benchmark(data)
    choose, name = _chooser(evaluator, plies, use_bearoff)
    count = len(bench)
    workers = (
        check_int(threads, "threads", EvaluatorError, low=1, high=1024)
        if threads
        else (
            len(os.sched_getaffinity(0))
            if hasattr(os, "sched_getaffinity")
            else os.cpu_count() or 1
        )
    )

    def decide(d: int) -> tuple[float, bool, bool]:
        chosen = choose(bench.boards[d].tobytes(), int(bench.dice[d, 0]), int(bench.dice[d, 1]))
        rows = slice(int(bench.offsets[d]), int(bench.offsets[d + 1]))
        equities = bench.equities[rows].astype(np.float64)
        match = np.flatnonzero((bench.candidates[rows] == chosen).all(axis=(1, 2)))
        found = len(match) > 0
        equity = equities[match[0]] if found else equities.min()
        return float(equities.max() - equity), bool(found and equity == equities.max()), not found

    with ThreadPoolExecutor(workers) as pool:
        answers = list(pool.map(decide, range(count)))
    losses = np.array([a[0] for a in answers])
    best = np.array([a[1] for a in answers], dtype=bool)
    outside = np.array([a[2] for a in answers], dtype=bool)
    scores = {
        name_c: _score(losses[mask], best[mask], outside[mask])
        for c, name_c in enumerate(CLASSES)
        if (mask := bench.classes == c).any()
    }
    return BenchmarkResult(scores, _score(losses, best, outside), name, plies)
