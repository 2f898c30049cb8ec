"""``tavla eval ID``: the probabilities and cubeless equity of the side on roll."""

from __future__ import annotations

import click

from ..eval import OUTPUTS, evaluate
from .errors import input_errors
from .eval_options import EVALUATORS_HELP, evaluator_options, percent
from .playout_output import echo_json
from .positions import read_position_and_dice

LABELS = ("win", "win gammon", "win backgammon", "lose gammon", "lose backgammon")


@click.command("eval", short_help="Evaluate a position for the side on roll.",
               epilog=EVALUATORS_HELP)  # fmt: skip
@click.argument("position_id")
@evaluator_options
def evaluate_command(
    position_id: str, evaluator: str, plies: int, bearoff: bool, as_json: bool
) -> None:
    """Print the chances of the side on roll of POSITION_ID (a Position ID, GNUbg ID or
    XGID), before it rolls: win, gammon and backgammon wins and losses (gammons include
    backgammons), and the cubeless equity 2·win - 1 + wg - lg + wbg - lbg."""
    with input_errors():
        position, _ = read_position_and_dice(position_id)
        result = evaluate(position, evaluator, plies, bearoff=bearoff)
    if as_json:
        echo_json(
            {
                "position_id": position.position_id,
                "evaluator": evaluator,
                "plies": result.plies,
                "exact": result.exact,
                "probabilities": dict(zip(OUTPUTS, result.probabilities.tolist(), strict=True)),
                "equity": result.equity,
            }
        )
        return
    how = "exact bear-off database" if result.exact else f"{evaluator} at {result.plies}-ply"
    click.echo(f"{position.position_id}, side on roll ({how})")
    for label, value in zip(LABELS, result.probabilities, strict=True):
        click.echo(f"  {label:<16} {percent(value):>6}")
    click.echo(f"  cubeless equity  {result.equity:+.4f}")
