"""Options shared by several commands."""

from __future__ import annotations

import click

lang_option = click.option(
    "--lang",
    type=click.Choice(["en", "tr"]),
    default="en",
    show_default=True,
    help="Language of rolls and terms: tr shows Turkish dice names (R28) and terms (mars).",
)
