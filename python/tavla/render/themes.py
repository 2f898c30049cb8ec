"""Colour themes of the board pictures (:func:`tavla.render.svg.board_svg`).

A :class:`Theme` names every colour a picture uses; :data:`THEMES` holds the built-in ones:
``"classic"`` (a wooden frame, green cloth, ivory and red points, white and black checkers,
as GNU Backgammon's default board looks) and ``"high-contrast"`` (black on white, every
shape outlined, for print, projectors and low vision).  Colours are CSS colour strings.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._validate import excerpt
from ..errors import RenderError


@dataclass(frozen=True)
class Theme:
    """The colours of a board picture.

    ``bottom_*`` are the checkers of the side drawn at the bottom (the side on roll),
    ``top_*`` the opponent's; ``*_text`` the colour of a count written on a checker.
    ``outline`` is the stroke width of checkers, points and dice in picture units (a point
    is 36 units wide).
    """

    name: str
    background: str
    frame: str
    cloth: str
    point_light: str
    point_dark: str
    point_edge: str
    bar: str
    tray: str
    bottom_fill: str
    bottom_edge: str
    bottom_text: str
    top_fill: str
    top_edge: str
    top_text: str
    cube_fill: str
    cube_text: str
    die_fill: str
    die_pip: str
    die_edge: str
    text: str
    number_text: str
    arrow: str
    outline: float = 1.5


CLASSIC = Theme(
    name="classic",
    background="#f7f3ea",
    frame="#6b4423",
    cloth="#2f6b46",
    point_light="#e9dcbc",
    point_dark="#a8352b",
    point_edge="#3b2a1a",
    bar="#5a391d",
    tray="#4a2f18",
    bottom_fill="#f5f2e9",
    bottom_edge="#2b2b2b",
    bottom_text="#1a1a1a",
    top_fill="#262626",
    top_edge="#000000",
    top_text="#f5f2e9",
    cube_fill="#fbfaf5",
    cube_text="#1a1a1a",
    die_fill="#fbfaf5",
    die_pip="#1a1a1a",
    die_edge="#2b2b2b",
    text="#1a1a1a",
    number_text="#3b2a1a",
    arrow="#1f5fd6",
)

HIGH_CONTRAST = Theme(
    name="high-contrast",
    background="#ffffff",
    frame="#000000",
    cloth="#ffffff",
    point_light="#c8c8c8",
    point_dark="#5a5a5a",
    point_edge="#000000",
    bar="#000000",
    tray="#000000",
    bottom_fill="#ffffff",
    bottom_edge="#000000",
    bottom_text="#000000",
    top_fill="#000000",
    top_edge="#ffd700",
    top_text="#ffd700",
    cube_fill="#ffd700",
    cube_text="#000000",
    die_fill="#ffffff",
    die_pip="#000000",
    die_edge="#000000",
    text="#000000",
    number_text="#000000",
    arrow="#d40000",
    outline=3.0,
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (CLASSIC, HIGH_CONTRAST)}
"""The built-in themes by name."""


def theme_named(theme: str | Theme) -> Theme:
    """``theme`` itself, or the built-in theme of that name; raises
    :class:`~tavla.RenderError` for another name or value."""
    if isinstance(theme, Theme):
        return theme
    if isinstance(theme, str) and theme in THEMES:
        return THEMES[theme]
    raise RenderError(f"theme is one of {', '.join(THEMES)} or a Theme, got {excerpt(theme)}")
