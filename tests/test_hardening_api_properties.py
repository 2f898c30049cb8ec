"""A refused Game action changes nothing, and every state a game reaches can be written as a
GNUbg ID and an XGID (issue 8): random actions, good and bad, on random games."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavla import Cube, Game, Phase, Rules, TavlaError
from tavla.formats.context import MAX_CUBE_VALUE
from tavla.formats.gnubg import parse_gnubg_id
from tavla.formats.xgid import parse_xgid

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
    plays = game.legal_plays if game.phase is Phase.PLAY else None
    return (
        game.phase, game.turn, game.on_roll, game.dice, game.cube, game.offered_cube_value,
        game.resignation_offered, game.history, game.result, game.turns_played, game.position,
        game.may_double, plays, gnubg_id, xgid,
    )  # fmt: skip


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
