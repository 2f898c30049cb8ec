"""``tavla duel A B``: compare two policies with duplicate dice."""

from __future__ import annotations

import click

from ..sim.duel import duel as run_duel
from .playout_options import POLICIES_HELP, POLICY, games_option, playout_options, playout_run
from .playout_output import echo_json, exit_if_interrupted, games_text, percent, signed


@click.command(
    short_help="Compare two policies with duplicate dice.", epilog=POLICIES_HELP
)
@click.argument("a", type=POLICY, metavar="A")
@click.argument("b", type=POLICY, metavar="B")
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
    """Play A against B, two policies played in C++ (cubeless, from the opening roll), and print
    A's points per game with a 95% confidence interval, win rate and gammon rates."""
    with playout_run(scheduler) as client:
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
        echo_json(record)
        exit_if_interrupted(result.interrupted)
        return
    dice = "duplicate dice" if duplicate else "independent dice"
    played = games_text(result.games, result.interrupted)
    click.echo(f"a ({a}) vs b ({b}): {played}, {dice}, seed {seed}")
    low, high = map(signed, result.ci)
    rows = [
        ("points per game for a", f"{signed(result.ppg)}  (95% CI {low} .. {high})"),
        ("a wins", percent(result.win_rate)),
        ("a wins a gammon or backgammon", percent(result.gammon_win_rate)),
        ("a loses a gammon or backgammon", percent(result.gammon_loss_rate)),
        ("a wins a backgammon", percent(result.backgammon_win_rate)),
        ("a loses a backgammon", percent(result.backgammon_loss_rate)),
    ]
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        click.echo(f"  {label:<{width}}  {value}")
    exit_if_interrupted(result.interrupted)
