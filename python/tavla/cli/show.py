"""``tavla show ID``: draw the board of a Position ID, GNUbg ID or XGID."""

from __future__ import annotations

import click

from ..board.diagram import text_board
from .errors import input_errors
from .positions import read_position


@click.command()
@click.argument("position_id")
def show(position_id: str) -> None:
    """Draw POSITION_ID (Position ID, GNUbg ID or XGID) with both pip counts.

    X is the side on roll and O the opponent; points carry X's numbers, 13-24 along the
    top and 12-1 along the bottom.
    """
    with input_errors():
        position = read_position(position_id)
    click.echo(f"Position ID: {position.position_id}")
    click.echo(text_board(position))
