"""A policy's text is read once on its way to the core (docs/dev/architecture.rst), into a
value that pickles and plays the same games after a round trip."""

from __future__ import annotations

import pickle

import pytest

import tavla
from tavla.eval import policies
from tavla.eval.policies import Policy, parse_policy


def test_a_run_given_text_reads_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = policies.parse_policy

    def counting(text: str) -> policies.PolicyLike:
        calls.append(text)
        return real(text)

    monkeypatch.setattr(policies, "parse_policy", counting)
    tavla.selfplay(("net:td198-40", "pubeval"), 4, seed=1, threads=1)
    assert calls == ["net:td198-40"]


def test_the_parsed_value_pickles_and_plays_the_same_games() -> None:
    value = parse_policy("net:td198-40")
    assert isinstance(value, Policy)
    copy = pickle.loads(pickle.dumps(value))
    assert copy == value
    here = tavla.selfplay((value, "pubeval"), 6, seed=3, threads=1)
    there = tavla.selfplay((copy, "pubeval"), 6, seed=3, threads=1)
    assert here.winner.tolist() == there.winner.tolist()
    assert here.plies.tolist() == there.plies.tolist()
