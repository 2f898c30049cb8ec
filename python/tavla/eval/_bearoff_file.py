"""The bear-off databases' file (:mod:`tavla.eval.bearoff`): an ``.npz`` archive with the
format, ``checkers``, a SHA-256 checksum and the tables, written atomically and read with
every table's declared shape checked against those of its ``checkers`` before it is read."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import excerpt
from ..errors import EvaluatorError
from ._npz import NpzArchive

FORMAT = "tavla-bearoff-3"
"""The ``format`` entry of a database file; a file of another format (such as
``tavla-bearoff-2``, whose checksum did not cover ``checkers``, or ``tavla-bearoff-1``, which
had no cubeful table) is built again."""


def checksum(checkers: int, *tables: npt.NDArray[Any]) -> str:
    """The SHA-256 of the format, ``checkers`` and the tables (off, first, two_sided and, when
    there is one, the cubeful no_double), shapes and little-endian float64 values."""
    digest = hashlib.sha256(f"{FORMAT} checkers={checkers}".encode())
    for table in tables:
        digest.update(repr(table.shape).encode())
        digest.update(np.ascontiguousarray(table, dtype="<f8").data)  # its buffer, not a copy
    return digest.hexdigest()


_TABLES = ("off", "first", "two_sided")
"""The tables every file holds; a file built with ``cubeful`` holds ``no_double`` too."""


def write_tables(native: Any, path: Path) -> None:
    """Write the tables of the core's database ``native`` to ``path``, atomically (a
    temporary file in the same folder, then renamed); raises OSError when it cannot."""
    tables: dict[str, Any] = {name: np.asarray(getattr(native, name)) for name in _TABLES}
    if native.cubeful:
        tables["no_double"] = np.asarray(native.no_double)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            digest = checksum(native.checkers, *tables.values())
            np.savez(
                file,
                format=np.array(FORMAT),
                checkers=np.array(native.checkers),
                sha256=np.array(digest),
                **tables,
            )
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a cache is readable
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


_MAX_ROLLS = 64
"""The longest one-sided distribution a file may hold (a built one has 31 entries)."""


def _text(archive: NpzArchive, key: str, name: str) -> str:
    member = archive.members[key]
    if member.shape != () or member.dtype.kind != "U" or member.dtype.itemsize > 4 * 100:
        raise EvaluatorError(f"{name}: {key!r} is not a short string ({member.describe()})")
    return str(archive.read(key)[()])


def _checkers(archive: NpzArchive, name: str) -> int:
    member = archive.members["checkers"]
    value = archive.read("checkers") if member.nbytes <= 64 else None
    if (
        value is None
        or value.shape != ()
        or value.dtype.kind not in "iu"
        or not 0 <= int(value) <= _core.MAX_TWO_SIDED_CHECKERS
    ):
        shown = f"an array of {member.describe()}" if value is None else excerpt(value.tolist())
        raise EvaluatorError(
            f"{name}: checkers must be an int from 0 to {_core.MAX_TWO_SIDED_CHECKERS}, got {shown}"
        )
    return int(value)


def _expected_shapes(
    checkers: int, off_shape: tuple[int, ...]
) -> dict[str, tuple[tuple[int, ...], str]]:
    """The shape each table must have for ``checkers`` (the one-sided tables as long as the
    file's own ``off``, up to :data:`_MAX_ROLLS`), and how to say it."""
    boards = _core.ONE_SIDED_BOARDS
    rolls = off_shape[1] if len(off_shape) == 2 and 1 <= off_shape[1] <= _MAX_ROLLS else -1
    one_sided = ((boards, rolls), f"({boards}, R) with R from 1 to {_MAX_ROLLS}")
    n = _core.home_boards(checkers)
    return {
        "off": one_sided,
        "first": one_sided,
        "two_sided": ((n, n), f"({n}, {n})"),
        "no_double": ((n, n, 3), f"({n}, {n}, 3)"),
    }


def read_tables(path: Path) -> Any:
    """The core's database (``_core.BearoffDatabase``) of the file at ``path``; raises
    :class:`~tavla.EvaluatorError` as :func:`tavla.eval.bearoff.load` says."""
    name = f"the bear-off database {excerpt(str(path), 200)}"
    try:
        archive = NpzArchive(path, EvaluatorError, name)
    except FileNotFoundError:
        raise EvaluatorError(f"no bear-off database at {excerpt(str(path), 200)}") from None
    with archive:
        missing = {"format", "checkers", "sha256", *_TABLES} - set(archive.members)
        if missing:
            raise EvaluatorError(f"{name} lacks {sorted(missing)}")
        file_format = _text(archive, "format", name)
        if file_format != FORMAT:
            raise EvaluatorError(f"{name} is not a {FORMAT} file (format {excerpt(file_format)})")
        checkers = _checkers(archive, name)
        expected = _expected_shapes(checkers, archive.members["off"].shape)
        for key, member in archive.members.items():
            if key not in expected:
                continue
            shape, described = expected[key]
            if member.shape != shape or member.dtype.kind != "f" or member.dtype.itemsize != 8:
                raise EvaluatorError(
                    f"{name}: {key!r} has {member.describe()}, expected {described} of float64"
                    f" ({checkers} checker{'s' if checkers != 1 else ''} a side)"
                )
        sha256 = _text(archive, "sha256", name)
        off, first, two = (archive.read(key) for key in _TABLES)
        no_double = archive.read("no_double") if "no_double" in archive.members else None
    cubeful = [] if no_double is None else [no_double]
    if sha256 != checksum(checkers, off, first, two, *cubeful):
        raise EvaluatorError(f"{name} fails its checksum")
    try:
        native = _core.BearoffDatabase(off, first, two, checkers, no_double)
    except (TypeError, ValueError) as exc:
        raise EvaluatorError(f"{name}: {exc}") from None
    return native
