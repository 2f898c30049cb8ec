"""``tavla show ID``: draw the board of a Position ID, GNUbg ID or XGID, with the match
state the ID holds."""

from __future__ import annotations

import click

from ..board.position import Position
from ..formats.any_id import read_id
from ..render.svg import board_svg
from ..render.text import id_state_lines, text_board
from .errors import input_errors
from .images import image_options, write_images


@click.command(short_help="Draw the board and match state of an ID.")
@click.argument("position_id")
@image_options
def show(position_id: str, svg_file: str | None, png_file: str | None, theme: str) -> None:
    """Draw POSITION_ID (Position ID, GNUbg ID or XGID) with both pip counts.

    X is the side on roll and O the opponent; points carry X's numbers, 13-24 along the
    top and 12-1 along the bottom.  Below the board, a GNUbg ID or XGID adds what it holds
    beside the position: its Match ID or XGID, the match length and score (or money play),
    the cube's value and owner, and who is to do what (roll, play the dice rolled, take or
    drop a double, answer a resignation), or how the game ended.

    --svg FILE and --png FILE also draw the board as a picture, with the cube, the dice,
    the score and both pip counts (PNG needs CairoSVG: pip install "tavla[png]").
    """
    with input_errors():
        parsed = read_id(position_id)
    position = parsed if isinstance(parsed, Position) else parsed.position
    click.echo(f"Position ID: {position.position_id}")
    click.echo(text_board(position))
    if not isinstance(parsed, Position):
        for line in id_state_lines(parsed):
            click.echo(line)
    write_images(lambda: board_svg(parsed, theme=theme), svg_file, png_file)
