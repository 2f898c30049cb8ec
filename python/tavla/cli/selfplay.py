"""``tavla selfplay POLICY [OPPONENT]``: many cubeless games between policies played in C++."""

from __future__ import annotations

import time

import click

from ..sim.playout import selfplay as run_selfplay
from .options import games_option
from .playout_options import PlayoutArgs, playout_options
from .playout_output import echo_json, echo_rows, games_text, percent, signed
from .policy_param import POLICIES_HELP, POLICY, ParsedPolicy
from .save_options import save_kept, save_options


@click.command(short_help="Play many games between policies played in C++.", epilog=POLICIES_HELP)
@click.argument("policy", type=POLICY, metavar="POLICY")
@click.argument("opponent", type=POLICY, required=False, metavar="[OPPONENT]")
@games_option(10_000)
@playout_options
@save_options
def selfplay(
    policy: ParsedPolicy,
    opponent: ParsedPolicy | None,
    games: int,
    run: PlayoutArgs,
    save_dir: str | None,
    save_format: str | None,
) -> None:
    """Play POLICY (a) against itself or against OPPONENT (b), both policies played in C++, from
    the opening roll and print the results from a's side: wins, gammons, backgammons, points
    per game, speed (games finished over the time taken).  --save DIR also writes every game
    to DIR as a match file (game-000001.sgf, ...), a's plays in the left column."""
    opponent = opponent or policy
    with run.playing() as options:
        started = time.perf_counter()
        results = run_selfplay(
            (policy.value, opponent.value), games, keep_games=save_dir is not None, options=options
        )
        seconds = time.perf_counter() - started
    if save_dir is not None:
        save_kept(results.steps, save_dir, policy.text, opponent.text, save_format)
    record = {
        "policy": policy.text,
        "opponent": opponent.text,
        "games": results.games,
        "seed": run.seed,
        "win_rate": results.win_rate,
        "gammon_rate": results.gammon_rate,
        "backgammon_rate": results.backgammon_rate,
        "ppg": results.ppg,
        "plies_per_game": float(results.plies.mean()) if results.games else float("nan"),
        "games_per_second": results.games / seconds,
        "interrupted": results.interrupted,
    }
    if run.as_json:
        echo_json(record, results.interrupted)
        return
    a, b = f"a ({policy})", f"b ({opponent})"
    played = games_text(results.games, results.interrupted)
    click.echo(f"{a} vs {b}: {played}, seed {run.seed}")
    rows = [
        (f"{a} wins", percent(results.win_rate)),
        ("gammons and backgammons (either side)", percent(results.gammon_rate)),
        ("backgammons (either side)", percent(results.backgammon_rate)),
        (f"points per game for {a}", signed(results.ppg)),
        ("plies per game", f"{record['plies_per_game']:.1f}" if results.games else "n/a"),
        ("games per second", f"{record['games_per_second']:,.0f}"),
    ]
    echo_rows(rows, results.interrupted)
