"""Impossible match states are refused, each once where it belongs: the match context
(length, score, Crawford), the IDs (Match ID, GNUbg ID, XGID), the cube and the game."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import tavla
from tavla import CubeError, InvalidIdError, RulesError
from tavla.cli import main
from tavla.formats.context import MatchContext
from tavla.formats.gnubg import MatchId, parse_gnubg_id
from tavla.formats.xgid import parse_xgid

START = "-b----E-C---eE---c-e----B-"


def _show(text: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["show", text])
    return result.exit_code, result.output


# -- 1. a pending double of a cube the answerer owns (R18) -----------------------------


def test_show_refuses_an_xgid_double_of_the_opponents_cube() -> None:
    # Cube 2 owned by the top side (O), yet the bottom side (X) doubles.
    code, output = _show(f"XGID={START}:1:-1:1:D:4:2:0:9:10")
    assert code != 0
    assert "only a centred cube or the doubler's own can be doubled (R18)" in output


def test_xgid_double_of_the_opponents_cube_is_refused() -> None:
    with pytest.raises(InvalidIdError, match=r"R18"):
        parse_xgid(f"XGID={START}:1:-1:1:D:4:2:0:9:10")
    # The doubler owning the cube is fine.
    assert parse_xgid(f"XGID={START}:1:1:1:D:4:2:0:9:10").dice == "D"


def test_match_id_double_of_the_answerers_cube_is_refused() -> None:
    # Dice owner (doubler) 1, turn (answerer) 0, cube 2 owned by player 0.
    with pytest.raises(InvalidIdError, match=r"owned by player 0, who is to answer.*R18"):
        MatchId.parse("QREgASAAIAAE")
    with pytest.raises(InvalidIdError, match=r"R18"):
        MatchId(cube_value=2, cube_owner=1, dice_owner=0, turn=1, double_offered=True)
    # gnubg's own examples of a redouble by the owner still read.
    assert MatchId.parse("ARmgAAAAAAAE").double_offered
    assert MatchId.parse("UhHgADAAGAAE").double_offered


def test_beaver_is_only_a_money_state_with_the_cube_owned() -> None:
    # Dice owner = turn while a double is offered: a beaver awaits the doubler (R20).
    with pytest.raises(InvalidIdError, match=r"beaver \(R20\), which only money play"):
        MatchId(
            cube_value=2, cube_owner=1, dice_owner=0, turn=0, double_offered=True, match_length=5
        )
    with pytest.raises(InvalidIdError, match=r"the cube is\s+centred"):
        MatchId(cube_value=2, dice_owner=0, turn=0, double_offered=True)
    game = tavla.Game(tavla.Rules(beavers=True), starter=0)
    game.double()
    game.beaver()
    assert MatchId.parse(str(game.match_id)) == game.match_id
    # The XGID has no beaver tavla reads: the doubler faces the beaverer's redouble.
    xgid = parse_xgid(str(game.xgid))
    assert xgid == game.xgid
    assert (xgid.turn, xgid.dice, xgid.cube_value, xgid.cube_owner) == (1, "D", 2, 1)
    assert xgid.position == game.position.swapped()
    game.raccoon()
    assert MatchId.parse(str(game.match_id)) == game.match_id
    assert parse_xgid(str(game.xgid)) == game.xgid


# -- 2. the cube above 1, or a double, in the Crawford game (R24) ----------------------


def test_crawford_game_cube_above_one_is_refused_in_ids() -> None:
    with pytest.raises(InvalidIdError, match=r"the cube is at 2 in the Crawford game.*R24"):
        parse_xgid(f"XGID={START}:1:1:1:52:4:0:1:5:10")
    with pytest.raises(InvalidIdError, match=r"Crawford game.*R24"):
        MatchId.parse("0YmqAAAAIAAE")


def test_crawford_game_double_is_refused_in_ids() -> None:
    with pytest.raises(InvalidIdError, match=r"a double is offered in the Crawford game"):
        parse_xgid(f"XGID={START}:0:0:1:D:4:0:1:5:10")
    with pytest.raises(InvalidIdError, match=r"a double is offered in the Crawford game"):
        MatchId(
            dice_owner=1, turn=0, double_offered=True, crawford=True, match_length=5, score=(0, 4)
        )


def test_crawford_game_with_a_cube_above_one_is_refused_by_game() -> None:
    with pytest.raises(RulesError, match=r"the cube is at 2 in the Crawford game.*R24"):
        tavla.Game(match_length=5, score=(4, 0), crawford=True, cube=tavla.Cube(2, 0))
    with pytest.raises(RulesError, match=r"R24"):
        tavla.Game(match_length=5, score=(4, 0), crawford=True, cube=tavla.Cube(4))
    assert tavla.Game(match_length=5, score=(4, 0), crawford=True).cube == tavla.Cube()


def test_one_point_match_cube_above_one_is_refused() -> None:
    with pytest.raises(InvalidIdError, match=r"a 1-point match"):
        MatchId(cube_value=2, match_length=1)
    with pytest.raises(RulesError, match=r"a 1-point match"):
        tavla.Game(match_length=1, cube=tavla.Cube(2, 1))


# -- 3. the Crawford flag with both sides one point away (R24) -------------------------


def test_crawford_with_both_sides_one_point_away_is_refused() -> None:
    with pytest.raises(RulesError, match=r"both sides one point from 5.*R24"):
        MatchContext(5, (4, 4), crawford=True)
    with pytest.raises(InvalidIdError, match=r"both sides one point"):
        MatchId(crawford=True, match_length=5, score=(4, 4))
    with pytest.raises(InvalidIdError, match=r"both sides one point"):
        parse_xgid(f"XGID={START}:0:0:1:52:4:4:1:5:10")
    with pytest.raises(RulesError, match=r"both sides one point"):
        tavla.Game(match_length=5, score=(4, 4), crawford=True)
    assert MatchContext(5, (4, 4)).is_post_crawford


# -- 4. a finished position with the game still being played (R15) ---------------------


def test_gnubg_id_finished_position_being_played_is_refused() -> None:
    with pytest.raises(InvalidIdError, match=r"finished.*being played"):
        parse_gnubg_id("4HPwATAAAAAAAA:cAnuAAAAAAAE")
    code, output = _show("4HPwATAAAAAAAA:cAnuAAAAAAAE")
    assert code != 0
    assert "to play" not in output


def test_xgid_finished_position_with_dice_or_a_double_is_refused() -> None:
    with pytest.raises(InvalidIdError, match=r"finished.*dice are rolled"):
        parse_xgid("XGID=-------------------------B:0:0:1:52:0:0:0:0:10")
    with pytest.raises(InvalidIdError, match=r"finished.*a double is offered"):
        parse_xgid("XGID=-------------------------B:0:0:1:D:0:0:0:0:10")


def test_xgid_finished_position_not_rolled_shows_the_game_over() -> None:
    xgid = parse_xgid("XGID=-------------------------B:0:0:1:00:0:0:0:0:10")
    assert xgid.to_match_id().game_state is tavla.formats.gnubg.MatchIdState.OVER
    code, output = _show(str(xgid))
    assert code == 0
    assert "game over: O won a single" in output
    assert "to roll" not in output


# -- 5. a cube of 1 with an owner (R18, R19, R21) --------------------------------------


def test_owned_cube_of_one_is_refused() -> None:
    with pytest.raises(CubeError, match=r"a cube of 1 owned by player 0"):
        tavla.Cube(1, 0)
    with pytest.raises(InvalidIdError, match=r"a cube of 1 owned by player 0"):
        MatchId(cube_value=1, cube_owner=0)
    with pytest.raises(InvalidIdError, match=r"a cube of 1 owned by player 1"):
        parse_xgid(f"XGID={START}:0:1:1:52:0:0:0:0:10")
    assert tavla.Cube(2, 0).owner == 0


# -- 6. an XGID cube above its own maximum (R19) ---------------------------------------


def test_xgid_cube_above_its_maximum_is_refused() -> None:
    with pytest.raises(InvalidIdError, match=r"cube is at 32, above the XGID's own maximum cube 8"):
        parse_xgid(f"XGID={START}:5:1:1:52:0:0:0:0:3")
    assert parse_xgid(f"XGID={START}:3:1:1:52:0:0:0:0:3").cube_value == 8
