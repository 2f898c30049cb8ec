"""``tavla hint ID [ROLL]``: the plays of a roll ranked by equity, or before the roll the cube
decision, as GNU Backgammon's hint."""

from __future__ import annotations

import click

from ..board.position import Position
from ..errors import CubeModelError
from ..eval import OUTPUTS, RankedPlay
from ..eval import hint as rank_plays
from ..game.cube_context import CubeContext
from .cube import (
    CUBE_HELP,
    CubeOptions,
    context_record,
    cube_context,
    cube_lines,
    cube_options,
    cube_record,
    describe,
)
from .errors import input_errors
from .eval_options import EVALUATORS_HELP, Evaluation, evaluator_options, exact_value, percent
from .playout_output import echo_json
from .positions import read_position_and_dice, roll_to_play


@click.command(
    short_help="Rank the plays of a roll, or the cube actions before it.",
    epilog=f"{EVALUATORS_HELP}\n\n{CUBE_HELP}",
)
@click.argument("position_id")
@click.argument("roll", nargs=-1)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=None,
    help="Show only the best N plays [default: all].",
)
@click.option(
    "--cubeful/--cubeless",
    default=None,
    help="Rank plays by cubeful equity (MWC in a match) or by cubeless equity "
    "[default: cubeful when the ID holds a Match ID or a cube option is given, "
    "else cubeless].",
)
@evaluator_options
@cube_options
def hint(
    position_id: str,
    roll: tuple[str, ...],
    top: int | None,
    cubeful: bool | None,
    evaluation: Evaluation,
    cube: CubeOptions,
) -> None:
    """Rank every legal play of ROLL (31, 3-1 or 3 1) in POSITION_ID (a Position ID, GNUbg ID,
    XGID or FIBS board string; ROLL may be left out when the ID holds the dice) by the equity of
    the side that plays, best first, with the chances after each play and the difference to the
    best.  At 1-ply and deeper the move filter searches the best 8 plays within 0.16 of the
    best; the others keep their 0-ply value (their 'ply' column says 0) and are listed after
    them.

    The ranking is cubeful where the cube is known: the ID's Match ID (or XGID) and the cube
    options set the match, score, cube and its owner, and each play is valued by the cube
    model at that score (money points per unit of the cube; in a match the match winning
    chance, MWC, and its equity, EMG).  A bare Position ID without cube options is ranked
    cubeless, as is any ID with --cubeless.

    Before the roll (no ROLL, and no dice in the ID), the hint is the cube decision of the
    side on roll instead, as in 'tavla eval'."""
    with input_errors():
        position, dice_in_id = read_position_and_dice(position_id)
        if not roll and dice_in_id is None:
            if cubeful is False:
                raise CubeModelError("--cubeless ranks plays: give a ROLL")
            _cube_hint(position, position_id, evaluation, cube)
            return
        dice = roll_to_play(" ".join(roll) if roll else None, dice_in_id)
        context = _play_context(position_id, cube, cubeful)
        met = None if context is None else cube.table(context)
        ranked = rank_plays(
            position,
            dice,
            evaluation.evaluator,
            evaluation.plies,
            bearoff=evaluation.bearoff,
            context=context,
            cube_life=cube.cube_life,
            met=met,
        )
    shown = ranked[:top] if top else ranked
    if evaluation.as_json:
        echo_json(
            {
                "position_id": position.position_id,
                "dice": list(dice),
                "evaluator": evaluation.evaluator,
                "plies": evaluation.plies,
                "cubeful": context is not None,
                "context": None if context is None else context_record(context, cube, met),
                "plays": [
                    {
                        "notation": entry.play.notation,
                        "position_id": entry.play.position.position_id,
                        "equity": entry.equity,
                        "cubeful_equity": entry.cubeful_equity,
                        "mwc": entry.mwc,
                        "difference": entry.difference,
                        "plies": entry.plies,
                        "exact": exact_value(entry.play.position, evaluation.bearoff),
                        "probabilities": dict(
                            zip(OUTPUTS, entry.probabilities.tolist(), strict=True)
                        ),
                    }
                    for entry in shown
                ],
            }
        )
        return
    how = evaluation.how([entry.play.position for entry in ranked])
    ranking = "cubeless" if context is None else f"cubeful, {describe(context)}"
    click.echo(f"{position.position_id}  roll {dice[0]}-{dice[1]}: {how}; {ranking}")
    _play_table(shown, context is not None and not context.is_money)


def _play_context(position_id: str, cube: CubeOptions, cubeful: bool | None) -> CubeContext | None:
    """The context plays are ranked in (None: cubeless), as the hint's help says."""
    given = cube.given() or ":" in position_id.strip() or position_id.upper().startswith("XGID")
    if cubeful is False:
        if cube.given():
            raise CubeModelError(
                "--cubeless ranks plays without the cube: leave out the cube options"
            )
        return None
    if cubeful or given:
        return cube_context(position_id, cube)
    return None


def _play_table(shown: list[RankedPlay], match: bool) -> None:
    cubeful = shown[0].cubeful_equity is not None
    width = max(4, *(len(entry.play.notation or "(pass)") for entry in shown))
    head = f"{'':>4}  {'play':<{width}}  {'equity':>7}  {'diff':>7}  "
    if cubeful:
        head += f"{'cubeless':>8}  " + (f"{'MWC':>6}  " if match else "")
    click.echo(f"{head}{'win':>6} {'w g':>6} {'w bg':>6}  {'l g':>6} {'l bg':>6}  ply")
    for number, entry in enumerate(shown, start=1):
        p = entry.probabilities
        diff = "" if number == 1 else f"{entry.difference:+.4f}"
        shown_equity = entry.equity if entry.cubeful_equity is None else entry.cubeful_equity
        notation = entry.play.notation or "(pass)"
        line = f"{number:>3}.  {notation:<{width}}  {shown_equity:+.4f}  {diff:>7}  "
        if cubeful:
            line += f"{entry.equity:>+8.4f}  "
            if match:
                assert entry.mwc is not None
                line += f"{percent(entry.mwc):>6}  "
        click.echo(
            f"{line}{percent(p[0]):>6} {percent(p[1]):>6} {percent(p[2]):>6}  "
            f"{percent(p[3]):>6} {percent(p[4]):>6}  {entry.plies:>3}"
        )


def _cube_hint(
    position: Position, position_id: str, evaluation: Evaluation, cube: CubeOptions
) -> None:
    decision = cube.decision(position, position_id, evaluation)
    if evaluation.as_json:
        echo_json(
            {
                "position_id": position.position_id,
                "evaluator": evaluation.evaluator,
                "plies": decision.plies,
                "probabilities": dict(zip(OUTPUTS, decision.probabilities.tolist(), strict=True)),
                "cube": cube_record(decision),
            }
        )
        return
    how = evaluation.how([position])
    click.echo(f"{position.position_id}  before the roll: {how}")
    p = decision.probabilities
    click.echo(
        f"  win {percent(p[0])}, gammons {percent(p[1])} / {percent(p[3])}, backgammons"
        f" {percent(p[2])} / {percent(p[4])} (won / lost)"
    )
    for line in cube_lines(decision):
        click.echo(line)
