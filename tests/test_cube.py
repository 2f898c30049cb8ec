"""Cube: value and owner, and who may double (R18, R19, R24, R25)."""

from __future__ import annotations

import pytest

from tavla import Cube, CubeError, Rules
from tavla.formats.context import MatchContext

MATCH = Rules.standard_match()


def test_a_new_cube_is_centred_at_one() -> None:
    cube = Cube()
    assert (cube.value, cube.owner, cube.is_centred) == (1, None, True)
    assert not Cube(2, 0).is_centred


@pytest.mark.parametrize(("value", "owner"), [(0, None), (3, None), (2, 2), (2, True), (1.0, 0)])
def test_impossible_cubes_raise(value: object, owner: object) -> None:
    with pytest.raises(CubeError):
        Cube(value, owner)  # type: ignore[arg-type]


def test_centred_cube_either_side_may_double() -> None:
    assert Cube().may_double(0, MATCH)
    assert Cube().may_double(1, MATCH)


def test_only_the_owner_may_redouble() -> None:
    cube = Cube(2, 1)
    assert cube.may_double(1, MATCH)
    assert cube.refusal(0, MATCH, MatchContext()) == (
        "player 1 owns the cube: only the owner may redouble (R18)"
    )


def test_no_cube_rules() -> None:
    assert Cube().refusal(0, Rules.turkish(), MatchContext()) == (
        "these rules play without the cube (R18)"
    )


def test_max_cube() -> None:
    rules = Rules(max_cube=64)
    assert Cube(32, 0).may_double(0, rules)
    assert not Cube(64, 0).may_double(0, rules)
    assert "max_cube 64" in str(Cube(64, 0).refusal(0, rules, MatchContext()))


def test_one_point_match_never_uses_the_cube() -> None:
    context = MatchContext(length=1)
    assert Cube().refusal(0, MATCH, context) == "a 1-point match never uses the cube (R24)"


def test_crawford_game_and_post_crawford() -> None:
    crawford = MatchContext(length=5, score=(4, 2), crawford=True)
    assert not crawford.is_post_crawford
    assert Cube().refusal(1, MATCH, crawford) == "no doubling in the Crawford game (R24)"
    post = MatchContext(length=5, score=(4, 2))
    assert post.is_post_crawford
    assert Cube().may_double(1, MATCH, post)
    assert not MatchContext(length=5, score=(3, 2)).is_post_crawford
    assert not MatchContext(score=(0, 0)).is_post_crawford


def test_holland_trailer_waits_for_two_turns_each() -> None:
    holland = Rules(holland=True)
    # Post-Crawford at 4-2 to 5: player 1 trails.
    early, early_turns = MatchContext(length=5, score=(4, 2)), (2, 1)
    assert "Holland rule" in str(Cube().refusal(1, holland, early, early_turns))
    assert Cube().may_double(0, holland, early, early_turns)  # the leader is not restricted
    assert Cube().may_double(
        1, MATCH, early, early_turns
    )  # without Holland the trailer doubles at once
    ready = MatchContext(length=5, score=(4, 2))
    assert Cube().may_double(1, holland, ready, (2, 2))
    # Not post-Crawford: Holland does not apply.
    before = MatchContext(length=5, score=(3, 2))
    assert Cube().may_double(1, holland, before, (0, 0))
