"""Reading rolls."""

from __future__ import annotations

import numpy as np
import pytest

from tavla import NotationError, parse_roll


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
