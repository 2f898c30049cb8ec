"""``tavla moves ID ROLL``: every legal play of a roll, with the resulting Position IDs."""

from __future__ import annotations

import json

import click

from ..render.names import roll_label
from .errors import input_errors
from .options import json_option, lang_option
from .positions import read_position_and_dice, roll_to_play


@click.command(short_help="List every legal play of a roll, with its Position ID.")
@click.argument("position_id")
@click.argument("roll", nargs=-1)
@json_option
@lang_option
def moves(position_id: str, roll: tuple[str, ...], as_json: bool, lang: str) -> None:
    """List every legal play of ROLL (31, 3-1 or 3 1) in POSITION_ID: a Position ID, a GNUbg ID
    (PositionID:MatchID), an XGID or a FIBS board string.  The dice may come in either order and
    are shown higher first: 1 3 is the roll 3-1.  ROLL may be left out when the ID holds the
    dice, and must not differ from them.  An XGID written without its XGID= prefix starts with
    '-': put -- before it."""
    with input_errors():
        position, dice_in_id = read_position_and_dice(position_id)
        dice = roll_to_play(" ".join(roll) if roll else None, dice_in_id)
        plays = position.legal_plays(dice)
    forced_pass = len(plays) == 1 and plays[0].is_pass
    if as_json:
        record = {
            "position_id": position.position_id,
            "dice": list(dice),
            "plays": [
                {
                    "notation": play.notation,
                    "moves": [list(move) for move in play.moves],
                    "hits": play.hits,
                    "position_id": play.position.position_id,
                }
                for play in plays
            ],
        }
        click.echo(json.dumps(record, indent=2))
        return
    count = "no legal play: the turn passes" if forced_pass else f"{len(plays)} legal plays"
    shown = f"{dice[0]}-{dice[1]}" if lang == "en" else roll_label(dice, "tr")
    click.echo(f"{position.position_id}  roll {shown}: {count}")
    width = max(len(play.notation) for play in plays)
    for number, play in enumerate(plays, start=1):
        text = play.notation or "(pass)"
        click.echo(f"{number:4d}. {text:<{width}}  {play.position.position_id}")
