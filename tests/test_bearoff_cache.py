"""The bear-off databases on disk: built ahead of time, read back, refused when damaged, built
again when the cached file is missing or corrupt, and built once when processes start at once."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from tavla import EvaluatorError
from tavla.eval import bearoff
from tests.helpers.boards import board_array

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
    with pytest.raises(EvaluatorError, match="cannot be read"):
        bearoff.load(truncated)
    with pytest.raises(EvaluatorError, match="no bear-off database"):
        bearoff.load(tmp_path / "missing.npz")
    other = tmp_path / "other.npz"
    with np.load(path) as entries:
        np.savez(other, **{**entries, "format": np.array("something-else")})
    with pytest.raises(EvaluatorError, match="not a tavla-bearoff-2 file"):
        bearoff.load(other)


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
    with pytest.raises(EvaluatorError, match=r"cubeful table must have shape \(7, 7, 3\)"):
        bearoff.load(resealed(fields, tmp_path / "bad.npz"))


def resealed(fields: dict[str, np.ndarray], path: Path) -> Path:
    """The fields written to ``path`` with their checksum made to match."""
    tables = [fields[name] for name in ("off", "first", "two_sided", "no_double")]
    np.savez(path, **{**fields, "sha256": np.array(bearoff._checksum(*tables))})
    return path


def test_a_corrupt_cache_is_built_again(own_cache: Path) -> None:
    path = bearoff.default_path()
    assert path.parent == own_cache
    path.write_bytes(b"not a database")
    database = bearoff.database()
    assert database.path == path
    assert bearoff.load(path).checkers == bearoff.DEFAULT_CHECKERS
    assert bearoff.database() is database  # once a process


def test_a_cache_of_the_format_before_cubeful_tables_is_built_again(
    own_cache: Path, small: Path
) -> None:
    path = bearoff.default_path()
    with np.load(small) as entries:
        old = {name: entries[name] for name in ("checkers", "off", "first", "two_sided")}
    np.savez(path, format=np.array("tavla-bearoff-1"), sha256=np.array(""), **old)
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
