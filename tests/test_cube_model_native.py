"""The core's cube model (cpp/src/cube_model.cpp) against the Python model it replaced:
2000 random decisions (money and match, every owner, Jacoby, backgammons, cube lives, cube
values, Crawford, max_cube, both shipped tables) that the Python model decided before the
formulas moved to the core (dev/cube_model_reference.py of commit c8b616a ran it and wrote
tests/data/cube_model_reference.npz).  All agreed exactly when the core replaced it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tavla import MatchEquityTable, _core

REFERENCE = Path(__file__).parent / "data" / "cube_model_reference.npz"
TABLES = ("Kazaross-XG2", "Rockwell-Kazaross")


def native_equities(row: np.ndarray) -> tuple[float, float, float, float]:
    (
        *p,
        money,
        owner,
        backgammons,
        jacoby,
        life,
        table,
        value,
        away,
        opponent_away,
        crawford_rule,
        crawford_game,
        max_cube,
    ) = row[:17]
    met = (
        None if money else MatchEquityTable.builtin(TABLES[int(table)]).native(bool(crawford_rule))
    )
    situation = _core.CubeSituation(
        int(value),
        int(owner),
        bool(backgammons),
        bool(jacoby),
        met,
        int(away) if met else 0,
        int(opponent_away) if met else 0,
        bool(crawford_game),
        int(max_cube),
    )
    return _core.cube_equities(np.array(p), situation, float(life))


def test_the_core_decides_as_the_python_model_did() -> None:
    cases = np.load(REFERENCE)["cases"]
    assert len(cases) == 2000
    for row in cases:
        assert native_equities(row) == pytest.approx(tuple(row[17:]), abs=1e-9), row
