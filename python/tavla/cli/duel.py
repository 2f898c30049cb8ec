"""``tavla duel A B``: compare two built-in policies with duplicate dice."""

from __future__ import annotations

import json

import click

from ..duel import duel as run_duel
from .errors import input_errors
from .playout_options import POLICY, cluster_client, games_option, games_text, playout_options


@click.command()
@click.argument("a", type=POLICY)
@click.argument("b", type=POLICY)
@games_option(10_000)
@click.option("--duplicate/--no-duplicate", default=True, show_default=True,
              help="Play each dice stream twice with the seats swapped.")  # fmt: skip
@playout_options
def duel(
    a: str,
    b: str,
    games: int,
    duplicate: bool,
    seed: int,
    threads: int | None,
    progress: bool | None,
    as_json: bool,
    scheduler: str | None,
    chunk: int | None,
) -> None:
    """Play A against B (cubeless, from the opening roll) and print A's points per game with
    a 95% confidence interval, win rate and gammon rates."""
    with input_errors(), cluster_client(scheduler) as client:
        result = run_duel(
            a, b, games, seed=seed, duplicate=duplicate, threads=threads, progress=progress,
            client=client, chunk=chunk,
        )  # fmt: skip
    record = {
        "a": a,
        "b": b,
        "games": result.games,
        "duplicate": duplicate,
        "seed": seed,
        "ppg": result.ppg,
        "std_error": result.std_error,
        "ci95": list(result.ci),
        "win_rate": result.win_rate,
        "gammon_win_rate": result.gammon_win_rate,
        "gammon_loss_rate": result.gammon_loss_rate,
        "backgammon_win_rate": result.backgammon_win_rate,
        "backgammon_loss_rate": result.backgammon_loss_rate,
        "interrupted": result.interrupted,
    }
    if as_json:
        click.echo(json.dumps(record, indent=2))
        return
    dice = "duplicate dice" if duplicate else "independent dice"
    played = games_text(result.games, result.interrupted)
    click.echo(f"a ({a}) vs b ({b}): {played}, {dice}, seed {seed}")
    low, high = result.ci
    rows = [
        ("points per game for a", f"{result.ppg:+.4f}  (95% CI {low:+.4f} .. {high:+.4f})"),
        ("a wins", f"{result.win_rate:.2%}"),
        ("a wins a gammon", f"{result.gammon_win_rate:.2%}"),
        ("a loses a gammon", f"{result.gammon_loss_rate:.2%}"),
        ("a wins a backgammon", f"{result.backgammon_win_rate:.2%}"),
        ("a loses a backgammon", f"{result.backgammon_loss_rate:.2%}"),
    ]
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        click.echo(f"  {label:<{width}}  {value}")
