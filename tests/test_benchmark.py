"""The strength benchmark: error rates worked by hand on decisions written here, files and
folders of shards, benchmark data made by rollouts (its candidates the search's best, their
equities the rollouts'), resumed runs, the command lines and the refusals."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import tavla
from tavla import DataError, EvaluatorError, Position, RunOptions, RunOptionsError
from tavla.cli import main
from tavla.eval import hint, nets
from tavla.eval.choice import choose_play
from tavla.eval.classes import classify
from tavla.eval.data import Positions, save_positions
from tavla.eval.strength import Benchmark, benchmark, join, load_benchmark, save_benchmark
from tavla.sim.data_benchmark import make_benchmark
from tavla.sim.data_positions import make_positions
from tavla.sim.data_rollouts import position_seed
from tests.helpers.boards import board_array

NET = nets.default()
START = Position.initial()
RACE = Position(board_array({10: 3, 8: 4, 6: 4, 5: 4}, {6: 5, 5: 5, 4: 5}))


def by_hand() -> Benchmark:
    """Two decisions: the start with 3-1 (pubeval plays 8/5 6/5, given as the second best, 30
    millipoints below the best) and a race with 6-5 whose candidates leave out pubeval's play
    (so it loses as much as the worst candidate, 100 millipoints)."""
    opening = [p.position for p in START.legal_plays("31")]
    chosen = choose_play("pubeval", START, "31").position
    others = [p for p in opening if p != chosen][:2]
    race_plays = [p.position for p in RACE.legal_plays("65")]
    race_chosen = choose_play("pubeval", RACE, "65").position
    race_others = [p for p in race_plays if p != race_chosen][:2]
    candidates = [others[0], chosen, others[1], *race_others]
    boards = np.stack([START.board, RACE.board])
    return Benchmark(
        boards=boards,
        dice=np.array([[3, 1], [6, 5]], np.int8),
        classes=classify(boards),  # type: ignore[arg-type]
        offsets=np.array([0, 3, 5], np.int64),
        candidates=np.stack([c.board for c in candidates]),
        equities=np.array([0.10, 0.07, -0.20, 0.5, 0.4], np.float32),
        std_errors=np.zeros(5, np.float32),
        metadata={"made": "by hand"},
    )


def test_error_rates_by_hand() -> None:
    result = benchmark("pubeval", data=by_hand())
    contact, race = result.scores["contact"], result.scores["race"]
    assert contact.decisions == 1 and contact.error_rate == pytest.approx(30, abs=1e-3)
    assert contact.best == 0 and contact.outside == 0
    assert race.error_rate == pytest.approx(100, abs=1e-3) and race.outside == 1
    assert result.overall.decisions == 2 and result.overall.error_rate == pytest.approx(
        65, abs=1e-3
    )
    assert result.overall.std_error == pytest.approx(
        1000 * np.std([0.03, 0.1], ddof=1) / np.sqrt(2), rel=1e-4
    )
    assert result.evaluator == "pubeval" and result.plies == 0


def test_files_and_folders(tmp_path: Path) -> None:
    bench = by_hand()
    save_benchmark(tmp_path / "one.npz", bench)
    loaded = load_benchmark(tmp_path / "one.npz")
    assert np.array_equal(loaded.candidates, bench.candidates) and loaded.metadata == bench.metadata
    folder = tmp_path / "shards"
    folder.mkdir()
    save_benchmark(folder / "bench-00000.npz", bench)
    save_benchmark(folder / "bench-00001.npz", bench)
    both = load_benchmark(folder)
    assert len(both) == 4 and both.offsets.tolist() == [0, 3, 5, 8, 10]
    assert join([bench, bench]).offsets.tolist() == both.offsets.tolist()
    assert benchmark("pubeval", data=folder).overall.error_rate == pytest.approx(65, abs=1e-3)


def test_bad_files(tmp_path: Path) -> None:
    bench = by_hand()
    save_benchmark(
        tmp_path / "b.npz", Benchmark(**{**bench.__dict__, "offsets": np.array([0, 5, 5])})
    )
    with pytest.raises(DataError, match="offsets must go up from 0"):
        load_benchmark(tmp_path / "b.npz")
    save_benchmark(
        tmp_path / "b.npz",
        Benchmark(**{**bench.__dict__, "dice": np.array([[0, 1], [6, 5]], np.int8)}),
    )
    with pytest.raises(DataError, match="dice must be 1 to 6"):
        load_benchmark(tmp_path / "b.npz")
    with pytest.raises(DataError, match="no benchmark shards"):
        load_benchmark(tmp_path)
    with pytest.raises(EvaluatorError, match="plays at 0-ply only"):
        benchmark("pubeval", 1, data=bench)
    with pytest.raises(EvaluatorError, match="plies must be an int from 0 to 3"):
        benchmark(NET, 4, data=bench)


def test_benchmark_data_from_rollouts(tmp_path: Path) -> None:
    made = make_positions(8, NET, seed=21, disagreement=0, progress=False)
    home = board_array({1: 2, 2: 2}, {3: 1})
    boards = np.concatenate([made.boards, home[np.newaxis]])
    positions = Positions(boards, classify(boards), np.zeros(len(boards), np.int8), {})  # type: ignore[arg-type]
    save_positions(tmp_path / "p.npz", positions)
    exclude = Positions(boards[:1], classify(boards[:1]), np.zeros(1, np.int8), {})  # type: ignore[arg-type]
    save_positions(tmp_path / "x.npz", exclude)
    settings = {
        "games": 36,
        "truncate": 3,
        "plies": 1,
        "top": 3,
        "seed": 4,
        "shard_size": 3,
        "threads": 1,
        "progress": False,
    }
    run = make_benchmark(
        tmp_path / "p.npz", tmp_path / "b", exclude=(tmp_path / "x.npz",), **settings
    )
    assert (run.shards, run.written, run.decisions) == (3, 3, 7)  # the bear-off and one excluded
    bench = load_benchmark(tmp_path / "b")
    assert len(bench) <= 7 and not (bench.classes == 3).any()
    assert not any(b.tobytes() == boards[0].tobytes() for b in bench.boards)
    for d in range(len(bench)):
        position, roll = Position(bench.boards[d]), tuple(int(x) for x in bench.dice[d])
        ranked = hint(position, roll, NET, 1)[:3]  # searched first, then by 0-ply equity
        rows = range(bench.offsets[d], bench.offsets[d + 1])
        assert [Position(bench.candidates[r]) for r in rows] == [r.play.position for r in ranked]
    d = 0
    index = int(np.flatnonzero((boards == bench.boards[d]).all(axis=(1, 2)))[0])
    first = Position(bench.candidates[bench.offsets[d]])
    alone = tavla.rollout(
        first,
        tavla.eval.Policy(NET),
        36,
        seed=position_seed(4, index),
        truncate=3,
        evaluator=NET,
        threads=1,
    )
    assert bench.equities[bench.offsets[d]] == pytest.approx(-alone.equity, abs=1e-6)
    # The same run with its seed, threads and progress as RunOptions: the same settings.
    options = RunOptions(seed=4, threads=1, progress=False)
    kept = {k: v for k, v in settings.items() if k not in ("seed", "threads", "progress")}
    again = make_benchmark(
        tmp_path / "p.npz", tmp_path / "b", exclude=(tmp_path / "x.npz",), options=options, **kept
    )
    assert (again.written, again.skipped) == (0, 3)
    with pytest.raises(RunOptionsError, match="make_benchmark takes no client"):
        make_benchmark(tmp_path / "p.npz", tmp_path / "b", options=RunOptions(client=object()))
    with pytest.raises(DataError, match="holds a benchmark made otherwise"):
        make_benchmark(tmp_path / "p.npz", tmp_path / "b", **{**settings, "top": 4})
    manifest = json.loads((tmp_path / "b" / "manifest.json").read_text())
    assert manifest["settings"]["top"] == 3
    # A folder made before the bear-off stop was a setting resumes as one without it.
    assert manifest["settings"].pop("truncate_bearoff") is None
    (tmp_path / "b" / "manifest.json").write_text(json.dumps(manifest))
    again = make_benchmark(
        tmp_path / "p.npz", tmp_path / "b", exclude=(tmp_path / "x.npz",), **settings
    )
    assert (again.written, again.skipped) == (0, 3)
    with pytest.raises(DataError, match="holds a benchmark made otherwise"):
        make_benchmark(tmp_path / "p.npz", tmp_path / "b", truncate_bearoff="one-sided", **settings)
    # At 1-ply the net plays each decision's first candidate: it loses the rollouts' best less
    # that one's equity.
    losses = [
        bench.equities[a:b].max() - bench.equities[a] for a, b in itertools.pairwise(bench.offsets)
    ]
    score = benchmark(NET, 1, data=tmp_path / "b")
    assert score.overall.error_rate == pytest.approx(1000 * np.mean(losses), abs=1e-3)
    assert score.overall.outside == 0


def test_the_command_lines(tmp_path: Path) -> None:
    save_benchmark(tmp_path / "b.npz", by_hand())
    result = CliRunner().invoke(main, ["benchmark", "pubeval", "--data", str(tmp_path / "b.npz")])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "pubeval at 0-ply:"
    assert lines[2].split()[:3] == ["contact", "1", "30.0"]
    assert lines[-1].split()[:3] == ["overall", "2", "65.0"]
    as_json = CliRunner().invoke(
        main, ["benchmark", "pubeval", "--data", str(tmp_path / "b.npz"), "--json"]
    )
    record = json.loads(as_json.stdout)[0]
    assert record["classes"]["race"]["outside"] == 1.0
    bad = CliRunner().invoke(main, ["benchmark", "net:nope", "--data", str(tmp_path / "b.npz")])
    assert bad.exit_code == 2 and "no net file at 'nope'" in bad.stderr


def test_the_shipped_benchmark_says_how_it_was_made() -> None:
    shipped = load_benchmark()
    assert shipped.metadata["kind"] == "tavla benchmark" and shipped.metadata["pilot"] is True
    assert shipped.counts() == {**shipped.metadata["classes"], "bearoff": 0}
    assert len(shipped) == shipped.metadata["decisions"] == 90
    # The top 5 plays of every decision rolled out (all of them when there are fewer).
    for d, count in enumerate(np.diff(shipped.offsets)):
        plays = Position(shipped.boards[d]).legal_plays(tuple(int(x) for x in shipped.dice[d]))
        assert count == min(5, len(plays)) >= 2
