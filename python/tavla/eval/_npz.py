"""``.npz`` archives read with suspicion (nets, the bear-off databases): every member is
checked before any array is read, so that a damaged or hostile file is a tavla error and
never an exception of :mod:`zipfile`, :mod:`zlib` or NumPy, nor a huge allocation.

A member must be a ``.npy`` file (NumPy's format, versions 1.0 and 2.0), stored or deflated,
not encrypted, holding no Python objects (nothing is unpickled), whose header declares a
shape and dtype whose bytes are exactly what the zip says the member holds.  Readers bound
the bytes they accept (:meth:`NpzArchive.check_total`) before reading.
"""

from __future__ import annotations

import math
import os
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import numpy as np
import numpy.typing as npt

from .._validate import excerpt
from ..errors import TavlaError, TrainingError

_METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED}
_ENCRYPTED = 0x1
_SUFFIX = ".npy"
_MAX_HEADER_BYTES = 10_000
"""The longest ``.npy`` header read (NumPy's own default limit)."""

# What zipfile, zlib and NumPy raise on a damaged member.
_DAMAGE = (
    OSError,
    ValueError,
    EOFError,
    zipfile.BadZipFile,
    zlib.error,
    NotImplementedError,
    RuntimeError,
    SyntaxError,  # NumPy reads the header's dict with ast.literal_eval
)


@dataclass(frozen=True)
class Member:
    """What a member's ``.npy`` header declares."""

    key: str
    shape: tuple[int, ...]
    dtype: np.dtype[Any]

    @property
    def nbytes(self) -> int:
        return math.prod(self.shape) * self.dtype.itemsize

    def describe(self) -> str:
        return f"shape {self.shape} of {self.dtype}"


class NpzArchive:
    """The ``.npz`` archive at ``path``, its members checked (the module docstring); failures
    raise ``error`` with a message that starts with ``name`` (how the file is called).

    Use as a context manager; :attr:`members` maps each key (a member's name without
    ``.npy``) to its :class:`Member`, :meth:`read` reads one.
    """

    def __init__(self, path: str | os.PathLike[str], error: type[TavlaError], name: str) -> None:
        self._error = error
        self._name = name
        try:
            self._zip = zipfile.ZipFile(path)
        except FileNotFoundError:
            raise
        except _DAMAGE as exc:
            raise self._fail(f"is not an .npz file{_single_npy(path)}: {exc}") from None
        try:
            self.members = self._check_members()
        except BaseException:
            self._zip.close()
            raise

    def _fail(self, what: str) -> TavlaError:
        return self._error(f"{self._name} {what}")

    def _member_fail(self, what: str) -> TavlaError:
        return self._error(f"{self._name}: {what}")

    def _check_members(self) -> dict[str, Member]:
        members: dict[str, Member] = {}
        for info in self._zip.infolist():
            if not info.filename.endswith(_SUFFIX):
                raise self._fail(f"holds {excerpt(info.filename)}, which is not a .npy array")
            key = info.filename[: -len(_SUFFIX)]
            where = f"member {excerpt(info.filename)}"
            if key in members:
                raise self._fail(f"holds {where} twice")
            if info.compress_type not in _METHODS:
                method = info.compress_type
                raise self._member_fail(
                    f"{where} is compressed by method {method}, not stored or deflated"
                )
            if info.flag_bits & _ENCRYPTED:
                raise self._member_fail(f"{where} is encrypted")
            members[key] = self._check_header(info, key)
        return members

    def _check_header(self, info: zipfile.ZipInfo, key: str) -> Member:
        try:
            with self._zip.open(info) as stream:
                member, header_bytes = _read_header(stream, key)
        except _DAMAGE as exc:
            raise self._member_fail(f"key {excerpt(key)} cannot be read: {exc}") from None
        if member.dtype.hasobject:
            raise self._member_fail(
                f"key {excerpt(key)} cannot be read: it holds Python objects (a pickle)"
            )
        held = info.file_size - header_bytes
        if member.nbytes != held:
            raise self._member_fail(
                f"key {excerpt(key)} declares {member.describe()} ({member.nbytes:,} bytes),"
                f" but holds {held:,} bytes"
            )
        return member

    def check_total(self, limit: int, what: str) -> None:
        """Raise unless the members' arrays hold at most ``limit`` bytes in all (``what``
        names what the file is: ``"a net"``)."""
        total = sum(member.nbytes for member in self.members.values())
        if total > limit:
            raise self._fail(f"holds {total:,} bytes of arrays, more than {what}'s {limit:,}")

    def read(self, key: str) -> npt.NDArray[Any]:
        """The array of member ``key`` (one of :attr:`members`), its CRC checked."""
        try:
            with self._zip.open(key + _SUFFIX) as stream:
                array = np.lib.format.read_array(stream, allow_pickle=False)
                if stream.read(1):
                    raise ValueError("data after the array")
        except _DAMAGE as exc:
            raise self._member_fail(f"key {excerpt(key)} cannot be read: {exc}") from None
        result: npt.NDArray[Any] = array
        return result

    def close(self) -> None:
        self._zip.close()

    def __enter__(self) -> NpzArchive:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _read_header(stream: IO[bytes], key: str) -> tuple[Member, int]:
    """A member's declared shape and dtype, and the length of its header in bytes."""
    version = np.lib.format.read_magic(stream)
    if version == (1, 0):
        header = np.lib.format.read_array_header_1_0(stream, max_header_size=_MAX_HEADER_BYTES)
    elif version == (2, 0):
        header = np.lib.format.read_array_header_2_0(stream, max_header_size=_MAX_HEADER_BYTES)
    else:
        raise ValueError(f"it is a .npy file of version {version[0]}.{version[1]}, not 1.0 or 2.0")
    shape, _, dtype = header
    if any(size < 0 for size in shape):
        raise ValueError(f"its header declares the shape {shape}")
    return Member(key, tuple(shape), dtype), stream.tell()


def _single_npy(path: str | os.PathLike[str]) -> str:
    """`` (a single .npy array)`` when the file at ``path`` is one, else ``""``."""
    try:
        with open(path, "rb") as file:
            start = file.read(len(np.lib.format.MAGIC_PREFIX))
    except OSError:
        return ""
    return " (a single .npy array)" if start == np.lib.format.MAGIC_PREFIX else ""


def checkpoint_path(checkpoint: object) -> Path | None:
    """The ``.npz`` file a training run's ``checkpoint`` (a path, or None) names, the suffix
    added where missing: :class:`~tavla.TrainingError` for another type or a missing folder."""
    if checkpoint is None:
        return None
    if not isinstance(checkpoint, (str, os.PathLike)):
        raise TrainingError(f"checkpoint must be a path, got {type(checkpoint).__name__}")
    path = Path(checkpoint)
    if path.suffix != ".npz":
        path = path.with_name(path.name + ".npz")
    if not path.parent.is_dir():
        raise TrainingError(f"no folder {os.fspath(path.parent)!r} to write the checkpoint in")
    return path
