"""The reference nets shipped in the package (tavla.eval.nets, net:NAME)."""

from __future__ import annotations

from importlib import resources

import pytest

import tavla
from tavla.errors import NetError, PlayoutError
from tavla.eval import Net, NetSet, Policy, nets
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
    assert record["name"] == name
    if isinstance(net, NetSet):  # its members' records, and how they were put together
        assert record["command"].startswith("python training/")
        members = [record["contact"], record["race"]]
        assert set(record["members"]) == {"contact", "crashed", "race", "bearoff"}
    else:
        members = [record]
    for member in members:
        assert member["command"].startswith("tavla train ")
        settings = member["training"].get("settings", {})
        if "schedule_games" in settings:  # TD: trained to the end of its schedule
            assert member["training"]["games"] == settings["schedule_games"]
            assert f"--seed {settings['seed']}" in member["command"]
        else:  # supervised: to the end of its epochs or an early stop
            assert member["training"]["finished"]
    size = (resources.files("tavla.eval.nets") / f"{name}.npz").stat().st_size  # type: ignore[attr-defined]
    assert size < 2_000_000


def test_the_default_is_the_strongest_shipped_net() -> None:
    assert nets.DEFAULT in SHIPPED and nets.default() is nets.load(nets.DEFAULT)
    # Measured in 20,000 duplicate games (its model card); here a shorter duel that shows it
    # at least no weaker than the net it replaced.
    duel = tavla.duel(f"net:{nets.DEFAULT}", "net:tavla218-128", 2_000, seed=5, threads=1)
    assert duel.ci[1] > 0


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
