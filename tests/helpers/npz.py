"""Damaged ``.npz`` archives for the tests of the readers of nets and bear-off databases: a
member's zip headers changed (compression method, encryption flag), its deflated data broken,
or a ``.npy`` member whose header declares another shape than its data has."""

from __future__ import annotations

import io
import struct
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np
import pytest

_CENTRAL = b"PK\x01\x02"
_LOCAL = b"PK\x03\x04"


def _central_entries(data: bytes) -> dict[str, int]:
    """The offset of each member's central directory entry, by name."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = set(archive.namelist())
    found: dict[str, int] = {}
    start = data.find(_CENTRAL)
    while start >= 0:
        name_length = struct.unpack_from("<H", data, start + 28)[0]
        name = data[start + 46 : start + 46 + name_length].decode()
        if name in names:
            found[name] = start
        start = data.find(_CENTRAL, start + 4)
    return found


def _local_header(data: bytes, member: str) -> int:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        offset = archive.getinfo(member).header_offset
    assert data[offset : offset + 4] == _LOCAL
    return offset


def with_header_field(data: bytes, member: str, field: str, value: int) -> bytes:
    """``data`` with ``field`` (``"flags"`` or ``"method"``) of ``member`` set to ``value`` in
    both its local header and its central directory entry."""
    local_at, central_at = {"flags": (6, 8), "method": (8, 10)}[field]
    changed = bytearray(data)
    struct.pack_into("<H", changed, _local_header(data, member) + local_at, value)
    struct.pack_into("<H", changed, _central_entries(data)[member] + central_at, value)
    return bytes(changed)


def with_data_byte_flipped(data: bytes, member: str, at: float = 0.5) -> bytes:
    """``data`` with one byte of ``member``'s stored (compressed) data inverted, at the
    fraction ``at`` of it."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = archive.getinfo(member)
    start = _local_header(data, member)
    name_length, extra_length = struct.unpack_from("<HH", data, start + 26)
    first = start + 30 + name_length + extra_length
    changed = bytearray(data)
    changed[first + int(info.compress_size * at)] ^= 0xFF
    return bytes(changed)


def npy_declaring(shape: tuple[int, ...], dtype: str = "<f4", payload: bytes = b"") -> bytes:
    """A ``.npy`` file whose header declares ``shape`` and ``dtype``, followed by
    ``payload`` (whatever its length)."""
    header = {"descr": dtype, "fortran_order": False, "shape": shape}
    out = io.BytesIO()
    np.lib.format.write_array_header_1_0(out, header)
    return out.getvalue() + payload


def npz_bytes(members: dict[str, bytes], method: int = zipfile.ZIP_STORED) -> bytes:
    """An archive of ``members`` (name: the bytes of the member, ``.npy`` added)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for name, content in members.items():
            archive.writestr(f"{name}.npy", content)
    return out.getvalue()


def npy_bytes(array: np.ndarray) -> bytes:
    """The ``.npy`` file of ``array``."""
    out = io.BytesIO()
    np.save(out, array, allow_pickle=False)
    return out.getvalue()


def changed(arrays: Mapping[str, object], **changes: object) -> dict[str, object]:
    """A copy of a file's ``arrays`` with each change made: a value replaces the key's array
    (or adds the key), None deletes the key."""
    result = dict(arrays)
    for key, value in changes.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = value
    return result


def assert_refused(
    folder: Path,
    arrays: Mapping[str, object],
    load: Callable[[Path], object],
    error: type[Exception],
    message: str,
) -> None:
    """``load`` of ``arrays`` written as ``folder/bad.npz`` raises ``error`` matching
    ``message``."""
    path = folder / "bad.npz"
    np.savez(path, **arrays)  # type: ignore[arg-type]
    with pytest.raises(error, match=message):
        load(path)
