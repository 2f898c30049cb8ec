"""Feed-forward neural nets as evaluators, read from ``.npz`` files and evaluated in C++.

A net maps a position, seen from the side on roll, to five cumulative probabilities for that
side: win, win gammon (backgammons included), win backgammon, lose gammon, lose backgammon.
It reads an input encoding (:mod:`tavla.eval.encoding`), applies hidden layers with one
activation, and an output layer of logistic sigmoids with 5 outputs, or 1 (win only: the
gammon outputs are then 0).

File format ``tavla-net-1``: an ``.npz`` archive (``np.savez``) holding these keys:

- ``format``: the string ``"tavla-net-1"``;
- ``encoding``: an encoding name (``"td198"``, ``"gnubg200"``, ``"tavla218"``,
  ``"contact229"``, ``"race205"``: :mod:`tavla.eval.encoding`);
- ``activation``: ``"sigmoid"``, ``"tanh"`` or ``"relu"``, for the hidden layers;
- ``w0, b0, w1, b1, ...``: float32 arrays, ``wi`` of shape ``(inputs_i, outputs_i)`` and
  ``bi`` of shape ``(outputs_i,)``, applied as ``x @ wi + bi``; ``inputs_0`` is the
  encoding's input count, each layer's inputs the previous layer's outputs, and the last
  layer has 1 or 5 outputs. Every weight is finite.

and optionally ``metadata``: a JSON object as a string, what is known of the net (how it was
trained: :func:`tavla.eval.train_td` writes its settings and games there); it does not change
what the net computes.

The strings are 0-dimensional unicode arrays (what ``np.savez`` makes of a ``str``). Files
are read with ``allow_pickle=False``: nothing in them is executed; every member's declared
shape is checked against the zip's sizes, and their total against :data:`MAX_NET_BYTES`,
before any array is read.

Consistency: the logistic outputs are clamped so that win gammon <= win, win backgammon <=
win gammon, lose gammon <= 1 - win and lose backgammon <= lose gammon.

The core computes in float32, the first layer from the inputs that are not zero, with a
kernel for the processor (:func:`net_kernels`); the kernels and a float64 NumPy forward pass
agree to 1e-5 (the sigmoid is computed to about 1e-7).
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_seed, excerpt, is_int
from ..board.position import Position
from ..errors import NetError
from ._boards import boards_argument
from ._npz import NpzArchive
from .encoding import check_encoding, encodings

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self is new in Python 3.11

FORMAT = "tavla-net-1"
"""The ``format`` string of a net file."""

ACTIVATIONS = ("sigmoid", "tanh", "relu")
"""The activations of hidden layers."""

Array32 = npt.NDArray[np.float32]

MAX_NET_BYTES = 256 << 20
"""The most bytes the arrays of a net file may hold (256 MiB: 64 million weights); a larger
file is refused before it is read."""

_TEXT_KEYS = ("encoding", "activation")
_METADATA_KEY = "metadata"


def net_kernels() -> list[str]:
    """The kernels this machine runs, the portable one first and the fastest last (of
    ``"portable"``, ``"avx2"``, ``"avx512"``); a Net takes the fastest unless told."""
    return _core.net_kernels()


def _frozen(value: object, name: str, ndim: int) -> Array32:
    """``value`` as a read-only float32 copy, when it is a finite real array of ``ndim``."""
    try:
        array = np.asarray(value)
    except (TypeError, ValueError) as exc:
        raise NetError(f"{name} cannot be read as an array: {exc}") from None
    if not np.issubdtype(array.dtype, np.floating):
        raise NetError(f"{name} must hold floats, got dtype {array.dtype}")
    if array.ndim != ndim:
        raise NetError(f"{name} must be {ndim}-dimensional, got shape {array.shape}")
    if not np.isfinite(array).all():
        raise NetError(f"{name} has a value that is not finite (nan or inf)")
    copy = np.array(array, dtype=np.float32, order="C")
    if not np.isfinite(copy).all():
        raise NetError(f"{name} has a value too large for float32")
    copy.flags.writeable = False
    return copy


def _layers(
    weights: Sequence[object], biases: Sequence[object], inputs: int
) -> tuple[tuple[Array32, ...], tuple[Array32, ...]]:
    """The layers checked: shapes chaining from ``inputs`` to 1 or 5 outputs."""
    for name, arrays in (("weights", weights), ("biases", biases)):
        if isinstance(arrays, (str, bytes, np.ndarray)) or not isinstance(arrays, Sequence):
            raise NetError(f"{name} must be a sequence of arrays, got {type(arrays).__name__}")
    if len(weights) != len(biases):
        raise NetError(f"{len(weights)} weight matrices but {len(biases)} bias vectors")
    if not weights:
        raise NetError("a net has at least one layer")
    ws = tuple(_frozen(w, f"w{i}", 2) for i, w in enumerate(weights))
    bs = tuple(_frozen(b, f"b{i}", 1) for i, b in enumerate(biases))
    for i, (w, b) in enumerate(zip(ws, bs, strict=True)):
        if w.shape[0] != inputs:
            source = "the encoding's input count" if i == 0 else f"the outputs of w{i - 1}"
            raise NetError(f"w{i} has {w.shape[0]} inputs, expected {inputs} ({source})")
        if w.shape[1] < 1:
            raise NetError(f"w{i} has no outputs")
        if b.shape != (w.shape[1],):
            raise NetError(f"b{i} has shape {b.shape}, expected ({w.shape[1]},) for w{i}")
        inputs = w.shape[1]
    if inputs not in (1, 5):
        raise NetError(f"the last layer has {inputs} outputs, expected 1 or 5")
    return ws, bs


def _text(value: npt.NDArray[Any], key: str) -> str:
    if value.ndim != 0 or value.dtype.kind != "U":
        raise NetError(f"{key} must be a string, got an array of dtype {value.dtype}")
    return str(value[()])


def _read(path: str | os.PathLike[str]) -> dict[str, npt.NDArray[Any]]:
    """Every array of the ``.npz`` at ``path``, checked before it is read (at most
    :data:`MAX_NET_BYTES` in all) and read without unpickling anything."""
    if not isinstance(path, (str, os.PathLike)):
        raise NetError(f"a net's path is a str or a path, got {type(path).__name__}")
    if not os.path.isfile(path):
        raise NetError(f"no net file at {os.fspath(path)!r}")
    with NpzArchive(path, NetError, repr(os.fspath(path))) as archive:
        archive.check_total(MAX_NET_BYTES, "a net")
        return {key: archive.read(key) for key in archive.members}


def _layer_keys(keys: set[str]) -> int:
    """The number of layers of a file with these ``w*`` / ``b*`` keys."""
    count = sum(1 for key in keys if key.startswith("w"))
    for i in range(count):
        for key in (f"w{i}", f"b{i}"):
            if key not in keys:
                raise NetError(f"missing key {key!r} (the file has {count} weight matrices)")
    unknown = sorted(keys - {f"{p}{i}" for p in "wb" for i in range(count)})
    if unknown:
        raise NetError(f"unknown key {excerpt(unknown[0])}")
    return count


class Net:
    """A feed-forward net evaluator (the module docstring gives the layers and file format).

    ``weights``: a sequence of real arrays, ``weights[i]`` of shape ``(inputs_i, outputs_i)``;
    ``biases``: one ``(outputs_i,)`` array per layer (any float dtype, kept as float32).
    ``encoding``: an input encoding name; ``activation``: of the hidden layers;
    ``kernel``: ``"auto"`` (the fastest) or one of :func:`net_kernels`; ``metadata``: a
    mapping that JSON can write (str keys), kept with the net and saved in its file.

    Immutable, hashable, equal by encoding, activation and weights (not metadata); pickles by
    its weights and metadata. Raises :class:`~tavla.NetError` naming the fault of the layers,
    settings, kernel or metadata.
    """

    FORMAT: ClassVar[str] = FORMAT
    """The ``format`` string of the class's files."""

    __slots__ = (
        "_activation",
        "_biases",
        "_encoding",
        "_hash",
        "_metadata",
        "_native",
        "_weights",
    )

    def __init__(
        self,
        weights: Sequence[npt.ArrayLike],
        biases: Sequence[npt.ArrayLike],
        *,
        encoding: str = "td198",
        activation: str = "sigmoid",
        kernel: str = "auto",
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        self._encoding = check_encoding(encoding)
        self._metadata = _metadata_text(metadata)
        if not isinstance(activation, str) or activation not in ACTIVATIONS:
            raise NetError(f"unknown activation {excerpt(activation)} (known: sigmoid, tanh, relu)")
        self._activation = activation
        self._weights, self._biases = _layers(weights, biases, encodings()[encoding])
        if not isinstance(kernel, str):
            raise NetError(f"kernel must be a str, got {type(kernel).__name__}")
        self._native = _core.Net(
            list(self._weights), list(self._biases), encoding, activation, kernel
        )
        self._hash: int | None = None

    @classmethod
    def random(
        cls,
        sizes: Sequence[int],
        *,
        encoding: str = "td198",
        activation: str = "sigmoid",
        seed: int = 0,
    ) -> Net:
        """A net of layer sizes ``sizes`` (``(198, 128, 5)``: inputs, hidden, outputs) with
        small random weights (normal, standard deviation 1 / sqrt(inputs); biases 0.1), for
        tests and benchmarks. Raises :class:`~tavla.NetError` as the constructor does."""
        if (
            isinstance(sizes, (str, bytes))
            or not isinstance(sizes, Sequence)
            or len(sizes) < 2
            or not all(is_int(size) and 1 <= size <= 1 << 16 for size in sizes)
        ):
            raise NetError(
                "sizes must be a sequence of 2 or more ints from 1 to 65,536 (inputs, then each "
                f"layer's outputs), got {excerpt(sizes)}"
            )
        seed = check_seed(seed, "seed", NetError)
        rng = np.random.default_rng(seed)
        pairs = list(itertools.pairwise(sizes))
        weights = [rng.normal(0.0, 1.0 / np.sqrt(a), (a, b)).astype(np.float32) for a, b in pairs]
        biases = [rng.normal(0.0, 0.1, b).astype(np.float32) for _, b in pairs]
        return cls(weights, biases, encoding=encoding, activation=activation)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Self:
        """The net in the file at ``path``: a ``tavla-net-1`` net, or a net set
        (:class:`~tavla.eval.NetSet`, format ``tavla-net-set-1``), which ``Net.load`` reads
        too (``NetSet.load`` reads only net sets). Raises :class:`~tavla.NetError` naming the
        fault of a file that is not one (the message gives the path): a damaged zip member
        or ``.npy`` header, arrays of more than :data:`MAX_NET_BYTES`, metadata that is not
        JSON, and what the module docstring lists."""
        arrays = _read(path)
        try:
            if "format" not in arrays:
                raise NetError("missing key 'format'")
            found = _text(arrays.pop("format"), "format")
            kinds: tuple[type[Net], ...] = (Net, *Net.__subclasses__())
            formats = {kind.FORMAT: kind for kind in kinds}
            kind = formats.get(found)
            if kind is None or not issubclass(kind, cls):
                expected = " or ".join(
                    repr(name) for name, known in formats.items() if issubclass(known, cls)
                )
                raise NetError(f"format is {excerpt(found)}, expected {expected}")
            net = kind.from_arrays(arrays)
            assert isinstance(net, cls)
            return net
        except NetError as exc:
            raise NetError(f"{os.fspath(path)!r}: {exc}") from None

    @classmethod
    def from_arrays(cls, arrays: dict[str, npt.NDArray[Any]]) -> Net:
        """The net of a file's arrays (as :meth:`load` read them, ``format`` left out).
        Raises :class:`~tavla.NetError` naming the fault."""
        arrays = dict(arrays)
        for key in _TEXT_KEYS:
            if key not in arrays:
                raise NetError(f"missing key {key!r}")
        texts = {key: _text(arrays.pop(key), key) for key in _TEXT_KEYS}
        metadata = None
        if _METADATA_KEY in arrays:
            text = _text(arrays.pop(_METADATA_KEY), _METADATA_KEY)
            try:
                metadata = json.loads(text)
            except ValueError as exc:
                raise NetError(f"metadata is not JSON: {exc}") from None
            except RecursionError:
                raise NetError("metadata is JSON nested too deep to be read") from None
        count = _layer_keys(set(arrays))
        for key, array in arrays.items():
            if array.dtype != np.float32:
                raise NetError(f"{key} has dtype {array.dtype}, expected float32")
        return Net(
            [arrays[f"w{i}"] for i in range(count)],
            [arrays[f"b{i}"] for i in range(count)],
            encoding=texts["encoding"],
            activation=texts["activation"],
            metadata=metadata,
        )

    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the net to ``path`` in its format (``tavla-net-1`` for a net; ``np.savez``,
        which adds ``.npz`` to a path without it).  Raises OSError when the file cannot be
        written (a missing folder, say)."""
        arrays = {"format": np.array(self.FORMAT), **self.to_arrays()}
        np.savez(path, **arrays)  # type: ignore[arg-type]

    def to_arrays(self) -> dict[str, npt.NDArray[Any]]:
        """The arrays of the net's file but ``format``, as :meth:`from_arrays` takes them."""
        arrays: dict[str, npt.NDArray[Any]] = {
            "encoding": np.array(self._encoding),
            "activation": np.array(self._activation),
        }
        if self._metadata != "{}":
            arrays[_METADATA_KEY] = np.array(self._metadata)
        arrays.update({f"w{i}": w for i, w in enumerate(self._weights)})
        arrays.update({f"b{i}": b for i, b in enumerate(self._biases)})
        return arrays

    def evaluate(self, boards: Position | npt.ArrayLike) -> npt.NDArray[np.float64]:
        """The five probabilities of the side on roll: ``(5,)`` float64 for a
        :class:`~tavla.Position` or one ``(2, 26)`` board, ``(N, 5)`` for ``(N, 2, 26)``.
        Computed in the core, the GIL released. Raises :class:`~tavla.InvalidPositionError`
        for a bad shape, a board that breaks R1-R4 or a finished game (the message names the
        row)."""
        return evaluated(self._native, boards)

    @property
    def encoding(self) -> str:
        """The input encoding's name."""
        return self._encoding

    @property
    def activation(self) -> str:
        """The hidden layers' activation."""
        return self._activation

    @property
    def sizes(self) -> tuple[int, ...]:
        """Inputs, then each layer's outputs: ``(198, 128, 5)``."""
        return (self._weights[0].shape[0], *(w.shape[1] for w in self._weights))

    @property
    def weights(self) -> tuple[Array32, ...]:
        """The weight matrices, read-only float32 ``(inputs_i, outputs_i)``."""
        return self._weights

    @property
    def biases(self) -> tuple[Array32, ...]:
        """The bias vectors, read-only float32 ``(outputs_i,)``."""
        return self._biases

    @property
    def kernel(self) -> str:
        """The kernel the core runs for this net (one of :func:`net_kernels`)."""
        return self._native.kernel

    @property
    def metadata(self) -> dict[str, Any]:
        """A copy of what is known of the net (``{}`` when nothing is)."""
        result: dict[str, Any] = json.loads(self._metadata)
        return result

    @property
    def native(self) -> _core.Evaluator:
        """The core's net, a ``_core.Evaluator`` (for ``_core.Search`` and the policies)."""
        return self._native

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Net):
            return NotImplemented
        return (
            (self._encoding, self._activation, self.sizes)
            == (other._encoding, other._activation, other.sizes)
            and all(map(np.array_equal, self._weights, other._weights))
            and all(map(np.array_equal, self._biases, other._biases))
        )

    def __hash__(self) -> int:
        if self._hash is None:
            arrays = (a.tobytes() for a in (*self._weights, *self._biases))
            self._hash = hash((self._encoding, self._activation, self.sizes, *arrays))
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _restore,
            (self._weights, self._biases, self._encoding, self._activation, self.metadata),
        )

    def __repr__(self) -> str:
        sizes = "-".join(map(str, self.sizes))
        return f"<Net {self._encoding} {sizes} {self._activation}>"


def evaluated(
    native: _core.Net | _core.NetSet, boards: Position | npt.ArrayLike
) -> npt.NDArray[np.float64]:
    """What :meth:`Net.evaluate` returns, by the core's evaluator ``native``."""
    array, single = boards_argument(boards)
    values = native.evaluate(array)
    return values[0] if single else values


def _restore(
    weights: Sequence[Array32],
    biases: Sequence[Array32],
    encoding: str,
    activation: str,
    metadata: Mapping[str, Any] | None = None,
) -> Net:
    """A pickled net rebuilt (on the fastest kernel of the machine that loads it)."""
    return Net(weights, biases, encoding=encoding, activation=activation, metadata=metadata)


def _metadata_text(metadata: object) -> str:
    """``metadata`` (None or a mapping with str keys) as compact JSON text."""
    if metadata is None:
        return "{}"
    if not isinstance(metadata, Mapping) or not all(isinstance(k, str) for k in metadata):
        raise NetError(f"metadata must be a mapping with str keys, got {excerpt(metadata)}")
    try:
        return json.dumps(dict(metadata), sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise NetError(f"metadata cannot be written as JSON: {exc}") from None
    except RecursionError:
        raise NetError("metadata is nested too deep to be written as JSON") from None
