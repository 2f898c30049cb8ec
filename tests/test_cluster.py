"""Runs split into chunks on a Dask cluster (a LocalCluster of two worker processes) give
exactly the games of a run on one machine: self-play, duels, rollouts (rotated, ranked,
truncated), Python policies; chunk errors and interrupted chunks; `--scheduler` on the CLI."""

from __future__ import annotations

import importlib
import json
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import cloudpickle
import numpy as np
import pytest
from click.testing import CliRunner

import tavla
from tavla import PlayoutError, Position
from tavla.cli import main
from tavla.sim import cluster
from tavla.sim.playout import PlayoutResults, play_games
from tavla.sim.run_checks import GamePlan

distributed = pytest.importorskip("distributed")

FIELDS = ("winner", "kind", "first", "plies")


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as local_cluster,
        distributed.Client(local_cluster) as dask_client,
    ):
        yield dask_client


def chunk_here(
    policy: object, first: int, count: int, *, seed: int, batch: int, check: object = None
) -> PlayoutResults:
    """What a worker plays of a cubeless self-play run from the start: games
    ``first .. first + count - 1`` of ``seed``'s on one thread, until ``check`` stops it."""
    results = tavla.sim.playout_here.play_here(
        policy,
        policy,
        count,
        first,
        plan=GamePlan(),
        seed=seed,
        threads=1,
        batch=batch,
        progress=False,
        check=check,
    )
    assert isinstance(results, PlayoutResults)
    return results


def assert_same_games(x: PlayoutResults, y: PlayoutResults) -> None:
    for field in FIELDS:
        assert np.array_equal(getattr(x, field), getattr(y, field)), field
    assert x.interrupted == y.interrupted


@pytest.mark.parametrize("chunk", [None, 1000, 333, 5000])
def test_selfplay_on_the_cluster_plays_the_same_games(
    client: distributed.Client, chunk: int | None
) -> None:
    here = tavla.selfplay(("pubeval", "random"), 3000, seed=21)
    there = tavla.selfplay(("pubeval", "random"), 3000, seed=21, client=client, chunk=chunk)
    assert_same_games(here, there)


def test_nets_and_the_bearoff_database_on_the_cluster(client: distributed.Client) -> None:
    """A net is sent by its weights; the workers load the bear-off database themselves."""
    net = tavla.eval.Net.random((198, 16, 5), seed=2)
    for policy, games in ((net, 100), (tavla.eval.Policy(net, plies=1), 6), ("bearoff", 600)):
        here = tavla.selfplay(policy, games, seed=8)
        there = tavla.selfplay(policy, games, seed=8, client=client, chunk=games // 3)
        assert_same_games(here, there)
    start = Position.from_position_id("4HPwATDgc/ABMA")
    local = tavla.rollout(start, net, 200, truncate=3, evaluator=net, seed=2)
    spread = tavla.rollout(start, net, 200, truncate=3, evaluator=net, seed=2, client=client)
    assert np.array_equal(local.probabilities, spread.probabilities)


def test_cube_play_on_the_cluster_plays_the_same_games_and_matches(
    client: distributed.Client,
) -> None:
    net = tavla.eval.Net.random((198, 16, 5), seed=3)
    here = tavla.selfplay((net, "pubeval"), 120, seed=9, cubeful=True)
    there = tavla.selfplay((net, "pubeval"), 120, seed=9, cubeful=True, client=client, chunk=50)
    assert_same_games(here, there)
    assert np.array_equal(here.scored, there.scored) and np.array_equal(here.cube, there.cube)
    local = tavla.sim.play_matches(net, "pubeval", 30, 3, seed=9)
    spread = tavla.sim.play_matches(net, "pubeval", 30, 3, seed=9, client=client, chunk=7)
    assert np.array_equal(local.score, spread.score) and np.array_equal(local.games, spread.games)
    assert_same_games(local.game_results, spread.game_results)


def test_default_chunk_gives_every_worker_thread_four() -> None:
    class TwoWorkers:
        def nthreads(self) -> dict[str, int]:
            return {"tcp://a": 2, "tcp://b": 1}

    assert cluster.default_chunk(TwoWorkers(), 1200) == 100  # type: ignore[arg-type]
    assert cluster.default_chunk(TwoWorkers(), 5) == 1  # type: ignore[arg-type]


def test_duplicate_duel_on_the_cluster(client: distributed.Client) -> None:
    here = tavla.duel("pubeval", "random", 2000, seed=4)
    there = tavla.duel("pubeval", "random", 2000, seed=4, client=client, chunk=301)
    assert_same_games(here.results, there.results)
    assert (there.ppg, there.ci, there.games) == (here.ppg, here.ci, here.games)


def test_rotated_and_ranked_rollouts_on_the_cluster(client: distributed.Client) -> None:
    position = Position.from_position_id("4HPwATDgc/ABMA")
    here = tavla.rollout(position, "pubeval", 1296, dice="31", seed=2)
    there = tavla.rollout(position, "pubeval", 1296, dice="31", seed=2, client=client, chunk=200)
    assert [(r.play, r.equity, r.equity_std_error, r.games) for r in here] == [
        (r.play, r.equity, r.equity_std_error, r.games) for r in there
    ]


def test_truncated_rollout_on_the_cluster_keeps_the_last_boards(
    client: distributed.Client,
) -> None:
    here = play_games("random", "random", 500, seed=9, rotate=1, truncate=12)
    there = play_games(
        "random", "random", 500, seed=9, rotate=1, truncate=12, client=client, chunk=77
    )
    assert_same_games(here, there)
    assert np.array_equal(here.on_roll, there.on_roll)
    assert np.array_equal(here.final_boards, there.final_boards)


def test_a_python_policy_is_sent_to_the_workers(client: distributed.Client) -> None:
    weights = np.random.default_rng(1).normal(size=52)

    def linear(candidates: np.ndarray) -> np.ndarray:  # a closure: cloudpickle sends it
        return candidates.reshape(len(candidates), 52) @ weights

    here = tavla.selfplay(linear, 200, seed=3)
    there = tavla.selfplay(linear, 200, seed=3, client=client, chunk=64)
    assert_same_games(here, there)


def test_an_error_in_a_chunk_is_raised_here(client: distributed.Client) -> None:
    def too_few_scores(candidates: np.ndarray) -> np.ndarray:
        return np.zeros(len(candidates) - 1)

    with pytest.raises(PlayoutError, match="must return"):
        tavla.selfplay(too_few_scores, 100, client=client, chunk=10)


def test_bad_arguments_are_refused_before_anything_is_sent(client: distributed.Client) -> None:
    with pytest.raises(PlayoutError, match="chunk must be at least 1 game"):
        tavla.selfplay("random", 100, client=client, chunk=0)
    with pytest.raises(PlayoutError, match=r"chunk must be an int >= 0, got 2\.0"):
        tavla.selfplay("random", 100, client=client, chunk=2.0)  # type: ignore[arg-type]
    with pytest.raises(PlayoutError, match="chunk is the games per Dask task: it needs a client"):
        tavla.selfplay("random", 100, chunk=10)
    for threads in (-2, 0, False):
        with pytest.raises(PlayoutError, match="threads must be an int from 1 to 1024"):
            tavla.selfplay("random", 100, client=client, threads=threads)
    with pytest.raises(PlayoutError, match="unknown policy"):
        tavla.selfplay("wildbg", 100, client=client)


def test_a_policy_that_does_not_pickle_is_named(client: distributed.Client) -> None:
    class Locked:
        def __init__(self) -> None:
            self.lock = threading.Lock()

        def __call__(self, candidates: np.ndarray) -> np.ndarray:
            return np.zeros(len(candidates))

        def __repr__(self) -> str:
            return "Locked()"

    with pytest.raises(PlayoutError, match=r"must pickle, and Locked\(\) does not: TypeError"):
        tavla.selfplay(Locked(), 100, client=client)
    assert tavla.selfplay(Locked(), 10).games == 10  # on one machine it needs no pickling


def test_an_interrupted_chunk_ends_the_games_kept(client: distributed.Client) -> None:
    def stopped_in_the_third_chunk(first: int, count: int, stop: str) -> PlayoutResults:
        games = play_games("random", "random", count, seed=5, first_game=first)
        if first == 200:
            kept = slice(0, 40)
            return replace(
                games,
                winner=games.winner[kept],
                kind=games.kind[kept],
                first=games.first[kept],
                plies=games.plies[kept],
                interrupted=True,
            )
        return games

    parts, interrupted = cluster.play_chunks(
        client, stopped_in_the_third_chunk, 500, 100, progress=False
    )
    assert interrupted and [part.games for part in parts] == [100, 100, 40]
    joined = PlayoutResults.joined(parts, interrupted, truncated=False)
    whole = play_games("random", "random", 240, seed=5)
    assert all(np.array_equal(getattr(joined, f), getattr(whole, f)) for f in FIELDS)


def test_an_error_in_one_chunk_stops_the_chunks_still_running(
    client: distributed.Client,
) -> None:
    # Chunk 0 fails at once; chunk 1 would play 10**9 games: only the stop event ends it. It
    # reports what it played through a Dask variable, as its own result is cancelled.
    report = distributed.Variable("stopped-chunk", client=client)

    def failing_or_endless(first: int, count: int, stop: str) -> PlayoutResults:
        if first == 0:
            time.sleep(1)  # let chunk 1 start before the run is stopped
            raise ValueError("chunk 0 fails")
        games = chunk_here("random", first, 10**9, seed=1, batch=1, check=cluster.stop_check(stop))
        distributed.Variable("stopped-chunk").set((games.games, games.interrupted))
        return games

    with pytest.raises(ValueError, match="chunk 0 fails"):
        cluster.play_chunks(client, failing_or_endless, 2, 1, progress=False)
    played, interrupted = report.get(timeout=60)
    assert interrupted and 0 < played < 10**9


def test_scheduler_option_on_the_command_line(client: distributed.Client) -> None:
    def run(*extra: str) -> dict[str, object]:
        arguments = ["selfplay", "pubeval", "random", "--games", "700", "--seed", "8", "--json"]
        result = CliRunner().invoke(main, [*arguments, *extra])
        assert result.exit_code == 0, result.output
        record: dict[str, object] = json.loads(result.stdout)
        del record["games_per_second"]
        return record

    assert run("--scheduler", client.scheduler.address, "--chunk", "90") == run()


def test_no_scheduler_at_the_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    result = CliRunner().invoke(
        main, ["duel", "random", "random", "--scheduler", "tcp://127.0.0.1:9", "--games", "10"]
    )
    assert result.exit_code == 2
    assert "Error: no Dask scheduler answers at 'tcp://127.0.0.1:9'" in result.stderr


def test_clients_connected_one_after_another(client: distributed.Client) -> None:
    for _ in range(3):
        connected = cluster.connect(client.scheduler.address)
        assert connected.status == "running" and connected.nthreads() == client.nthreads()
        connected.close()


@pytest.mark.parametrize("address", ["nonsense", "", "ucx://1.2.3.4:1"])
def test_a_bad_address_is_a_clear_error(address: str) -> None:
    with pytest.raises(PlayoutError, match="no Dask scheduler answers at"):
        cluster.connect(address)


def test_a_listener_that_never_answers_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    with socket.create_server(("127.0.0.1", 0)) as silent:
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        expected = r"answers at .*: TimeoutError: no answer within 0\.5 s"
        with pytest.raises(PlayoutError, match=expected):
            cluster.connect(address)


def test_without_dask_installed_the_error_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(PlayoutError, match=r'pip install "tavla\[dask\]"'):
        cluster.connect("tcp://127.0.0.1:9")


def test_progress_bar_counts_the_chunks_done(
    client: distributed.Client, capsys: pytest.CaptureFixture[str]
) -> None:
    tavla.selfplay("random", 600, client=client, chunk=100, progress=True)
    assert "600/600" in capsys.readouterr().err


def test_a_policy_from_a_module_the_workers_lack_goes_by_value(
    client: distributed.Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "my_policy_module.py").write_text(
        "import numpy as np\n\n"
        "def fewest_blots(candidates):\n"
        "    return -(candidates[:, 1, 1:25] == 1).sum(axis=1).astype(float)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))  # here only: the workers cannot import it
    module = importlib.import_module("my_policy_module")
    cloudpickle.register_pickle_by_value(module)
    try:
        here = tavla.selfplay(module.fewest_blots, 100, seed=2)
        there = tavla.selfplay(module.fewest_blots, 100, seed=2, client=client, chunk=30)
    finally:
        cloudpickle.unregister_pickle_by_value(module)
    assert_same_games(here, there)


def test_a_client_that_cannot_run_the_games(client: distributed.Client) -> None:
    with pytest.raises(PlayoutError, match=r"client must be a distributed\.Client, got str"):
        tavla.selfplay("random", 10, client="tcp://127.0.0.1:8786")  # type: ignore[arg-type]

    class ClosedClient(distributed.Client):  # a second real client here can hang on start
        status = "closed"

        def __init__(self) -> None:
            pass

        def __del__(self) -> None:
            pass

    with pytest.raises(PlayoutError, match=r"the Dask client is not running \(its status: closed"):
        tavla.selfplay("random", 10, client=ClosedClient())


def test_a_run_cancelled_from_outside_is_an_error(client: distributed.Client) -> None:
    def cancel_own_task(first: int, count: int, stop: str) -> PlayoutResults:
        own = distributed.Future(distributed.get_worker().get_current_task())
        distributed.get_client().cancel([own], force=True)  # for every client: the run's too
        time.sleep(2)  # cancelled meanwhile: what it returns is not awaited
        return play_games("random", "random", count, first_game=first)

    with pytest.raises(PlayoutError, match="the Dask run was cancelled"):
        cluster.play_chunks(client, cancel_own_task, 1, 1, progress=False)


def test_ctrl_c_keeps_the_games_a_running_chunk_finished(
    client: distributed.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Chunk 0 ends after a second; chunk 1, slow (its policy sleeps before it answers), is
    # still running when Ctrl-C comes (at the first progress update): it stops, and the games
    # it finished are kept. Sleeping changes no choice: the games are those played here.
    weights = np.random.default_rng(5).integers(1, 2**20, size=52)

    def scores(candidates: np.ndarray) -> np.ndarray:  # plays like random: a hash of each
        keys = candidates.reshape(len(candidates), 52).astype(np.int64) @ weights
        return ((keys * 2654435761) % 1_000_003).astype(np.float64)

    def slow(candidates: np.ndarray) -> np.ndarray:
        time.sleep(0.002)
        return scores(candidates)

    def play(first: int, count: int, stop: str) -> PlayoutResults:
        if first == 0:
            time.sleep(1)
            return chunk_here(scores, first, count, seed=4, batch=64)
        return chunk_here(slow, first, count, seed=4, batch=1, check=cluster.stop_check(stop))

    @contextmanager
    def interrupting_bar(total: int, enabled: bool | None, label: str) -> Iterator[object]:
        def update(done: int) -> None:
            raise KeyboardInterrupt

        yield update

    monkeypatch.setattr(cluster, "progress_bar", interrupting_bar)
    parts, interrupted = cluster.play_chunks(client, play, 400, 200, progress=True)
    assert interrupted and len(parts) == 2 and parts[1].interrupted
    assert parts[0].games == 200 and 0 < parts[1].games < 200
    joined = PlayoutResults.joined(parts, interrupted, truncated=False)
    here = chunk_here(scores, 0, joined.games, seed=4, batch=64)
    assert all(np.array_equal(getattr(joined, f), getattr(here, f)) for f in FIELDS)


def test_rollout_data_on_the_cluster_is_the_data_made_here(
    client: distributed.Client, tmp_path: Path
) -> None:
    from tavla.eval.data import load_training_data, save_positions
    from tavla.sim.data_positions import make_positions
    from tavla.sim.data_rollouts import roll_out_positions

    save_positions(tmp_path / "p.npz", make_positions(10, seed=8, disagreement=0, progress=False))
    settings = {"games": 36, "truncate": 3, "shard_size": 4, "seed": 2, "progress": False}
    here = roll_out_positions(tmp_path / "p.npz", tmp_path / "here", threads=1, **settings)
    there = roll_out_positions(tmp_path / "p.npz", tmp_path / "there", client=client, **settings)
    assert (here.written, there.written, there.positions) == (3, 3, 10)
    a, b = load_training_data(tmp_path / "here"), load_training_data(tmp_path / "there")
    assert np.array_equal(a.targets, b.targets) and np.array_equal(a.index, b.index)
