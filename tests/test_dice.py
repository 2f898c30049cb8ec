"""Reading rolls, and the dice a game is given: a source of text, rolls that run out or
cannot be read."""

from __future__ import annotations

import numpy as np
import pytest

from tavla import Cube, Game, Match, NotationError, Phase, Rules, TavlaError, errors, parse_roll


@pytest.mark.parametrize(
    ("given", "roll"),
    [("31", (3, 1)), ("3-1", (3, 1)), ("3 1", (3, 1)), (" 6,6 ", (6, 6)), ((1, 2), (1, 2)),
     ([5, 5], (5, 5)), (np.array([4, 2]), (4, 2))],
)  # fmt: skip
def test_accepted_forms(given: object, roll: tuple[int, int]) -> None:
    parsed = parse_roll(given)  # type: ignore[arg-type]
    assert parsed == roll and all(type(d) is int for d in parsed)


@pytest.mark.parametrize("given", ["71", "3", "3-1-2", "", (0, 1), (3, 7), (1, 2, 3), (True, 1),
                                   (1.5, 2), (3.0, 1), None, "ab"])  # fmt: skip
def test_refused_forms(given: object) -> None:
    with pytest.raises(NotationError, match="roll"):
        parse_roll(given)  # type: ignore[arg-type]


# The dice a game is given.


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
