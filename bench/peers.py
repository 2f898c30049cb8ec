"""tavla's speed next to other backgammon programs, in one run.

    python bench/peers.py [--seconds 5] [--before PYTHONPATH] [--games 1296] [--gnubg-games 144]
                          [--seeds 1] [--filing PYTHONPATH]

Times uniform-random self-play (whole games from the opening, cubeless) in tavla (C++ loop,
one thread and every core), OpenSpiel (``pip install open_spiel``: its Python API driving
``pyspiel``'s C++ game, one Python call per chance outcome and action) and gym-backgammon
(``pip install gym-backgammon``: its pure-Python engine), each for about ``--seconds``, and
prints games per second with the ratio to each peer. Peers that are not installed are
skipped; none is a dependency of tavla.

With GNU Backgammon installed (``/usr/games/gnubg``), it also rolls out, on one thread, the
position after an opening 3-1, a middle game and a race, cubeless at 0-ply with the shipped
default net (each tree's own ``nets.DEFAULT``; gnubg its own), both rotating the first roll:
with variance reduction (gnubg's with quasi-random dice; both stop games once both sides are
home, at the one-sided bear-off database, as gnubg's cubeless rollouts do by default) it prints
each side's standard error of the equity, CPU seconds and 1/(SE^2 CPU), the precision a CPU
second buys; ``--seeds N`` repeats each of these rollouts on seeds 1..N and, from 10 seeds on,
also rates them by the spread of their means, which takes neither program's word for its error
(gnubg's reported errors are gnubg's own estimate, read with five digits). Without variance
reduction (the opening only), CPU seconds per game. ``--before PYTHONPATH`` measures tavla
twice, there too (an older tree's ``python/`` with its built core), so that before and after
share one run.

``--filing PYTHONPATH`` (the tree issue 19 was filed against, 721ca6b, built) times random
self-play there and here, alternated, CPU seconds, and prints this tree's against gnubg's loop
by the issue's ratio (6.0x at filing): gnubg has no random player to time.

Then batch move generation: ``tavla.legal_results`` over the move-generation corpus
repeated 20 times (86,580 positions with a roll), rows a CPU second on one thread, best of 15
calls, with a fresh results array and into a reused ``out=`` buffer, next to issue 19's
figure for GNU Backgammon's own generator (0.47 M positions a second: gnubg has no command
that runs it alone); with ``--before`` the older tree's too.

Then the RL environments with random legal actions, in games and steps per second (a step:
one decision handed to the environment's caller, both sides' in the AEC environment, Pgx and
OpenSpiel, the agent's only against tavla's built-in opponent): tavla's VectorEnv
(256 games stepped in one call, the agent's actions drawn in NumPy, the random opponent played
in C++, one thread), its single-agent and AEC environments (one game, one Python call per
decision), Pgx's backgammon on the CPU (``pip install pgx``: JAX; 64 games under
``jit(vmap(step))``, faster here than 1024; every decision of both sides an action) and
OpenSpiel's Python loop again.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import gnubg_peer
import tavla
from corpus import load_corpus

ROLLOUT_POSITIONS = {
    "opening 3-1": "4HPwARLgc/ABMA",  # after 8/5 6/5, the other side to roll
    "middle game": "sGfwgBHg7eAAWA",
    "race": "d+YwDADbbWMAAA",
}


def rate(play: Callable[[int], tuple[int, int]], seconds: float) -> tuple[float, float]:
    """Games and steps per second of ``play(n) -> (games played, steps taken)``, growing n to
    fill ``seconds``."""
    n, played, stepped, spent = 1, 0, 0, 0.0
    while spent < seconds:
        started = time.perf_counter()
        games, steps = play(n)
        spent += time.perf_counter() - started
        played, stepped = played + games, stepped + steps
        n *= 2
    return played / spent, stepped / spent


def tavla_games(threads: int | None) -> Callable[[int], tuple[int, int]]:
    seeds = iter(range(1, 1_000_000))

    def play(n: int) -> tuple[int, int]:  # the steps not counted
        games = tavla.selfplay("random", n, seed=next(seeds), threads=threads, progress=False)
        return games.games, 0

    return play


RANDOM_AT_FILING = 6.0
"""Issue 19's figure: random self-play (one thread) was this many times GNU Backgammon's native
loop in the tree the issue was filed against (commit 721ca6b). gnubg has no random player, so
its loop cannot be timed here: ``--filing`` times that tree beside this one instead."""


def random_selfplay_cpu(games: int = 20_000) -> float:
    """Games a CPU second of ``selfplay("random", games, seed=1, threads=1)``."""
    started = time.process_time()
    tavla.selfplay("random", games, seed=1, threads=1, progress=False)
    return games / (time.process_time() - started)


def print_random_vs_filing(filing: str, rounds: int = 3) -> None:
    """This tree's random self-play against the filing tree's at ``filing`` (a PYTHONPATH),
    alternated ``rounds`` times, best of each; times :data:`RANDOM_AT_FILING`."""
    then, now = 0.0, 0.0
    for _ in range(rounds):
        then = max(then, in_tree(filing, "random_selfplay_cpu()"))
        now = max(now, random_selfplay_cpu())
    print(
        f"\n{'random self-play, 1 thread, CPU':<44} {'games/s':>14} {'vs gnubg loop':>14}\n"
        f"{'tree of issue 19 (721ca6b)':<44} {then:>14,.0f} {RANDOM_AT_FILING:>13.1f}x\n"
        f"{'tavla':<44} {now:>14,.0f} {RANDOM_AT_FILING * now / then:>13.1f}x"
        "   (by the issue's ratio)"
    )


def open_spiel_games() -> Callable[[int], tuple[int, int]] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")
    rng = random.Random(1)

    def play(n: int) -> tuple[int, int]:
        steps = 0
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(actions, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    steps += 1
        return n, steps

    return play


def gym_backgammon_games() -> Callable[[int], tuple[int, int]] | None:
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

    def play(n: int) -> tuple[int, int]:
        steps = 0
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
                steps += 1
                player = game.get_opponent(player)
                dice = rng.randint(1, 6), rng.randint(1, 6)
        return n, steps

    return play


def _bearoff_stop(policy: object) -> dict[str, object]:
    """The rollout keyword that stops games at the bear-off database as GNU Backgammon's
    cubeless rollouts do (once both sides are home), or the nearest this tree has: exact
    bear-offs only in trees before the one-sided stop, nothing before those (a keyword of
    ``**settings`` in newer trees, so the signature does not tell: a one-game try does)."""
    for stop in ("one-sided", True):
        try:
            tavla.rollout(
                tavla.Position.initial(),
                policy,
                1,
                threads=1,
                progress=False,
                truncate_bearoff=stop,
            )
        except (TypeError, ValueError):
            continue
        return {"truncate_bearoff": stop}
    return {}


Runs = dict[str, dict[str, list[float]]]
"""Per position: the ``equity``, its reported standard error ``se`` and the ``cpu`` seconds
of each seed's variance-reduced rollout; beside them ``plain`` (``cpu_per_game`` of the plain
rollout of the opening) and, for tavla, ``random`` (self-play ``games_per_second``)."""


Seeded = tuple[float, float, float]
"""One seed's variance-reduced rollout: its equity, reported standard error and CPU seconds."""


def seeded_rows(rollout: Callable[[int], Seeded], seeds: int) -> dict[str, list[float]]:
    """``rollout(seed)`` for seeds 1 to ``seeds``, as the ``equity``, ``se`` and ``cpu``
    columns of a position in :data:`Runs`."""
    done = [rollout(seed) for seed in range(1, seeds + 1)]
    return {key: [row[k] for row in done] for k, key in enumerate(("equity", "se", "cpu"))}


def tavla_rollouts(games: int, seeds: int = 1) -> Runs:
    """This tree's rollouts: per position, each of ``seeds`` variance-reduced rollouts'
    equity, error and CPU seconds, and the plain rollout's CPU seconds per game of the opening
    (one thread, default net)."""
    policy = tavla.eval.Policy("net:" + tavla.eval.nets.DEFAULT)
    tavla.rollout(tavla.Position.initial(), policy, 36, threads=1, progress=False)  # warm up
    # A tree from before variance reduction rolls out plainly (and plays every game out).
    reduced = _bearoff_stop(policy)
    plain = {**reduced, "variance_reduction": False} if reduced else {}
    found: Runs = {}
    for name, position_id in ROLLOUT_POSITIONS.items():
        position = tavla.Position.from_position_id(position_id)

        def reduced_rollout(seed: int, position: tavla.Position = position) -> Seeded:
            started = time.process_time()
            result = tavla.rollout(
                position, policy, games, seed=seed, threads=1, progress=False, **reduced
            )
            return result.equity, result.equity_std_error, time.process_time() - started

        found[name] = seeded_rows(reduced_rollout, seeds)
    started = time.process_time()
    tavla.rollout(
        tavla.Position.from_position_id(ROLLOUT_POSITIONS["opening 3-1"]),
        policy,
        games,
        threads=1,
        progress=False,
        **plain,
    )
    found["plain"] = {"cpu_per_game": [(time.process_time() - started) / games]}
    found["random"] = {"games_per_second": [rate(tavla_games(1), 3.0)[0]]}
    return found


def in_tree(path: str, call: str) -> Any:
    """What ``peers.<call>`` returns in the tavla tree at ``path`` (a PYTHONPATH), run in a
    subprocess and passed back as JSON."""
    env = {**os.environ, "PYTHONPATH": path}
    here = str(Path(__file__).parent)
    code = (
        f"import sys; sys.path.insert(0, {here!r}); import json, peers; "
        f"print(json.dumps(peers.{call}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.splitlines()[-1])


def tavla_rollouts_in(path: str, games: int, seeds: int) -> Runs:
    """:func:`tavla_rollouts` of the tavla tree at ``path`` (a PYTHONPATH), in a subprocess."""
    result: Runs = in_tree(path, f"tavla_rollouts({games}, {seeds})")
    return result


GNUBG_MOVEGEN = 0.47e6
"""GNU Backgammon's own move generation, positions (a position and a roll) a second on one
thread: issue 19's figure. gnubg has no command that runs its generator alone, so it is not
measured here."""

BATCH_TILES = 20
"""The move-generation corpus repeated this many times (86,580 rows) for one timed call."""


def batch_movegen(calls: int = 15) -> dict[str, float]:
    """Rows (a position and a roll) per CPU second of ``tavla.legal_results`` over the
    move-generation corpus (one thread: the core generates on the calling thread), the best
    of ``calls`` calls, with a fresh results array (``fresh``) and into one reused ``out=``
    buffer (``out``)."""
    _, _, boards, dice = load_corpus()
    boards = np.tile(boards, (BATCH_TILES, 1, 1))
    dice = np.tile(dice, (BATCH_TILES, 1))
    reused = np.empty_like(tavla.legal_results(boards, dice)[0])
    found = {}
    for name, out in (("fresh", None), ("out", reused)):
        best = float("inf")
        for _ in range(calls):
            started = time.process_time()
            tavla.legal_results(boards, dice, out=out)
            best = min(best, time.process_time() - started)
        found[name] = len(boards) / best
    return found


def print_batch_movegen(runs: dict[str, dict[str, float]]) -> None:
    print(
        f"\n{'batch move generation, 1 thread':<36} {'rows/s (CPU)':>13} {'ns a row':>9}"
        f" {'vs gnubg':>9}"
    )
    for who, found in runs.items():
        for name, label in (("fresh", "fresh array"), ("out", "out=")):
            rows = found[name]
            print(
                f"{who + ', ' + label:<36} {rows:>13,.0f} {1e9 / rows:>9,.0f}"
                f" {rows / GNUBG_MOVEGEN:>8.1f}x"
            )
    print(
        f"{'gnubg, its own generator':<36} {GNUBG_MOVEGEN:>13,.0f} {1e9 / GNUBG_MOVEGEN:>9,.0f}"
        "   (issue 19's figure: gnubg cannot run its generator alone)"
    )


def gnubg_rollouts(games: int, seeds: int = 1) -> Runs:
    found: Runs = {}
    startup = gnubg_peer.startup_cpu()
    for name, position_id in ROLLOUT_POSITIONS.items():

        def reduced_rollout(seed: int, position_id: str = position_id) -> Seeded:
            result = gnubg_peer.rollout(position_id, games, variance_reduction=True, seed=seed)
            return result.equity, result.std_error, result.cpu_seconds - startup

        found[name] = seeded_rows(reduced_rollout, seeds)
    plain = gnubg_peer.rollout(
        ROLLOUT_POSITIONS["opening 3-1"], 4 * games, variance_reduction=False
    )
    found["plain"] = {"cpu_per_game": [(plain.cpu_seconds - startup) / (4 * games)]}
    return found


SPREAD_SEEDS = 10
"""The seeds from which the spread of the means is a standard error worth a rate."""


def precision(rows: dict[str, list[float]]) -> tuple[float, float | None, float]:
    """A position's mean reported standard error, the spread (standard deviation) of its
    seeds' means (None for fewer than :data:`SPREAD_SEEDS`), and its mean CPU seconds."""
    spread = float(np.std(rows["equity"], ddof=1)) if len(rows["equity"]) >= SPREAD_SEEDS else None
    return float(np.mean(rows["se"])), spread, float(np.mean(rows["cpu"]))


def print_rollouts(runs: dict[str, Runs], gnubg: str) -> None:
    """The table of the rollouts: 1/(SE^2 CPU) with the errors each program reports and,
    with enough seeds, with the spread of their means (which needs no program's word for
    its error), each with its ratio to gnubg's."""
    print()
    print(
        f"{'0-ply VR rollout, 1 thread':<28} {'SE':>8} {'spread':>8} {'CPU s':>7}"
        f" {'1/(SE^2 CPU)':>13} {'vs gnubg':>9} {'by spread':>11} {'vs gnubg':>9}"
    )
    for position in ROLLOUT_POSITIONS:
        their_se, their_spread, their_cpu = precision(runs[gnubg][position])
        for who, found in runs.items():
            se, spread, cpu = precision(found[position])
            value = 1 / (se**2 * cpu)
            ratio = "" if who == gnubg else f"{value * their_se**2 * their_cpu:.1f}x"
            by_spread = ratio_spread = "-"
            if spread is not None and their_spread is not None:
                by_spread = f"{1 / (spread**2 * cpu):,.0f}"
                if who != gnubg:
                    ratio_spread = f"{their_spread**2 * their_cpu / (spread**2 * cpu):.1f}x"
                else:
                    ratio_spread = ""
            shown = "-" if spread is None else f"{spread:.5f}"
            print(
                f"{position + ', ' + who:<28} {se:>8.5f} {shown:>8} {cpu:>7.2f}"
                f" {value:>13,.0f} {ratio:>9} {by_spread:>11} {ratio_spread:>9}"
            )
    print()
    print(f"{'0-ply plain rollout of the opening 3-1':<44} {'CPU ms a game':>14} {'vs gnubg':>9}")
    their = runs[gnubg]["plain"]["cpu_per_game"][0]
    for who, found in runs.items():
        mine = found["plain"]["cpu_per_game"][0]
        ratio = "" if who == gnubg else f"{their / mine:.1f}x"
        print(f"{who:<44} {1000 * mine:>14.2f} {ratio:>9}")
    print()
    print(f"{'random self-play, 1 thread':<44} {'games/s':>14} {'vs gnubg loop':>14}")
    for who, found in runs.items():
        if who == gnubg:
            continue
        games = found["random"]["games_per_second"][0]
        print(f"{who:<44} {games:>14,.0f} {games * their:>13.1f}x")


def tavla_vector_env(num_envs: int = 256) -> Callable[[int], tuple[int, int]]:
    from tavla.env import VectorEnv

    env = VectorEnv(num_envs, "random", seed=1)
    state = {"observation": env.reset()[0]}
    rng = np.random.default_rng(1)

    def play(steps: int) -> tuple[int, int]:  # a step of every game is num_envs steps
        games = 0
        for _ in range(steps):
            actions = (rng.random(num_envs) * state["observation"]["plays"]).astype(np.int64)
            state["observation"], _, terminated, _, _ = env.step(actions)
            games += int(terminated.sum())
        return games, steps * num_envs

    return play


def tavla_single_env(aec: bool) -> Callable[[int], tuple[int, int]]:
    from tavla.env import BackgammonEnv, aec_env

    rng = np.random.default_rng(1)
    if aec:
        env = aec_env()

        def play_aec(games: int) -> tuple[int, int]:
            steps = 0
            for _ in range(games):
                env.reset()
                while not env.terminations[env.agent_selection]:
                    plays = env.observe(env.agent_selection)["plays"]
                    env.step(int(rng.integers(plays)))
                    steps += 1
            return games, steps

        return play_aec
    single = BackgammonEnv("random")

    def play(games: int) -> tuple[int, int]:
        steps = 0
        for _ in range(games):
            observation, _ = single.reset()
            terminated = False
            while not terminated:
                action = int(rng.integers(observation["plays"]))
                observation, _, terminated, _, _ = single.step(action)
                steps += 1
        return games, steps

    return play


def pgx_games(batch: int = 64) -> Callable[[int], tuple[int, int]] | None:
    try:
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset
    except ImportError:
        return None
    env = pgx.make("backgammon")
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))
    key = jax.random.PRNGKey(1)
    key, sub = jax.random.split(key)
    state = {"pgx": init(jax.random.split(sub, batch)), "key": key}

    @jax.jit
    def random_step(current, key):
        choose, advance = jax.random.split(key)
        logits = jnp.where(current.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(choose, logits, axis=-1)
        after = step(current, actions, jax.random.split(advance, batch))
        return after, after.terminated.sum()

    def play(steps: int) -> tuple[int, int]:
        games = 0
        for _ in range(steps):
            state["key"], sub = jax.random.split(state["key"])
            state["pgx"], ended = random_step(state["pgx"], sub)
            games += int(ended)
        return games, steps * batch

    play(2)  # compiled before it is timed
    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument(
        "--before",
        default=None,
        metavar="PYTHONPATH",
        help="also measure the tavla tree there (before a change)",
    )
    parser.add_argument(
        "--filing",
        default=None,
        metavar="PYTHONPATH",
        help="the tree issue 19 was filed against (721ca6b), for random self-play against "
        f"gnubg's loop by the issue's ratio ({RANDOM_AT_FILING}x then)",
    )
    parser.add_argument("--games", type=int, default=1296, help="games of tavla's rollouts")
    parser.add_argument(
        "--seeds",
        type=int,
        default=1,
        help=f"variance-reduced rollouts of each position on seeds 1..N (from {SPREAD_SEEDS} "
        "on, also rated by the spread of their means)",
    )
    parser.add_argument(
        "--gnubg-games",
        type=int,
        default=144,
        help="games of gnubg's variance-reduced rollouts (4x without)",
    )
    args = parser.parse_args()
    if gnubg_peer.available():
        runs = {}
        if args.before is not None:
            runs["tavla before"] = tavla_rollouts_in(args.before, args.games, args.seeds)
        runs["tavla"] = tavla_rollouts(args.games, args.seeds)
        runs["gnubg 1.07"] = gnubg_rollouts(args.gnubg_games, args.seeds)
        print_rollouts(runs, "gnubg 1.07")
    else:
        print("GNU Backgammon is not installed: no rollouts compared")
    rows = [
        ("tavla, 1 thread", tavla_games(1)),
        ("tavla, every core", tavla_games(None)),
        ("OpenSpiel (Python API)", open_spiel_games()),
        ("gym-backgammon", gym_backgammon_games()),
    ]
    rates = {name: rate(play, args.seconds)[0] for name, play in rows if play is not None}
    skipped = [name for name, play in rows if play is None]
    single = rates["tavla, 1 thread"]
    print(f"{'random self-play':<24} {'games/s':>12} {'tavla (1 thread) is':>22}")
    for name, games_per_second in rates.items():
        ratio = "" if name.startswith("tavla") else f"{single / games_per_second:,.0f}x faster"
        print(f"{name:<24} {games_per_second:>12,.1f} {ratio:>22}")
    for name in skipped:
        print(f"{name:<24} {'not installed':>12}")

    if args.filing is not None:
        print_random_vs_filing(args.filing)

    batch = {}
    if args.before is not None:
        batch["tavla before"] = in_tree(args.before, "batch_movegen()")
    batch["tavla"] = batch_movegen()
    print_batch_movegen(batch)

    environments = [
        ("tavla VectorEnv (256)", tavla_vector_env()),
        ("tavla BackgammonEnv", tavla_single_env(aec=False)),
        ("tavla AEC env", tavla_single_env(aec=True)),
        ("Pgx, CPU (64)", pgx_games()),
        ("OpenSpiel (Python API)", open_spiel_games()),
    ]
    env_rates = {name: rate(play, args.seconds) for name, play in environments if play}
    vector = env_rates["tavla VectorEnv (256)"][0]
    print(
        f"\n{'random legal actions':<24} {'games/s':>12} {'tavla VectorEnv is':>22} {'steps/s':>12}"
    )
    for name, (games_per_second, steps_per_second) in env_rates.items():
        if name.startswith("tavla VectorEnv") or games_per_second == 0:
            ratio = "" if games_per_second else "no game finished"
        else:
            ratio = f"{vector / games_per_second:,.1f}x"
        print(f"{name:<24} {games_per_second:>12,.1f} {ratio:>22} {steps_per_second:>12,.0f}")
    print(f"{'(VectorEnv / self-play)':<24} {vector / single:>12.2f}")
    for name in (name for name, play in environments if play is None):
        print(f"{name:<24} {'not installed':>12}")


if __name__ == "__main__":
    main()
