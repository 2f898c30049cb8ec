"""``tavla duel A B``: compare two policies with duplicate dice, cubeless, in money games
with the cube (``--cubeful``) or over whole matches (``--match N --matches M``)."""

from __future__ import annotations

from typing import Any

import click

from ..errors import PlayoutError
from ..game.equity import BUILTIN_TABLES, MatchEquityTable
from ..sim.duel import DuelResult, MatchDuelResult
from ..sim.duel import duel as run_duel
from .cube import MET_WITHOUT_MATCH, read_table
from .errors import InputError, input_errors
from .options import count_option, games_option, option_given, optional_option, switch_option
from .playout_options import PlayoutArgs, playout_options
from .playout_output import echo_json, echo_rows, games_text, percent, signed
from .policy_param import POLICIES_HELP, POLICY, ParsedPolicy
from .save_options import save_kept, save_options


def _refuse_count_of_the_other_kind(match_play: bool) -> None:
    """--games counts single games and --matches whole matches: refuses the one given for the
    other kind of duel, which would be ignored."""
    if match_play and option_given("games"):
        raise InputError("--games counts single games: with --match N give --matches M")
    if not match_play and option_given("matches"):
        raise InputError("--matches counts whole matches: give --match N too")


@click.command(short_help="Compare two policies with duplicate dice.", epilog=POLICIES_HELP)
@click.argument("a", type=POLICY, metavar="A")
@click.argument("b", type=POLICY, metavar="B")
@games_option(10_000)
@switch_option("duplicate", "Play each dice stream twice with the seats swapped.")
@click.option(
    "--cubeful",
    is_flag=True,
    help="Money games with the cube (Jacoby on): each policy plays its cube.",
)
@optional_option(
    "match",
    click.IntRange(min=1),
    "N",
    "Play whole matches to N points instead of single games.",
    dest="match_length",
)
@count_option("matches", 1000, "Number of matches, with --match.")
@click.option(
    "--met",
    default=None,
    metavar="TABLE",
    help=f"With --match, the match equity table of the cube policies: "
    f"{' or '.join(BUILTIN_TABLES)}, or a GNU Backgammon MET XML file "
    f"[default: {BUILTIN_TABLES[0]}].",
)
@playout_options
@save_options
def duel(
    a: ParsedPolicy,
    b: ParsedPolicy,
    games: int,
    duplicate: bool,
    cubeful: bool,
    match_length: int | None,
    matches: int,
    met: str | None,
    run: PlayoutArgs,
    save_dir: str | None,
    save_format: str | None,
) -> None:
    """Play A against B, two policies played in C++ (cubeless, from the opening roll), and print
    A's points per game with a 95% confidence interval, win rate and gammon rates.

    --cubeful plays money games with the cube, each policy playing its cube policy (a net
    the cube model on its own probabilities; pubeval and random never double and always
    take), the points counting the cube. --match N plays --matches whole matches to N
    points with the cube and the Crawford rule and prints A's match winning rate and
    points per game, each with a 95% interval (--chunk counts matches then).

    --save DIR also writes every game (with --match every match) to DIR as a match file, A's
    plays in the left column: .sgf for cubeless games, .mat with the cube."""
    played: dict[str, Any] = {"cubeful": cubeful}
    _refuse_count_of_the_other_kind(match_length is not None)
    if match_length is not None:
        with input_errors():
            if cubeful:
                raise PlayoutError(
                    "--cubeful is for money games: a match is always played with the cube"
                )
            table = read_table(met or BUILTIN_TABLES[0])
            played = {"match_length": match_length, "matches": matches, "met": table}
    elif met is not None:
        raise InputError(MET_WITHOUT_MATCH)
    with run.playing() as options:
        result = run_duel(
            a.value,
            b.value,
            games if match_length is None else None,
            duplicate=duplicate,
            keep_games=save_dir is not None,
            options=options,
            **played,
        )
    if save_dir is not None:
        save_kept(result.results.steps, save_dir, a.text, b.text, save_format)
    if isinstance(result, MatchDuelResult):
        _echo_match_duel(a, b, result, played["met"], duplicate, run)
    else:
        _echo_duel(a, b, result, cubeful, duplicate, run)


def _heading(a: ParsedPolicy, b: ParsedPolicy, played: str, duplicate: bool, seed: int) -> str:
    dice = "duplicate dice" if duplicate else "independent dice"
    return f"a ({a}) vs b ({b}): {played}, {dice}, seed {seed}"


def _echo_duel(
    a: ParsedPolicy,
    b: ParsedPolicy,
    result: DuelResult,
    cubeful: bool,
    duplicate: bool,
    run: PlayoutArgs,
) -> None:
    record = {
        "games": result.games,
        "cubeful": cubeful,
        "ppg": result.ppg,
        "std_error": result.std_error,
        "ci95": list(result.ci),
        "win_rate": result.win_rate,
        "gammon_win_rate": result.gammon_win_rate,
        "gammon_loss_rate": result.gammon_loss_rate,
        "backgammon_win_rate": result.backgammon_win_rate,
        "backgammon_loss_rate": result.backgammon_loss_rate,
    }
    played = games_text(result.games, result.interrupted) + (", with the cube" if cubeful else "")
    low, high = map(signed, result.ci)
    rows = [
        ("points per game for a", f"{signed(result.ppg)}  (95% CI {low} .. {high})"),
        ("a wins", percent(result.win_rate)),
        ("a wins a gammon or backgammon", percent(result.gammon_win_rate)),
        ("a loses a gammon or backgammon", percent(result.gammon_loss_rate)),
        ("a wins a backgammon", percent(result.backgammon_win_rate)),
        ("a loses a backgammon", percent(result.backgammon_loss_rate)),
    ]
    _report(a, b, duplicate, run, record, played, rows, result.interrupted)


def _echo_match_duel(
    a: ParsedPolicy,
    b: ParsedPolicy,
    result: MatchDuelResult,
    table: MatchEquityTable,
    duplicate: bool,
    run: PlayoutArgs,
) -> None:
    record = {
        "match_length": result.length,
        "matches": result.matches,
        "games": result.games,
        "met": table.name,
        "match_win_rate": result.win_rate,
        "std_error": result.std_error,
        "ci95": list(result.ci),
        "ppg": result.ppg,
        "ppg_std_error": result.ppg_std_error,
        "ppg_ci95": list(result.ppg_ci),
    }
    played = f"{result.matches:,} matches to {result.length}"
    if result.interrupted:
        played += " (interrupted)"
    played = f"{played}, {games_text(result.games)}"
    low, high = map(percent, result.ci)
    ppg_low, ppg_high = map(signed, result.ppg_ci)
    rows = [
        ("a wins the match", f"{percent(result.win_rate)}  (95% CI {low} .. {high})"),
        ("points per game for a", f"{signed(result.ppg)}  (95% CI {ppg_low} .. {ppg_high})"),
    ]
    _report(a, b, duplicate, run, record, played, rows, result.interrupted)


def _report(
    a: ParsedPolicy,
    b: ParsedPolicy,
    duplicate: bool,
    run: PlayoutArgs,
    record: dict[str, object],
    played: str,
    rows: list[tuple[str, str]],
    interrupted: bool,
) -> None:
    """A duel's JSON record (the policies, the dice and ``record``) or its text: the heading
    and ``rows``."""
    if run.as_json:
        head = {"a": a.text, "b": b.text, "duplicate": duplicate, "seed": run.seed}
        echo_json({**head, **record, "interrupted": interrupted}, interrupted)
        return
    click.echo(_heading(a, b, played, duplicate, run.seed))
    echo_rows(rows, interrupted)
