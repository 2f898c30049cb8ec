"""``tavla eval ID``: the probabilities and cubeless equity of the side on roll, and its cube
decision before it rolls."""

from __future__ import annotations

import click

from ..eval import OUTPUTS
from ..eval.evaluators import cubeless_equity
from .cube import CUBE_HELP, CubeOptions, cube_lines, cube_options, cube_record
from .errors import input_errors
from .eval_options import EVALUATORS_HELP, Evaluation, evaluator_options, percent
from .playout_output import echo_json
from .positions import read_position_and_dice

LABELS = ("win", "win gammon", "win backgammon", "lose gammon", "lose backgammon")


@click.command(
    "eval",
    short_help="Evaluate a position and its cube decision.",
    epilog=f"{EVALUATORS_HELP}\n\n{CUBE_HELP}",
)
@click.argument("position_id")
@evaluator_options
@cube_options
def evaluate_command(position_id: str, evaluation: Evaluation, cube: CubeOptions) -> None:
    """Print the chances of the side on roll of POSITION_ID (a Position ID, GNUbg ID, XGID or
    FIBS board string), before it rolls: win, gammon and backgammon wins and losses (gammons
    include backgammons), and the cubeless equity 2·win - 1 + wg - lg + wbg - lbg; then the cube
    analysis: the cubeful equities of no double, double/take and double/pass per unit of the
    cube (with the match winning chances in a match) and the proper action."""
    with input_errors():
        position, _ = read_position_and_dice(position_id)
        decision = cube.decision(position, position_id, evaluation)
    probabilities = decision.probabilities
    equity = float(cubeless_equity(probabilities))
    if evaluation.as_json:
        echo_json(
            {
                "position_id": position.position_id,
                "evaluator": evaluation.evaluator,
                "plies": decision.plies,
                "exact": decision.probabilities_exact,
                "probabilities": dict(zip(OUTPUTS, probabilities.tolist(), strict=True)),
                "equity": equity,
                "cube": cube_record(decision),
            }
        )
        return
    how = evaluation.how([position])
    click.echo(f"{position.position_id}, side on roll ({how})")
    for label, value in zip(LABELS, probabilities, strict=True):
        click.echo(f"  {label:<16} {percent(value):>6}")
    click.echo(f"  cubeless equity  {equity:+.4f}")
    for line in cube_lines(decision):
        click.echo(line)
