"""``--save DIR`` and ``--save-format`` of ``selfplay`` and ``duel``: the games played, written
as match files that ``tavla replay`` and GNU Backgammon read (:func:`tavla.replay.save_games`)."""

from __future__ import annotations

from collections.abc import Sequence

import click

from ..replay.record import save_games
from ..sim.records import UnitSteps
from .errors import InputError, input_errors
from .options import stacked

save_options = stacked(
    [
        click.option(
            "--save",
            "save_dir",
            type=click.Path(file_okay=False),
            default=None,
            metavar="DIR",
            help="Write every game (every match with --match) "
            "to DIR as a match file, one a game or match.",
        ),
        click.option(
            "--save-format",
            type=click.Choice(["mat", "sgf"]),
            default=None,
            help="The files' format [default: sgf for cubeless games, whose "
            "gammons a .mat file cannot count without the Jacoby rule; mat "
            "otherwise].",
        ),
    ]
)
"""``--save DIR`` and ``--save-format mat|sgf``."""


def save_kept(
    steps: Sequence[UnitSteps] | None, folder: str, a: str, b: str, save_format: str | None
) -> None:
    """Write the kept games to ``folder``, players named after the policies; one line on
    stderr says how many."""
    assert steps is not None
    players = (a, b) if a != b else (f"{a} (a)", f"{b} (b)")
    suffix = None if save_format is None else f".{save_format}"
    with input_errors():
        try:
            written = save_games(steps, folder, players, suffix=suffix)
        except OSError as error:
            raise InputError(f"cannot write to {folder}: {error.strerror or error}") from None
    kinds = sorted({path.suffix for path in written})
    click.echo(f"saved {len(written):,} files to {folder} ({', '.join(kinds) or 'none'})", err=True)
