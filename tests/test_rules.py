"""Rules: the options of docs/rules.rst, their defaults, the presets and the contradictions."""

from __future__ import annotations

import dataclasses
import re

import pytest

import tavla
from tavla import Rules, RulesError, _core


def test_defaults_are_rules_md_defaults() -> None:
    rules = Rules()
    assert rules.opening == "standard"  # R5
    assert rules.next_game_starter == "opening_roll"  # R6
    assert rules.backgammons is True  # R16
    assert rules.cube is True  # R18
    assert rules.max_cube is None  # R19
    assert rules.crawford is True  # R24
    assert rules.holland is False  # R25
    assert rules.beavers is False  # R20
    assert rules.raccoons is False  # R20: on only when beavers are on
    assert rules.auto_doubles == 0  # R21
    assert rules.jacoby is False


def test_presets() -> None:
    assert Rules.standard_match() == Rules()
    money = Rules.standard_money()
    assert money.jacoby is True  # R22: default on for money
    assert money.beavers is False
    turkish = Rules.turkish()
    assert (turkish.opening, turkish.next_game_starter) == ("reroll", "winner")
    assert turkish.backgammons is False
    assert turkish.cube is False


def test_raccoons_follow_beavers_unless_given() -> None:
    assert Rules(beavers=True).raccoons is True
    assert Rules(beavers=True, raccoons=False).raccoons is False


def test_rules_are_frozen_and_hashable() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.cube = False  # type: ignore[misc]
    assert len({Rules(), Rules.standard_match(), Rules.standard_money()}) == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"raccoons": True}, "raccoons need beavers"),
        ({"holland": True, "crawford": False}, "needs crawford"),
        ({"cube": False, "jacoby": True}, "options that need the cube: jacoby"),
        ({"cube": False, "beavers": True}, "options that need the cube: beavers"),
        ({"cube": False, "auto_doubles": 1}, "options that need the cube: auto_doubles"),
        ({"cube": False, "max_cube": 64}, "options that need the cube: max_cube"),
        ({"max_cube": 48}, "power of two"),
        ({"max_cube": 1}, "power of two"),
        ({"auto_doubles": -1}, "auto_doubles must be"),
        ({"opening": "western"}, "opening must be one of"),
        ({"next_game_starter": "loser"}, "next_game_starter must be one of"),
        ({"backgammons": 1}, "backgammons must be True or False"),
    ],
)
def test_contradictory_or_unknown_options_raise(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**options)  # type: ignore[arg-type]


def test_rules_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Rules(raccoons=True)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"jacoby": True}, "jacoby"),
        ({"beavers": True}, "beavers"),
        ({"auto_doubles": 1}, "auto_doubles"),
    ],
)
def test_money_only_options_are_refused_in_a_match(options: dict[str, object], named: str) -> None:
    rules = Rules(**options)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=f"options of money play only .*: {named}"):
        rules.check_match_play()


def test_match_options_pass_the_match_check() -> None:
    Rules.standard_match().check_match_play()
    Rules(holland=True, max_cube=64).check_match_play()
    Rules.turkish().check_match_play()


def test_with_options_resolves_raccoons_again() -> None:
    beavering = Rules(beavers=True)
    assert beavering.raccoons is True
    plain = beavering.with_options(beavers=False)
    assert (plain.beavers, plain.raccoons) == (False, False)
    with pytest.raises(RulesError, match="raccoons need beavers"):
        beavering.with_options(beavers=False, raccoons=True)


def test_holland_is_refused_in_money_play() -> None:
    message = "options of match play only (R25: post-Crawford games), not of money play: holland"
    with pytest.raises(RulesError, match=f"^{re.escape(message)}$"):
        tavla.MoneySession(tavla.Rules(holland=True))
    with pytest.raises(RulesError, match=f"^{re.escape(message)}$"):
        tavla.Game(tavla.Rules(holland=True))
    with pytest.raises(RulesError, match=f"^{re.escape(message)}$"):
        tavla.Rules(holland=True).check_money_play()


def test_holland_is_still_allowed_in_a_match() -> None:
    assert tavla.Match(5, tavla.Rules(holland=True)).rules.holland
    tavla.Rules().check_money_play()
    tavla.Rules.standard_money().check_money_play()


# R24 in a 5-point match: the first game with a side at 4 is the Crawford game, the games
# after it are post-Crawford; a 1-point match and play without the rule have neither.
@pytest.mark.parametrize(
    ("length", "score", "crawford_done", "crawford_game", "post_crawford"),
    [
        (5, (4, 2), False, True, False),  # 4-2, the first game at 4: the Crawford game
        (5, (4, 3), True, False, True),  # a later game at 4-3
        (5, (3, 3), False, False, False),  # nobody one point away
        (5, (2, 4), False, True, False),  # either side
        (1, (0, 0), False, False, False),  # a 1-point match has no Crawford game
        (2, (1, 0), False, True, False),  # 2 points: 1-0 is one point away
    ],
)
def test_the_crawford_game_and_the_games_after_it(
    length: int,
    score: tuple[int, int],
    crawford_done: bool,
    crawford_game: bool,
    post_crawford: bool,
) -> None:
    assert (
        _core.crawford_game_next(
            crawford_rule=True, match_length=length, score=score, crawford_done=crawford_done
        )
        is crawford_game
    )
    assert (
        _core.post_crawford(
            crawford_rule=True, match_length=length, score=score, crawford_game=crawford_game
        )
        is post_crawford
    )
    for rule_off in (
        _core.crawford_game_next(
            crawford_rule=False, match_length=length, score=score, crawford_done=crawford_done
        ),
        _core.post_crawford(
            crawford_rule=False, match_length=length, score=score, crawford_game=False
        ),
    ):
        assert rule_off is False
