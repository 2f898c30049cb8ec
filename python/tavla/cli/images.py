"""``--svg FILE`` and ``--png FILE``: a command's board written as a picture
(:func:`tavla.render.svg.board_svg`).  PNG needs the optional ``png`` extra, CairoSVG
(``pip install "tavla[png]"``), which draws with the system's Cairo library."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from .errors import InputError
from .options import Decorator, stacked, valued_option

PNG_EXTRA = 'pip install "tavla[png]"'


def _picture_option(kind: str, help: str) -> Decorator:
    """``--KIND FILE``: a picture file to write, the parameter ``KIND_file``."""
    return click.option(
        f"--{kind}",
        f"{kind}_file",
        type=click.Path(dir_okay=False, writable=True),
        default=None,
        metavar="FILE",
        help=help,
    )


image_options = stacked(
    [
        _picture_option("svg", "Also draw the board as SVG in FILE."),
        _picture_option(
            "png", f"Also draw the board as PNG in FILE (needs CairoSVG: {PNG_EXTRA})."
        ),
        valued_option(
            "theme",
            click.Choice(["classic", "high-contrast"]),
            "classic",
            "Colours of --svg/--png.",
        ),
    ]
)
"""``--svg FILE``, ``--png FILE`` and ``--theme``."""


def _png(svg: str) -> bytes:
    """``svg`` as PNG at twice its natural size, by CairoSVG; InputError when it is missing."""
    try:
        import cairosvg
    except ImportError:
        raise InputError(f"--png needs CairoSVG: {PNG_EXTRA} (or draw --svg)") from None
    except OSError as error:  # CairoSVG installed, the Cairo library it loads missing
        raise InputError(
            f"--png needs the Cairo library, which CairoSVG cannot load: {error}"
        ) from None
    png: bytes = cairosvg.svg2png(bytestring=svg.encode(), scale=2)
    return png


def write_images(svg: Callable[[], str], svg_file: str | None, png_file: str | None) -> None:
    """Write the picture ``svg()`` draws to the files asked for (nothing is drawn when none
    is); InputError for a file that cannot be written."""
    if svg_file is None and png_file is None:
        return
    picture = svg()
    outputs: list[tuple[str, bytes]] = []
    if svg_file is not None:
        outputs.append((svg_file, picture.encode()))
    if png_file is not None:
        outputs.append((png_file, _png(picture)))
    for name, data in outputs:
        try:
            Path(name).write_bytes(data)
        except OSError as error:
            raise InputError(f"cannot write {name}: {error.strerror or error}") from None
