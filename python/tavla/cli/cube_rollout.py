"""``tavla rollout POSITION_ID --cubeful``: a cube rollout where the ID and the cube options
say, printed as GNU Backgammon prints one (the options' equities, their errors, the
action)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import click

from ..errors import PlayoutError
from ..eval.policies import Policy, parse_policy
from ..sim.cube_rollout import CubefulRolloutResult
from ..sim.rollout import rollout as run_rollout
from .cube import CubeOptions, cube_context, describe
from .errors import input_errors
from .playout_options import playout_run
from .playout_output import echo_json, exit_if_interrupted, games_text
from .positions import read_position_and_dice


def cube_rollout(
    position_id: str,
    roll: str | None,
    policy_text: str,
    games: int,
    rotate: bool,
    cube: CubeOptions,
    *,
    seed: int,
    threads: int | None,
    progress: bool | None,
    as_json: bool,
    scheduler: str | None,
    chunk: int | None,
) -> None:
    """Roll out ``position_id`` with the cube and print the result (``tavla rollout``)."""
    with input_errors():
        position, dice = read_position_and_dice(position_id)
        if roll is not None or dice is not None:
            raise PlayoutError(
                "a cube rollout is made before the roll: no --roll, and no dice in the ID"
            )
        context = cube_context(position_id, cube)
        met = cube.table(context)
        policy = parse_policy(policy_text)
        doubles = isinstance(policy, Policy) and policy.cube_policy.doubles
        if isinstance(policy, Policy) and doubles:
            policy = replace(policy, cube=replace(policy.cube_policy, cube_life=cube.cube_life))
    if not doubles:
        click.echo(
            f"Warning: {policy_text} never doubles (and always takes): these are the equities"
            " of games in which the cube is turned only by the double rolled out, and the"
            " proper action is theirs; a net's policy plays its cube model (as the default of"
            " --cubeful does)",
            err=True,
        )
    with playout_run(scheduler) as client:
        result = run_rollout(
            position, policy, games, seed=seed, rotate=rotate, threads=threads,
            progress=progress, client=client, chunk=chunk, cubeful=True, context=context,
            met=met,
        )  # fmt: skip
    if as_json:
        echo_json({"policy": policy_text, "policy_doubles": doubles, **_record(result)})
    else:
        rotation = "rotated" if rotate else "not rotated"
        click.echo(
            f"{position.position_id}: {policy_text} cube rollout, "
            f"{games_text(result.games, result.interrupted)}, {rotation}, seed {seed}"
        )
        for line in _lines(result):
            click.echo(line)
    exit_if_interrupted(result.interrupted)


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
    lines.append(f"  proper action: {result.action}")
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
        "games": result.games,
        "interrupted": result.interrupted,
    }
    if result.met is not None:
        record["mwc"] = {name: result.mwc(equity) for name, equity, _ in _options(result)} | {
            "equity": result.mwc(result.equity)
        }
    return record
