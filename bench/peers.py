"""Random self-play speed of tavla next to other backgammon libraries, in one run.

    python bench/peers.py [--seconds 5]

Times uniform-random self-play (whole games from the opening, cubeless) in tavla (C++ loop,
one thread and every core), OpenSpiel (``pip install open_spiel``: its Python API driving
``pyspiel``'s C++ game, one Python call per chance outcome and action) and gym-backgammon
(``pip install gym-backgammon``: its pure-Python engine), each for about ``--seconds``, and
prints games per second with the ratio to each peer. Peers that are not installed are
skipped; neither is a dependency of tavla.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable
from pathlib import Path

import tavla


def rate(play_games: Callable[[int], int], seconds: float) -> float:
    """Games per second of ``play_games(n) -> games played``, growing n to fill ``seconds``."""
    n, played, spent = 1, 0, 0.0
    while spent < seconds:
        started = time.perf_counter()
        played += play_games(n)
        spent += time.perf_counter() - started
        n *= 2
    return played / spent


def tavla_games(threads: int | None) -> Callable[[int], int]:
    seeds = iter(range(1, 1_000_000))

    def play(n: int) -> int:
        return tavla.selfplay("random", n, seed=next(seeds), threads=threads, progress=False).games

    return play


def open_spiel_games() -> Callable[[int], int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")
    rng = random.Random(1)

    def play(n: int) -> int:
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(actions, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
        return n

    return play


def gym_backgammon_games() -> Callable[[int], int] | None:
    # Load the game engine's file alone: importing the package also loads its gym
    # environment, which needs gym and pyglet.
    package = importlib.util.find_spec("gym_backgammon")
    if package is None or package.origin is None:
        return None
    path = Path(package.origin).parent / "envs" / "backgammon.py"
    spec = importlib.util.spec_from_file_location("gym_backgammon_engine", path)
    if spec is None or spec.loader is None:
        return None
    engine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(engine)
    WHITE, Backgammon = engine.WHITE, engine.Backgammon
    rng = random.Random(1)

    def play(n: int) -> int:
        for _ in range(n):
            game = Backgammon()
            dice = (0, 0)
            while dice[0] == dice[1]:  # the opening roll, as the package's environment does
                dice = rng.randint(1, 6), rng.randint(1, 6)
            player = WHITE if dice[0] > dice[1] else 1 - WHITE
            while game.get_winner() is None:
                roll = (-dice[0], -dice[1]) if player == WHITE else dice
                plays = game.get_valid_plays(player, roll)
                game.execute_play(player, rng.choice(sorted(plays)) if plays else None)
                player = game.get_opponent(player)
                dice = rng.randint(1, 6), rng.randint(1, 6)
        return n

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = parser.parse_args()
    rows = [
        ("tavla, 1 thread", tavla_games(1)),
        ("tavla, every core", tavla_games(None)),
        ("OpenSpiel (Python API)", open_spiel_games()),
        ("gym-backgammon", gym_backgammon_games()),
    ]
    rates = {name: rate(play, args.seconds) for name, play in rows if play is not None}
    skipped = [name for name, play in rows if play is None]
    single = rates["tavla, 1 thread"]
    print(f"{'random self-play':<24} {'games/s':>12} {'tavla (1 thread) is':>22}")
    for name, games_per_second in rates.items():
        ratio = "" if name.startswith("tavla") else f"{single / games_per_second:,.0f}x faster"
        print(f"{name:<24} {games_per_second:>12,.1f} {ratio:>22}")
    for name in skipped:
        print(f"{name:<24} {'not installed':>12}")


if __name__ == "__main__":
    main()
