"""Hardening of the public API (issue 8): bad arguments raise tavla errors that are
ValueErrors, messages quote user input bounded, refused actions change nothing, every legal
state can be written as an ID, pickles are checked, IDs round-trip.

Each test failed before its fix: the error type or message asserted here is the new one.
"""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

from tavla import (
    Cube,
    CubeError,
    Game,
    InvalidIdError,
    InvalidPositionError,
    Match,
    MoneySession,
    NotationError,
    Phase,
    Position,
    Rules,
    RulesError,
    TavlaError,
    TurnError,
    errors,
    legal_results,
)
from tavla.formats.context import MAX_CUBE_VALUE, MAX_MATCH_LENGTH
from tavla.formats.gnubg import MatchId, parse_gnubg_id
from tavla.formats.xgid import Xgid, parse_xgid
from tavla.game import game as game_module
from tests.helpers.boards import position

START_XGID = "XGID=-b----E-C---eE---c-e----B-"
BIG = 100_000


# -- bad arguments: tavla errors, and ValueErrors -----------------------------------------


def test_a_dice_source_of_text_is_a_dice_error() -> None:
    for make in (lambda: Game(dice="abc"), lambda: Match(3, dice="x")):  # type: ignore[arg-type]
        with pytest.raises(errors.DiceError, match=r"dice come from .* got str 'abc'|got str 'x'"):
            make()
    assert issubclass(errors.DiceError, TavlaError)
    assert issubclass(errors.DiceError, ValueError)


def test_given_dice_that_run_out_raise_a_dice_error() -> None:
    game = Game(Rules(), dice=["31"], starter=0)
    game.roll()
    game.play("8/5 6/5")
    with pytest.raises(errors.DiceError, match="the given dice have run out: all 1 rolls"):
        game.roll()
    assert game.phase is Phase.ROLL and game.dice is None


def test_a_given_roll_that_cannot_be_read_is_refused_when_the_game_is_made() -> None:
    with pytest.raises(NotationError, match="cannot read the roll '7x'"):
        Game(dice=[(3, 1), "7x"])


def test_a_cube_of_text_is_an_invalid_cube_error() -> None:
    with pytest.raises(errors.InvalidCubeError, match="a cube value must be a power of two"):
        Cube("2")  # type: ignore[arg-type]
    assert issubclass(errors.InvalidCubeError, CubeError)
    assert issubclass(errors.InvalidCubeError, ValueError)


def test_a_player_other_than_0_and_1_is_an_invalid_player_error() -> None:
    game = Game(starter=0)
    before = str(game.gnubg_id), game.history
    for action in (
        lambda: game.resign("single", player=5),
        lambda: game.roll(player=5),
        lambda: game.double(player=True),  # type: ignore[arg-type]
        lambda: game.take(player=-1),
    ):
        with pytest.raises(errors.InvalidPlayerError, match=r"player .* must be None, 0 or 1"):
            action()
    assert (str(game.gnubg_id), game.history) == before
    assert issubclass(errors.InvalidPlayerError, TurnError)
    assert issubclass(errors.InvalidPlayerError, ValueError)


def test_a_position_id_that_is_not_ascii_is_an_invalid_id_error() -> None:
    with pytest.raises(InvalidIdError, match=r"'\\udebe' at 0, not a printable ASCII"):
        Position.from_position_id("\udebe")
    with pytest.raises(InvalidIdError, match="not a printable ASCII character"):
        parse_gnubg_id("4HPwATDgc/ABMé:cAnvAAAAAAAE")


def test_ragged_batches_are_tavla_errors() -> None:
    start = Position.initial().board
    with pytest.raises(InvalidPositionError, match="boards cannot be read as an array"):
        legal_results([start, start[:, :20]], [[3, 1], [3, 1]])
    with pytest.raises(NotationError, match="dice cannot be read as an array"):
        legal_results([start, start], [[3], [1, 2]])


def test_text_given_to_the_position_constructor_points_to_from_position_id() -> None:
    with pytest.raises(InvalidPositionError, match=r"Position.from_position_id"):
        Position("4HPwATDgc/ABMA")  # type: ignore[arg-type]


# -- messages quote user input bounded -------------------------------------------------------


@pytest.mark.parametrize(
    "parse",
    [
        Position.from_position_id,
        MatchId.parse,
        parse_gnubg_id,
        parse_xgid,
        lambda text: parse_gnubg_id(f"4HPwATDgc/ABMA:{text}"),
        lambda text: parse_xgid(f"{START_XGID}:0:0:1:00:0:0:0:{text}:10"),
    ],
)
def test_id_errors_quote_a_huge_input_in_short(parse: Any) -> None:
    with pytest.raises(InvalidIdError) as error:
        parse("A" * BIG)
    assert len(str(error.value)) < 400
    assert str(error.value).count("(100,000 characters)") == 1  # quoted once


def test_xgid_numbers_beyond_python_s_digit_limit_are_invalid_id_errors() -> None:
    with pytest.raises(InvalidIdError, match=r"match length must be 0 to 32767, got '9999"):
        parse_xgid(f"{START_XGID}:0:0:1:00:0:0:0:{'9' * 5000}:10")
    with pytest.raises(InvalidIdError, match=r"cube .* must be 0 to 15, got '-000"):
        parse_xgid(f"{START_XGID}:-{'0' * 5000}1:0:1:00:0:0:0:0:10")


def test_id_fields_beyond_python_s_digit_limit_are_invalid_id_errors() -> None:
    huge = 10**5000
    with pytest.raises(InvalidIdError, match="the match length must be an int from 0 to 32767"):
        MatchId(match_length=huge)
    with pytest.raises(InvalidIdError, match="got <an int of 16,610 bits>"):
        Xgid(Position.initial(), cube_value=huge)
    with pytest.raises(RulesError, match="got <an int of 16,610 bits>"):
        Game(match_length=huge)


# -- a refused action changes nothing ------------------------------------------------------


def test_a_refused_opening_roll_records_nothing_and_doubles_nothing() -> None:
    rules = Rules.standard_money().with_options(auto_doubles=1)
    game = Game(rules, dice=[(3, 3)])
    with pytest.raises(errors.DiceError, match="run out"):
        game.roll()
    assert game.history == () and game.cube == Cube() and game.phase is Phase.OPENING
    # The tie drawn was given back to the dice: the next draw finds it again.
    with pytest.raises(errors.DiceError, match="run out"):
        game.roll()
    assert game.history == () and game.cube == Cube()
    assert game.roll((4, 2)) == (4, 2)
    assert game.cube == Cube() and game.on_roll == 0


def test_game_dice_are_none_once_the_game_is_over() -> None:
    game = Game(Rules(), starter=0)
    game.roll((6, 4))
    game.resign("single")
    assert game.dice == (6, 4)  # the roll awaits the answer, as the IDs show it
    with pytest.raises(TurnError, match="no roll to play"):
        _ = game.legal_plays
    game.accept_resignation()
    assert game.phase is Phase.OVER and game.dice is None


def test_an_action_interrupted_half_way_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(Rules(), starter=0, position=position({2: 1}, {6: 15}))
    game.roll((6, 5))
    before = str(game.gnubg_id), game.history, game.turns_played, game.position

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt  # after the play is recorded, as the game is scored

    monkeypatch.setattr(game_module, "game_result", interrupted)
    with pytest.raises(KeyboardInterrupt):
        game.play("2/off")
    monkeypatch.undo()
    assert (str(game.gnubg_id), game.history, game.turns_played, game.position) == before
    assert game.phase is Phase.PLAY and game.dice == (6, 5) and game.result is None
    game.play("2/off")
    assert game.result is not None


# -- every legal state can be written: limits every format holds ------------------------


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


def test_cube_values_beyond_32768_are_refused() -> None:
    with pytest.raises(errors.InvalidCubeError, match="from 1 to 32768, got 65536"):
        Cube(2 * MAX_CUBE_VALUE)
    with pytest.raises(RulesError, match=r"max_cube .* from 2 to 32768, got 65536"):
        Rules(max_cube=2 * MAX_CUBE_VALUE)


def test_matches_stop_at_32767_points() -> None:
    assert MAX_MATCH_LENGTH == 32767
    with pytest.raises(RulesError, match=r"match length N .* from 1 to 32767, got 40000"):
        Match(40_000)
    with pytest.raises(RulesError, match=r"match_length .* from 0 to 32767, got 40000"):
        Game(match_length=40_000)
    game = Match(MAX_MATCH_LENGTH, dice=1).new_game()
    game.roll()
    assert str(game.gnubg_id) and str(game.xgid)


# -- pickles --------------------------------------------------------------------------------


class _CraftedPosition:
    """Pickles as a Position whose key has 15 checkers on every point."""

    def __reduce__(self) -> tuple[object, ...]:
        return (Position._from_key, (bytes([15] * 52),))


def test_a_crafted_pickle_of_a_position_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="checkers"):
        pickle.loads(pickle.dumps(_CraftedPosition()))


def test_positions_still_pickle() -> None:
    after = Position.initial().play("31", "8/5 6/5")
    assert pickle.loads(pickle.dumps(after)) == after


# -- reprs ------------------------------------------------------------------------------------


def test_match_and_money_session_reprs() -> None:
    match = Match(3, dice=1)
    assert repr(match) == "<Match to 3: score 0-0, 0 games played>"
    game = match.new_game()
    assert repr(match) == "<Match to 3: score 0-0, 0 games played, game 1 in play>"
    game.roll((3, 1))
    game.resign("backgammon")
    game.accept_resignation()
    assert repr(match) == "<Match to 3: won 0-3 by player 1, 1 game played>"
    session = MoneySession(dice=1)
    session.new_game()
    assert repr(session) == (
        "<MoneySession: balance +0 for player 0 (points 0-0), 0 games played, game 1 in play>"
    )


def test_numpy_integers_are_taken_as_ints() -> None:
    game = Game(match_length=np.int64(5), score=(np.int8(4), 2), crawford=True)  # type: ignore[arg-type]
    assert type(game.match_length) is int and game.score == (4, 2)
    assert type(Cube(np.int16(4)).value) is int


def test_a_games_xgid_and_gnubg_id_write_the_dice_alike() -> None:
    game = Game(dice=[(3, 1), (1, 5)])
    game.roll()
    game.play("8/5 6/5")
    game.roll()
    assert game.dice == (1, 5)
    assert str(game.xgid).split(":")[4] == "51"
    assert str(parse_xgid(str(game.xgid)).to_gnubg_id()) == str(game.gnubg_id)
