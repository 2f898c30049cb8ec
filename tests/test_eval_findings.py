"""What a fresh user found trying to break the evaluators, each now a clear tavla error (or a
right answer): net files with a member that is no array, a depth in other digits, an unusable
cache folder, bad arguments to Net.random and the databases' paths, NumPy bools, batches."""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import tavla
from tavla import EvaluatorError, InvalidPositionError, NetError, PlayoutError, Position
from tavla.cli import main
from tavla.eval import Net, bearoff, evaluate_boards
from tests.helpers.boards import position


def test_a_member_that_is_no_array(tmp_path: Path) -> None:
    good = tmp_path / "good.npz"
    Net.random((198, 4, 5), seed=1).save(good)
    for member in ("w0.npy", "format.npy"):
        bad = tmp_path / f"bad-{member}.npz"
        with zipfile.ZipFile(good) as source, zipfile.ZipFile(bad, "w") as target:
            for item in source.namelist():
                data = b"not an npy" if item == member else source.read(item)
                target.writestr(item, data)
        with pytest.raises(NetError, match=r"is not a \.npy array|cannot be read"):
            Net.load(bad)
        result = CliRunner().invoke(main, ["eval", "4HPwATDgc/ABMA", "-e", f"net:{bad}"])
        assert result.exit_code == 2 and result.stderr.startswith("Error: ")


def test_net_paths() -> None:
    with pytest.raises(NetError, match="no net file"):
        Net.load("/nonexistent/x.npz")
    with pytest.raises(NetError, match="a str or a path"):
        Net.load(3)  # type: ignore[arg-type]


def test_a_depth_in_other_digits() -> None:
    with pytest.raises(PlayoutError, match="unknown policy"):
        tavla.selfplay("pubeval@²", 10)
    result = CliRunner().invoke(main, ["selfplay", "pubeval@²", "-n", "10"])
    assert result.exit_code == 2 and "unknown policy" in result.stderr


def test_an_unusable_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache "folder" that is a file: the databases are built in memory, with a warning
    (issue 18; this was an EvaluatorError on every evaluation before)."""
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


@pytest.mark.parametrize(
    "sizes", [(198, -3, 5), (198.0, 5), 5, (198, 0, 5), (198, 10**12, 5), (198,), "198"]
)
def test_net_random_refuses_bad_sizes(sizes: object) -> None:
    with pytest.raises(NetError, match="sizes must be"):
        Net.random(sizes)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", ["x", -1, 2**64, True])
def test_net_random_refuses_bad_seeds(seed: object) -> None:
    with pytest.raises(NetError, match="seed must be"):
        Net.random((198, 5), seed=seed)  # type: ignore[arg-type]


def test_database_paths(tmp_path: Path) -> None:
    with pytest.raises(EvaluatorError, match="is a folder"):
        bearoff.build(tmp_path, checkers=1)
    with pytest.raises(EvaluatorError, match="a str or a path"):
        bearoff.build(3, checkers=1)  # type: ignore[arg-type]
    with pytest.raises(EvaluatorError, match="a str or a path"):
        bearoff.load(None)  # type: ignore[arg-type]
    with pytest.raises(EvaluatorError, match="set_default takes"):
        bearoff.set_default(5)  # type: ignore[arg-type]


def test_numpy_bools_and_batches() -> None:
    side = [0, 0, 0, 0, 0, 1]
    assert np.array_equal(
        bearoff.rolls_distribution(side, first=np.True_),  # type: ignore[arg-type]
        bearoff.rolls_distribution(side, first=True),
    )
    start = position({6: 2}, {1: 3})
    assert evaluate_boards(start.board).shape == (5,)
    assert evaluate_boards(np.stack([start.board] * 3)).shape == (3, 5)
    with pytest.raises(InvalidPositionError, match="board 0"):
        evaluate_boards(position({}, {1: 1}).board[np.newaxis])
    with pytest.raises(EvaluatorError, match="does not apply"):
        evaluate_boards(Position.initial().board, "bearoff")
