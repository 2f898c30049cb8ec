"""The ``tavla`` command line: one module per command, each registered on :func:`main`."""

from __future__ import annotations

import click

from .bench import bench
from .duel import duel
from .moves import moves
from .replay import replay
from .rollout import rollout
from .selfplay import selfplay
from .show import show


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tavla")
def main() -> None:
    """tavla: backgammon rules, positions, plays and matches."""


main.add_command(moves)
main.add_command(replay)
main.add_command(show)
main.add_command(selfplay)
main.add_command(rollout)
main.add_command(duel)
main.add_command(bench)
