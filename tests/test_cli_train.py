"""`tavla train` from the command line, against the API; and nets' metadata in their files."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from tavla.cli import main
from tavla.errors import NetError
from tavla.eval import Net, read_checkpoint, train_td


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_train_writes_the_net_of_the_api(tmp_path) -> None:
    out = tmp_path / "net"
    code, stdout, stderr = run(
        "train",
        str(out),
        "-n",
        "600",
        "--hidden",
        "6,4",
        "--seed",
        "2",
        "--duel-every",
        "300",
        "--duel-games",
        "20",
        "--no-progress",
    )
    assert code == 0, stderr
    assert "trained 600 games (600 in this run" in stdout and str(out) + ".npz" in stdout
    assert stderr.count("ppg against pubeval (95% CI") == 2
    net, settings, done = read_checkpoint(out.with_suffix(".npz"))
    assert (done, settings.seed, net.sizes) == (600, 2, (198, 6, 4, 5))
    assert net == train_td(600, hidden=(6, 4), seed=2, progress=False).net


def test_train_resumes_and_reports_json(tmp_path) -> None:
    out = tmp_path / "r.npz"
    assert run("train", str(out), "-n", "300", "--hidden", "5", "--no-duel")[0] == 0
    code, stdout, _ = run(
        "train", str(out), "-n", "500", "--resume", str(out), "--no-duel", "--json"
    )
    assert code == 0
    record = json.loads(stdout)
    assert (record["games"], record["games_this_run"], record["duels"]) == (500, 200, [])
    assert Net.load(out) == train_td(500, hidden=5, progress=False).net


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hidden", "4,x"], "Error: --hidden '4,x': sizes separated by commas"),
        (["--hidden", "0"], "Error: hidden must be an int or a sequence"),
        (["--lambda", "0.5", "--resume", "RESUME"], "Error: lambda_ is 0.7 in the checkpoint"),
    ],
)
def test_train_bad_input_is_one_error_line(tmp_path, args: list[str], message: str) -> None:
    resume = tmp_path / "resume.npz"
    train_td(10, hidden=3, checkpoint=resume, progress=False)
    args = [str(resume) if a == "RESUME" else a for a in args]
    code, _, stderr = run("train", str(tmp_path / "x"), "-n", "20", "--no-duel", *args)
    assert code == 2
    assert stderr.strip().splitlines() == [stderr.strip().splitlines()[0]]
    assert stderr.startswith(message)


def test_metadata_is_saved_and_loaded(tmp_path) -> None:
    net = Net.random((198, 3, 5))
    assert net.metadata == {}
    tagged = Net(net.weights, net.biases, metadata={"name": "x", "games": [1, 2]})
    assert tagged == net and tagged.metadata == {"name": "x", "games": [1, 2]}
    tagged.save(tmp_path / "t.npz")
    assert Net.load(tmp_path / "t.npz").metadata == {"name": "x", "games": [1, 2]}
    net.save(tmp_path / "plain.npz")
    assert "metadata" not in np.load(tmp_path / "plain.npz").files


@pytest.mark.parametrize(
    ("metadata", "message"),
    [([1], "must be a mapping"), ({1: 2}, "str keys"), ({"x": float("nan")}, "cannot be written")],
)
def test_bad_metadata_is_a_net_error(metadata: object, message: str) -> None:
    net = Net.random((198, 3, 5))
    with pytest.raises(NetError, match=message):
        Net(net.weights, net.biases, metadata=metadata)  # type: ignore[arg-type]


def test_a_file_with_bad_metadata_is_a_net_error(tmp_path) -> None:
    net = Net.random((198, 3, 5))
    arrays = {
        "format": np.array("tavla-net-1"),
        "encoding": np.array("td198"),
        "activation": np.array("sigmoid"),
        "w0": net.weights[0],
        "b0": net.biases[0],
        "w1": net.weights[1],
        "b1": net.biases[1],
    }
    np.savez(tmp_path / "a.npz", **arrays, metadata=np.array("{not json"))
    with pytest.raises(NetError, match="metadata is not JSON"):
        Net.load(tmp_path / "a.npz")
    np.savez(tmp_path / "b.npz", **arrays, metadata=np.array("[1, 2]"))
    with pytest.raises(NetError, match="must be a mapping"):
        Net.load(tmp_path / "b.npz")
