"""The shared argument checks (tavla._validate) and the quotes of user input in messages."""

from __future__ import annotations

import numpy as np
import pytest

from tavla import Rules
from tavla._validate import (
    check_ascii,
    check_bool,
    check_choice,
    check_count,
    check_instance,
    check_int,
    check_optional_player,
    check_optional_roll,
    check_player,
    check_power_of_two,
    check_roll,
    check_seed,
    excerpt,
)
from tavla.errors import InvalidIdError, RulesError


def test_excerpt_keeps_short_input_as_its_repr() -> None:
    assert excerpt("31") == "'31'"
    assert excerpt(b"ab") == "b'ab'"
    assert excerpt(None) == "None"
    assert excerpt((3, 1)) == "(3, 1)"


def test_excerpt_cuts_long_input_and_gives_its_length() -> None:
    assert excerpt("A" * 100_000) == f"{'A' * 40!r}... (100,000 characters)"
    assert excerpt("abcdef", limit=3) == "'abc'... (6 characters)"
    assert excerpt(b"x" * 50) == f"{b'x' * 40!r}... (50 bytes)"
    assert excerpt(list(range(1000))).endswith("... (4,890 characters)")


def test_excerpt_is_always_printable() -> None:
    assert excerpt("\udebe\n") == "'\\udebe\\n'"
    excerpt("\udebe").encode("ascii")  # no surrogate left to fail an encoder


def test_excerpt_never_raises() -> None:
    assert excerpt(10**5000) == "<an int of 16,610 bits>"

    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    assert excerpt(Broken()) == "<Broken object>"


def test_check_int() -> None:
    assert check_int(np.int64(3), "n", RulesError, low=1) == 3
    assert type(check_int(np.int64(3), "n", RulesError)) is int
    with pytest.raises(RulesError, match=r"^the match length must be an int from 1 to 9, got 0$"):
        check_int(0, "the match length", RulesError, low=1, high=9)
    for bad in (True, 1.0, "1", None):
        with pytest.raises(RulesError, match="n must be an int ≥ 0, got"):
            check_count(bad, "n", RulesError)
    with pytest.raises(RulesError, match=r"n must be an int ≤ 2, got <an int of"):
        check_int(10**5000, "n", RulesError, high=2)


def test_check_seed() -> None:
    assert check_seed(2**64 - 1, "seed", RulesError) == 2**64 - 1
    with pytest.raises(RulesError, match=r"seed must be an int from 0 to 2\*\*64 - 1, got -1"):
        check_seed(-1, "seed", RulesError)


def test_check_power_of_two() -> None:
    assert check_power_of_two(np.int16(8), "cube", RulesError, high=16) == 8
    for bad in (0, 3, 32, 2.0, True, "2"):
        with pytest.raises(RulesError, match="cube must be a power of two from 1 to 16, got"):
            check_power_of_two(bad, "cube", RulesError, high=16)
    with pytest.raises(RulesError, match="a power of two ≥ 2, got 1"):
        check_power_of_two(1, "max_cube", RulesError, low=2)


def test_check_player() -> None:
    assert check_player(np.int8(1), "the player", RulesError) == 1
    assert check_optional_player(None, "the owner", RulesError) is None
    for bad in (2, -1, True, 1.0, "0"):
        with pytest.raises(RulesError, match="the player must be 0 or 1, got"):
            check_player(bad, "the player", RulesError)
        with pytest.raises(RulesError, match="the owner must be None, 0 or 1, got"):
            check_optional_player(bad, "the owner", RulesError)


def test_check_roll() -> None:
    assert check_roll([6, 6], "dice", RulesError) == (6, 6)
    assert check_roll(np.array([3, 1]), "dice", RulesError) == (3, 1)
    assert check_roll((2, 5), "dice", RulesError) == (2, 5)  # the order is kept
    for bad in ("31", (7, 1), (3,), (3, 1, 2), (True, 1), {3: 1, 1: 3}, np.array(3), None):
        with pytest.raises(RulesError, match="dice must be two dice 1 to 6, got"):
            check_roll(bad, "dice", RulesError)
        if bad is not None:
            with pytest.raises(RulesError, match="dice must be None or two dice 1 to 6, got"):
                check_optional_roll(bad, "dice", RulesError)
    assert check_optional_roll(None, "dice", RulesError) is None
    assert check_optional_roll([2, 5], "dice", RulesError) == (2, 5)


def test_check_bool_choice_instance() -> None:
    assert check_bool(False, "flag", RulesError) is False
    with pytest.raises(RulesError, match="flag must be True or False, got 1"):
        check_bool(1, "flag", RulesError)
    assert check_choice("reroll", "opening", RulesError, ("standard", "reroll")) == "reroll"
    with pytest.raises(RulesError, match="opening must be one of 'standard', 'reroll'; got 'x'"):
        check_choice("x", "opening", RulesError, ("standard", "reroll"))
    with pytest.raises(RulesError, match="one of 0, 1; got True"):
        check_choice(True, "rotate", RulesError, (0, 1))
    with pytest.raises(RulesError, match="one of 0, 1; got"):
        check_choice([], "rotate", RulesError, {0, 1})
    assert check_instance(3, "n", RulesError, int) == 3
    with pytest.raises(RulesError, match=r"^rules must be a Rules, got str$"):
        check_instance("x", "rules", RulesError, Rules)


def test_check_ascii() -> None:
    assert check_ascii("  4HPwATDgc/ABMA\n", "a Position ID", InvalidIdError) == "4HPwATDgc/ABMA"
    with pytest.raises(InvalidIdError, match=r"'\\udebe' at 0, not a printable ASCII"):
        check_ascii("\udebe", "a Position ID", InvalidIdError)
    with pytest.raises(InvalidIdError, match="a Position ID must be a string, got bytes"):
        check_ascii(b"4HPw", "a Position ID", InvalidIdError)
    with pytest.raises(InvalidIdError, match=r"\.\.\. \(100,000 characters\) is too long"):
        check_ascii("A" * 100_000, "an ID", InvalidIdError, max_length=100)
