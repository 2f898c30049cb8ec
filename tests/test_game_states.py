"""A refused Game action changes nothing, and every state a game reaches can be written as a
GNUbg ID and an XGID: random actions, good and bad, on random games; a player other than 0
and 1, an action interrupted half way, the dice once the game is over, NumPy integers."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavla import Cube, Game, Phase, Rules, TavlaError, TurnError, errors
from tavla.formats.context import MAX_CUBE_VALUE
from tavla.formats.gnubg import parse_gnubg_id
from tavla.formats.xgid import parse_xgid
from tavla.game import game as game_module
from tests.helpers.boards import position
from tests.helpers.games import readable_state

SETUPS: list[dict[str, Any]] = [
    {"rules": Rules.standard_money().with_options(beavers=True, auto_doubles=2)},
    {"rules": Rules.standard_money().with_options(beavers=True), "cube": Cube(MAX_CUBE_VALUE // 8)},
    {"rules": Rules(max_cube=4, opening="reroll")},
    {"match_length": 5, "score": (4, 2), "rules": Rules(holland=True)},
    {"match_length": 5, "score": (4, 2), "crawford": True},
    {"match_length": 1},
    {"rules": Rules.turkish(), "starter": 1},
]

PLAYERS = st.sampled_from([None, None, None, 0, 1, 2, True])
ROLLS = st.tuples(st.integers(1, 6), st.integers(1, 6))
ANSWERS = ["double", "take", "drop", "beaver", "raccoon"]
ANSWERS += ["accept_resignation", "reject_resignation"]
ACTIONS = st.one_of(
    st.tuples(st.just("roll"), st.none() | st.tuples(st.integers(0, 7), st.integers(1, 6))),
    st.tuples(st.just("play"), st.integers(0, 40)),
    st.tuples(st.just("play"), st.sampled_from(["24/1", "8/5 6/5", "", "bar/22", "x"])),
    st.tuples(st.sampled_from(ANSWERS)),
    st.tuples(st.just("resign"), st.sampled_from(["single", "gammon", "backgammon", "triple"])),
)


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything a user can read of the game; the IDs must be writable in every state."""
    gnubg_id, xgid = str(game.gnubg_id), str(game.xgid)
    assert parse_gnubg_id(gnubg_id).match_id == game.match_id
    parsed = parse_xgid(xgid)
    assert str(parsed) == xgid and parsed.cube_value <= parsed.max_cube
    return (*readable_state(game), gnubg_id, xgid)


def act(game: Game, action: tuple[Any, ...], player: object) -> None:
    name, *arguments = action
    kwargs = {"player": player}
    if name == "play" and isinstance(arguments[0], int):
        plays = game.legal_plays if game.phase is Phase.PLAY else []
        arguments = [plays[arguments[0] % len(plays)] if plays else "8/5 6/5"]
    if name == "roll" and arguments[0] is None:
        arguments = []
    getattr(game, name)(*arguments, **kwargs)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    setup=st.sampled_from(SETUPS),
    dice=st.lists(ROLLS, max_size=12),
    actions=st.lists(st.tuples(ACTIONS, PLAYERS), max_size=60),
)
def test_refused_actions_change_nothing(
    setup: dict[str, Any], dice: list[tuple[int, int]], actions: list[tuple[Any, object]]
) -> None:
    game = Game(dice=dice, **setup)
    for action, player in actions:
        before = snapshot(game)
        try:
            act(game, action, player)
        except TavlaError:
            assert snapshot(game) == before, action
        else:
            snapshot(game)  # the new state can be written


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


def test_numpy_integers_are_taken_as_ints() -> None:
    game = Game(match_length=np.int64(5), score=(np.int8(4), 2), crawford=True)  # type: ignore[arg-type]
    assert type(game.match_length) is int and game.score == (4, 2)
    assert type(Cube(np.int16(4)).value) is int
