"""Nets: the core's forward pass against a NumPy one written here, on every kernel this machine
runs; the plays of a turn against single evaluations; files, pickles and every refusal."""

from __future__ import annotations

import io
import pickle
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from tavla import InvalidPositionError, NetError, Position, _core
from tavla.cli import main
from tavla.eval import Net, encode, encodings
from tavla.eval import net as net_module
from tavla.eval.net import net_kernels
from tests.helpers import fuzz, npz
from tests.helpers.boards import board_array, stopped_boards
from tests.helpers.fuzz import fuzz_settings
from tests.helpers.plays import check_plays, search_of

KERNELS = net_kernels()


@pytest.fixture(scope="module")
def boards() -> np.ndarray:
    """About 3,000 distinct unfinished boards of random games stopped after 1 to 60 plies."""
    return stopped_boards((1, 3, 8, 15, 25, 40, 60, 90), 400)


def reference(net: Net, boards: np.ndarray) -> np.ndarray:
    """The forward pass in float64 NumPy, with the clamp of the module docstring."""
    x = encode(boards, net.encoding).astype(np.float64)
    activation = {
        "sigmoid": lambda z: 1 / (1 + np.exp(-z)),
        "tanh": np.tanh,
        "relu": lambda z: np.maximum(z, 0),
    }[net.activation]
    layers = list(zip(net.weights, net.biases, strict=True))
    for w, b in layers[:-1]:
        x = activation(x @ w.astype(np.float64) + b)
    w, b = layers[-1]
    raw = 1 / (1 + np.exp(-(x @ w.astype(np.float64) + b)))
    p = np.zeros((len(boards), 5))
    p[:, : raw.shape[1]] = raw
    p[:, 1] = np.minimum(p[:, 1], p[:, 0])
    p[:, 2] = np.minimum(p[:, 2], p[:, 1])
    p[:, 3] = np.minimum(p[:, 3], 1 - p[:, 0])
    p[:, 4] = np.minimum(p[:, 4], p[:, 3])
    return p


def wide_net(encoding: str, activation: str, outputs: int, kernel: str) -> Net:
    """Two hidden layers of widths that are no multiple of 16, weights large enough that
    units saturate."""
    sizes = (encodings()[encoding], 45, 23, outputs)
    base = Net.random(sizes, encoding=encoding, activation=activation, seed=outputs)
    weights = [w * 3 for w in base.weights]
    return Net(weights, base.biases, encoding=encoding, activation=activation, kernel=kernel)


def test_boards_are_many_and_unfinished(boards: np.ndarray) -> None:
    assert len(boards) > 2000
    assert (boards[:, :, 0] < 15).all()
    assert (boards[:, :, 25] > 0).any()  # checkers on the bar among them


@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize("outputs", [1, 5])
@pytest.mark.parametrize("activation", ["sigmoid", "tanh", "relu"])
@pytest.mark.parametrize("encoding", sorted(encodings()))
def test_core_matches_numpy(
    boards: np.ndarray, encoding: str, activation: str, outputs: int, kernel: str
) -> None:
    net = wide_net(encoding, activation, outputs, kernel)
    assert net.kernel == kernel
    values = net.evaluate(boards)
    assert values.shape == (len(boards), 5) and values.dtype == np.float64
    np.testing.assert_allclose(values, reference(net, boards), atol=1e-5, rtol=0)
    if outputs == 1:
        assert not values[:, 1:].any()
    assert values[:, 0].std() > 0.005  # the outputs do depend on the boards


@pytest.mark.parametrize("kernel", KERNELS)
def test_td198_128_matches_numpy_on_every_kernel(boards: np.ndarray, kernel: str) -> None:
    base = Net.random((198, 128, 5), seed=7)
    net = Net(base.weights, base.biases, kernel=kernel)
    np.testing.assert_allclose(net.evaluate(boards), reference(net, boards), atol=1e-5, rtol=0)
    fastest = Net(base.weights, base.biases).evaluate(boards)
    np.testing.assert_allclose(net.evaluate(boards), fastest, atol=1e-5, rtol=0)


def test_clamped_outputs_are_consistent(boards: np.ndarray) -> None:
    base = Net.random((198, 5), seed=3)
    w = base.weights[0].copy()
    w[:, 1:] *= 0
    b = np.array([-1.0, 2.0, 3.0, 2.5, 4.0], np.float32)  # gammons likelier than wins
    values = Net([w], [b]).evaluate(boards)
    assert (values[:, 1] <= values[:, 0]).all() and (values[:, 2] <= values[:, 1]).all()
    assert (values[:, 3] <= 1 - values[:, 0]).all() and (values[:, 4] <= values[:, 3]).all()
    np.testing.assert_allclose(values[:, 1], values[:, 0])


def test_one_board_and_position() -> None:
    net = Net.random((200, 16, 5), encoding="gnubg200")
    start = Position.initial()
    assert net.evaluate(start).shape == (5,)
    assert np.array_equal(net.evaluate(start), net.evaluate(start.board))
    assert np.array_equal(net.evaluate(start), net.evaluate(start.board[np.newaxis])[0])


ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(d1, 7)]

# Turns the difference path must get right, each played with every roll.
TURNS = [
    board_array({1: 1, 2: 1}, {1: 3, 5: 2}),  # 21 bears off both: a finished result
    # From the bar onto the opponent's home blots, the opponent with one on the bar too.
    board_array({25: 2, 13: 5, 8: 3, 6: 5}, {25: 1, 1: 1, 2: 1, 3: 1, 4: 2, 6: 4, 13: 5}),
    # Blots of both sides in each other's way: most plays hit.
    board_array(
        {24: 1, 20: 1, 16: 1, 13: 4, 8: 3, 6: 3, 5: 2}, {22: 1, 18: 2, 15: 1, 13: 4, 8: 3, 6: 4}
    ),
    # Contact that the plays end: the last checker back runs past.
    board_array({24: 1, 13: 4, 6: 5, 5: 5}, {6: 5, 5: 5, 4: 5}),
    # Both sides bearing off.
    board_array({1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}, {1: 2, 2: 3, 3: 3, 4: 3, 5: 2, 6: 2}),
    board_array({9: 3, 8: 4, 7: 4, 5: 4}, {10: 2, 8: 5, 6: 5, 3: 3}),  # a race
]


@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize("encoding", sorted(encodings()))
def test_plays_of_a_turn_match_single_evaluations(
    boards: np.ndarray, encoding: str, kernel: str
) -> None:
    """For every encoding, the points' inputs the play changed and the whole-board ones
    (tavla218, contact229, race205) recomputed: on hits, checkers entering from the bar,
    bear-offs, races and contact, and 300 boards of random games."""
    base = Net.random((encodings()[encoding], 32, 5), encoding=encoding)
    net = Net(base.weights, base.biases, encoding=encoding, kernel=kernel)
    search = search_of(net.native)
    rng = np.random.default_rng(5)
    checked = sum(
        check_plays(search, net.evaluate, board, roll) for board in TURNS for roll in ROLLS
    )
    for board in boards[rng.choice(len(boards), 300, replace=False)]:
        d1, d2 = rng.integers(1, 7, 2)
        checked += check_plays(search, net.evaluate, board, (int(d1), int(d2)))
    assert checked > 2000


def test_encodings_taking_turns_on_one_thread(boards: np.ndarray) -> None:
    """Nets of the whole-board encodings judge the plays of the same positions in turn: each
    keeps the inputs of the position before the turn for its own encoding."""
    nets = [
        Net.random((encodings()[name], 16, 5), encoding=name, seed=seed)
        for seed, name in enumerate(("tavla218", "contact229", "race205", "contact229"))
    ]
    searches = [search_of(net.native) for net in nets]
    rng = np.random.default_rng(6)
    for board in boards[rng.choice(len(boards), 100, replace=False)]:
        roll = tuple(int(d) for d in rng.integers(1, 7, 2))
        for net, search in zip(nets, searches, strict=True):
            check_plays(search, net.evaluate, board, (roll[0], roll[1]))


def test_threads_agree(boards: np.ndarray) -> None:
    net = Net.random((198, 64, 5))
    expected = net.evaluate(boards)
    with ThreadPoolExecutor(4) as pool:
        for values in pool.map(net.evaluate, [boards] * 8):
            assert np.array_equal(values, expected)


def test_properties_equality_hash_repr() -> None:
    net = Net.random((198, 128, 5), seed=1)
    assert repr(net) == "<Net td198 198-128-5 sigmoid>"
    assert net.sizes == (198, 128, 5) and net.encoding == "td198" and net.activation == "sigmoid"
    assert isinstance(net.native, _core.Evaluator)
    with pytest.raises(ValueError, match="read-only"):
        net.weights[0][0, 0] = 1
    same = Net(net.weights, net.biases)
    assert same == net and hash(same) == hash(net) and len({net, same}) == 1
    assert Net.random((198, 128, 5), seed=2) != net
    assert Net(net.weights, net.biases, activation="tanh") != net


def test_save_load_and_pickle(tmp_path: Path, boards: np.ndarray) -> None:
    net = Net.random((218, 40, 20, 1), encoding="tavla218", activation="relu", seed=4)
    net.save(tmp_path / "net.npz")
    loaded = Net.load(tmp_path / "net.npz")
    assert loaded == net and repr(loaded) == "<Net tavla218 218-40-20-1 relu>"
    assert np.array_equal(loaded.evaluate(boards), net.evaluate(boards))
    with np.load(tmp_path / "net.npz") as data:
        assert sorted(data.files) == [
            "activation",
            "b0",
            "b1",
            "b2",
            "encoding",
            "format",
            "w0",
            "w1",
            "w2",
        ]
        assert str(data["format"]) == "tavla-net-1" and data["w1"].dtype == np.float32
    again = pickle.loads(pickle.dumps(net))
    assert again == net and np.array_equal(again.evaluate(boards), net.evaluate(boards))


def good_file() -> dict[str, np.ndarray]:
    net = Net.random((198, 8, 5))
    arrays = {
        "format": np.array("tavla-net-1"),
        "encoding": np.array("td198"),
        "activation": np.array("sigmoid"),
    }
    for i, (w, b) in enumerate(zip(net.weights, net.biases, strict=True)):
        arrays[f"w{i}"], arrays[f"b{i}"] = w, b
    return arrays


def changed(**changes: object) -> dict[str, object]:
    return npz.changed(good_file(), **changes)


NAN = np.full((198, 8), np.nan, np.float32)
MALFORMED = {
    "missing format": (changed(format=None), "missing key 'format'"),
    "missing activation": (changed(activation=None), "missing key 'activation'"),
    "missing bias": (changed(b1=None), "missing key 'b1'"),
    "missing weights": (changed(w1=None), "unknown key 'b1'"),
    "extra key": (changed(notes=np.array("x")), "unknown key 'notes'"),
    "wrong format": (changed(format=np.array("tavla-net-2")), "format is 'tavla-net-2'"),
    "format not text": (changed(format=np.array([1, 2])), "format must be a string"),
    "unknown encoding": (changed(encoding=np.array("td199")), "unknown encoding 'td199'"),
    "unknown activation": (changed(activation=np.array("gelu")), "unknown activation 'gelu'"),
    "float64": (changed(w0=np.zeros((198, 8))), "w0 has dtype float64, expected float32"),
    "int weights": (changed(b0=np.zeros(8, np.int32)), "b0 has dtype int32"),
    "nan": (changed(w0=NAN), "w0 has a value that is not finite"),
    "inf bias": (changed(b1=np.full(5, np.inf, np.float32)), "b1 has a value that is not finite"),
    "first inputs": (changed(w0=np.zeros((200, 8), np.float32)), "w0 has 200 inputs, expected 198"),
    "no chain": (changed(w1=np.zeros((9, 5), np.float32)), "w1 has 9 inputs, expected 8"),
    "bias shape": (changed(b0=np.zeros(7, np.float32)), r"b0 has shape \(7,\), expected \(8,\)"),
    "weights 1-d": (changed(w1=np.zeros(8, np.float32)), "w1 must be 2-dimensional"),
    "three outputs": (
        changed(w1=np.zeros((8, 3), np.float32), b1=np.zeros(3, np.float32)),
        "the last layer has 3 outputs, expected 1 or 5",
    ),
    "object array": (changed(w0=np.array([None, 1], dtype=object)), "key 'w0' cannot be read"),
}


@pytest.mark.parametrize("case", list(MALFORMED), ids=list(MALFORMED))
def test_malformed_files(tmp_path: Path, case: str) -> None:
    arrays, message = MALFORMED[case]
    npz.assert_refused(tmp_path, arrays, Net.load, NetError, message)


def test_files_that_are_no_npz(tmp_path: Path) -> None:
    text = tmp_path / "net.txt"
    text.write_text("not a net")
    with pytest.raises(NetError, match=r"is not an \.npz file"):
        Net.load(text)
    array = tmp_path / "one.npy"
    np.save(array, np.zeros(3))
    with pytest.raises(NetError, match=r"a single \.npy array"):
        Net.load(array)
    pickled = tmp_path / "pickled.npz"
    pickled.write_bytes(pickle.dumps({"w0": 1}))
    with pytest.raises(NetError, match=r"is not an \.npz file"):
        Net.load(pickled)
    with pytest.raises(NetError, match="no net file at"):
        Net.load(tmp_path / "missing.npz")
    with pytest.raises(NetError, match="no net file at"):
        Net.load(tmp_path)  # a folder


def small_net_file(tmp_path: Path, compressed: bool = False) -> bytes:
    """The bytes of a small net's file (deflated with ``compressed``)."""
    net = Net.random((198, 8, 5), seed=2)
    path = tmp_path / "small.npz"
    net.save(path)
    if compressed:
        with np.load(path) as data:
            np.savez_compressed(path, **data)
    return path.read_bytes()


def refused(tmp_path: Path, data: bytes, message: str) -> None:
    path = tmp_path / "bad.npz"
    path.write_bytes(data)
    with pytest.raises(NetError, match=message):
        Net.load(path)


def test_damaged_zip_members_are_net_errors(tmp_path: Path) -> None:
    """One changed byte in a member's zip headers or deflated data (issue 18: these raised
    NotImplementedError, RuntimeError and zlib.error)."""
    good = small_net_file(tmp_path)
    refused(
        tmp_path,
        npz.with_header_field(good, "w0.npy", "method", 99),
        "member 'w0.npy' is compressed by method 99, not stored or deflated",
    )
    refused(
        tmp_path, npz.with_header_field(good, "w0.npy", "flags", 1), "member 'w0.npy' is encrypted"
    )
    deflated = small_net_file(tmp_path, compressed=True)
    for at in (0.1, 0.3, 0.5, 0.7, 0.9):
        refused(
            tmp_path, npz.with_data_byte_flipped(deflated, "w0.npy", at), "key 'w0' cannot be read"
        )


def test_declared_shapes_are_checked_before_reading(tmp_path: Path) -> None:
    """A .npy header declaring (10**12, 198) floats made NumPy try to allocate 720 TiB."""
    small_net_file(tmp_path)
    with np.load(tmp_path / "small.npz") as data:
        members = {key: npz.npy_bytes(data[key]) for key in data.files}
    members["w0"] = npz.npy_declaring((10**12, 198), payload=b"\0" * 64)
    refused(
        tmp_path,
        npz.npz_bytes(members),
        r"key 'w0' declares shape \(1000000000000, 198\) of float32"
        r" \(792,000,000,000,000 bytes\), but holds 64 bytes",
    )
    members["w0"] = npz.npy_declaring((198, 8), payload=b"\0" * 10)
    refused(tmp_path, npz.npz_bytes(members), r"key 'w0' declares shape \(198, 8\)")
    members["w0"] = b"\x93NUMPY\x01\x00\xff\xff" + b" " * 200
    refused(tmp_path, npz.npz_bytes(members), "key 'w0' cannot be read")
    assert Net.load(tmp_path / "small.npz").sizes == (198, 8, 5)


def test_a_net_is_bounded_in_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A net file whose arrays hold more than MAX_NET_BYTES is refused before it is read (a
    195 KB file of deflated zeros loaded into 1 GB); the bound is lowered here to test it."""
    assert net_module.MAX_NET_BYTES == 256 << 20
    monkeypatch.setattr(net_module, "MAX_NET_BYTES", 100_000)
    path = tmp_path / "large.npz"
    Net.random((198, 200, 5)).save(path)  # 198 x 200 float32: 158,400 bytes
    with pytest.raises(NetError, match=r"holds 163,\d+ bytes of arrays, more than a net's 100,000"):
        Net.load(path)
    Net.random((198, 100, 5)).save(path)
    assert Net.load(path).sizes == (198, 100, 5)


def test_deeply_nested_metadata_is_a_net_error(tmp_path: Path) -> None:
    """JSON nested 100,000 deep gave a RecursionError."""
    path = tmp_path / "plain.npz"
    Net.random((198, 8, 5), seed=3).save(path)
    with np.load(path) as data:
        arrays = dict(data)
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000):
        np.savez(tmp_path / "nested.npz", **arrays, metadata=np.array(text))
        with pytest.raises(NetError, match="metadata is JSON nested too deep to be read"):
            Net.load(tmp_path / "nested.npz")
    # Nested less deep, it is read, and written back on save.
    np.savez(tmp_path / "nested.npz", **arrays, metadata=np.array('{"a":' * 50 + "1" + "}" * 50))
    loaded = Net.load(tmp_path / "nested.npz")
    loaded.save(tmp_path / "again.npz")
    assert Net.load(tmp_path / "again.npz").metadata == loaded.metadata
    np.savez(tmp_path / "list.npz", **arrays, metadata=np.array("[1, 2]"))
    with pytest.raises(NetError, match="metadata must be a mapping"):
        Net.load(tmp_path / "list.npz")


def test_constructor_refusals() -> None:
    net = Net.random((198, 8, 5))
    w, b = list(net.weights), list(net.biases)
    with pytest.raises(NetError, match="2 weight matrices but 1 bias vectors"):
        Net(w, b[:1])
    with pytest.raises(NetError, match="at least one layer"):
        Net([], [])
    with pytest.raises(NetError, match="weights must be a sequence"):
        Net(w[0], b)  # type: ignore[arg-type]
    with pytest.raises(NetError, match="w0 must hold floats"):
        Net([np.zeros((198, 8), np.int64), w[1]], b)
    with pytest.raises(NetError, match="too large for float32"):
        with np.errstate(over="ignore"):
            Net([np.full((198, 8), 1e300), w[1]], b)
    with pytest.raises(NetError, match="kernel 'avx9' is not one this machine runs"):
        Net(w, b, kernel="avx9")
    with pytest.raises(NetError, match="w0 has 198 inputs, expected 218"):
        Net(w, b, encoding="tavla218")


def test_core_checks_what_it_is_given() -> None:
    net = Net.random((198, 8, 5))
    w, b = list(net.weights), list(net.biases)
    with pytest.raises(ValueError, match="layer 0: a weight is not finite"):
        _core.Net([np.full((198, 8), np.nan, np.float32), w[1]], b, "td198", "sigmoid", "auto")
    with pytest.raises(ValueError, match="layer 1 has 9 inputs, expected 8"):
        _core.Net([w[0], np.zeros((9, 5), np.float32)], b, "td198", "sigmoid", "auto")
    with pytest.raises(ValueError, match="the last layer has 8 outputs"):
        _core.Net(w[:1], b[:1], "td198", "sigmoid", "auto")
    with pytest.raises(ValueError, match="unknown activation 'gelu'"):
        _core.Net(w, b, "td198", "gelu", "auto")


def test_invalid_boards_refused() -> None:
    net = Net.random((198, 8, 5))
    boards = np.stack([Position.initial().board] * 3)
    boards[1, 0, 6] = 9
    with pytest.raises(InvalidPositionError, match="board 1"):
        net.evaluate(boards)
    over = board_array({}, {6: 5})  # the side on roll has borne off all 15
    with pytest.raises(InvalidPositionError, match="board 0"):
        net.evaluate(over)
    with pytest.raises(InvalidPositionError, match=r"boards, got shape \(2, 2, 2, 26\)"):
        net.evaluate(np.zeros((2, 2, 2, 26), np.int8))


def _net_file(compressed: bool) -> bytes:
    out = io.BytesIO()
    net = Net.random((198, 4, 5), seed=5)
    arrays = {
        "format": np.array("tavla-net-1"),
        "encoding": np.array("td198"),
        "activation": np.array("sigmoid"),
        "metadata": np.array('{"a": [1]}'),
    }
    arrays |= {f"w{i}": w for i, w in enumerate(net.weights)}
    arrays |= {f"b{i}": b for i, b in enumerate(net.biases)}
    (np.savez_compressed if compressed else np.savez)(out, **arrays)
    return out.getvalue()


NET_FILES = (_net_file(False), _net_file(True))


@fuzz_settings(60)
@given(data=st.data(), compressed=st.booleans())
def test_fuzz_damaged_net_files(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject, compressed: bool
) -> None:
    """Net.load reads a damaged file or raises NetError, nothing else (issue 18)."""
    damaged_file = data.draw(fuzz.damaged(NET_FILES[compressed], focus=(600, 900)))
    folder = tmp_path_factory.mktemp("fuzz")
    fuzz.read_or_refuse(Net.load, damaged_file, NetError, folder / "net.npz")


# Net files and sizes that cannot be used.


def test_a_member_that_is_no_array(tmp_path: Path) -> None:
    good = tmp_path / "good.npz"
    Net.random((198, 4, 5), seed=1).save(good)
    for member in ("w0.npy", "format.npy"):
        bad = tmp_path / f"bad-{member}.npz"
        with zipfile.ZipFile(good) as source, zipfile.ZipFile(bad, "w") as target:
            for item in source.namelist():
                data = b"not an npy" if item == member else source.read(item)
                target.writestr(item, data)
        with pytest.raises(NetError, match=r"is not a \.npy array|cannot be read"):
            Net.load(bad)
        result = CliRunner().invoke(main, ["eval", "4HPwATDgc/ABMA", "-e", f"net:{bad}"])
        assert result.exit_code == 2 and result.stderr.startswith("Error: ")


def test_net_paths() -> None:
    with pytest.raises(NetError, match="no net file"):
        Net.load("/nonexistent/x.npz")
    with pytest.raises(NetError, match="a str or a path"):
        Net.load(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "sizes", [(198, -3, 5), (198.0, 5), 5, (198, 0, 5), (198, 10**12, 5), (198,), "198"]
)
def test_net_random_refuses_bad_sizes(sizes: object) -> None:
    with pytest.raises(NetError, match="sizes must be"):
        Net.random(sizes)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", ["x", -1, 2**64, True])
def test_net_random_refuses_bad_seeds(seed: object) -> None:
    with pytest.raises(NetError, match="seed must be"):
        Net.random((198, 5), seed=seed)  # type: ignore[arg-type]
