"""Supervised training: the core's loss and gradient against NumPy, learning a teacher net's
probabilities, determinism, checkpoints and resume after Ctrl-C, early stopping, feature groups
left out, net sets, the command line, and the refusals."""

from __future__ import annotations

import types
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from tavla import RunOptions, RunOptionsError, TrainingError, _core
from tavla.cli import main
from tavla.eval import Net, NetSet, encode, feature_groups, train_net_set, train_supervised
from tavla.eval import supervised as supervised_module
from tavla.eval.classes import classify
from tavla.eval.data import TrainingData, save_shard
from tavla.eval.supervised import state_path
from tests.helpers.boards import stopped_boards

BOARDS = stopped_boards((4, 12, 25, 40, 70, 110), 150, seed=1)
TEACHER = Net.random((229, 12, 5), encoding="contact229", seed=7)


def taught(boards: np.ndarray, teacher: Net = TEACHER) -> TrainingData:
    """Positions whose targets are the teacher's probabilities (consistent by construction)."""
    targets = teacher.evaluate(boards).astype(np.float32)
    n = len(boards)
    return TrainingData(
        boards,
        targets,
        np.zeros_like(targets),
        classify(boards),  # type: ignore[arg-type]
        np.zeros(n, np.int8),
        np.arange(n, dtype=np.int64),
    )


DATA = taught(BOARDS)


def test_loss_and_gradient_match_numpy() -> None:
    boards, targets = np.ascontiguousarray(BOARDS[:16]), DATA.targets[:16]
    net = Net.random((229, 7, 5), encoding="contact229", activation="tanh", seed=2)
    trainer = _core.SupervisedTrainer(list(net.weights), list(net.biases), "contact229", "tanh", [])
    trainer.set_data(boards, targets)
    x = encode(boards, "contact229").astype(np.float64)
    w0, w1 = (w.astype(np.float64) for w in net.weights)
    b0, b1 = (b.astype(np.float64) for b in net.biases)
    h = np.tanh(x @ w0 + b0)
    z = h @ w1 + b1
    t = targets.astype(np.float64)
    cross_entropy = (np.logaddexp(0, z) - t * z).sum(axis=1).mean()
    entropy = -(t * np.log(t) + (1 - t) * np.log1p(-t)).sum(axis=1).mean()
    ce, divergence = trainer.loss(boards, targets, 2)
    assert ce == pytest.approx(cross_entropy, rel=1e-6)
    assert divergence == pytest.approx(cross_entropy - entropy, rel=1e-5, abs=1e-6)
    # Adam's first step moves every weight by the step size against its gradient's sign.
    dz = (1 / (1 + np.exp(-z)) - t) / 16
    g1 = h.T @ dz
    g0 = x.T @ ((dz @ w1.T) * (1 - h * h))
    trainer.train(1, 1e-3, 1e-3, 0, 0.0, 16, 0, 2)
    (weights, _), _, _ = trainer.state()
    moved = np.abs(g0) > 1e-5
    np.testing.assert_allclose(
        (weights[0] - net.weights[0])[moved], -1e-3 * np.sign(g0[moved]), atol=2e-6
    )
    np.testing.assert_allclose(weights[1] - net.weights[1], -1e-3 * np.sign(g1), atol=2e-6)


def test_a_student_learns_the_teacher() -> None:
    result = train_supervised(
        DATA,
        hidden=12,
        epochs=25,
        batch=32,
        learning_rate=3e-3,
        validation=0.1,
        patience=25,
        seed=3,
        progress=False,
    )
    first, best = result.history[0], result.history[result.best_epoch - 1]
    not_bearoffs = int((DATA.classes != 3).sum())  # bear-offs are left out unless asked for
    assert result.epochs == 25 and result.positions + result.validation_positions == not_bearoffs
    assert best.validation < 0.1 * first.validation
    assert best.training < 0.1 * first.training
    record = result.net.metadata["training"]
    assert record["kind"] == "tavla-supervised-1" and record["finished"] is True
    assert record["settings"]["classes"] == ["contact", "crashed", "race"]


def test_deterministic_for_a_seed_and_threads() -> None:
    settings = {"hidden": 6, "epochs": 2, "batch": 16, "seed": 5, "progress": False}
    one = train_supervised(DATA, threads=2, **settings).net
    again = train_supervised(DATA, threads=2, **settings).net
    other = train_supervised(DATA, threads=1, **settings).net
    assert one == again
    options = RunOptions(seed=5, threads=2, progress=False)
    assert train_supervised(DATA, hidden=6, epochs=2, batch=16, options=options).net == one
    np.testing.assert_allclose(one.weights[0], other.weights[0], atol=1e-4)  # float sums differ


def test_a_resumed_run_is_the_uninterrupted_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = {"hidden": 6, "epochs": 3, "batch": 32, "seed": 1, "progress": False, "threads": 2}
    whole = train_supervised(DATA, **settings)
    calls = 0

    class Interrupted(_core.SupervisedTrainer):  # type: ignore[misc]
        def train(self, *args: object) -> tuple[float, float]:
            nonlocal calls
            calls += 1
            if calls == 2:
                raise KeyboardInterrupt
            return super().train(*args)  # type: ignore[no-any-return]

    fake = types.SimpleNamespace(SupervisedTrainer=Interrupted)
    monkeypatch.setattr(supervised_module, "_core", fake)
    path = tmp_path / "net.npz"
    part = train_supervised(DATA, checkpoint=path, **settings)
    assert part.interrupted and 0 < part.steps < whole.steps
    assert path.exists() and state_path(path).exists()
    monkeypatch.undo()
    with pytest.raises(TrainingError, match="holds a run already: give resume=True"):
        train_supervised(DATA, checkpoint=path, **settings)
    with pytest.raises(TrainingError, match="batch is 32 in the run"):
        train_supervised(DATA, checkpoint=path, resume=True, **{**settings, "batch": 16})
    rest = train_supervised(DATA, checkpoint=path, resume=True, **settings)
    assert rest.steps == whole.steps and not rest.interrupted
    assert rest.net == whole.net and rest.history == whole.history
    assert Net.load(path) == whole.net


def test_early_stopping_keeps_the_best() -> None:
    noise = np.random.default_rng(0).random((len(BOARDS), 1)).astype(np.float32)
    targets = np.hstack([noise, np.zeros((len(BOARDS), 4), np.float32)])
    data = TrainingData(
        DATA.boards, targets, DATA.std_errors, DATA.classes, DATA.methods, DATA.index
    )
    result = train_supervised(
        data,
        hidden=64,
        epochs=60,
        batch=16,
        learning_rate=1e-2,
        validation=0.3,
        patience=2,
        seed=2,
        progress=False,
    )
    assert result.stopped_early and result.epochs == result.best_epoch + 2
    best = min(r.validation for r in result.history)
    assert result.history[result.best_epoch - 1].validation == best


def test_feature_groups_left_out_stay_zero() -> None:
    result = train_supervised(
        DATA, hidden=6, epochs=1, without=("escapes", "mobility"), progress=False
    )
    groups = feature_groups("contact229")
    w0 = result.net.weights[0]
    for name in ("escapes", "mobility"):
        assert not w0[groups[name]].any()
    assert w0[groups["pips"]].any()
    assert result.net.metadata["training"]["settings"]["without"] == ["escapes", "mobility"]
    with pytest.raises(TrainingError, match="contact229 has no feature group 'speed'"):
        train_supervised(DATA, without=("speed",))
    with pytest.raises(
        TrainingError, match=r"td198 has no feature group 'pips' \(its groups: none"
    ):
        train_supervised(DATA, encoding="td198", without=("pips",))


def test_refusals(tmp_path: Path) -> None:
    with pytest.raises(RunOptionsError, match="train_supervised takes no batch"):
        train_supervised(DATA, batch=16, options=RunOptions(batch=16))
    with pytest.raises(RunOptionsError, match="threads is given twice"):
        train_supervised(DATA, threads=1, options=RunOptions(threads=2))
    with pytest.raises(TrainingError, match="no position of the classes race"):
        train_supervised(DATA.of_classes(["contact"]), classes=("race",))
    with pytest.raises(TrainingError, match="classes must be names"):
        train_supervised(DATA, classes="contact")  # type: ignore[arg-type]
    with pytest.raises(TrainingError, match="learning_rate must be a finite number > 0"):
        train_supervised(DATA, learning_rate=0)
    with pytest.raises(TrainingError, match=r"validation must be a finite number >= 0 and <= 0\.5"):
        train_supervised(DATA, validation=0.9)
    with pytest.raises(TrainingError, match="resume needs the checkpoint"):
        train_supervised(DATA, resume=True)
    with pytest.raises(TrainingError, match="data must be TrainingData or the paths"):
        train_supervised(42)  # type: ignore[arg-type]
    pair = NetSet({"contact": TEACHER, "race": TEACHER})
    with pytest.raises(TrainingError, match="trains one net"):
        train_supervised(DATA, start=pair)


def shards(folder: Path, data: TrainingData = DATA) -> Path:
    folder.mkdir()
    save_shard(folder / "shard-00000.npz", data, {"test": True})
    return folder


def test_a_net_set_from_shards(tmp_path: Path) -> None:
    # 620 contact, 88 crashed, 42 race positions (and 10 bear-offs).
    out = tmp_path / "set"
    run = train_net_set(
        shards(tmp_path / "data"), out, hidden=6, epochs=2, min_positions=40, progress=False
    )
    assert not run.interrupted and all(run.results.values())
    loaded = Net.load(tmp_path / "set.npz")
    assert isinstance(loaded, NetSet) and loaded == run.net_set
    assert loaded.nets["race"].encoding == "race205"
    assert loaded.nets["contact"].encoding == loaded.nets["crashed"].encoding == "contact229"
    assert loaded.nets["crashed"] != loaded.nets["contact"]
    assert loaded.metadata["positions"] == {"contact": 620, "crashed": 88, "race": 42}
    again = train_net_set(
        tmp_path / "data", out, hidden=6, epochs=2, min_positions=40, progress=False, resume=True
    )
    assert again.results == {"contact": None, "crashed": None, "race": None}  # all finished
    assert again.net_set == run.net_set
    with pytest.raises(TrainingError, match="needs 100 race positions at least, the data has 42"):
        train_net_set(DATA, tmp_path / "other", min_positions=100)


def test_a_class_too_small_is_judged_by_the_contact_net(tmp_path: Path) -> None:
    run = train_net_set(
        DATA.of_classes(["contact", "race"]),
        tmp_path / "set",
        hidden=4,
        epochs=1,
        min_positions=40,
        progress=False,
    )
    assert run.results["crashed"] is None and run.net_set is not None
    assert run.net_set.nets["crashed"] is run.net_set.nets["contact"]


def test_the_command_line(tmp_path: Path) -> None:
    data = shards(tmp_path / "data")
    runner = CliRunner()
    args = [
        "train",
        str(tmp_path / "set"),
        "--supervised",
        str(data),
        "--epochs",
        "2",
        "--hidden",
        "6",
        "--min-positions",
        "40",
        "--no-progress",
    ]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("contact: 2 epochs (best ") and lines[-1] == str(
        tmp_path / "set.npz"
    )
    assert isinstance(Net.load(tmp_path / "set.npz"), NetSet)
    one = runner.invoke(
        main,
        [*args[:2], "--supervised", str(data), "--class", "race", "--epochs", "1", "--hidden", "4"],
    )
    assert one.exit_code == 0, one.output
    net = Net.load(tmp_path / "set.npz")
    assert not isinstance(net, NetSet) and net.metadata["training"]["settings"]["classes"] == [
        "race"
    ]
    bad = runner.invoke(main, [*args, "--alpha", "0.1"])
    assert (
        bad.exit_code == 2 and bad.stderr == "Error: --alpha is for TD training, not --supervised\n"
    )
    bad = runner.invoke(main, ["train", str(tmp_path / "td")])
    assert bad.exit_code == 2 and "--games is required" in bad.stderr


def test_a_set_trained_further_from_the_last_generation(tmp_path: Path) -> None:
    first = train_net_set(
        DATA, tmp_path / "one", hidden=5, epochs=1, min_positions=40, progress=False
    ).net_set
    assert first is not None
    second = train_net_set(
        DATA,
        tmp_path / "two",
        start=tmp_path / "one.npz",
        epochs=1,
        min_positions=40,
        progress=False,
    ).net_set
    assert second is not None
    for name in ("contact", "crashed", "race"):
        before, after = first.nets[name], second.nets[name]
        assert after.sizes == before.sizes and after.encoding == before.encoding
        assert after != before  # trained further
    from_one = train_net_set(
        DATA, tmp_path / "three", start=TEACHER, epochs=1, min_positions=40, progress=False
    ).net_set
    assert from_one is not None
    for name in ("contact", "crashed", "race"):  # each member starts from the one net
        member = from_one.nets[name]
        assert member.sizes == TEACHER.sizes and member.encoding == TEACHER.encoding
        assert member != TEACHER


def test_a_net_set_takes_run_options(tmp_path: Path) -> None:
    settings = {"hidden": 5, "epochs": 1, "min_positions": 40}
    by_keywords = train_net_set(DATA, tmp_path / "a", seed=3, threads=1, progress=False, **settings)
    options = RunOptions(seed=3, threads=1, progress=False)
    by_options = train_net_set(DATA, tmp_path / "b", options=options, **settings)
    assert by_options.net_set == by_keywords.net_set
    with pytest.raises(RunOptionsError, match="seed is given twice"):
        train_net_set(DATA, tmp_path / "c", seed=4, options=options, **settings)
