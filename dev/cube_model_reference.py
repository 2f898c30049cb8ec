"""Random cube decisions by the Python cube model (tavla.game.cube_model before it moved to
C++), written to tests/data/cube_model_reference.npz for tests/test_cube_model_native.py.

    PYTHONPATH=python python dev/cube_model_reference.py
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tavla import MatchEquityTable
from tavla.game.cube_model import MatchModel, Outcomes, money_options

CASES = 2000
OWNERS = ("centred", "on roll", "opponent")
TABLES = ("Kazaross-XG2", "Rockwell-Kazaross")


def probabilities(rng: np.random.Generator) -> np.ndarray:
    win = rng.choice([rng.uniform(), 0.0, 1.0, rng.uniform(0.6, 0.9)], p=[0.7, 0.05, 0.05, 0.2])
    gammonless = rng.uniform() < 0.2
    wg = 0.0 if gammonless else win * rng.uniform(0, 0.6)
    lg = 0.0 if gammonless else (1 - win) * rng.uniform(0, 0.6)
    return np.array([win, wg, wg * rng.uniform(0, 0.4), lg, lg * rng.uniform(0, 0.4)])


def main() -> None:
    rng = np.random.default_rng(20240611)
    tables = [MatchEquityTable.builtin(name) for name in TABLES]
    rows = []
    for _ in range(CASES):
        p = probabilities(rng)
        money = rng.uniform() < 0.3
        owner = int(rng.integers(3))
        backgammons = bool(rng.uniform() < 0.8)
        life = float(rng.choice([0.0, 1.0, rng.uniform()], p=[0.1, 0.1, 0.8]))
        table = int(rng.integers(2))
        value = int(2 ** rng.integers(0, 7))
        away = int(rng.integers(1, 26)) if rng.uniform() < 0.3 else int(rng.integers(1, 12))
        opponent_away = (
            int(rng.integers(1, 26)) if rng.uniform() < 0.3 else int(rng.integers(1, 12))
        )
        crawford_rule = bool(rng.uniform() < 0.85)
        crawford_game = bool(
            crawford_rule and min(away, opponent_away) == 1 and rng.uniform() < 0.5
        )
        max_cube = int(2 ** rng.integers(1, 16)) if rng.uniform() < 0.3 else 32768
        jacoby = bool(rng.uniform() < 0.5)
        outcomes = Outcomes.from_probabilities(p, backgammons)
        win = outcomes.win
        if money:
            options = money_options(outcomes, OWNERS[owner], jacoby, life)
            cubeless = win * outcomes.win_value - (1 - win) * outcomes.loss_value
        else:
            met = tables[table]
            model = MatchModel(
                outcomes, away, opponent_away, met, crawford_rule=crawford_rule, max_cube=max_cube
            )
            options = model.options(value, OWNERS[owner], crawford_game, life)
            lose, won = model.scale(value)
            cubeless = 2 * (model.dead(value)(win) - lose) / (won - lose) - 1
        rows.append(
            (*p, money, owner, backgammons, jacoby, life, table, value, away, opponent_away,
             crawford_rule, crawford_game, max_cube,
             options.no_double(win), options.double_take(win),
             1.0 - options.double_take.solve(1.0), cubeless)
        )  # fmt: skip
    data = np.array(rows, dtype=np.float64)
    out = Path(__file__).parent.parent / "tests" / "data" / "cube_model_reference.npz"
    np.savez_compressed(out, cases=data)
    print(f"wrote {len(data)} cases to {out}")


if __name__ == "__main__":
    main()
