"""Net sets: one evaluator made of a net per position class (:mod:`tavla.eval.classes`), as
GNU Backgammon judges contact, crashed and race positions each with a net of its own.

A :class:`NetSet` is a :class:`~tavla.eval.Net` wherever one is taken (0-ply and n-ply
searches, policies, playouts, rollouts, lockstep, Dask): the core classifies each position it
judges and hands it to the member of its class, with no Python in the loop.  The bear-off
database takes over where both sides are home, as for any net (``bearoff=True``); without it
the bear-off class's member judges them (the race net unless told).

File format ``tavla-net-set-1``: an ``.npz`` archive (``np.savez``) holding

- ``format``: the string ``"tavla-net-set-1"``;
- ``members``: int64 ``(4,)``, the index of the member net of each class, in the order of
  :data:`~tavla.eval.classes.CLASSES` (contact, crashed, race, bearoff);
- ``crashed_checkers``: an int64 scalar, the classifier's parameter;
- for each member net k = 0, 1, ...: the keys of a ``tavla-net-1`` file but ``format``,
  prefixed by ``net{k}.`` (``net0.encoding``, ``net0.activation``, ``net0.w0``, ``net0.b0``,
  ..., optionally ``net0.metadata``);
- optionally ``metadata``: a JSON object as a string, what is known of the set.

Members are numbered from 0 without gaps and each is used by at least one class.  Files are
read with ``allow_pickle=False``: nothing in them is executed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import excerpt
from ..errors import NetError
from .classes import CLASSES, DEFAULT_CRASHED_CHECKERS, check_crashed_checkers, classify
from .net import Net, _metadata_text, _text, evaluated

FORMAT = "tavla-net-set-1"
"""The ``format`` string of a net set's file."""

DEFAULT_MEMBERS = {"crashed": "contact", "bearoff": "race"}
"""The class whose net judges a class given no net of its own."""


class NetSet(Net):
    """A net per position class (the module docstring gives the classes and file format).

    ``nets``: a mapping from class names (:data:`~tavla.eval.classes.CLASSES`) to
    :class:`~tavla.eval.Net`; ``"contact"`` and ``"race"`` are required, ``"crashed"``
    defaults to the contact net and ``"bearoff"`` to the race net.  ``crashed_checkers``:
    the classifier's parameter (a side with at most that many active checkers has crashed).
    ``metadata``: a mapping that JSON can write, kept with the set and saved in its file.

    Immutable, hashable, equal by members and classifier (not metadata); pickles by its
    members.  A set's own layers are its members': :attr:`nets` gives them, and the
    attributes of a single net (``weights``, ``encoding``, ...) raise
    :class:`~tavla.NetError`.  Raises :class:`~tavla.NetError` for a bad mapping, member or
    parameter.
    """

    FORMAT: ClassVar[str] = FORMAT

    __slots__ = ("_crashed", "_members", "_set_hash", "_set_metadata", "_set_native")

    def __init__(
        self,
        nets: Mapping[str, Net],
        *,
        crashed_checkers: int = DEFAULT_CRASHED_CHECKERS,
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        if not isinstance(nets, Mapping):
            raise NetError(f"nets must be a mapping of class names to nets, got {excerpt(nets)}")
        unknown = [name for name in nets if name not in CLASSES]
        if unknown:
            raise NetError(
                f"unknown position class {excerpt(unknown[0])} (known: {', '.join(CLASSES)})"
            )
        for name in ("contact", "race"):
            if name not in nets:
                raise NetError(f"a net set needs a {name} net")
        members: dict[str, Net] = {}
        for name in CLASSES:
            net = nets.get(name, nets.get(DEFAULT_MEMBERS.get(name, name)))
            if not isinstance(net, Net) or isinstance(net, NetSet):
                raise NetError(
                    f"the {name} member must be a Net (not a net set), got {type(net).__name__}"
                )
            members[name] = net
        self._members = members
        self._crashed = check_crashed_checkers(crashed_checkers)
        self._set_metadata = _metadata_text(metadata)
        self._set_native = _core.NetSet([members[name].native for name in CLASSES], self._crashed)
        self._set_hash: int | None = None

    @classmethod
    def from_arrays(cls, arrays: dict[str, npt.NDArray[Any]]) -> NetSet:
        """The set of a file's arrays (``format`` left out). Raises :class:`~tavla.NetError`."""
        arrays = dict(arrays)
        for key in ("members", "crashed_checkers"):
            if key not in arrays:
                raise NetError(f"missing key {key!r}")
        members = arrays.pop("members")
        if members.shape != (len(CLASSES),) or members.dtype != np.int64:
            raise NetError(
                f"members must be int64 of shape ({len(CLASSES)},), got {members.dtype} "
                f"{members.shape}"
            )
        crashed = arrays.pop("crashed_checkers")
        if crashed.shape != () or crashed.dtype != np.int64:
            raise NetError(f"crashed_checkers must be an int64 scalar, got {crashed.dtype}")
        metadata = None
        if "metadata" in arrays:
            try:
                metadata = json.loads(_text(arrays.pop("metadata"), "metadata"))
            except ValueError as exc:
                raise NetError(f"metadata is not JSON: {exc}") from None
            except RecursionError:
                raise NetError("metadata is JSON nested too deep to be read") from None
        groups: dict[str, dict[str, npt.NDArray[Any]]] = {}
        for key, array in arrays.items():
            prefix, dot, rest = key.partition(".")
            if not dot or not prefix.startswith("net"):
                raise NetError(f"unknown key {excerpt(key)}")
            groups.setdefault(prefix, {})[rest] = array
        count = len(groups)
        if sorted(groups) != sorted(f"net{k}" for k in range(count)):
            raise NetError(f"member nets must be net0 .. net{count - 1}, got {sorted(groups)}")
        if sorted(set(members.tolist())) != list(range(count)):
            raise NetError(
                f"members must use each of the {count} member nets, got {members.tolist()}"
            )
        nets = []
        for k in range(count):
            try:
                nets.append(Net.from_arrays(groups[f"net{k}"]))
            except NetError as exc:
                raise NetError(f"net{k}: {exc}") from None
        return cls(
            {name: nets[int(members[c])] for c, name in enumerate(CLASSES)},
            crashed_checkers=int(crashed),
            metadata=metadata,
        )

    def to_arrays(self) -> dict[str, npt.NDArray[Any]]:
        """The arrays of the set's file but ``format``."""
        unique: list[Net] = []
        for net in self._members.values():
            if not any(net is kept for kept in unique):
                unique.append(net)
        index = [
            next(k for k, kept in enumerate(unique) if kept is net)
            for net in self._members.values()
        ]
        arrays: dict[str, npt.NDArray[Any]] = {
            "members": np.array(index, dtype=np.int64),
            "crashed_checkers": np.array(self._crashed, dtype=np.int64),
        }
        if self._set_metadata != "{}":
            arrays["metadata"] = np.array(self._set_metadata)
        for k, net in enumerate(unique):
            arrays.update({f"net{k}.{key}": value for key, value in net.to_arrays().items()})
        return arrays

    def evaluate(self, boards: Any) -> npt.NDArray[np.float64]:
        """The five probabilities of the side on roll, each position judged by the member of
        its class: as :meth:`Net.evaluate <tavla.eval.Net.evaluate>`."""
        return evaluated(self._set_native, boards)

    def classify(self, boards: Any) -> npt.NDArray[np.int8] | str:
        """The classes of positions by this set's classifier
        (:func:`tavla.eval.classes.classify`)."""
        return classify(boards, crashed_checkers=self._crashed)

    @property
    def nets(self) -> dict[str, Net]:
        """The member of each class (a new dict; a net serving several classes appears in
        each)."""
        return dict(self._members)

    @property
    def crashed_checkers(self) -> int:
        """The classifier's parameter."""
        return self._crashed

    @property
    def native(self) -> _core.Evaluator:
        """The core's net set, a ``_core.Evaluator``."""
        return self._set_native

    @property
    def metadata(self) -> dict[str, Any]:
        """A copy of what is known of the set (``{}`` when nothing is)."""
        result: dict[str, Any] = json.loads(self._set_metadata)
        return result

    @property
    def kernel(self) -> str:
        """The kernel of the contact net."""
        return self._members["contact"].kernel

    def _single(self, name: str) -> NetError:
        return NetError(
            f"a net set has no single {name}: its members have theirs (NetSet.nets['contact']."
            f"{name}, ...)"
        )

    @property
    def encoding(self) -> str:
        raise self._single("encoding")

    @property
    def activation(self) -> str:
        raise self._single("activation")

    @property
    def sizes(self) -> tuple[int, ...]:
        raise self._single("sizes")

    @property
    def weights(self) -> tuple[npt.NDArray[np.float32], ...]:
        raise self._single("weights")

    @property
    def biases(self) -> tuple[npt.NDArray[np.float32], ...]:
        raise self._single("biases")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NetSet):
            return NotImplemented if not isinstance(other, Net) else False
        return self._crashed == other._crashed and all(
            self._members[name] == other._members[name] for name in CLASSES
        )

    def __hash__(self) -> int:
        if self._set_hash is None:
            self._set_hash = hash((self._crashed, *(self._members[c] for c in CLASSES)))
        return self._set_hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore_set, (self._members, self._crashed, self.metadata))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name} {self._members[name]!r}" for name in CLASSES)
        return f"<NetSet {shown}, crashed_checkers={self._crashed}>"


def _restore_set(nets: dict[str, Net], crashed: int, metadata: dict[str, Any]) -> NetSet:
    """A pickled net set rebuilt."""
    return NetSet(nets, crashed_checkers=crashed, metadata=metadata)
