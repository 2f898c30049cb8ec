"""``tavla rollout POSITION_ID [--roll 31]``: cubeless rollouts of a position or of every
play of a roll; ``--cubeful`` (with the cube options of ``tavla eval``): a cube rollout."""

from __future__ import annotations

import math
from typing import Any

import click

from ..errors import PlayoutError
from ..eval import nets
from ..sim.rollout import RolloutResult
from ..sim.rollout import rollout as run_rollout
from .cube import CubeOptions, cube_options
from .cube_rollout import cube_rollout
from .errors import input_errors
from .options import games_option, switch_option
from .playout_options import PlayoutArgs, playout_options
from .playout_output import echo_json, exit_if_interrupted, games_text
from .policy_param import POLICIES_HELP, POLICY, ParsedPolicy
from .positions import read_position_and_dice, roll_to_play
from .rollout_options import RolloutSettings, rollout_settings

COLUMNS = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")
HEADER = "    win   W g  W bg   L g  L bg    equity  (s.e.)"


def _record(result: RolloutResult, se: float | None = None) -> dict[str, Any]:
    """The JSON of one result; with ``se`` (--se) also whether its equity's standard
    error got below that target."""
    record: dict[str, Any] = {}
    if result.play is not None:
        record["play"] = result.play.notation
        record["position_id"] = result.play.position.position_id
    record.update(zip(COLUMNS, map(float, result.probabilities), strict=True))
    record["std_errors"] = dict(zip(COLUMNS, map(float, result.std_errors), strict=True))
    record["equity"] = result.equity
    record["equity_std_error"] = result.equity_std_error
    record["games"] = result.games
    record["variance_reduction"] = result.variance_reduction
    record["interrupted"] = result.interrupted
    if se is not None:
        record["se_target_reached"] = _below(result, se)
    return record


def _below(result: RolloutResult, se: float) -> bool:
    """Whether the equity's standard error is below the target ``se``, as --se stops."""
    return math.isfinite(result.equity_std_error) and result.equity_std_error < se


def _se_missed(results: list[RolloutResult], se: float | None) -> bool:
    """Whether --se was given and a rollout still going at the end (a play not stopped out
    of contention) stopped at the game limit above the target."""
    played = max((r.games for r in results), default=0)
    return se is not None and not all(_below(r, se) for r in results if r.games == played)


def _line(result: RolloutResult) -> str:
    if result.games == 0:  # Ctrl-C before a game finished
        return "   n/a   n/a   n/a   n/a   n/a       n/a"
    w, wg, wbg, lg, lbg = (100 * p for p in result.probabilities)
    error = f"{result.equity_std_error:.4f}" if math.isfinite(result.equity_std_error) else "n/a"
    return f"{w:6.2f} {wg:5.2f} {wbg:5.2f} {lg:5.2f} {lbg:5.2f}  {result.equity:+.4f}  ({error})"


DEFAULT_POLICY = f"net:{nets.DEFAULT}"
"""What plays a rollout unless told: the strongest shipped net, whose cube policy (in a cube
rollout) is the cube model on its own evaluator (pubeval never doubles)."""


@click.command(short_help="Roll out a position, or every play of a roll.", epilog=POLICIES_HELP)
@click.argument("position_id")
@click.option(
    "--roll",
    "-r",
    default=None,
    help="Roll out every legal play of this roll (31) [default: the ID's dice, if any].",
)
@click.option(
    "--policy",
    "-p",
    type=POLICY,
    default=DEFAULT_POLICY,
    help=f"The policy that plays both sides [default: {DEFAULT_POLICY}, the "
    "strongest shipped net, which plays the cube too].",
)
@games_option(1296)
@switch_option("rotate", "Stratify the first rolls over the 36 outcomes.")
@click.option(
    "--cubeful",
    is_flag=True,
    help="A cube rollout: the no-double and double/take lines on the same dice, "
    "played with the cube where the ID and the cube options say.",
)
@rollout_settings
@cube_options
@playout_options
def rollout(
    position_id: str,
    roll: str | None,
    policy: ParsedPolicy,
    games: int,
    rotate: bool,
    cubeful: bool,
    settings: RolloutSettings,
    cube: CubeOptions,
    run: PlayoutArgs,
) -> None:
    """Roll out POSITION_ID (Position ID, GNUbg ID or XGID) with the side on roll to roll,
    or with --roll every legal play of that roll, best first. A GNUbg ID or XGID that holds
    dice (rolled, not yet played) rolls out every play of those dice, as --roll does; a
    --roll that differs from them is an error. Probabilities are in percent from the side on
    roll (the side playing): win, win gammon, win backgammon, lose gammon, lose backgammon;
    the equity is cubeless points per game.

    With --cubeful, a cube rollout as GNU Backgammon's: the cubeful equities of no double
    and double/take (per unit of the cube, with the MWC in a match) and their standard
    errors, and the proper cube action, where the ID says (a GNUbg ID or XGID holds the
    match, score, cube and Jacoby flag), changed by --match, --score, --crawford, --cube,
    --owner, --jacoby/--no-jacoby and --beavers; --cube-life sets the cube life of the
    policy's cube model, --met the match equity table. pubeval and random never double (and
    always take), so a cube rollout needs a policy with a cube: a net's plays its cube model
    on its own evaluator.

    With a policy that has an evaluator (a net) the luck of every roll is subtracted, unless
    --no-variance-reduction (--luck-keep: the plays of each roll its lookahead values);
    --truncate N stops each game after N plies (--evaluator values it), --truncate-bearoff
    where the bear-off database is exact, --truncate-one-sided once both sides are home
    (cubeless, as GNU Backgammon does); --se stops at a standard
    error, checked every --check-every games; with --roll, --out-of-contention K stops the
    plays that trail the best by K standard errors. --cube-plies (with --cubeful) and
    --move-filter set the policy's cube depth and move filter (its checker depth is the @N
    of net:PATH@N)."""
    if cubeful:
        cube_rollout(position_id, roll, policy, games, rotate, cube, settings, run)
        return
    with input_errors():
        if cube != CubeOptions.none():
            raise PlayoutError("the cube options are for cube rollouts: give --cubeful")
        if settings.cube_plies is not None:
            raise PlayoutError("--cube-plies is the depth of cube decisions: give --cubeful")
    with run.playing() as options:
        position, dice_in_id = read_position_and_dice(position_id)
        dice = None if roll is None and dice_in_id is None else roll_to_play(roll, dice_in_id)
        if dice is None and settings.out_of_contention is not None:
            raise PlayoutError("--out-of-contention is for the plays of a roll: give --roll")
        chosen = settings.policy(policy)
        found = run_rollout(
            position,
            chosen,
            games,
            dice=dice,
            rotate=rotate,
            options=options,
            **settings.arguments(chosen),
        )
    results = found if isinstance(found, list) else [found]
    # No result for a roll (which has at least one play) only when Ctrl-C came first.
    interrupted = any(r.interrupted for r in results) or not results
    if run.as_json:
        se = settings.se
        records = [_record(r, se) for r in results] if dice is not None else _record(results[0], se)
        echo_json(records, interrupted)
        return
    reduced = any(r.variance_reduction for r in results)
    played = max((r.games for r in results), default=0)
    # Plays stopped out of contention (or a sure win, one game) have fewer games: a column.
    uneven = len({r.games for r in results}) > 1
    count = games_text(played, interrupted)
    count = f"up to {count} a play" if uneven else count
    click.echo(
        f"{position.position_id}: {policy} rollout, {count}, "
        f"{settings.described(rotate, reduced)}, seed {run.seed}"
    )
    if dice is not None and interrupted:
        plays = len(position.legal_plays(dice))
        click.echo(f"interrupted: {len(results)} of {plays} plays rolled out")
    elif not interrupted and _se_missed(results, settings.se):
        click.echo(f"target SE {settings.se:g} not reached after {played:,} games")
    if dice is None:
        click.echo(HEADER)
        click.echo(_line(results[0]))
    else:
        width = max((len(r.play.notation if r.play else "") for r in results), default=0) or 6
        column = f"  {'games':>7}" if uneven else ""
        click.echo(f"     {'play':<{width}}  {HEADER}{column}")
        for number, result in enumerate(results, start=1):
            notation = (result.play.notation if result.play else "") or "(pass)"
            own = f"  {result.games:>7,}" if uneven else ""
            click.echo(f"{number:3d}. {notation:<{width}}  {_line(result)}{own}")
    exit_if_interrupted(interrupted)
