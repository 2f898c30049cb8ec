"""Supervised training of a whole net set (:doc:`/supervised`): a net per position class, each
trained by :func:`~tavla.eval.train_supervised` on the positions of its class, then put together
as a :class:`~tavla.eval.NetSet`."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._run_options import RunOptions, run_options
from .._validate import check_int, excerpt
from ..errors import TrainingError
from .classes import CLASSES
from .data import TrainingData, load_training_data
from .net import Net
from .net_set import NetSet
from .supervised import SupervisedResult, state_path, train_supervised

ENCODINGS = {"contact": "contact229", "crashed": "contact229", "race": "race205"}
"""The encoding of each class's net unless told."""

TRAINED = ("contact", "crashed", "race")
"""The classes a net set trains a net for (bear-offs: the race net, where the database is
not used)."""


@dataclass(frozen=True)
class NetSetResult:
    """What :func:`train_net_set` did: ``net_set`` (written to ``path``), each class's
    :class:`~tavla.eval.SupervisedResult` (None for a class too small, judged by the contact
    net, or one finished by an earlier call), and ``interrupted``."""

    net_set: NetSet | None
    path: Path
    results: dict[str, SupervisedResult | None]
    interrupted: bool


def member_path(path: str | os.PathLike[str], name: str) -> Path:
    """Where the net of class ``name`` of the set at ``path`` is trained: ``NAME.contact.npz``
    for ``NAME.npz``."""
    out = Path(path)
    return out.with_name(f"{out.name.removesuffix('.npz')}.{name}.npz")


def train_net_set(
    data: TrainingData | str | os.PathLike[str],
    path: str | os.PathLike[str],
    *,
    encodings: Mapping[str, str] | None = None,
    start: Net | str | os.PathLike[str] | None = None,
    min_positions: int = 200,
    resume: bool = False,
    options: RunOptions | None = None,
    **settings: Any,
) -> NetSetResult:
    """Trains a net for each of the contact, crashed and race positions of ``data`` (each
    with :func:`~tavla.eval.train_supervised` and ``settings``, its checkpoint at
    :func:`member_path`) and writes the :class:`~tavla.eval.NetSet` of them to ``path``
    (``.npz`` added when missing).  ``encodings``: of each class's net (:data:`ENCODINGS`
    unless told); ``start``: a net set (or its path) whose members are trained further, each
    on its class (the next generation from the last), or one net (say a TD-trained one) that
    each class's net starts from; the start's encodings are kept.  A class with
    fewer than ``min_positions`` positions gets no net of its own: the contact net judges
    the crashed ones (contact and race must have enough).

    ``resume=True`` goes on: a member whose run finished is read back, one with a state goes
    on, the others start.  Ctrl-C stops the member in training (its checkpoint written) and
    returns with ``interrupted`` and no set.  ``options``: a :class:`~tavla.RunOptions`
    for every member, whose shorthands ``seed``, ``threads`` and ``progress`` may come among
    ``settings`` (:ref:`run-options`).  Raises :class:`~tavla.TrainingError` as
    :func:`~tavla.eval.train_supervised` does, and for too few positions of a class."""
    shorthands = {name: settings.pop(name, None) for name in ("seed", "threads", "progress")}
    options = run_options(options, **shorthands)
    found = data if isinstance(data, TrainingData) else load_training_data(data)
    out = Path(path)
    if out.suffix != ".npz":
        out = out.with_name(out.name + ".npz")
    chosen = dict(ENCODINGS)
    for name, encoding in (encodings or {}).items():
        if name not in chosen:
            raise TrainingError(
                f"encodings are of the classes {', '.join(TRAINED)}, got {excerpt(name)}"
            )
        chosen[name] = encoding
    least = check_int(min_positions, "min_positions", TrainingError, low=1)
    first = None if start is None else (start if isinstance(start, Net) else Net.load(start))
    starts: Mapping[str, Net] = {}
    if isinstance(first, NetSet):
        starts = first.nets
    elif first is not None:
        starts = dict.fromkeys(TRAINED, first)
    counts = {name: int((found.classes == CLASSES.index(name)).sum()) for name in TRAINED}
    for name in ("contact", "race"):
        if counts[name] < least:
            raise TrainingError(
                f"a net set needs {least:,} {name} positions at least, the data has "
                f"{counts[name]:,}"
            )
    members: dict[str, Net] = {}
    results: dict[str, SupervisedResult | None] = {}
    for name in TRAINED:
        if counts[name] < least:
            results[name] = None
            continue
        checkpoint = member_path(out, name)
        record = _finished(checkpoint) if resume else None
        if record is not None:
            members[name], results[name] = record, None
            continue
        result = train_supervised(
            found,
            classes=(name,),
            encoding=chosen[name],
            checkpoint=checkpoint,
            start=starts.get(name),
            resume=resume and state_path(checkpoint).exists(),
            options=options,
            **settings,
        )
        results[name] = result
        if result.interrupted:
            return NetSetResult(None, out, results, True)
        members[name] = result.net
    metadata = {
        "kind": "tavla supervised net set",
        "positions": counts,
        "members": {name: net.metadata.get("training", {}) for name, net in members.items()},
    }
    net_set = NetSet(members, metadata=metadata)
    temporary = out.with_name(out.name + ".tmp.npz")
    net_set.save(temporary)
    os.replace(temporary, out)
    return NetSetResult(net_set, out, results, False)


def _finished(checkpoint: Path) -> Net | None:
    """The net at ``checkpoint`` when its run has ended."""
    if not checkpoint.exists():
        return None
    net = Net.load(checkpoint)
    finished = net.metadata.get("training", {}).get("finished") is True
    return net if finished and not isinstance(net, NetSet) else None
