"""TD(λ) training (tavla.eval.train_td, _core.TdTrainer): the updates against values worked out
by hand, what training does to a net, determinism and resuming, and bad settings."""

from __future__ import annotations

import itertools
import os
import signal
import threading

import numpy as np
import pytest

import tavla
from tavla import _core
from tavla.errors import NetError, TrainingError
from tavla.eval import Net, read_checkpoint, td_errors, train_td
from tavla.sim import duel_monitor

TRAIN_SEED = 5
HELD_OUT_SEED = 2**40  # dice no training run here uses


def zero_net(hidden: tuple[int, ...] = ()) -> Net:
    """A net whose every output is 1/2 everywhere: all weights and biases 0."""
    sizes = (198, *hidden, 5)
    return Net(
        [np.zeros((a, b), np.float32) for a, b in itertools.pairwise(sizes)],
        [np.zeros(b, np.float32) for b in sizes[1:]],
    )


def positions_of_game(net: Net, seed: int) -> int:
    """T, the positions of game 0 of `seed` that `net` plays against itself."""
    trainer = _core.TdTrainer(list(net.weights), list(net.biases), "td198", "sigmoid", "auto")
    return trainer.td_errors(1, seed, 0.0)[1]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_one_game_moves_the_win_bias_as_worked_out(seed: int) -> None:
    # Every output of the zero net is 1/2, so the step of output k at s_t is
    # alpha * (G - 1/2) * 1/2 * 1/2 on its bias. The game's winner is on roll at s_{T-1},
    # s_{T-3}, ...: with lambda 1 the win target is 1 there and 0 at the loser's positions,
    # so the steps cancel in pairs and leave alpha / 8 when T is odd. With lambda 0 every
    # target but the last is the next position's 1/2 seen by the other side (1/2): only
    # s_{T-1} moves, by alpha / 8.
    net = zero_net()
    positions = positions_of_game(net, seed)
    for lam, expected in ((1.0, 0.125 * (positions % 2)), (0.0, 0.125)):
        trained = train_td(1, start=net, lambda_=lam, alpha=1.0, seed=seed, progress=False).net
        assert trained.biases[0][0] == pytest.approx(expected, abs=1e-6)
        # The lose-backgammon output of the winner's positions and of the loser's
        # positions alike has target 0 or, with lambda 0, 1/2 but at the last position:
        if lam == 0.0:
            assert trained.biases[0][4] == pytest.approx(-0.125, abs=1e-6)


def test_td_errors_of_the_zero_net() -> None:
    # With lambda 1 every target is 0 or 1 and every output 1/2: each squared error is 1/4.
    # With lambda 0 only the last position of a game has an error, (1 - 1/2)^2 for the win.
    net = zero_net((8,))
    assert td_errors(net, 10, seed=3, lambda_=1.0) == pytest.approx((0.25,) * 5)
    trainer = _core.TdTrainer(list(net.weights), list(net.biases), "td198", "sigmoid", "auto")
    errors, positions = trainer.td_errors(10, 3, 0.0)
    assert errors[0] == pytest.approx(0.25 * 10 / positions)


def test_training_lowers_the_td_error_and_beats_random() -> None:
    # The portable kernel, which every machine runs: the faster kernels round a little
    # differently, and a run this short can then take another path (some short runs stall
    # near a TD error of 0.06 for a while, whatever the kernel).
    start = Net.random((198, 20, 5), seed=3)
    before = td_errors(start, 100, seed=HELD_OUT_SEED)
    trained = train_td(4_000, start=start, seed=TRAIN_SEED, progress=False, kernel="portable").net
    after = td_errors(trained, 100, seed=HELD_OUT_SEED)
    assert sum(after) < 0.5 * sum(before)
    duel = tavla.duel(trained, "random", 400, seed=HELD_OUT_SEED, threads=1)
    assert duel.ci[0] > 1.0  # random loses most games, many of them gammons
    assert duel.ppg > tavla.duel(start, "random", 400, seed=HELD_OUT_SEED, threads=1).ppg


def test_a_resumed_run_has_the_weights_of_an_uninterrupted_one(tmp_path) -> None:
    whole = train_td(3_000, hidden=10, seed=TRAIN_SEED, progress=False).net
    part = train_td(
        1_234,
        hidden=10,
        seed=TRAIN_SEED,
        checkpoint=tmp_path / "run",
        checkpoint_every=500,
        progress=False,
    )
    assert part.checkpoint == tmp_path / "run.npz"
    net, settings, done = read_checkpoint(part.checkpoint)
    assert done == 1_234 and settings.seed == TRAIN_SEED and net == part.net
    resumed = train_td(3_000, resume=part.checkpoint, progress=False)
    assert resumed.games == 3_000 and resumed.games_this_run == 3_000 - 1_234
    assert resumed.net == whole
    assert resumed.net.metadata["training"]["games"] == 3_000


def test_two_threads_give_the_same_weights_every_time(tmp_path) -> None:
    runs = [train_td(2_048, hidden=10, threads=2, seed=1, progress=False).net for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0] != train_td(2_048, hidden=10, seed=1, progress=False).net
    # Resumed at a whole number of rounds (2 threads x 16 games), the parts play the same rounds.
    part = train_td(
        1_024, hidden=10, threads=2, seed=1, checkpoint=tmp_path / "two", progress=False
    )
    assert train_td(2_048, resume=part.checkpoint, progress=False).net == runs[0]


def test_the_step_size_schedule_is_kept() -> None:
    net = train_td(100, hidden=4, alpha=0.2, alpha_end=0.01, progress=False).net
    settings = net.metadata["training"]["settings"]
    schedule = (settings["alpha"], settings["alpha_end"], settings["schedule_games"])
    assert schedule == (0.2, 0.01, 100)
    constant = train_td(100, hidden=4, alpha=0.2, progress=False).net
    assert constant != net


def test_the_monitor_reports_duels(tmp_path) -> None:
    result = train_td(
        1_000, hidden=8, monitor=duel_monitor(games=20), monitor_every=400, progress=False
    )
    assert [games for games, _ in result.reports] == [400, 800, 1_000]
    assert all("ppg against pubeval (95% CI" in line for _, line in result.reports)


def test_ctrl_c_keeps_the_games_finished_and_writes_the_checkpoint(tmp_path) -> None:
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        result = train_td(50_000_000, hidden=8, checkpoint=tmp_path / "stop", progress=False)
    finally:
        timer.cancel()
    assert result.interrupted and 0 < result.games < 50_000_000
    net, _, done = read_checkpoint(tmp_path / "stop.npz")
    assert done == result.games and net == result.net
    # The games kept are those of an uninterrupted run of that length.
    assert train_td(done, hidden=8, progress=False).net == net


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"games": -1}, "games must be"),
        ({"games": 10, "hidden": 0}, "hidden must be"),
        ({"games": 10, "hidden": "80"}, "hidden must be"),
        ({"games": 10, "outputs": 3}, "outputs must be 1 or 5"),
        ({"games": 10, "encoding": "td199"}, "unknown encoding"),
        ({"games": 10, "lambda_": 1.5}, "lambda_ must be a finite number >= 0 and <= 1"),
        ({"games": 10, "alpha": 0}, "alpha must be a finite number > 0"),
        ({"games": 10, "alpha": float("nan")}, "alpha must be"),
        ({"games": 10, "alpha_end": -1}, "alpha_end must be"),
        ({"games": 10, "threads": 0}, "threads must be"),
        ({"games": 10, "seed": -1}, "seed must be"),
        ({"games": 10, "kernel": "sse9"}, "kernel must be one this machine runs"),
        ({"games": 10, "monitor": 3}, "monitor must be callable"),
        ({"games": 10, "checkpoint": "/no/such/folder/x"}, "no folder"),
        ({"games": 10, "checkpoint_every": 0}, "checkpoint_every must be"),
    ],
)
def test_bad_settings_are_refused(arguments: dict[str, object], message: str) -> None:
    games = arguments.pop("games")
    with pytest.raises(TrainingError, match=message):
        train_td(games, progress=False, **arguments)  # type: ignore[arg-type]


def test_resuming_checks_the_checkpoint(tmp_path) -> None:
    part = train_td(100, hidden=4, checkpoint=tmp_path / "c", progress=False)
    with pytest.raises(TrainingError, match=r"lambda_ is 0\.7 in the checkpoint"):
        train_td(200, resume=part.checkpoint, lambda_=0.5, progress=False)
    with pytest.raises(TrainingError, match="trained 100 games already"):
        train_td(50, resume=part.checkpoint, progress=False)
    with pytest.raises(TrainingError, match="start or resume, not both"):
        train_td(200, resume=part.checkpoint, start=part.net, progress=False)
    plain = tmp_path / "plain.npz"
    Net.random((198, 4, 5)).save(plain)
    with pytest.raises(TrainingError, match="not a checkpoint"):
        train_td(200, resume=plain, progress=False)
    with pytest.raises(NetError, match="no net file"):
        train_td(200, resume=tmp_path / "missing.npz", progress=False)
