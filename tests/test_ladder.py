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
    assert only.ci[1] - only.ci[0] <= 0.3 and only.estimate.half_width <= 0.15
    assert only.games > 40 and only.games % 40 == 0
    # The batches extend one duel on the seed's dice: the ladder's duel is that long duel.
    whole = tavla.duel("pubeval", "random", only.games, seed=1, threads=1)
    assert (only.ppg, only.std_error, only.ci) == (whole.ppg, whole.std_error, whole.ci)
    # One batch fewer was not yet narrow enough.
    shorter = tavla.duel("pubeval", "random", only.games - 40, seed=1, threads=1)
    assert shorter.estimate.half_width > 0.15


def test_a_duel_extended_by_first_game_is_the_rest_of_the_long_duel() -> None:
    whole = tavla.duel("pubeval", "random", 60, seed=3, threads=1)
    start = tavla.duel("pubeval", "random", 20, seed=3, threads=1)
    rest = tavla.duel("pubeval", "random", 40, seed=3, threads=1, first_game=20)
    for name in ("points", "winner", "kind", "plies"):
        joined = np.concatenate([getattr(start.results, name), getattr(rest.results, name)])
        assert np.array_equal(getattr(whole.results, name), joined)
    with pytest.raises(PlayoutError, match="first_game must be even"):
        tavla.duel("pubeval", "random", 20, first_game=3)


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
