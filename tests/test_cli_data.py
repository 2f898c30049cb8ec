"""``tavla data positions`` and ``tavla data rollouts``: files made, a run resumed, and bad
input reported in one line."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tavla.cli import main
from tavla.eval.data import load_positions, load_training_data

REALDATA = Path(__file__).parent / "data" / "realdata"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_positions_then_rollouts(tmp_path: Path) -> None:
    code, out, _ = run(
        "data",
        "positions",
        str(tmp_path / "p"),
        "-n",
        "12",
        "--seed",
        "3",
        "--disagreement",
        "0",
        "--matches",
        str(REALDATA / "match1484923.txt"),
        "--shares",
        "contact=2,race=1",
    )
    assert code == 0, out
    made = load_positions(tmp_path / "p.npz")
    assert made.counts() == {"contact": 8, "crashed": 0, "race": 4, "bearoff": 0}
    assert out.startswith("12 positions (8 contact, 4 race; ") and out.rstrip().endswith("p.npz")
    args = [
        "data",
        "rollouts",
        str(tmp_path / "p.npz"),
        str(tmp_path / "r"),
        "-n",
        "36",
        "--truncate",
        "2",
        "--shard-size",
        "5",
        "-t",
        "1",
    ]
    code, out, _ = run(*args, "--json")
    assert code == 0, out
    record = json.loads(out)
    assert (record["shards"], record["written"], record["positions"]) == (3, 3, 12)
    assert len(load_training_data(tmp_path / "r")) == 12
    code, out, _ = run(*args)
    assert (
        code == 0 and out.startswith("0 shards written (0 positions") and "3 already there" in out
    )
    code, _, err = run(*args[:-4], "--shard-size", "6")
    assert code == 2 and err == (
        f"Error: '{tmp_path / 'r'}' was rolled out with shard_size = 5, not 6: a resumed run "
        "keeps its settings\n"
    )


def test_bad_input(tmp_path: Path) -> None:
    code, _, err = run("data", "positions", str(tmp_path / "p"), "--shares", "contact")
    assert code == 2 and err.startswith("Error: --shares 'contact': class=share pairs")
    code, _, err = run(
        "data", "positions", str(tmp_path / "no" / "p"), "-n", "2", "--disagreement", "0"
    )
    assert code == 2 and err.startswith("Error: no folder")
    code, _, err = run("data", "rollouts", str(tmp_path / "none.npz"), str(tmp_path / "r"))
    assert code == 2 and err.startswith("Error: no file at")
    code, _, err = run("data", "positions", str(tmp_path / "p"), "--net", "net:nope")
    assert code == 2 and "no net file at 'nope'" in err


def test_rollouts_stopped_once_both_sides_are_home(tmp_path: Path) -> None:
    made = ["data", "positions", str(tmp_path / "p"), "-n", "4", "--seed", "3"]
    code, out, _ = run(*made, "--disagreement", "0", "--shares", "race=1")
    assert code == 0, out
    args = ["data", "rollouts", str(tmp_path / "p.npz"), str(tmp_path / "r"), "-n", "36"]
    args += ["--truncate", "0", "-t", "1", "--seed", "2"]
    code, out, _ = run(*args, "--truncate-one-sided", "--json")
    assert code == 0, out
    manifest = json.loads((tmp_path / "r" / "manifest.json").read_text())
    settings = manifest["settings"]
    assert settings["truncate_bearoff"] == "one-sided" and settings["truncate"] is None
    data = load_training_data(tmp_path / "r")
    assert len(data) == 4 and (data.std_errors[:, 0] > 0).all()
    code, _, err = run(*args, "--truncate-bearoff")
    assert code == 2 and "was rolled out with truncate_bearoff = 'one-sided', not 'exact'" in err
    code, _, err = run(*args, "--truncate-bearoff", "--truncate-one-sided")
    assert code == 2 and err == "Error: give --truncate-bearoff or --truncate-one-sided, not both\n"
