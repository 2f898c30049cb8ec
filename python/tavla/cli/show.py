"""``tavla show ID``: draw the board of a Position ID, GNUbg ID, XGID or FIBS board string,
with the match state the ID holds."""

from __future__ import annotations

import click

from ..board.position import Position
from ..formats.any_id import parse_id
from ..render.svg import board_svg
from ..render.text import id_state_lines, text_board
from .errors import input_errors
from .images import image_options, write_images
from .playout_output import echo_json
from .show_record import show_record


@click.command(short_help="Draw the board and match state of an ID.")
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON instead.")
@click.argument("position_id")
@image_options
def show(
    position_id: str, as_json: bool, svg_file: str | None, png_file: str | None, theme: str
) -> None:
    """Draw POSITION_ID (Position ID, GNUbg ID, XGID or FIBS board string) with both pip
    counts.

    X is the side on roll and O the opponent; points carry X's numbers, 13-24 along the top and
    12-1 along the bottom.  Below the board, an ID other than a Position ID adds what it holds
    beside the position: its Match ID or XGID, the match length and score (or money play), the
    cube's value and owner, and who is to do what (roll, play the dice rolled, take or drop a
    double, answer a resignation), or how the game ended.

    With --json, the same as a JSON object instead: position_id, board (the side on roll's 26
    counts, then the opponent's, each from its own side: index 0 borne off, 1-24 the points,
    25 the bar), pip_counts, and id (null for a Position ID): kind, text, match_id,
    match_length, score and owner (seen from the side on roll), crawford, post_crawford,
    jacoby, beavers, cube, dice, double_offered, game_state (none, playing, over, resigned or
    dropped) and state (who is to do what, as in the text).

    --svg FILE and --png FILE also draw the board as a picture, with the cube, the dice,
    the score and both pip counts (PNG needs CairoSVG: pip install "tavla[png]").
    """
    with input_errors():
        parsed = parse_id(position_id)
    if as_json:
        echo_json(show_record(parsed))
    else:
        position = parsed if isinstance(parsed, Position) else parsed.position
        click.echo(f"Position ID: {position.position_id}")
        click.echo(text_board(position))
        if not isinstance(parsed, Position):
            for line in id_state_lines(parsed):
                click.echo(line)
    write_images(lambda: board_svg(parsed, theme=theme), svg_file, png_file)
