"""Rich display in notebooks, for objects of the layers below :mod:`tavla.render`.

A :class:`~tavla.Position`, :class:`~tavla.Game` or :class:`~tavla.Match` has ``_repr_svg_``
and ``_repr_html_`` (the methods Jupyter calls to show a value), yet the board pictures are
drawn a few layers up.  :mod:`tavla.render.notebook` registers its drawing functions here
when it is imported (``import tavla`` imports it), and the methods call them through
:func:`svg` and :func:`html`; before that, they return None, which Jupyter takes as "no such
representation".
"""

from __future__ import annotations

from collections.abc import Callable

Renderer = Callable[[object], str]

_renderers: dict[str, Renderer] = {}


def register(kind: str, renderer: Renderer) -> None:
    """Draw every displayable object's ``kind`` (``"svg"`` or ``"html"``) with ``renderer``."""
    _renderers[kind] = renderer


def svg(item: object) -> str | None:
    """The SVG picture of ``item``, or None when no renderer is registered."""
    renderer = _renderers.get("svg")
    return None if renderer is None else renderer(item)


def html(item: object) -> str | None:
    """The HTML of ``item`` (its picture with a caption), or None when no renderer is
    registered."""
    renderer = _renderers.get("html")
    return None if renderer is None else renderer(item)
