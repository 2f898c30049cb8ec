"""``tavla rollout POSITION_ID --cubeful``: a cube rollout where the ID and the cube options
say, printed as GNU Backgammon prints one (the options' equities, their errors, the
action), or with a roll every play of it rolled out with the cube."""

from __future__ import annotations

import math
import warnings
from typing import Any

import click

from ..board.dice import Roll
from ..board.position import Position
from ..errors import PlayoutError
from ..eval.policies import Policy
from ..sim.cube_rollout import cube_rollout as cube_rollout_function
from ..sim.cube_rollout import cube_rollout_plays
from ..sim.cube_rollout_results import CubefulPlayResult, CubefulRolloutResult
from .cube import CubeOptions, cube_context, describe
from .errors import input_errors
from .playout_options import PlayoutArgs
from .playout_output import echo_json, exit_if_interrupted, games_text
from .policy_param import ParsedPolicy
from .positions import read_position_and_dice, roll_to_play
from .rollout_options import RolloutSettings


def cube_rollout(
    position_id: str,
    roll: str | None,
    named: ParsedPolicy,
    games: int,
    rotate: bool,
    cube: CubeOptions,
    settings: RolloutSettings,
    run: PlayoutArgs,
) -> None:
    """Roll out ``position_id`` with the cube and print the result (``tavla rollout``):
    the cube decision, or with a roll (``--roll`` or the ID's dice) every play of it."""
    with input_errors():
        position, dice_in_id = read_position_and_dice(position_id)
        dice = None if roll is None and dice_in_id is None else roll_to_play(roll, dice_in_id)
        context = cube_context(position_id, cube)
        met = cube.table(context)
        policy = settings.policy(named, cube.cube_life)
        doubles = isinstance(policy, Policy) and policy.cube_policy.doubles
    with run.playing() as options, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", UserWarning)
        arguments = settings.arguments(policy)
        found: CubefulRolloutResult | list[CubefulPlayResult]
        given = {
            "context": context,
            "met": met,
            "rotate": rotate,
            "options": options,
            "truncate": arguments["truncate"],
            "evaluator": arguments["evaluator"],
            "truncate_bearoff": arguments["truncate_bearoff"],
            "se": arguments["se"],
            "check_every": arguments["check_every"],
            "variance_reduction": arguments["variance_reduction"],
            "luck_keep": arguments["luck_keep"],
        }
        if dice is None:
            if arguments["out_of_contention"] is not None:
                raise PlayoutError("--out-of-contention is for the plays of a roll: give --roll")
            found = cube_rollout_function(position, policy, games, **given)
        else:
            found = cube_rollout_plays(
                position,
                dice,
                policy,
                games,
                out_of_contention=arguments["out_of_contention"],
                **given,
            )
    for warning in caught:
        if issubclass(warning.category, UserWarning):
            click.echo(f"Warning: {warning.message}", err=True)
    if isinstance(found, list):
        assert dice is not None
        _print_plays(position, named.text, found, dice, settings, rotate, run)
        return
    result = found
    if run.as_json:
        echo_json({"policy": named.text, "policy_doubles": doubles, **_record(result)})
    else:
        played = settings.described(rotate, result.variance_reduction)
        click.echo(
            f"{position.position_id}: {named.text} cube rollout, "
            f"{games_text(result.games, result.interrupted)}, {played}, seed {run.seed}"
        )
        for line in _lines(result):
            click.echo(line)
    exit_if_interrupted(result.interrupted)


def _print_plays(
    position: Position,
    policy_text: str,
    results: list[CubefulPlayResult],
    dice: Roll,
    settings: RolloutSettings,
    rotate: bool,
    run: PlayoutArgs,
) -> None:
    interrupted = any(r.interrupted for r in results) or not results
    if run.as_json:
        echo_json([_play_record(r) for r in results], interrupted)
        return
    games = max((r.games for r in results), default=0)
    played = settings.described(rotate, any(r.variance_reduction for r in results))
    click.echo(
        f"{position.position_id}: {policy_text} cubeful rollout of {dice[0]}{dice[1]}, "
        f"{games_text(games, interrupted)}, {played}, seed {run.seed}"
    )
    if results:
        click.echo(f"cube: {describe(results[0].context)}")
    width = max((len(r.play.notation) for r in results), default=0) or 6
    for number, result in enumerate(results, start=1):
        notation = result.play.notation or "(pass)"
        shown = f"({result.equity_std_error:.4f})" if math.isfinite(result.equity_std_error) else ""
        mwc = ""
        if result.met is not None:
            mwc = f"  {100 * result.mwc(result.equity):6.2f}%"
        games_shown = f"  {result.games:,} games" if result.games != games else ""
        click.echo(
            f"{number:3d}. {notation:<{width}}  {result.equity:+.4f} {shown:<8}{mwc}{games_shown}"
        )
    exit_if_interrupted(interrupted)


def _play_record(result: CubefulPlayResult) -> dict[str, Any]:
    return {
        "play": result.play.notation,
        "position_id": result.play.position.position_id,
        "equity": result.equity,
        "equity_std_error": result.equity_std_error,
        "mwc": result.mwc(result.equity) if result.met is not None else None,
        "games": result.games,
        "variance_reduction": result.variance_reduction,
        "interrupted": result.interrupted,
    }


def _options(result: CubefulRolloutResult) -> list[tuple[str, float, float | None]]:
    options: list[tuple[str, float, float | None]] = [
        ("no double", result.no_double, result.no_double_std_error)
    ]
    if result.double_take is not None and result.double_pass is not None:
        options += [
            ("double/take", result.double_take, result.double_take_std_error),
            ("double/pass", result.double_pass, None),
        ]
    return options


def _lines(result: CubefulRolloutResult) -> list[str]:
    lines = [f"cube rollout: {describe(result.context)}"]
    for name, equity, error in _options(result):
        shown = f"({error:.4f})" if error is not None and math.isfinite(error) else ""
        mwc = ""
        if result.met is not None:
            mwc = f"  {100 * result.mwc(equity):6.2f}%"
            if error is not None and math.isfinite(error):
                mwc += f" ({100 * result.mwc(error, error=True):.2f}%)"
        difference = equity - result.equity
        relative = f"  ({difference:+.4f})" if difference and math.isfinite(difference) else ""
        lines.append(f"  {name:<12} {equity:+.4f} {shown:<8}{mwc}{relative}")
    if result.double_gain_std_error is not None and math.isfinite(result.double_gain_std_error):
        lines.append(f"  double/take - no double: s.e. {result.double_gain_std_error:.4f}")
    if result.refusal is not None:
        lines.append(f"  no double possible: {result.refusal}")
    close = f" (too close to call: {result.close_call})" if result.too_close_to_call else ""
    lines.append(f"  proper action: {result.action}{close}")
    return lines


def _record(result: CubefulRolloutResult) -> dict[str, Any]:
    context = result.context
    record: dict[str, Any] = {
        "match_length": context.match.length,
        "score": [context.match.score[context.on_roll], context.match.score[1 - context.on_roll]],
        "crawford": context.match.crawford,
        "cube": context.cube.value,
        "owner": context.owner,
        "no_double": result.no_double,
        "no_double_std_error": result.no_double_std_error,
        "double_take": result.double_take,
        "double_take_std_error": result.double_take_std_error,
        "double_pass": result.double_pass,
        "double_gain_std_error": result.double_gain_std_error,
        "action": result.action,
        "take": result.take,
        "refusal": result.refusal,
        "equity": result.equity,
        "equity_std_error": result.equity_std_error,
        "mwc": None,
        "met": result.met.name if result.met is not None else None,
        "too_close_to_call": result.too_close_to_call,
        "close_call": result.close_call,
        "games": result.games,
        "variance_reduction": result.variance_reduction,
        "interrupted": result.interrupted,
    }
    if result.met is not None:
        record["mwc"] = {name: result.mwc(equity) for name, equity, _ in _options(result)} | {
            "equity": result.mwc(result.equity)
        }
    return record
