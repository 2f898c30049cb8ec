"""The strength ladder (tavla.sim.ladder, tavla ladder): which duels it plays, their
statistics against tavla.duel's, and bad arguments."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

import tavla
from tavla.cli import main
from tavla.errors import PlayoutError
from tavla.eval import Net, nets
from tavla.sim import ladder
from tavla.sim.ladder import default_rungs


def test_one_batch_is_the_duel_of_that_seed() -> None:
    result = ladder(["random", "pubeval"], half_width=10.0, batch=200, seed=4, threads=1)
    (only,) = result.duels
    duel = tavla.duel("pubeval", "random", 200, seed=4, threads=1)
    assert (only.a, only.b, only.games) == ("pubeval", "random", 200)
    assert only.ppg == pytest.approx(duel.ppg) and only.ci == pytest.approx(duel.ci)


def test_batches_are_added_until_the_interval_is_narrow() -> None:
    result = ladder(["random", "pubeval"], half_width=0.15, batch=40, seed=1, threads=1)
    (only,) = result.duels
    assert only.ci[1] - only.ci[0] <= 0.3
    assert only.games > 40 and only.games % 40 == 0
    count = only.games // 40
    batches = [tavla.duel("pubeval", "random", 40, seed=1 + k, threads=1) for k in range(count)]
    pair_means = np.concatenate([b.results.points.reshape(-1, 2).mean(axis=1) for b in batches])
    assert only.ppg == pytest.approx(pair_means.mean())
    # One batch fewer was not yet narrow enough.
    assert 1.959963984540054 * pair_means[:-20].std(ddof=1) / np.sqrt(len(pair_means) - 20) > 0.15


def test_every_rung_duels_the_one_below_and_the_anchor(tmp_path) -> None:
    path = tmp_path / "n.npz"
    Net.random((198, 4, 5), seed=1).save(path)
    rungs = ["random", "pubeval", f"net:{path}", f"net:{path}@1"]
    result = ladder(rungs, half_width=10.0, batch=20, threads=1)
    assert [(d.a, d.b) for d in result.duels] == [
        ("pubeval", "random"),
        (rungs[2], "pubeval"),
        (rungs[3], rungs[2]),
        (rungs[3], "pubeval"),
    ]
    assert "| pubeval | random |" in result.table()


def test_the_default_rungs_include_every_shipped_net_at_two_depths() -> None:
    shipped = nets.available()
    assert default_rungs() == [
        "random",
        "pubeval",
        *(f"net:{n}{d}" for n in shipped for d in ("", "@1")),
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"rungs": ["random"]}, "two rungs or more"),
        ({"half_width": 0}, "half_width must be a finite number > 0"),
        ({"batch": 3}, "batch must be even"),
        ({"max_games": 10, "batch": 20}, "max_games must be"),
        ({"rungs": ["random", "nonsense"]}, "unknown policy"),
    ],
)
def test_bad_arguments(arguments: dict[str, object], message: str) -> None:
    arguments.setdefault("rungs", ["random", "pubeval"])
    with pytest.raises(PlayoutError, match=message):
        ladder(**arguments)  # type: ignore[arg-type]


def test_the_command_prints_the_table_and_json() -> None:
    args = ["ladder", "random", "pubeval", "--half-width", "5", "--batch", "20", "-t", "1"]
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0 and out.stdout.startswith("| a | b | a's points per game |")
    record = json.loads(CliRunner().invoke(main, [*args, "--json"]).stdout)
    assert record["rungs"] == ["random", "pubeval"] and record["duels"][0]["games"] == 20
