"""Reading rolls, and the dice sources: seeded, given (a source of text, rolls that run out or
cannot be read) and the engine's streams."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tavla import (
    Cube,
    Game,
    Match,
    NotationError,
    Phase,
    Rules,
    TavlaError,
    _core,
    errors,
    parse_roll,
)
from tavla.board import DiceSource
from tavla.board.dice_streams import match_game_seed
from tavla.errors import DiceError


@pytest.mark.parametrize(
    ("given", "roll"),
    [
        ("31", (3, 1)),
        ("3-1", (3, 1)),
        ("3 1", (3, 1)),
        (" 6,6 ", (6, 6)),
        ((1, 2), (1, 2)),
        ([5, 5], (5, 5)),
        (np.array([4, 2]), (4, 2)),
    ],
)
def test_accepted_forms(given: object, roll: tuple[int, int]) -> None:
    parsed = parse_roll(given)  # type: ignore[arg-type]
    assert parsed == roll and all(type(d) is int for d in parsed)


@pytest.mark.parametrize(
    "given",
    ["71", "3", "3-1-2", "", (0, 1), (3, 7), (1, 2, 3), (True, 1), (1.5, 2), (3.0, 1), None, "ab"],
)
def test_refused_forms(given: object) -> None:
    with pytest.raises(NotationError, match="roll"):
        parse_roll(given)  # type: ignore[arg-type]


# -- the engine's dice streams (docs/simulation.rst "Seeds and reproducible runs") ---------


_MASK, _GOLDEN = (1 << 64) - 1, 0x9E3779B97F4A7C15


def mix64(word: int) -> int:
    """SplitMix64's finaliser, written out as published: the oracle of the core's scheme."""
    word = ((word ^ (word >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    word = ((word ^ (word >> 27)) * 0x94D049BB133111EB) & _MASK
    return word ^ (word >> 31)


def draw(seed: int, stream: int, counter: int) -> int:
    """Draw ``counter`` of the stream ``(seed, stream)``, by the scheme the docs describe."""
    key = mix64(mix64(seed) ^ stream)
    return mix64((key + (counter + 1) * _GOLDEN) & _MASK)


def test_the_stream_scheme_is_splitmix64() -> None:
    assert mix64(0x9E3779B97F4A7C15) == 0xE220A8397B1DCDAF  # SplitMix64's first word from 0
    for seed, stream in [(0, 0), (7, 3), (2**64 - 1, 12345), (99, 2**63 - 1)]:
        rolls = _core.dice_rolls(seed, stream, 50).tolist()
        indices = [(draw(seed, stream, i) * 36) >> 64 for i in range(50)]
        assert rolls == [[k // 6 + 1, k % 6 + 1] for k in indices]


def test_a_stream_source_rolls_the_engines_dice() -> None:
    dice = DiceSource(seed=7, stream=3)
    assert dice.stream == (7, 3)
    # Draw 0 of stream (7, 3) reads 2-4 as an ordinary roll, 2-5 as the opening roll.
    assert _core.dice_rolls(7, 3, 1).tolist() == [[2, 4]]
    assert dice.opening_rolls() == [(2, 5)]
    assert [dice.roll() for _ in range(5)] == [(6, 6), (3, 2), (6, 6), (1, 3), (1, 2)]
    assert DiceSource(seed=7).stream == (7, 0)


def test_rolls_from_a_start_are_the_streams_later_rolls() -> None:
    whole = _core.dice_rolls(4, 9, 200).tolist()
    assert _core.dice_rolls(4, 9, 50, start=150).tolist() == whole[150:]
    openings = _core.dice_rolls(4, 9, 3, opening=True).tolist()
    assert openings[1:] == whole[1:3]
    index = (draw(4, 9, 0) * 30) >> 64  # the k-th of the 30 rolls without a tie
    first, other = index // 5 + 1, index % 5 + 1
    assert openings[0] == [first, other if other < first else other + 1]


def test_a_stream_source_refills_past_its_first_block() -> None:
    dice = DiceSource(seed=11, stream=2)
    rolls = [dice.roll() for _ in range(300)]
    assert rolls == [tuple(roll) for roll in _core.dice_rolls(11, 2, 300).tolist()]


def test_opening_rolls_of_a_stream_are_never_ties_and_cover_the_30() -> None:
    openings = {DiceSource(seed=5, stream=g).opening_rolls()[0] for g in range(2000)}
    assert openings == {(a, b) for a in range(1, 7) for b in range(1, 7) if a != b}


def test_an_int_source_is_still_a_random_seed() -> None:
    expected = random.Random(7)
    assert DiceSource(7).roll() == (expected.randint(1, 6), expected.randint(1, 6))
    assert DiceSource(7).stream is None


def test_ties_of_other_sources_open_until_the_dice_differ() -> None:
    dice = DiceSource([(3, 3), (6, 6), (4, 1), (2, 2)])
    assert dice.opening_rolls() == [(3, 3), (6, 6), (4, 1)]
    assert dice.roll() == (2, 2)
    short = DiceSource([(5, 5)])
    with pytest.raises(DiceError, match="run out"):
        short.opening_rolls()
    assert short.roll() == (5, 5)  # given back


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"source": 3, "seed": 1}, "not both"),
        ({"stream": 2}, "give seed= too"),
        ({"seed": -1}, "seed must be an int from 0 to 2\\*\\*64 - 1"),
        ({"seed": 2**64}, "2\\*\\*64 - 1"),
        ({"seed": 1.5}, "seed"),
        ({"seed": 1, "stream": -1}, "stream must be an int from 0"),
        ({"seed": 1, "stream": 2**63}, "stream must be an int from 0"),
        ({"seed": True}, "seed"),
    ],
)
def test_bad_streams_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(DiceError, match=message):
        DiceSource(**arguments)  # type: ignore[arg-type]


def test_match_game_seeds() -> None:
    assert match_game_seed(9, 0) == 9
    assert match_game_seed(9, 1) == mix64(9 ^ mix64(0x9E3779B97F4A7C15))
    assert len({match_game_seed(9, j) for j in range(100)}) == 100


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
