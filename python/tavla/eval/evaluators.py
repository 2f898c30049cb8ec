"""What evaluates positions in C++: the names and objects an evaluator argument takes, the
five probabilities every evaluator gives and their cubeless equity, and the search over them.

The plies follow GNU Backgammon's numbering: 0-ply is the evaluator on the position; 1-ply
averages, over the 21 rolls of the side on roll, the value of that side's best play with
each play's result judged at 0-ply; 2-ply goes one level deeper.  At every choice below the
top a *move filter* ranks the plays at 0-ply and searches only the best ``keep`` of them
within ``margin`` of the best cubeless equity (defaults: 8 plays within 0.16, the filter GNU
Backgammon uses by default); the others keep their 0-ply values.

The exact bear-off database (:mod:`tavla.eval.bearoff`) takes over wherever both sides are
home (``bearoff=True``, the default): exactly where its two-sided table covers the
position, where the search then stops, and by the one-sided race approximation elsewhere.
"""

from __future__ import annotations

import os
from dataclasses import fields
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_int, excerpt
from ..errors import EvaluatorError
from . import bearoff, nets
from .net import Net

MAX_PLIES = 3
"""The deepest search: 3-ply."""

DEFAULT_KEEP = 8
DEFAULT_MARGIN = 0.16

OUTPUTS = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")
"""The five probabilities every evaluator gives, in order (GNU Backgammon's convention)."""

EvaluatorLike = Net | str
"""What evaluates positions in C++: a :class:`~tavla.eval.Net`, a path to a net's ``.npz``
file (``"net:PATH"`` or a plain path ending in ``.npz``), or ``"bearoff"`` for the exact
bear-off database alone (which answers only where both sides are home)."""

NET_PREFIX = "net:"


def cubeless_equity(probabilities: npt.ArrayLike) -> npt.NDArray[np.float64] | float:
    """Cubeless money equity of the side the probabilities belong to:
    ``2·win - 1 + wg - lg + wbg - lbg``, for ``(5,)`` (a float) or ``(N, 5)`` (shape
    ``(N,)``) probabilities in :data:`OUTPUTS` order (the core's formula).  Raises
    :class:`~tavla.EvaluatorError` when the last axis does not hold five numbers."""
    p = five_probabilities(probabilities)
    equity = _core.cubeless_equities(p.reshape(-1, 5)).reshape(p.shape[:-1])
    return float(equity) if equity.ndim == 0 else equity


def five_probabilities(probabilities: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """``probabilities`` as a float64 array whose last axis holds the five outputs; raises
    :class:`~tavla.EvaluatorError` for another shape."""
    p = np.asarray(probabilities, dtype=np.float64)
    if p.ndim == 0 or p.shape[-1] != 5:
        raise EvaluatorError(f"probabilities have shape (5,) or (N, 5), got {p.shape}")
    return p


def load_net(evaluator: str) -> Net | None:
    """The net a string names (``"net:PATH"`` or a path ending in ``.npz``; ``"net:NAME"``
    for a shipped net, :mod:`tavla.eval.nets`, when no file has that path), or None for
    ``"bearoff"``; raises :class:`~tavla.EvaluatorError` for anything else."""
    if evaluator == "bearoff":
        return None
    path = evaluator[len(NET_PREFIX) :] if evaluator.startswith(NET_PREFIX) else evaluator
    if evaluator.startswith(NET_PREFIX) or path.endswith(".npz"):
        if (
            evaluator.startswith(NET_PREFIX)
            and not os.path.exists(path)
            and path in nets.available()
        ):
            return nets.load(path)
        if not os.path.isfile(path):
            shipped = ", ".join(nets.available()) or "none"
            raise EvaluatorError(
                f"no net file at {excerpt(path)} (the shipped nets, net:NAME: {shipped})"
            )
        return Net.load(path)
    raise EvaluatorError(
        f"unknown evaluator {excerpt(evaluator)}: give a Net, 'net:PATH' (a .npz net) or 'bearoff'"
    )


def resolve_net(evaluator: object) -> Net | None:
    """The net an evaluator argument stands for: a :class:`~tavla.eval.Net` itself, the net a
    string names (:func:`load_net`), or None for None and ``"bearoff"``."""
    if isinstance(evaluator, Net):
        return evaluator
    if evaluator is None:
        return None
    if isinstance(evaluator, str):
        return load_net(evaluator)
    raise EvaluatorError(
        f"an evaluator is a Net, 'net:PATH' or 'bearoff', got {type(evaluator).__name__}"
    )


def make_search(net: Net | None, use_bearoff: bool, keep: int, margin: float) -> Any:
    """A ``_core.Search``: cheap to make, as the bear-off database is loaded once a process."""
    database = bearoff.database().native if use_bearoff else None
    if net is None and database is None:
        raise EvaluatorError("an evaluator is needed: give a Net or 'net:PATH', or bearoff=True")
    return _core.Search(net.native if net is not None else None, database, keep, margin)


class FieldsPickle:
    """A frozen dataclass holding a cached C++ object (``native``, which does not pickle)
    pickles its fields only, and makes the C++ object again when asked."""

    def __getstate__(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in fields(self)}  # type: ignore[arg-type]

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)


def check_filter(keep: object, margin: object) -> tuple[int, float]:
    """The move filter's ``keep`` (1..4096 plays) and ``margin`` (a finite equity >= 0)."""
    keep = check_int(keep, "keep", EvaluatorError, low=1, high=4096)
    if isinstance(margin, bool) or not isinstance(margin, (int, float, np.floating, np.integer)):
        raise EvaluatorError(f"margin must be a number >= 0, got {excerpt(margin)}")
    if not float(margin) >= 0 or not np.isfinite(float(margin)):
        raise EvaluatorError(f"margin must be a finite number >= 0, got {excerpt(margin)}")
    return keep, float(margin)
