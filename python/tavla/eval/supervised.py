"""Supervised training of a net on rolled-out positions, in C++ with the GIL released
(:doc:`/supervised`).

The loss is the cross-entropy of each of the net's logistic outputs against its target, the
five cumulative probabilities of a rollout (the win alone for a 1-output net), averaged over a
minibatch of ``batch`` positions; it is reported less the targets' own entropy, as the
**divergence** (Kullback-Leibler, 0 when the net gives every target exactly).  Adam (Kingma
and Ba, 2015) with decoupled weight decay (Loshchilov and Hutter, 2019) takes the steps, the
step size going from ``learning_rate`` to ``learning_rate_end`` along a cosine over all the
epochs.  A share ``validation`` of the positions, drawn with the seed, is held out: after
every epoch the divergence there is measured, the best net so far kept, and training stops
early after ``patience`` epochs without a better one.

Determinism: the epochs' orders come from the seed, and with several threads each computes
the gradient of its share of a minibatch, the shares added in thread order; the weights depend
on the data, the settings, the seed and the thread count, never on timing, and a run resumed
from its state takes the steps an uninterrupted run takes.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._json import json_safe
from .._progress import progress_bar
from .._run_options import RunOptions, narrowed_options
from .._validate import check_int, check_real, excerpt
from ..errors import NetError, TrainingError
from ._npz import checkpoint_path
from .classes import CLASSES
from .data import TrainingData, load_training_data
from .encoding import check_encoding, encodings, feature_groups
from .net import ACTIVATIONS, Net
from .net_set import NetSet
from .train import checked_layers

CHECKPOINT_KIND = "tavla-supervised-1"
"""``metadata["training"]["kind"]`` of a net that :func:`train_supervised` wrote."""

STATE_FORMAT = "tavla-supervised-state-1"
"""The ``format`` of a run's state file, ``NAME.state.npz`` beside the net ``NAME.npz``."""

_CHUNK_SECONDS = 0.5


@dataclass(frozen=True)
class SupervisedSettings:
    """What decides a run's weights besides the start (kept in the net and its state; a
    resumed run must have the same): the ``classes`` trained on, the net's shape when it
    started from random weights (``encoding``, ``activation``, ``hidden``, ``outputs``,
    ``init_seed``; None for a given start net), the feature groups left out (``without``),
    ``epochs``, ``batch``, ``learning_rate`` and ``learning_rate_end``, ``weight_decay``,
    ``validation`` and ``patience``, ``seed``, ``threads`` and the SHA-256 of the data."""

    classes: tuple[str, ...]
    encoding: str
    activation: str
    hidden: tuple[int, ...]
    outputs: int
    init_seed: int | None
    without: tuple[str, ...]
    epochs: int
    batch: int
    learning_rate: float
    learning_rate_end: float
    weight_decay: float
    validation: float
    patience: int
    seed: int
    threads: int
    data_sha256: str


@dataclass(frozen=True)
class EpochRecord:
    """One epoch: its number (from 1), the training divergence of its minibatches and the
    validation divergence after it (NaN without validation positions)."""

    epoch: int
    training: float
    validation: float


@dataclass(frozen=True)
class SupervisedResult:
    """What :func:`train_supervised` did: ``net`` (the best by validation, its record in
    ``net.metadata["training"]``, ``"finished"`` there once the run has ended), ``epochs``
    finished, ``best_epoch``, ``steps`` taken in
    all, ``history`` (one :class:`EpochRecord` an epoch), ``positions`` trained on and
    ``validation_positions`` held out, ``seconds`` of this call, ``stopped_early``
    (patience ran out), ``interrupted`` (Ctrl-C), ``checkpoint`` (the net file written)."""

    net: Net
    epochs: int
    best_epoch: int
    steps: int
    history: tuple[EpochRecord, ...]
    positions: int
    validation_positions: int
    seconds: float
    stopped_early: bool
    interrupted: bool
    checkpoint: Path | None


def state_path(checkpoint: str | os.PathLike[str]) -> Path:
    """The state file of the net file ``checkpoint``: ``NAME.state.npz`` for ``NAME.npz``."""
    path = Path(checkpoint)
    return path.with_name(path.name.removesuffix(".npz") + ".state.npz")


def _data(data: object, classes: Sequence[str] | None) -> tuple[TrainingData, tuple[str, ...]]:
    if isinstance(data, TrainingData):
        found = data
    elif isinstance(data, (str, os.PathLike)):
        found = load_training_data(data)
    elif (
        isinstance(data, Sequence) and data and all(isinstance(d, (str, os.PathLike)) for d in data)
    ):
        found = load_training_data(*data)
    else:
        raise TrainingError(
            f"data must be TrainingData or the paths of rollout shards, got {excerpt(data)}"
        )
    if classes is None:
        names = tuple(name for name in CLASSES if name != "bearoff")
    else:
        if isinstance(classes, str) or not all(name in CLASSES for name in classes):
            raise TrainingError(
                f"classes must be names of {', '.join(CLASSES)}, got {excerpt(classes)}"
            )
        names = tuple(classes)
    chosen = found.of_classes(names)
    if len(chosen) == 0:
        raise TrainingError(f"the data holds no position of the classes {', '.join(names)}")
    return chosen, names


def _digest(data: TrainingData) -> str:
    digest = hashlib.sha256(data.boards.tobytes())
    digest.update(data.targets.tobytes())
    return digest.hexdigest()


def _start(
    start: Net | str | os.PathLike[str] | None,
    hidden: int | Sequence[int],
    encoding: str,
    activation: str,
    outputs: int,
    seed: int,
) -> tuple[Net, tuple[int, ...], int | None]:
    """The start net, its hidden sizes, and the seed of its weights (None when given)."""
    if start is not None:
        net = start if isinstance(start, Net) else Net.load(start)
        if isinstance(net, NetSet):
            raise TrainingError("train_supervised trains one net: start from a member of the set")
        return net, net.sizes[1:-1], None
    hidden_sizes, output_count = checked_layers(hidden, outputs)
    try:
        inputs = encodings()[check_encoding(encoding)]
        if activation not in ACTIVATIONS:
            raise NetError(f"unknown activation {excerpt(activation)}")
        shape = (inputs, *hidden_sizes, output_count)
        return (
            Net.random(shape, encoding=encoding, activation=activation, seed=seed),
            shape[1:-1],
            seed,
        )
    except NetError as exc:
        raise TrainingError(str(exc)) from None


def _frozen(encoding: str, without: Sequence[str]) -> list[int]:
    groups = feature_groups(encoding)
    if isinstance(without, str):
        without = (without,)
    unknown = [name for name in without if name not in groups]
    if unknown:
        known = ", ".join(groups) or "none"
        raise TrainingError(
            f"{encoding} has no feature group {excerpt(unknown[0])} (its groups: {known})"
        )
    return [i for name in without for i in groups[name]]


def train_supervised(
    data: TrainingData | str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    classes: Sequence[str] | None = None,
    start: Net | str | os.PathLike[str] | None = None,
    resume: bool = False,
    hidden: int | Sequence[int] = 128,
    encoding: str = "contact229",
    activation: str = "sigmoid",
    outputs: int = 5,
    without: Sequence[str] = (),
    epochs: int = 50,
    batch: int = 256,
    learning_rate: float = 1e-3,
    learning_rate_end: float = 1e-5,
    weight_decay: float = 1e-4,
    validation: float = 0.05,
    patience: int = 5,
    seed: int | None = None,
    threads: int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: bool | None = None,
    options: RunOptions | None = None,
) -> SupervisedResult:
    """Trains a net on rolled-out positions (the module docstring gives the method) and
    returns the best by validation (:class:`SupervisedResult`).

    ``data``: :class:`~tavla.eval.data.TrainingData`, or folders of rollout shards (or shard
    files); only the positions of ``classes`` are used (None: all but bear-offs).  The start:
    ``start``, a net (or its path) trained further, or a new net of ``hidden`` layer sizes,
    ``encoding``, ``activation`` and ``outputs`` with random weights drawn with ``seed``.
    ``without``: feature groups of the encoding (:func:`~tavla.eval.feature_groups`) left
    out, their inputs' weights held at zero, to measure what they are worth.

    ``checkpoint``: a path (``.npz`` added when missing) where the best net so far is
    written after every epoch, at the end and on Ctrl-C, a net file like any other, with the
    run's state beside it (:func:`state_path`); ``resume=True`` goes on with the run those
    files hold, which must have the same data and settings.  A progress bar over the steps
    shows the divergence (when ``progress``, or None and stderr is a terminal).
    ``options``: a :class:`~tavla.RunOptions` whose ``seed`` (None: 0), ``threads`` (None: 1)
    and ``progress`` these keywords are shorthands for (:ref:`run-options`); the run takes
    no ``batch`` (its own ``batch`` is the minibatch), ``client`` or ``chunk``.

    Ctrl-C stops the run after the step in progress, writes the checkpoint and returns with
    ``interrupted`` set.  Raises :class:`~tavla.TrainingError` for a bad setting, data
    without positions of the classes, or a resume whose files are missing or differ;
    :class:`~tavla.DataError` for shards that are not ones.
    """
    options, bar = narrowed_options(
        options, "train_supervised", seed=seed, threads=threads, progress=progress
    )
    seed = 0 if options.seed is None else options.seed
    chosen, names = _data(data, classes)
    net, sizes, init_seed = _start(start, hidden, encoding, activation, outputs, seed)
    frozen = _frozen(net.encoding, without)
    settings = SupervisedSettings(
        classes=names,
        encoding=net.encoding,
        activation=net.activation,
        hidden=tuple(int(h) for h in sizes),
        outputs=net.sizes[-1],
        init_seed=init_seed,
        without=tuple(without) if not isinstance(without, str) else (without,),
        epochs=check_int(epochs, "epochs", TrainingError, low=1),
        batch=check_int(batch, "batch", TrainingError, low=1, high=1 << 20),
        learning_rate=check_real(learning_rate, "learning_rate", TrainingError, 0.0, open_low=True),
        learning_rate_end=check_real(learning_rate_end, "learning_rate_end", TrainingError, 0.0),
        weight_decay=check_real(weight_decay, "weight_decay", TrainingError, 0.0),
        validation=check_real(validation, "validation", TrainingError, 0.0, 0.5),
        patience=check_int(patience, "patience", TrainingError, low=1),
        seed=seed,
        threads=check_int(options.threads or 1, "threads", TrainingError, low=1, high=256),
        data_sha256=_digest(chosen),
    )
    path = checkpoint_path(checkpoint)
    if resume and path is None:
        raise TrainingError("resume needs the checkpoint of the run to go on with")
    order = np.random.default_rng(seed).permutation(len(chosen))
    held = math.ceil(settings.validation * len(chosen)) if settings.validation > 0 else 0
    if held >= len(chosen):
        raise TrainingError(f"{len(chosen)} positions are too few to hold {held} out")
    valid, train = np.sort(order[:held]), np.sort(order[held:])
    trainer = _core.SupervisedTrainer(
        list(net.weights), list(net.biases), net.encoding, net.activation, frozen
    )
    trainer.set_data(np.ascontiguousarray(chosen.boards[train]), chosen.targets[train])
    run = _Run(trainer, net, settings, chosen, train, valid, path)
    if resume:
        run.restore()
    elif path is not None and state_path(path).exists():
        raise TrainingError(
            f"{os.fspath(state_path(path))!r} holds a run already: give resume=True to go on "
            "with it, or another checkpoint"
        )
    return run.go(bar)


def _arrays(prefix: str, weights: Sequence[Any], biases: Sequence[Any]) -> dict[str, Any]:
    arrays = {f"{prefix}.w{i}": w for i, w in enumerate(weights)}
    arrays.update({f"{prefix}.b{i}": b for i, b in enumerate(biases)})
    return arrays


class _Run:
    """One call of :func:`train_supervised`: the loop over epochs, its records and files."""

    def __init__(
        self,
        trainer: Any,
        start: Net,
        settings: SupervisedSettings,
        data: TrainingData,
        train: npt.NDArray[np.int64],
        valid: npt.NDArray[np.int64],
        path: Path | None,
    ) -> None:
        self.trainer, self.start, self.settings, self.path = trainer, start, settings, path
        self.valid_boards = np.ascontiguousarray(data.boards[valid])
        self.valid_targets = data.targets[valid]
        self.positions, self.held = len(train), len(valid)
        self.per_epoch = int(trainer.steps_per_epoch(settings.batch))
        self.history: list[EpochRecord] = []
        self.best = (list(start.weights), list(start.biases))
        self.best_epoch, self.best_loss, self.bad_epochs = 0, math.inf, 0
        self.epoch_sum, self.epoch_positions = 0.0, 0  # the epoch in progress
        self.seconds = 0.0
        self.finished = False

    def restore(self) -> None:
        assert self.path is not None
        where = state_path(self.path)
        try:
            with np.load(where, allow_pickle=False) as data:
                arrays = {key: data[key] for key in data.files}
            state = json.loads(str(arrays["state"]))
            if str(arrays["format"]) != STATE_FORMAT:
                raise KeyError("format")
        except (OSError, ValueError, KeyError) as exc:
            raise TrainingError(f"{os.fspath(where)!r} is not the state of a run: {exc}") from None
        kept = state["settings"]
        for name, value in asdict(self.settings).items():
            value = list(value) if isinstance(value, tuple) else value
            if kept.get(name) != value:
                raise TrainingError(
                    f"{name} is {excerpt(kept.get(name))} in the run of {os.fspath(where)!r}; "
                    f"a resumed run keeps its data and settings (got {excerpt(value)})"
                )
        layers = len(self.start.weights)

        def group(prefix: str) -> tuple[list[Any], list[Any]]:
            return (
                [arrays[f"{prefix}.w{i}"] for i in range(layers)],
                [arrays[f"{prefix}.b{i}"] for i in range(layers)],
            )

        try:
            self.trainer.set_state(
                *group("weights"), *group("first"), *group("second"), int(state["steps"])
            )
        except TrainingError as exc:
            raise TrainingError(f"{os.fspath(where)!r}: {exc}") from None
        self.best = group("best")
        self.history = [EpochRecord(**record) for record in state["history"]]
        self.best_epoch, self.best_loss = state["best_epoch"], state["best_loss"]
        self.bad_epochs = state["bad_epochs"]
        self.epoch_sum, self.epoch_positions = state["epoch_sum"], state["epoch_positions"]
        self.seconds = state["seconds"]

    def go(self, progress: bool | None) -> SupervisedResult:
        s = self.settings
        total = s.epochs * self.per_epoch
        interrupted = False
        stopped = self.bad_epochs >= s.patience  # a resumed run that had stopped early
        began = time.perf_counter()
        first = self.trainer.steps_done
        chunk = max(1, 2000 // s.batch)
        with progress_bar(total, progress, "training", unit="step") as update:
            while self.trainer.steps_done < total and not stopped:
                done = self.trainer.steps_done
                count = min(chunk, self.per_epoch - done % self.per_epoch)
                tick = time.perf_counter()
                try:
                    _, divergence = self.trainer.train(
                        count,
                        s.learning_rate,
                        s.learning_rate_end,
                        total,
                        s.weight_decay,
                        s.batch,
                        s.seed,
                        s.threads,
                    )
                except KeyboardInterrupt:
                    interrupted = True
                    break
                positions = sum(
                    min(s.batch, self.positions - step % self.per_epoch * s.batch)
                    for step in range(done, self.trainer.steps_done)
                )
                self.epoch_sum += divergence * positions
                self.epoch_positions += positions
                elapsed = time.perf_counter() - tick
                chunk = max(1, int(count * _CHUNK_SECONDS / max(elapsed, 1e-6)))
                if self.trainer.steps_done % self.per_epoch == 0:
                    stopped = self.end_epoch()
                if update is not None:
                    best = f", best {self.best_loss:.4f}" if self.history else ""
                    note = f"loss {self.epoch_sum / max(self.epoch_positions, 1):.4f}{best}"
                    update(self.trainer.steps_done, note)
        self.seconds += time.perf_counter() - began
        self.finished = not interrupted and (stopped or self.trainer.steps_done >= total)
        net = self.best_net()
        if self.path is not None and (interrupted or self.trainer.steps_done > first or stopped):
            self.write(net)
        return SupervisedResult(
            net=net,
            epochs=len(self.history),
            best_epoch=self.best_epoch,
            steps=int(self.trainer.steps_done),
            history=tuple(self.history),
            positions=self.positions,
            validation_positions=self.held,
            seconds=time.perf_counter() - began,
            stopped_early=stopped and len(self.history) < s.epochs,
            interrupted=interrupted,
            checkpoint=self.path,
        )

    def end_epoch(self) -> bool:
        """Records the epoch just finished; True when patience ran out."""
        s = self.settings
        training = self.epoch_sum / max(self.epoch_positions, 1)
        if self.held:
            _, validation = self.trainer.loss(self.valid_boards, self.valid_targets, s.threads)
        else:
            validation = math.nan
        self.history.append(EpochRecord(len(self.history) + 1, training, validation))
        self.epoch_sum, self.epoch_positions = 0.0, 0
        score = validation if self.held else training
        if score < self.best_loss:
            self.best_loss, self.best_epoch, self.bad_epochs = score, len(self.history), 0
            (weights, biases), _, _ = self.trainer.state()
            self.best = (list(weights), list(biases))
        else:
            self.bad_epochs += 1
        if self.path is not None:
            self.write(self.best_net())
        return self.bad_epochs >= s.patience

    def best_net(self) -> Net:
        record = {
            "kind": CHECKPOINT_KIND,
            "settings": asdict(self.settings),
            "epochs": len(self.history),
            "best_epoch": self.best_epoch,
            "steps": int(self.trainer.steps_done),
            "positions": self.positions,
            "validation_positions": self.held,
            "history": [asdict(record) for record in self.history],
            "seconds": round(self.seconds, 3),
            "finished": self.finished,
        }
        metadata = {**self.start.metadata, "training": record}
        return Net(
            *self.best,
            encoding=self.start.encoding,
            activation=self.start.activation,
            metadata=json_safe(metadata),
        )

    def write(self, net: Net) -> None:
        assert self.path is not None
        (weights, biases), (first_w, first_b), (second_w, second_b) = self.trainer.state()
        state = {
            "settings": asdict(self.settings),
            "steps": int(self.trainer.steps_done),
            "history": [asdict(record) for record in self.history],
            "best_epoch": self.best_epoch,
            "best_loss": self.best_loss,
            "bad_epochs": self.bad_epochs,
            "epoch_sum": self.epoch_sum,
            "epoch_positions": self.epoch_positions,
            "seconds": self.seconds,
        }
        arrays = {
            "format": np.array(STATE_FORMAT),
            "state": np.array(json.dumps(state)),
            **_arrays("weights", weights, biases),
            **_arrays("first", first_w, first_b),
            **_arrays("second", second_w, second_b),
            **_arrays("best", *self.best),
        }
        where = state_path(self.path)
        temporary = where.with_name(where.name + ".tmp.npz")
        np.savez(temporary, **arrays)
        os.replace(temporary, where)
        temporary = self.path.with_name(self.path.name + ".tmp.npz")
        net.save(temporary)
        os.replace(temporary, self.path)
