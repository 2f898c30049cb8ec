"""Training data for supervised training (:doc:`/supervised`): positions, and their rolled-out
probabilities in shards.

A **positions file** (format ``tavla-positions-1``) is an ``.npz`` archive holding

- ``format``: the string ``"tavla-positions-1"``;
- ``boards``: int8 ``(N, 2, 26)``, each seen from its side on roll (valid, not finished);
- ``classes``: int8 ``(N,)``, each board's class, an index into
  :data:`~tavla.eval.classes.CLASSES` (by the default classifier);
- ``sources``: int8 ``(N,)``, where each came from, an index into :data:`SOURCES`;
- ``metadata``: a JSON object as a string, how the file was made.

A **rollout shard** (format ``tavla-rollouts-1``) is an ``.npz`` archive holding

- ``format``: the string ``"tavla-rollouts-1"``;
- ``index``: int64 ``(n,)``, the positions' rows in the positions file rolled out;
- ``boards``: int8 ``(n, 2, 26)``; ``classes``: int8 ``(n,)``, as in the positions file;
- ``targets``: float32 ``(n, 5)``, the five cubeless probabilities of the side on roll
  (:data:`~tavla.eval.OUTPUTS` order), consistent (a win includes its gammons, a gammon its
  backgammons: a rollout's means made so by :func:`consistent`); ``std_errors``: float32
  ``(n, 5)``, their standard errors (0 when exact);
- ``methods``: int8 ``(n,)``, how each target was made, an index into :data:`METHODS`;
- ``metadata``: a JSON object as a string: the run's settings (policy, games, truncation,
  the bear-off stop, variance reduction, seed), the shard's number and the seconds it took.

Files are read with ``allow_pickle=False`` and every array checked; a file that is not
exactly this raises :class:`~tavla.DataError` naming the fault.
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import excerpt
from ..errors import DataError
from .classes import CLASSES, ClassedBoards, classify

POSITIONS_FORMAT = "tavla-positions-1"
SHARD_FORMAT = "tavla-rollouts-1"

SOURCES = ("selfplay", "match", "disagreement")
"""Where a position came from: self-play of the policy with exploration, a real match's
record, or a position after a play on which 0-ply and 2-ply disagree."""

METHODS = ("rollout", "bearoff")
"""How a target was made: a rollout, or the bear-off database (both sides home)."""

SHARD_GLOB = "shard-*.npz"

_SLACK = 1e-5  # float32 rounding of probabilities that were consistent in float64


@dataclass(frozen=True, eq=False)
class Positions(ClassedBoards):
    """Positions and where they came from: ``boards`` int8 ``(N, 2, 26)``, ``classes`` and
    ``sources`` int8 ``(N,)`` (indices into :data:`~tavla.eval.classes.CLASSES` and
    :data:`SOURCES`), ``metadata`` how they were made."""

    boards: npt.NDArray[np.int8]
    classes: npt.NDArray[np.int8]
    sources: npt.NDArray[np.int8]
    metadata: dict[str, Any]


@dataclass(frozen=True, eq=False)
class TrainingData(ClassedBoards):
    """Rolled-out positions (the union of shards): ``boards`` int8 ``(N, 2, 26)``, ``targets``
    and ``std_errors`` float32 ``(N, 5)``, ``classes`` and ``methods`` int8 ``(N,)``,
    ``index`` int64 ``(N,)`` (rows of the positions file)."""

    boards: npt.NDArray[np.int8]
    targets: npt.NDArray[np.float32]
    std_errors: npt.NDArray[np.float32]
    classes: npt.NDArray[np.int8]
    methods: npt.NDArray[np.int8]
    index: npt.NDArray[np.int64]

    def of_classes(self, names: Iterable[str]) -> TrainingData:
        """The positions of the classes ``names``."""
        wanted = [CLASSES.index(name) for name in names]
        keep = np.isin(self.classes, wanted)
        return TrainingData(
            self.boards[keep],
            self.targets[keep],
            self.std_errors[keep],
            self.classes[keep],
            self.methods[keep],
            self.index[keep],
        )


def read_arrays(path: str | os.PathLike[str], kind: str) -> dict[str, npt.NDArray[Any]]:
    """Every array of the ``.npz`` at ``path`` whose ``format`` is ``kind``."""
    where = os.fspath(path)
    if not os.path.isfile(path):
        raise DataError(f"no file at {where!r}")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, AttributeError) as exc:
        raise DataError(f"{where!r} is not an .npz file of {kind}: {exc}") from None
    found = arrays.pop("format", None)
    if found is None or found.ndim != 0 or found.dtype.kind != "U" or str(found) != kind:
        shown = None if found is None else excerpt(found.tolist())
        raise DataError(f"{where!r}: format is {shown}, expected {kind!r}")
    return arrays


def checked_array(
    arrays: dict[str, npt.NDArray[Any]], key: str, dtype: type, shape: tuple[int, ...]
) -> npt.NDArray[Any]:
    """``arrays[key]`` when it has ``dtype`` and ``shape`` (-1: any length)."""
    if key not in arrays:
        raise DataError(f"missing key {key!r}")
    array = arrays[key]
    if (
        array.dtype != dtype
        or array.ndim != len(shape)
        or any(want not in (-1, got) for want, got in zip(shape, array.shape, strict=True))
    ):
        raise DataError(
            f"{key} must be {np.dtype(dtype).name} of shape {shape} (-1: any), got "
            f"{array.dtype} {array.shape}"
        )
    return array


def read_metadata(arrays: dict[str, npt.NDArray[Any]]) -> dict[str, Any]:
    """The JSON object of the ``metadata`` array."""
    value = arrays.get("metadata")
    if value is None or value.ndim != 0 or value.dtype.kind != "U":
        raise DataError("metadata must be a JSON object as a string")
    try:
        metadata = json.loads(str(value))
    except ValueError as exc:
        raise DataError(f"metadata is not JSON: {exc}") from None
    if not isinstance(metadata, dict):
        raise DataError("metadata must be a JSON object")
    return metadata


def check_boards(boards: npt.NDArray[np.int8], classes: npt.NDArray[np.int8]) -> None:
    """Every board valid and unfinished, and ``classes`` their classes."""
    try:
        _core.classify(np.ascontiguousarray(boards), 6)
        finished = (boards[:, :, 0] == 15).any(axis=1)
        if finished.any():
            raise ValueError(f"board {int(np.argmax(finished))}: the game is over")
    except ValueError as exc:
        raise DataError(f"boards: {exc}") from None
    if not np.array_equal(classify(boards), classes):
        row = int(np.argmax(classify(boards) != classes))
        raise DataError(f"classes: row {row} is not the class of its board")


def check_keys(arrays: Mapping[str, object], known: set[str]) -> None:
    """Raises :class:`~tavla.DataError` naming a key not in ``known``."""
    unknown = sorted(set(arrays) - known)
    if unknown:
        raise DataError(f"unknown key {excerpt(unknown[0])}")


def save_positions(path: str | os.PathLike[str], positions: Positions) -> None:
    """Writes ``positions`` to ``path`` (a positions file), through a temporary file."""
    arrays = {
        "boards": positions.boards,
        "classes": positions.classes,
        "sources": positions.sources,
    }
    write_arrays(path, POSITIONS_FORMAT, arrays, positions.metadata)


def load_positions(path: str | os.PathLike[str]) -> Positions:
    """The positions file at ``path``. Raises :class:`~tavla.DataError` naming the fault."""
    arrays = read_arrays(path, POSITIONS_FORMAT)
    try:
        check_keys(arrays, {"boards", "classes", "sources", "metadata"})
        boards = checked_array(arrays, "boards", np.int8, (-1, 2, 26))
        count = len(boards)
        classes = checked_array(arrays, "classes", np.int8, (count,))
        sources = checked_array(arrays, "sources", np.int8, (count,))
        if ((sources < 0) | (sources >= len(SOURCES))).any():
            raise DataError(f"sources must be indices 0..{len(SOURCES) - 1}")
        metadata = read_metadata(arrays)
        check_boards(boards, classes)
    except DataError as exc:
        raise DataError(f"{os.fspath(path)!r}: {exc}") from None
    return Positions(boards, classes, sources, metadata)


def save_shard(path: str | os.PathLike[str], data: TrainingData, metadata: dict[str, Any]) -> None:
    """Writes one rollout shard, through a temporary file (an interrupted write leaves none)."""
    arrays: dict[str, npt.NDArray[Any]] = {
        "index": data.index,
        "boards": data.boards,
        "classes": data.classes,
        "targets": data.targets,
        "std_errors": data.std_errors,
        "methods": data.methods,
    }
    write_arrays(path, SHARD_FORMAT, arrays, metadata)


def load_shard(path: str | os.PathLike[str]) -> tuple[TrainingData, dict[str, Any]]:
    """One rollout shard and its metadata. Raises :class:`~tavla.DataError` naming the fault."""
    arrays = read_arrays(path, SHARD_FORMAT)
    try:
        check_keys(
            arrays,
            {"index", "boards", "classes", "targets", "std_errors", "methods", "metadata"},
        )
        boards = checked_array(arrays, "boards", np.int8, (-1, 2, 26))
        n = len(boards)
        data = TrainingData(
            boards=boards,
            targets=checked_array(arrays, "targets", np.float32, (n, 5)),
            std_errors=checked_array(arrays, "std_errors", np.float32, (n, 5)),
            classes=checked_array(arrays, "classes", np.int8, (n,)),
            methods=checked_array(arrays, "methods", np.int8, (n,)),
            index=checked_array(arrays, "index", np.int64, (n,)),
        )
        metadata = read_metadata(arrays)
        check_boards(data.boards, data.classes)
        check_targets(data.targets)
        if ((data.methods < 0) | (data.methods >= len(METHODS))).any():
            raise DataError(f"methods must be indices 0..{len(METHODS) - 1}")
        if not (np.isfinite(data.std_errors).all() and (data.std_errors >= 0).all()):
            raise DataError("std_errors must be finite and >= 0")
    except DataError as exc:
        raise DataError(f"{os.fspath(path)!r}: {exc}") from None
    return data, metadata


def check_targets(targets: npt.NDArray[np.floating[Any]]) -> None:
    """Raises :class:`~tavla.DataError` unless every row is five consistent probabilities."""
    p = targets.astype(np.float64)
    bad = ~np.isfinite(p).all(axis=1) | ((p < -_SLACK) | (p > 1 + _SLACK)).any(axis=1)
    bad |= (p[:, 1] > p[:, 0] + _SLACK) | (p[:, 2] > p[:, 1] + _SLACK)
    bad |= (p[:, 3] > 1 - p[:, 0] + _SLACK) | (p[:, 4] > p[:, 3] + _SLACK)
    if bad.any():
        row = int(np.argmax(bad))
        raise DataError(
            f"targets: row {row}, {p[row].tolist()}, are not consistent probabilities (win >= "
            "win gammon >= win backgammon, 1 - win >= lose gammon >= lose backgammon)"
        )


def consistent(probabilities: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Rows of five probabilities made consistent as a net's outputs are: each clipped to
    [0, 1], then win gammon <= win, win backgammon <= win gammon, lose gammon <= 1 - win and
    lose backgammon <= lose gammon, each lowered to its bound. A variance-reduced rollout's
    means (each output corrected by its own luck) can miss these by a little: every
    :class:`~tavla.sim.rollout.RolloutResult` passes its probabilities through this."""
    p = np.clip(np.array(probabilities, dtype=np.float64, ndmin=2), 0.0, 1.0)
    p[:, 1] = np.minimum(p[:, 1], p[:, 0])
    p[:, 2] = np.minimum(p[:, 2], p[:, 1])
    p[:, 3] = np.minimum(p[:, 3], 1.0 - p[:, 0])
    p[:, 4] = np.minimum(p[:, 4], p[:, 3])
    return p


def shard_paths(folder: str | os.PathLike[str]) -> list[Path]:
    """The rollout shards in ``folder``, in order."""
    return sorted(Path(folder).glob(SHARD_GLOB))


def load_training_data(*sources: str | os.PathLike[str]) -> TrainingData:
    """Every rolled-out position of the shards given: folders (their ``shard-*.npz``) or shard
    files, in order. Raises :class:`~tavla.DataError` for a missing path, a folder without
    shards, or a shard that is not one."""
    paths: list[Path] = []
    for source in sources:
        path = Path(source)
        if path.is_dir():
            found = shard_paths(path)
            if not found:
                raise DataError(f"no rollout shards ({SHARD_GLOB}) in {os.fspath(path)!r}")
            paths += found
        elif path.is_file():
            paths.append(path)
        else:
            raise DataError(f"no file or folder at {os.fspath(path)!r}")
    if not paths:
        raise DataError("no training data given")
    parts = [load_shard(path)[0] for path in paths]
    return TrainingData(
        *(
            np.concatenate([getattr(part, name) for part in parts])
            for name in ("boards", "targets", "std_errors", "classes", "methods", "index")
        )
    )


def write_arrays(
    path: str | os.PathLike[str],
    kind: str,
    arrays: dict[str, npt.NDArray[Any]],
    metadata: dict[str, Any],
) -> None:
    """Writes ``arrays`` as an ``.npz`` whose ``format`` is ``kind``, with ``metadata`` as the
    JSON object :func:`read_metadata` reads, through a temporary file (:func:`write_npz`)."""
    metadata_array = np.array(json.dumps(metadata, sort_keys=True))
    write_npz(Path(path), {"format": np.array(kind), **arrays, "metadata": metadata_array})


def write_npz(path: Path, arrays: dict[str, npt.NDArray[Any]]) -> None:
    """``np.savez_compressed`` through a temporary file renamed into place."""
    temporary = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(temporary, **arrays)  # type: ignore[arg-type]
    os.replace(temporary, path)
