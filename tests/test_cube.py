"""Cube: value and owner, and who may double (R18, R19, R24, R25)."""

from __future__ import annotations

import pytest

from tavla import Cube, CubeError, Game, Rules, RulesError, errors
from tavla.formats.context import MAX_CUBE_VALUE, MatchContext
from tavla.formats.gnubg import parse_gnubg_id
from tavla.formats.xgid import parse_xgid
from tavla.game import CubeContext, CubeOwner

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


# Cube values of the wrong type or beyond 32768, the highest one every ID format holds.


def test_a_cube_of_text_is_an_invalid_cube_error() -> None:
    with pytest.raises(errors.InvalidCubeError, match="a cube value must be a power of two"):
        Cube("2")  # type: ignore[arg-type]
    assert issubclass(errors.InvalidCubeError, CubeError)
    assert issubclass(errors.InvalidCubeError, ValueError)


def test_cube_values_beyond_32768_are_refused() -> None:
    with pytest.raises(errors.InvalidCubeError, match="from 1 to 32768, got 65536"):
        Cube(2 * MAX_CUBE_VALUE)
    with pytest.raises(RulesError, match=r"max_cube .* from 2 to 32768, got 65536"):
        Rules(max_cube=2 * MAX_CUBE_VALUE)


def test_the_money_cube_stops_at_32768_without_max_cube() -> None:
    game = Game(Rules(), starter=0, cube=Cube(MAX_CUBE_VALUE // 2, 0))
    game.double()
    game.take()
    assert game.cube == Cube(MAX_CUBE_VALUE, 1)
    game.roll((3, 1))
    game.play("8/5 6/5")
    assert not game.may_double
    with pytest.raises(CubeError, match=r"the cube is at 32768, the highest value .* no double"):
        game.double()
    assert parse_gnubg_id(str(game.gnubg_id)).match_id.cube_value == MAX_CUBE_VALUE
    xgid = parse_xgid(str(game.xgid))
    assert xgid.cube_value == xgid.max_cube == MAX_CUBE_VALUE  # XG's 1024 is no maximum here


def test_beavers_stop_at_32768() -> None:
    rules = Rules.standard_money().with_options(beavers=True)
    game = Game(rules, starter=0, cube=Cube(MAX_CUBE_VALUE // 4, 0))
    game.double()
    before = str(game.gnubg_id), game.history
    game.beaver()
    with pytest.raises(CubeError, match="a raccoon to 65536 passes 32768"):
        game.raccoon()
    assert str(game.gnubg_id) != before[0]
    game2 = Game(rules, starter=0, cube=Cube(MAX_CUBE_VALUE // 2, 0))
    game2.double()
    before = str(game2.gnubg_id), game2.history
    with pytest.raises(CubeError, match="a beaver to 65536 passes 32768"):
        game2.beaver()
    assert (str(game2.gnubg_id), game2.history) == before


def test_automatic_doubles_stop_at_32768() -> None:
    rules = Rules.standard_money().with_options(auto_doubles=3)
    game = Game(rules, cube=Cube(MAX_CUBE_VALUE // 2))
    game.roll((2, 2))
    game.roll((5, 5))
    assert game.cube == Cube(MAX_CUBE_VALUE)
    assert str(game.gnubg_id) and str(game.xgid)


def test_one_cube_owner_for_every_spelling() -> None:
    assert [owner.number for owner in CubeOwner] == [0, 1, 2]  # the core's numbering
    for spelling in ("on roll", "on-roll", "owned"):
        assert CubeOwner(spelling) is CubeOwner.ON_ROLL
    assert CubeOwner.ON_ROLL == "on roll" and f"{CubeOwner.OPPONENT}" == "opponent"
    for text in ("on_roll", "", "ON ROLL"):
        with pytest.raises(RulesError, match="owner must be one of 'centred', 'on roll'"):
            CubeOwner.parsed(text, "owner", RulesError)
    with pytest.raises(RulesError, match="got 1"):
        CubeOwner.parsed(1, "owner", RulesError)


@pytest.mark.parametrize(("owner", "on_roll"), [(None, 0), (0, 0), (1, 0), (0, 1), (1, 1)])
def test_a_cube_owner_is_seen_from_the_side_on_roll(owner: int | None, on_roll: int) -> None:
    seen = CubeOwner.of(owner, on_roll)
    assert seen.player(on_roll) == owner
    value = 1 if owner is None else 2
    context = CubeContext.money(cube=value, owner=owner, on_roll=on_roll)
    assert context.owner is seen
    assert (seen is CubeOwner.ON_ROLL) == (owner == on_roll)
