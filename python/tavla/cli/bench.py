"""``tavla bench``: how fast this machine generates plays and plays whole games."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import click
import numpy as np

from ..board.movegen import legal_results
from ..board.position import Position
from ..sim.playout import selfplay
from ..sim.run_checks import thread_count
from .options import games_option, json_option


def _timed(work: Callable[[], int]) -> tuple[int, float]:
    """Runs ``work`` (which returns a count) and gives the count and the seconds it took."""
    started = time.perf_counter()
    count = work()
    return count, time.perf_counter() - started


def _generation(repeats: int) -> dict[str, float]:
    """Resulting positions per second over the positions after the opening plays, timed on
    a second call (the first of a process also faults in its output memory)."""
    start = Position.initial().board[np.newaxis]
    rolls = np.array([(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)])
    openings, _ = legal_results(np.repeat(start, len(rolls), axis=0), rolls)
    boards = np.repeat(openings, len(rolls), axis=0)
    dice = np.tile(rolls, (len(openings), 1))
    boards, dice = np.tile(boards, (repeats, 1, 1)), np.tile(dice, (repeats, 1))
    legal_results(boards, dice)  # warm-up: the first call also pays for fresh memory
    results, seconds = _timed(lambda: int(legal_results(boards, dice)[1][-1]))
    return {"positions_per_second": len(boards) / seconds, "results_per_second": results / seconds}


def _playout(policy: str, games: int, threads: int) -> dict[str, object]:
    plies = 0

    def work() -> int:
        nonlocal plies
        results = selfplay(policy, games, seed=1, threads=threads, progress=False)
        plies = int(results.plies.sum())
        return results.games

    done, seconds = _timed(work)
    return {
        "policy": policy,
        "threads": threads,
        "games_per_second": done / seconds,
        "plies_per_second": plies / seconds,
    }


@click.command(short_help="Measure play generation and self-play speed here.")
@games_option(20_000, "Games per playout measurement.", low=100)
@json_option
def bench(games: int, as_json: bool) -> None:
    """Measure play generation (positions and resulting positions per second, one thread)
    and cubeless self-play (games and plies per second) of the built-in random and pubeval
    policies, on one thread and on every core."""
    cores = thread_count(None)
    generation = _generation(repeats=20)
    playouts = [
        _playout(policy, games, threads)
        for policy in ("random", "pubeval")
        for threads in sorted({1, cores})
    ]
    if as_json:
        record = {"cores": cores, "generation": generation, "selfplay": playouts}
        click.echo(json.dumps(record, indent=2))
        return
    click.echo(f"tavla bench: {cores} cores, {games:,} games per self-play row")
    click.echo(
        f"  generation, 1 thread: {generation['positions_per_second']:>12,.0f} positions/s"
        f"  {generation['results_per_second']:>12,.0f} resulting positions/s"
    )
    click.echo(f"  {'self-play':<10} {'threads':>7} {'games/s':>12} {'plies/s':>14}")
    for row in playouts:
        click.echo(
            f"  {row['policy']:<10} {row['threads']:>7} {row['games_per_second']:>12,.0f}"
            f" {row['plies_per_second']:>14,.0f}"
        )
