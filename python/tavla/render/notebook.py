"""Boards in Jupyter notebooks: what ``_repr_svg_`` and ``_repr_html_`` of a
:class:`~tavla.Position`, :class:`~tavla.Game`, :class:`~tavla.Match` or
:class:`~tavla.MoneySession` return, registered with :mod:`tavla._display` on import.

The SVG is :func:`~tavla.render.svg.board_svg` with its defaults; the HTML is the same picture
in a ``figure`` with a caption: the Position ID (and for a game its GNUbg ID), what the game
waits for or how it ended, the match and its score.
"""

from __future__ import annotations

import html

from .. import _display
from ..board.position import Position
from ..game.game import Game
from ..game.match import Match, MoneySession
from .svg import board_svg


def _caption(item: object) -> str:
    if isinstance(item, Position):
        return f"Position ID {item.position_id}"
    if isinstance(item, Game):
        return f"GNUbg ID {item.gnubg_id}"
    assert isinstance(item, (Match, MoneySession))
    return repr(item).strip("<>")


def notebook_html(item: object) -> str:
    """The board of ``item`` in an HTML ``figure`` with its caption."""
    caption = html.escape(_caption(item))
    return (
        f'<figure class="tavla-board" style="display:inline-block;margin:0">{board_svg(item)}'  # type: ignore[arg-type]
        f'<figcaption style="font-family:monospace;font-size:small">{caption}</figcaption></figure>'
    )


def notebook_svg(item: object) -> str:
    """The board of ``item`` as SVG."""
    return board_svg(item)  # type: ignore[arg-type]


_display.register("svg", notebook_svg)
_display.register("html", notebook_html)
