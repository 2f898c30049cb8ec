"""The reference nets shipped in the package (tavla.eval.nets, net:NAME)."""

from __future__ import annotations

from importlib import resources

import pytest

import tavla
from tavla.errors import NetError, PlayoutError
from tavla.eval import Net, Policy, nets
from tavla.eval.policies import parse_policy

SHIPPED = nets.available()


def test_the_shipped_nets_are_listed() -> None:
    assert "td198-40" in SHIPPED
    assert list(SHIPPED) == sorted(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_net_carries_its_training_record(name: str) -> None:
    net = nets.load(name)
    assert isinstance(net, Net) and nets.load(name) is net  # loaded once
    record = net.metadata
    assert record["name"] == name and record["command"].startswith(f"tavla train {name}.npz ")
    assert record["training"]["games"] == record["training"]["settings"]["schedule_games"]
    assert f"--seed {record['training']['settings']['seed']}" in record["command"]
    size = (resources.files("tavla.eval.nets") / f"{name}.npz").stat().st_size  # type: ignore[attr-defined]
    assert size < 2_000_000


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_net_is_a_policy_by_name_and_beats_pubeval(name: str) -> None:
    policy = parse_policy(f"net:{name}")
    assert isinstance(policy, Policy) and policy.evaluator == nets.load(name)
    assert policy.bearoff  # the exact bear-off database plays its bear-offs
    assert parse_policy(f"net:{name}@1").plies == 1
    duel = tavla.duel(f"net:{name}", "pubeval", 1_000, seed=77, threads=1)
    assert duel.ci[0] > 0.1


def test_unknown_names_are_errors() -> None:
    with pytest.raises(NetError, match="no shipped net 'nope'"):
        nets.load("nope")
    with pytest.raises(PlayoutError, match="no net file at 'nope'"):
        parse_policy("net:nope")
