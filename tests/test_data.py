"""Training data: positions made by self-play, from matches and from disagreements, balanced and
distinct; rollout shards (their targets those of tavla.rollout with the position's seed, bear-offs
the database's), resumed runs, Ctrl-C, and files that are not what they claim."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tavla
from tavla import DataError, Position, RunOptions, RunOptionsError
from tavla.eval import Policy, bearoff, hint, nets
from tavla.eval.classes import CLASSES, classify
from tavla.eval.data import (
    Positions,
    load_positions,
    load_shard,
    load_training_data,
    save_positions,
    save_shard,
)
from tavla.replay.positions import match_positions
from tavla.sim import data_jobs, data_positions
from tavla.sim.data_positions import make_positions
from tavla.sim.data_rollouts import position_seed, roll_out_positions
from tests.helpers import npz
from tests.helpers.boards import board_array

NET = nets.default()
REALDATA = Path(__file__).parent / "data" / "realdata"


@pytest.fixture(scope="module")
def made() -> Positions:
    return make_positions(120, NET, seed=4, disagreement=0.0, progress=False)


@pytest.fixture(scope="module")
def positions_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small positions file: 9 positions of self-play and 2 bear-offs."""
    found = make_positions(9, NET, seed=2, disagreement=0.0, progress=False)
    home = np.stack([board_array({1: 2, 3: 1}, {2: 2}), board_array({6: 3}, {1: 1, 5: 2})])
    boards = np.concatenate([found.boards, home])
    positions = Positions(boards, classify(boards), np.zeros(len(boards), np.int8), {"test": True})  # type: ignore[arg-type]
    path = tmp_path_factory.mktemp("positions") / "small.npz"
    save_positions(path, positions)
    return path


def test_positions_are_distinct_balanced_and_classified(made: Positions) -> None:
    assert made.counts() == {"contact": 60, "crashed": 24, "race": 36, "bearoff": 0}
    assert len(np.unique(made.boards, axis=0)) == len(made)
    assert np.array_equal(classify(made.boards), made.classes)
    assert (made.sources == 0).all() and made.metadata["games"] > 0
    assert not (made.boards[:, :, 0] == 15).any()
    again = make_positions(120, NET, seed=4, disagreement=0.0, progress=False)
    assert np.array_equal(again.boards, made.boards)  # deterministic for the seed


def test_shares_and_starts() -> None:
    starts, failed = match_positions(sorted(REALDATA.glob("match*.txt")))
    assert not failed and len(starts) > 100
    found = make_positions(
        40,
        NET,
        shares={"contact": 1, "race": 1},
        starts=starts,
        from_starts=0.5,
        games_per_start=1,
        seed=1,
        disagreement=0.0,
        progress=False,
    )
    assert found.counts() == {"contact": 20, "crashed": 0, "race": 20, "bearoff": 0}
    from_matches = found.sources == 1
    assert from_matches.sum() == 20  # half of each class
    keys = {board.tobytes() for board in starts}
    assert all(board.tobytes() in keys for board in found.boards[from_matches])


def test_disagreements_are_the_results_of_the_best_plays_of_both_depths(made: Positions) -> None:
    rng = np.random.default_rng(3)
    found = data_positions._disagreements(made.boards[:40], NET, 1.0, 1, rng, 2)
    assert found  # at 1-ply some of forty rolls are played otherwise
    for row, roll, shallow, deep in found:
        position = Position(made.boards[row])
        best = {plies: hint(position, roll, NET, plies)[0].play.position for plies in (0, 1)}
        assert best[0] != best[1]
        assert [Position(shallow), Position(deep)] == [best[0], best[1]]


def test_disagreement_positions_come_on_top() -> None:
    found = make_positions(30, NET, seed=5, disagreement=1.0, deep_plies=1, progress=False)
    extra = found.sources == 2
    assert extra.any() and (~extra).sum() == 30
    assert len(np.unique(found.boards, axis=0)) == len(found)


def test_match_positions_of_a_file() -> None:
    path = REALDATA / "match1484923.txt"
    boards, failed = match_positions([path, REALDATA / "missing.txt"])
    assert [name for name, _ in failed] == [str(REALDATA / "missing.txt")]
    replay = tavla.replay.replay_file(path)
    expected = {
        p.position.key for g in replay.games for p in g.plays if p and not p.position.is_over
    }
    assert {board.tobytes() for board in boards} == expected
    assert len(boards) == len(expected)


def test_make_positions_refusals() -> None:
    with pytest.raises(DataError, match="shares are of the classes contact"):
        make_positions(10, NET, shares={"bearoff": 1.0})
    with pytest.raises(DataError, match="the shares must not all be 0"):
        make_positions(10, NET, shares={"race": 0})
    with pytest.raises(DataError, match="exploration must be a finite number"):
        make_positions(10, NET, exploration=2)
    with pytest.raises(DataError, match="needs a net to play"):
        make_positions(10, "bearoff")
    with pytest.raises(DataError, match=r"starts must be \(M, 2, 26\)"):
        make_positions(10, NET, starts=np.zeros((3, 26)))


def test_positions_file_round_trip(tmp_path: Path, made: Positions) -> None:
    save_positions(tmp_path / "p.npz", made)
    loaded = load_positions(tmp_path / "p.npz")
    assert np.array_equal(loaded.boards, made.boards)
    assert np.array_equal(loaded.sources, made.sources) and loaded.metadata == made.metadata


def bad_positions(**changes: object) -> dict[str, object]:
    good = {
        "format": np.array("tavla-positions-1"),
        "boards": Position.initial().board[np.newaxis],
        "classes": np.zeros(1, np.int8),
        "sources": np.zeros(1, np.int8),
        "metadata": np.array("{}"),
    }
    return npz.changed(good, **changes)


OVER = board_array({}, {6: 5})[np.newaxis]
BAD_POSITIONS = {
    "format": (bad_positions(format=np.array("tavla-rollouts-1")), "format is 'tavla-rollouts-1'"),
    "missing": (bad_positions(sources=None), "missing key 'sources'"),
    "extra": (bad_positions(notes=np.array("x")), "unknown key 'notes'"),
    "dtype": (bad_positions(boards=np.zeros((1, 2, 26), np.int64)), "boards must be int8"),
    "class": (bad_positions(classes=np.ones(1, np.int8)), "row 0 is not the class of its board"),
    "source": (bad_positions(sources=np.full(1, 7, np.int8)), "sources must be indices 0..2"),
    "invalid": (bad_positions(boards=np.zeros((1, 2, 26), np.int8)), "boards: board 0"),
    "finished": (bad_positions(boards=OVER, classes=np.full(1, 3, np.int8)), "the game is over"),
    "metadata": (bad_positions(metadata=np.array("[1]")), "metadata must be a JSON object"),
}


@pytest.mark.parametrize("case", list(BAD_POSITIONS))
def test_bad_positions_files(tmp_path: Path, case: str) -> None:
    arrays, message = BAD_POSITIONS[case]
    npz.assert_refused(tmp_path, arrays, load_positions, DataError, message)
    with pytest.raises(DataError, match="no file at"):
        load_positions(tmp_path / "none.npz")
    (tmp_path / "text.npz").write_text("no")
    with pytest.raises(DataError, match=r"is not an \.npz file"):
        load_positions(tmp_path / "text.npz")


def test_rollout_shards(tmp_path: Path, positions_file: Path) -> None:
    out = tmp_path / "rollouts"
    run = roll_out_positions(
        positions_file, out, games=36, truncate=4, shard_size=4, seed=9, threads=2, progress=False
    )
    assert (run.shards, run.written, run.skipped, run.positions) == (3, 3, 0, 11)
    assert not run.interrupted and run.cpu_seconds > 0
    assert [p.name for p in sorted(out.glob("shard-*.npz"))] == [
        "shard-00000.npz",
        "shard-00001.npz",
        "shard-00002.npz",
    ]
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["settings"]["games"] == 36 and manifest["positions"]["count"] == 11
    data = load_training_data(out)
    source = load_positions(positions_file)
    assert np.array_equal(data.index, np.arange(11)) and np.array_equal(data.boards, source.boards)
    # A rolled-out position's target is tavla.rollout's with the position's seed.
    k = 5
    alone = tavla.rollout(
        Position(source.boards[k]),
        Policy(NET),
        36,
        seed=position_seed(9, k),
        truncate=4,
        evaluator=NET,
        threads=1,
    )
    np.testing.assert_allclose(data.targets[k], alone.probabilities, atol=1e-6)
    np.testing.assert_allclose(data.std_errors[k], alone.std_errors, atol=1e-6)
    assert alone.variance_reduction
    # The two bear-offs: the database's values, exact.
    home = data.classes == CLASSES.index("bearoff")
    assert home.sum() == 2 and (data.methods[home] == 1).all() and (data.methods[~home] == 0).all()
    np.testing.assert_allclose(
        data.targets[home], bearoff.probabilities(data.boards[home]), atol=1e-6
    )
    assert not data.std_errors[home].any()
    shard, metadata = load_shard(out / "shard-00001.npz")
    assert metadata["shard"] == 1 and metadata["truncate"] == 4 and len(shard) == 4
    # Resumed: a shard lost is made again, the others are skipped, with the same targets.
    (out / "shard-00001.npz").unlink()
    again = roll_out_positions(
        positions_file, out, games=36, truncate=4, shard_size=4, seed=9, threads=1, progress=False
    )
    assert (again.written, again.skipped, again.positions) == (1, 2, 4)
    assert np.array_equal(load_training_data(out).targets, data.targets)


def test_a_folder_keeps_its_settings(tmp_path: Path, positions_file: Path, made: Positions) -> None:
    out = tmp_path / "rollouts"
    roll_out_positions(positions_file, out, games=36, truncate=2, shard_size=20, progress=False)
    with pytest.raises(DataError, match="rolled out with games = 36, not 72"):
        roll_out_positions(positions_file, out, games=72, truncate=2, shard_size=20)
    with pytest.raises(DataError, match="with truncate = 2, not 3"):
        roll_out_positions(positions_file, out, games=36, truncate=3, shard_size=20)
    other = tmp_path / "other.npz"
    save_positions(other, made)
    with pytest.raises(DataError, match="holds the rollouts of another positions file"):
        roll_out_positions(other, out, games=36, truncate=2, shard_size=20)
    with pytest.raises(DataError, match="a truncated rollout needs an evaluator"):
        roll_out_positions(positions_file, tmp_path / "x", policy="pubeval", truncate=2)
    with pytest.raises(DataError, match="variance reduction needs a policy with a net"):
        roll_out_positions(
            positions_file, tmp_path / "x", policy="pubeval", truncate=None, variance_reduction=True
        )
    (tmp_path / "file").write_text("")
    with pytest.raises(DataError, match="is a file, not a folder"):
        roll_out_positions(positions_file, tmp_path / "file")


def test_ctrl_c_keeps_the_shards_finished(
    tmp_path: Path, positions_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = 0
    real = data_jobs.rollout

    def interrupted_at_the_sixth(*args: object, **kwargs: object) -> object:
        nonlocal calls
        calls += 1
        if calls == 6:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(data_jobs, "rollout", interrupted_at_the_sixth)
    out = tmp_path / "rollouts"
    run = roll_out_positions(
        positions_file, out, games=36, truncate=2, shard_size=4, progress=False
    )
    assert run.interrupted and run.written == 1 and run.positions == 4
    assert [p.name for p in out.glob("shard-*.npz")] == ["shard-00000.npz"]
    assert not list(out.glob("*.tmp*"))


def test_shard_checks(tmp_path: Path, positions_file: Path) -> None:
    out = tmp_path / "rollouts"
    roll_out_positions(positions_file, out, games=36, truncate=2, shard_size=20, progress=False)
    data, metadata = load_shard(out / "shard-00000.npz")
    targets = data.targets.copy()
    targets[3, 1] = targets[3, 0] + 0.1  # more gammons than wins
    broken = type(data)(
        data.boards, targets, data.std_errors, data.classes, data.methods, data.index
    )
    save_shard(tmp_path / "bad.npz", broken, metadata)
    with pytest.raises(DataError, match="targets: row 3"):
        load_shard(tmp_path / "bad.npz")
    with pytest.raises(DataError, match="no file or folder at"):
        load_training_data(tmp_path / "empty")
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataError, match="no rollout shards"):
        load_training_data(tmp_path / "empty")
    with pytest.raises(DataError, match="format is 'tavla-positions-1'"):
        load_training_data(positions_file)


def test_targets_are_made_consistent() -> None:
    from tavla.eval.data import consistent

    # As a variance-reduced rollout can give: a backgammon rate above the gammon rate, a
    # gammon rate below zero, more lost gammons than losses.
    raw = [[0.6, 0.0, 1.5e-5, 0.45, 0.01], [1.0000002, -3e-6, 0.0, 0.1, 0.0]]
    assert consistent(raw).tolist() == [[0.6, 0.0, 0.0, 0.4, 0.01], [1.0, 0.0, 0.0, 0.0, 0.0]]


def test_the_data_runs_take_run_options(tmp_path: Path, positions_file: Path) -> None:
    shorthands = make_positions(9, NET, seed=2, batch=64, disagreement=0.0, progress=False)
    options = RunOptions(seed=2, batch=64, progress=False)
    found = make_positions(9, NET, disagreement=0.0, options=options)
    assert np.array_equal(found.boards, shorthands.boards)
    assert found.metadata == shorthands.metadata and found.metadata["seed"] == 2
    settings = {"games": 36, "truncate": 2, "shard_size": 20}
    by_keywords = roll_out_positions(
        positions_file, tmp_path / "a", seed=3, threads=1, progress=False, **settings
    )
    by_options = roll_out_positions(
        positions_file,
        tmp_path / "b",
        options=RunOptions(seed=3, threads=1, progress=False),
        **settings,
    )
    assert by_keywords.written == by_options.written == 1
    first, second = load_training_data(tmp_path / "a"), load_training_data(tmp_path / "b")
    assert np.array_equal(first.targets, second.targets)
    manifests = [json.loads((tmp_path / f / "manifest.json").read_text()) for f in "ab"]
    assert manifests[0] == manifests[1] and manifests[0]["settings"]["seed"] == 3


def test_the_data_runs_refuse_options_they_have_no_use_for(positions_file: Path) -> None:
    with pytest.raises(RunOptionsError, match="make_positions takes no chunk"):
        make_positions(9, NET, options=RunOptions(chunk=5))
    with pytest.raises(RunOptionsError, match="seed is given twice"):
        make_positions(9, NET, seed=1, options=RunOptions(seed=2))
    with pytest.raises(RunOptionsError, match="make_positions's progress is True, False or None"):
        make_positions(9, NET, options=RunOptions(progress=print))
    with pytest.raises(RunOptionsError, match="roll_out_positions takes no batch"):
        roll_out_positions(positions_file, "unused", options=RunOptions(batch=8))


def test_rollouts_stopped_once_both_sides_are_home(tmp_path: Path, positions_file: Path) -> None:
    out = tmp_path / "one-sided"
    run = roll_out_positions(
        positions_file,
        out,
        games=36,
        truncate=None,
        truncate_bearoff="one-sided",
        shard_size=6,
        seed=5,
        threads=1,
        progress=False,
    )
    assert (run.shards, run.written, run.positions) == (2, 2, 11)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["settings"]["truncate_bearoff"] == "one-sided"
    assert manifest["settings"]["truncate"] is None and manifest["settings"]["evaluator"] is None
    _, metadata = load_shard(out / "shard-00001.npz")
    assert metadata["truncate_bearoff"] == "one-sided"
    data = load_training_data(out)
    source = load_positions(positions_file)
    rolled = [k for k in range(len(data)) if data.classes[k] != CLASSES.index("bearoff")]
    for k in rolled[:3]:
        # Each target is tavla.rollout's with the one-sided stop and the position's seed ...
        alone = tavla.rollout(
            Position(source.boards[k]),
            Policy(NET),
            36,
            seed=position_seed(5, k),
            truncate_bearoff="one-sided",
            threads=1,
        )
        np.testing.assert_allclose(data.targets[k], alone.probabilities, atol=1e-6)
        np.testing.assert_allclose(data.std_errors[k], alone.std_errors, atol=1e-6)
        # ... which differs from the whole games' (the games are stopped).
        whole = tavla.rollout(
            Position(source.boards[k]), Policy(NET), 36, seed=position_seed(5, k), threads=1
        )
        assert not np.allclose(whole.probabilities, alone.probabilities, atol=1e-6)
    # A resumed run keeps the stop; True means "exact"; a bad value is refused.
    with pytest.raises(DataError, match="with truncate_bearoff = 'one-sided', not 'exact'"):
        roll_out_positions(
            positions_file,
            out,
            games=36,
            truncate=None,
            truncate_bearoff=True,
            shard_size=6,
            seed=5,
        )
    with pytest.raises(DataError, match="truncate_bearoff must be True, False, 'exact' or"):
        roll_out_positions(positions_file, tmp_path / "x", truncate_bearoff="two-sided")


def test_a_run_made_before_the_bearoff_stop_was_kept_resumes(
    tmp_path: Path, positions_file: Path
) -> None:
    out = tmp_path / "old"
    settings = {"games": 36, "truncate": 2, "shard_size": 6, "seed": 1, "progress": False}
    roll_out_positions(positions_file, out, **settings)  # type: ignore[arg-type]
    path = out / "manifest.json"
    manifest = json.loads(path.read_text())
    assert manifest["settings"].pop("truncate_bearoff") is None
    path.write_text(json.dumps(manifest))
    (out / "shard-00001.npz").unlink()
    again = roll_out_positions(positions_file, out, **settings)  # type: ignore[arg-type]
    assert (again.written, again.skipped) == (1, 1)
    with pytest.raises(DataError, match="with truncate_bearoff = None, not 'one-sided'"):
        roll_out_positions(positions_file, out, truncate_bearoff="one-sided", **settings)  # type: ignore[arg-type]
