"""One run of :func:`~tavla.eval.train_supervised` (:doc:`/supervised`): its settings and
result, the loop over epochs with early stopping, and the files it keeps, the net
``NAME.npz`` (the best so far) and the state ``NAME.state.npz`` a resumed run goes on from.
"""

from __future__ import annotations

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

from .._json import json_safe
from .._progress import progress_bar
from .._validate import excerpt
from ..errors import TrainingError
from .data import TrainingData
from .net import Net

CHECKPOINT_KIND = "tavla-supervised-1"
"""``metadata["training"]["kind"]`` of a net that :func:`~tavla.eval.train_supervised` wrote."""

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
    """What :func:`~tavla.eval.train_supervised` did: ``net`` (the best by validation, its record in
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


def _arrays(prefix: str, weights: Sequence[Any], biases: Sequence[Any]) -> dict[str, Any]:
    arrays = {f"{prefix}.w{i}": w for i, w in enumerate(weights)}
    arrays.update({f"{prefix}.b{i}": b for i, b in enumerate(biases)})
    return arrays


class Run:
    """One call of :func:`~tavla.eval.train_supervised`: the loop over epochs, its records
    and files."""

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
