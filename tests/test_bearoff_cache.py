"""The bear-off databases on disk: built ahead of time, read back, refused when damaged, built
again when the cached file is missing or corrupt, and built once when processes start at once."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import filelock
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tavla
from tavla import EvaluatorError
from tavla.errors import CacheWarning
from tavla.eval import _bearoff_file, bearoff
from tests.helpers import fuzz, npz
from tests.helpers.boards import board_array, position
from tests.helpers.fuzz import fuzz_settings

SMALL = board_array({1: 1, 3: 1}, {2: 2})  # two checkers a side


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Databases with a two-sided table of one checker a side."""
    return bearoff.build(tmp_path_factory.mktemp("small") / "small.npz", checkers=1)


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder, and the process default forgotten before and after."""
    bearoff.database()  # the suite's own, built before the folder changes
    monkeypatch.setenv("TAVLA_CACHE_DIR", str(tmp_path))
    bearoff.set_default(None)
    yield tmp_path
    bearoff.set_default(None)


def test_build_ahead_and_load(tmp_path: Path) -> None:
    path = bearoff.build(tmp_path / "small.npz", checkers=2)
    small = bearoff.load(path)
    assert small.checkers == 2 and small.path == path
    assert small.covered(SMALL) and not small.covered(board_array({1: 3}, {2: 2}))
    assert small.probabilities(SMALL) == pytest.approx(bearoff.probabilities(SMALL), abs=1e-15)
    # Outside its two-sided table it answers by the race approximation, as the default does
    # outside its own.
    beyond = board_array({6: 15}, {5: 9})
    assert np.array_equal(small.probabilities(beyond), bearoff.probabilities(beyond))


def test_damaged_files_are_refused(small: Path, tmp_path: Path) -> None:
    path = small
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    damaged = tmp_path / "damaged.npz"
    damaged.write_bytes(bytes(data))
    with pytest.raises(EvaluatorError, match=r"checksum|cannot be read"):
        bearoff.load(damaged)
    truncated = tmp_path / "truncated.npz"
    truncated.write_bytes(path.read_bytes()[:1000])
    with pytest.raises(EvaluatorError, match=r"is not an \.npz file"):
        bearoff.load(truncated)
    with pytest.raises(EvaluatorError, match="no bear-off database"):
        bearoff.load(tmp_path / "missing.npz")
    other = tmp_path / "other.npz"
    with np.load(path) as entries:
        np.savez(other, **{**entries, "format": np.array("something-else")})
    with pytest.raises(EvaluatorError, match="not a tavla-bearoff-3 file"):
        bearoff.load(other)


def refused(data: bytes, path: Path, message: str) -> None:
    path.write_bytes(data)
    with pytest.raises(EvaluatorError, match=message):
        bearoff.load(path)


def test_damaged_zip_members_are_evaluator_errors(small: Path, tmp_path: Path) -> None:
    """One changed byte in a member's zip headers or deflated data (issue 18: these raised
    NotImplementedError, RuntimeError and zlib.error)."""
    good = small.read_bytes()
    bad = tmp_path / "bad.npz"
    refused(
        npz.with_header_field(good, "off.npy", "method", 99),
        bad,
        "member 'off.npy' is compressed by method 99, not stored or deflated",
    )
    refused(
        npz.with_header_field(good, "two_sided.npy", "flags", 1),
        bad,
        "member 'two_sided.npy' is encrypted",
    )
    with np.load(small) as entries:
        np.savez_compressed(bad, **entries)
    deflated = bad.read_bytes()
    for at in (0.2, 0.5, 0.8):
        refused(
            npz.with_data_byte_flipped(deflated, "first.npy", at), bad, "key 'first' cannot be read"
        )


def test_declared_shapes_are_checked_before_reading(small: Path, tmp_path: Path) -> None:
    with np.load(small) as entries:
        members = {key: npz.npy_bytes(entries[key]) for key in entries.files}
    bad = tmp_path / "bad.npz"
    huge = npz.npy_declaring((10**12, 198), "<f8", b"\0" * 64)
    refused(
        npz.npz_bytes({**members, "off": huge}),
        bad,
        r"key 'off' declares shape \(1000000000000, 198\) of float64",
    )
    # Shapes that agree with their data but not with the tables of the checkers declared:
    wide = npz.npy_bytes(np.zeros((7, 8)))
    refused(
        npz.npz_bytes({**members, "two_sided": wide}),
        bad,
        r"'two_sided' has shape \(7, 8\) of float64, expected \(7, 7\) of float64 \(1 "
        r"checker a side\)",
    )
    rolls = npz.npy_bytes(np.zeros((bearoff._core.ONE_SIDED_BOARDS, 1000)))
    refused(
        npz.npz_bytes({**members, "off": rolls}),
        bad,
        r"'off' has shape \(54264, 1000\) of float64, expected \(54264, R\) with R from 1"
        " to 64",
    )
    refused(
        npz.npz_bytes({**members, "off": npz.npy_bytes(np.zeros(3, np.int64))}),
        bad,
        r"'off' has shape \(3,\) of int64",
    )


@pytest.mark.parametrize(
    ("checkers", "message"),
    [
        (np.array(2.5), r"checkers must be an int from 0 to 10, got 2\.5"),
        (np.array([1]), r"checkers must be an int from 0 to 10, got \[1\]"),
        (np.array(11), "checkers must be an int from 0 to 10, got 11"),
        (np.array(True), r"checkers must be an int from 0 to 10, got True"),
        # The tables' shapes tell how many checkers they are for:
        (np.array(2), r"'two_sided' has shape \(7, 7\) of float64, expected \(28, 28\) of"),
    ],
)
def test_checkers_is_an_int_that_fits_the_tables(
    small: Path, tmp_path: Path, checkers: np.ndarray, message: str
) -> None:
    with np.load(small) as entries:
        fields = dict(entries)
    np.savez(tmp_path / "bad.npz", **{**fields, "checkers": checkers})
    with pytest.raises(EvaluatorError, match=message):
        bearoff.load(tmp_path / "bad.npz")


def test_tables_that_break_the_rules_are_refused(small: Path, tmp_path: Path) -> None:
    """A file whose checksum was made to match bad tables still meets the core's checks."""
    with np.load(small) as entries:
        fields = dict(entries)
    fields["off"] = fields["off"].copy()
    fields["off"][5] *= 0.5
    with pytest.raises(EvaluatorError, match="distribution of board 5 sums to"):
        bearoff.load(resealed(fields, tmp_path / "bad.npz"))
    with np.load(small) as entries:
        fields = dict(entries)
    fields["no_double"][1, 1, 2] = -1.5
    with pytest.raises(EvaluatorError, match=r"equity outside \[-1, 1\]"):
        bearoff.load(resealed(fields, tmp_path / "bad.npz"))
    fields["no_double"] = fields["no_double"][:, :, :2]
    with pytest.raises(EvaluatorError, match=r"'no_double' has shape \(7, 7, 2\) of float64, exp"):
        bearoff.load(resealed(fields, tmp_path / "bad.npz"))


def resealed(fields: dict[str, np.ndarray], path: Path) -> Path:
    """The fields written to ``path`` with their checksum made to match."""
    tables = [fields[name] for name in ("off", "first", "two_sided", "no_double")]
    checksum = _bearoff_file.checksum(int(fields["checkers"]), *tables)
    np.savez(path, **{**fields, "sha256": np.array(checksum)})
    return path


def test_a_corrupt_cache_is_built_again(own_cache: Path) -> None:
    path = bearoff.default_path()
    assert path.parent == own_cache
    path.write_bytes(b"not a database")
    database = bearoff.database()
    assert database.path == path
    assert bearoff.load(path).checkers == bearoff.DEFAULT_CHECKERS
    assert bearoff.database() is database  # once a process


def test_a_cache_damaged_inside_its_zip_is_built_again(own_cache: Path, small: Path) -> None:
    """A corrupt zip member of the cached file was an error on every use, never rebuilt."""
    bearoff.build(bearoff.default_path(), checkers=1)
    path = bearoff.default_path()
    path.write_bytes(npz.with_header_field(path.read_bytes(), "off.npy", "method", 99))
    database = bearoff.database()
    assert database.checkers == bearoff.DEFAULT_CHECKERS and database.path == path
    assert bearoff.load(path).checkers == bearoff.DEFAULT_CHECKERS


def test_a_smaller_table_in_the_default_file_is_built_again(own_cache: Path, small: Path) -> None:
    """A database of 1 checker a side copied to bearoff-6.npz was taken as the default, and
    exact answers silently became approximations."""
    path = bearoff.default_path()
    path.write_bytes(small.read_bytes())
    assert bearoff.load(path).checkers == 1
    assert bearoff.database().checkers == bearoff.DEFAULT_CHECKERS
    assert bearoff.covered(SMALL)
    assert bearoff.load(path).checkers == bearoff.DEFAULT_CHECKERS
    # One built without its cubeful table is built again as well.
    bearoff.build(path, checkers=bearoff.DEFAULT_CHECKERS, cubeful=False)
    bearoff.set_default(None)
    assert bearoff.database().cubeful and bearoff.load(path).cubeful


def test_a_valid_cache_is_read_without_the_lock(own_cache: Path) -> None:
    """Reading takes no lock (the file is replaced atomically): a cache folder that cannot be
    written serves a valid database as a writable one does."""
    bearoff.database()
    (own_cache / "bearoff-6.npz.lock").unlink(missing_ok=True)
    bearoff.set_default(None)
    assert bearoff.covered(SMALL)
    assert sorted(p.name for p in own_cache.iterdir()) == ["bearoff-6.npz"]


def refuse_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every attempt to lock or write in the cache folder fails as in a read-only folder
    (these tests may run as root, whom file permissions do not stop)."""

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(filelock.FileLock, "acquire", denied)
    monkeypatch.setattr(tempfile, "mkstemp", denied)


def test_a_read_only_cache_folder_serves_its_database(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bearoff.database()
    bearoff.set_default(None)
    refuse_writes(monkeypatch)
    assert bearoff.covered(SMALL)
    assert bearoff.database().path == bearoff.default_path()


def test_a_read_only_cache_folder_without_a_database_builds_one_in_memory(
    own_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refuse_writes(monkeypatch)
    with pytest.warns(CacheWarning, match=r"cannot be written .*Permission denied.*in memory"):
        database = bearoff.database()
    assert database.path is None and database.checkers == bearoff.DEFAULT_CHECKERS
    assert database.cubeful and bearoff.covered(SMALL)
    assert not bearoff.default_path().exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes anyway")
def test_a_folder_without_write_permission(own_cache: Path) -> None:
    bearoff.database()
    bearoff.set_default(None)
    (own_cache / "bearoff-6.npz.lock").unlink(missing_ok=True)
    own_cache.chmod(0o555)
    try:
        assert bearoff.covered(SMALL)
    finally:
        own_cache.chmod(0o755)


def test_a_cache_of_an_older_format_is_built_again(own_cache: Path, small: Path) -> None:
    path = bearoff.default_path()
    with np.load(small) as entries:
        old = {name: entries[name] for name in ("checkers", "off", "first", "two_sided")}
    np.savez(path, format=np.array("tavla-bearoff-2"), sha256=np.array(""), **old)
    database = bearoff.database()
    assert database.cubeful and database.checkers == bearoff.DEFAULT_CHECKERS
    assert bearoff.load(path).cubeful


def test_set_default(small: Path) -> None:
    bearoff.set_default(small)
    assert bearoff.database().checkers == 1
    assert not bearoff.covered(SMALL)
    bearoff.set_default(None)
    assert bearoff.covered(SMALL)
    assert bearoff.database().checkers == bearoff.DEFAULT_CHECKERS


def test_processes_starting_at_once_build_it_once(own_cache: Path) -> None:
    script = (
        "from tavla.eval import bearoff; import numpy as np; "
        "print(bearoff.probabilities(np.array(" + repr(SMALL.tolist()) + "))[0])"
    )
    runs = [
        subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    outputs = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0]
    assert len(set(outputs)) == 1
    assert sorted(p.name for p in own_cache.iterdir()) == ["bearoff-6.npz", "bearoff-6.npz.lock"]
    bearoff.load(bearoff.default_path())


@fuzz_settings(12)
@given(data=st.data())
def test_fuzz_damaged_database_files(
    small: Path, tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    """bearoff.load reads a damaged file or raises EvaluatorError, nothing else (issue 18):
    the edits fall in its small members and headers (first) and its central directory."""
    damaged_file = data.draw(fuzz.damaged(small.read_bytes(), focus=(2_000, 1_500)))
    folder = tmp_path_factory.mktemp("fuzz")
    fuzz.read_or_refuse(bearoff.load, damaged_file, EvaluatorError, folder / "bearoff.npz")


def test_an_unusable_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache "folder" that is a file: the databases are built in memory, with a warning."""
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    monkeypatch.setenv("TAVLA_CACHE_DIR", str(not_a_folder))
    bearoff.set_default(None)
    try:
        with pytest.warns(tavla.CacheWarning, match=r"cache folder .* cannot be written"):
            assert bearoff.covered(position({1: 1}, {1: 1}))
        assert bearoff.database().path is None
    finally:
        monkeypatch.undo()
        bearoff.set_default(None)


def test_database_paths(tmp_path: Path) -> None:
    with pytest.raises(EvaluatorError, match="is a folder"):
        bearoff.build(tmp_path, checkers=1)
    with pytest.raises(EvaluatorError, match="a str or a path"):
        bearoff.build(3, checkers=1)  # type: ignore[arg-type]
    with pytest.raises(EvaluatorError, match="a str or a path"):
        bearoff.load(None)  # type: ignore[arg-type]
    with pytest.raises(EvaluatorError, match="set_default takes"):
        bearoff.set_default(5)  # type: ignore[arg-type]
