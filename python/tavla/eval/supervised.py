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
import math
import os
from collections.abc import Sequence

import numpy as np

from .. import _core
from .._run_options import RunOptions, narrowed_options
from .._validate import check_int, check_real, excerpt
from ..errors import NetError, TrainingError
from ._npz import checkpoint_path
from .classes import CLASSES
from .data import TrainingData, load_training_data
from .encoding import check_encoding, encodings, feature_groups
from .net import ACTIVATIONS, Net
from .net_set import NetSet
from .supervised_run import (
    CHECKPOINT_KIND,
    STATE_FORMAT,
    EpochRecord,
    Run,
    SupervisedResult,
    SupervisedSettings,
    state_path,
)
from .train import checked_layers

__all__ = [
    "CHECKPOINT_KIND",
    "STATE_FORMAT",
    "EpochRecord",
    "SupervisedResult",
    "SupervisedSettings",
    "state_path",
    "train_supervised",
]


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
    run = Run(trainer, net, settings, chosen, train, valid, path)
    if resume:
        run.restore()
    elif path is not None and state_path(path).exists():
        raise TrainingError(
            f"{os.fspath(state_path(path))!r} holds a run already: give resume=True to go on "
            "with it, or another checkpoint"
        )
    return run.go(bar)
