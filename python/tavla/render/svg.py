"""SVG pictures of the board (:doc:`/board`, "Pictures of the board"): :func:`board_svg`.

The layout is the standard one of GNU Backgammon and eXtreme Gammon: the side on roll at the
bottom, moving counter-clockwise from its 24-point (top right) round to its home board at the
bottom right, the bar in the middle, the bear-off trays on the right (the bottom side's at
the bottom) and the cube on the left.  ``clockwise=True`` mirrors it: home board bottom left,
trays on the left, cube on the right.

Every checker is its own shape, so that the picture can be checked against the board: a
checker is a ``circle`` (on a point or the bar) or a ``rect`` (borne off, in a tray) of class
``checker``, with ``data-side`` (0 the side on roll, 1 the opponent: the board's rows) and
``data-point`` (the index in that side's row: 1-24 a point in its own numbering, 25 the bar,
0 off).  A stack of more than five checkers is drawn closer together, its count written on
the outermost one.  The cube is a ``g`` of class ``cube`` (``data-value``, ``data-owner``: 0,
1 or ``centred``; a cube offered and not yet answered has class ``cube offered``), each die
a ``g`` of class ``die`` (``data-value``), each arrow of a play a ``line`` of class
``arrow`` (``data-from``, ``data-to``).  The SVG is built with :mod:`xml.etree.ElementTree`,
so every text in it is escaped.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from numbers import Real
from typing import Literal

from .._validate import excerpt
from ..errors import RenderError
from ..game.cube_context import CubeContext
from .scene import BoardScene, Drawable, PlayLike, board_scene
from .themes import Theme, theme_named

Numbers = Literal["mover", "opponent", "none"]
"""Point numbers: the side on roll's (1 at its home board's edge), the opponent's, none."""

_NUMBERINGS = ("mover", "opponent", "none")

# Geometry, in picture units (one unit is one pixel at the natural size).
POINT = 36.0
"""The width of a point; a checker is a little less across."""
_RADIUS = 16.5
_STACK = 5  # checkers a point holds at full spacing
_POINT_HEIGHT = _STACK * POINT
_GAP = 2 * POINT  # between the tips of the top and bottom points: where the dice lie
_INNER_HEIGHT = 2 * _POINT_HEIGHT + _GAP
_FRAME = 14.0
_BAR = 44.0
_TRAY = 44.0
_CUBE_COLUMN = 56.0
_CUBE = 38.0
_DIE = 34.0
_LABEL = 26.0
_NUMBER = 18.0
_MARGIN = 6.0
_SLAB = (_POINT_HEIGHT - 8) / 15  # a checker borne off, seen from the side

_TOP = _MARGIN + _LABEL + _NUMBER  # the frame's top edge
_INNER_TOP = _TOP + _FRAME
_INNER_BOTTOM = _INNER_TOP + _INNER_HEIGHT
_MIDDLE = _INNER_TOP + _INNER_HEIGHT / 2
_HEIGHT = _INNER_BOTTOM + _FRAME + _NUMBER + _LABEL + _MARGIN
_FRAME_LEFT = _MARGIN + _CUBE_COLUMN
_LEFT_HALF = _FRAME_LEFT + _FRAME
_BAR_LEFT = _LEFT_HALF + 6 * POINT
_RIGHT_HALF = _BAR_LEFT + _BAR
_TRAY_LEFT = _RIGHT_HALF + 6 * POINT + _FRAME
_FRAME_RIGHT = _TRAY_LEFT + _TRAY + _FRAME
_WIDTH = _FRAME_RIGHT + _MARGIN

WIDTH, HEIGHT = _WIDTH, _HEIGHT
"""The natural size of a picture, in pixels (``size`` scales it to another width)."""

_MAX_SIZE = 20_000
_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
_PIPS = {  # where a die's pips are, on a 3 x 3 grid of (column, row)
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def _number(value: float) -> str:
    """A coordinate as SVG text: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass(frozen=True)
class _Spot:
    """Where a checker is drawn: its centre."""

    x: float
    y: float


class _Drawing:
    """The picture being built: the SVG root, the theme and the mirror."""

    def __init__(self, theme: Theme, clockwise: bool, width: float, title: str) -> None:
        self.theme = theme
        self.clockwise = clockwise
        height = width * _HEIGHT / _WIDTH
        self.root = ET.Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "viewBox": f"0 0 {_number(_WIDTH)} {_number(_HEIGHT)}",
                "width": _number(width),
                "height": _number(height),
                "role": "img",
                "font-family": _FONT,
            },
        )
        ET.SubElement(self.root, "title").text = title

    def x(self, x: float, width: float = 0.0) -> float:
        """The left edge of something ``width`` wide whose unmirrored left edge is ``x``."""
        return _WIDTH - x - width if self.clockwise else x

    def add(self, parent: ET.Element, tag: str, **attributes: object) -> ET.Element:
        shown = {
            key.rstrip("_").replace("_", "-"): _number(value)
            if isinstance(value, float)
            else str(value)
            for key, value in attributes.items()
        }
        return ET.SubElement(parent, tag, shown)

    def rect(
        self, parent: ET.Element, x: float, y: float, width: float, height: float, **style: object
    ) -> ET.Element:
        return self.add(
            parent, "rect", x=self.x(x, width), y=y, width=width, height=height, **style
        )

    def text(
        self, parent: ET.Element, x: float, y: float, content: str, **style: object
    ) -> ET.Element:
        element = self.add(parent, "text", x=x, y=y, **style)
        element.text = content
        return element


# -- where things are ------------------------------------------------------------------------


def _point_left(point: int) -> float:
    """The unmirrored left edge of the bottom side's point 1..24."""
    if point <= 6:
        return _RIGHT_HALF + (6 - point) * POINT
    if point <= 12:
        return _LEFT_HALF + (12 - point) * POINT
    if point <= 18:
        return _LEFT_HALF + (point - 13) * POINT
    return _RIGHT_HALF + (point - 19) * POINT


def _step(count: int, span: float) -> float:
    """The distance between checker centres in a stack of ``count`` within ``span`` (from
    the first centre to the last)."""
    return POINT if count <= _STACK else span / (count - 1)


def _point_spot(point: int, depth: int, count: int) -> tuple[float, float]:
    """The unmirrored centre of checker ``depth`` (0 at the board's edge) of a stack of
    ``count`` on the bottom side's ``point``."""
    offset = POINT / 2 + depth * _step(count, _POINT_HEIGHT - POINT)
    y = _INNER_TOP + offset if point >= 13 else _INNER_BOTTOM - offset
    return _point_left(point) + POINT / 2, y


def _bar_spot(row: int, depth: int, count: int) -> tuple[float, float]:
    """Checker ``depth`` of ``count`` on the bar: the bottom side's in the top half (it
    enters in the top right, R12), the top side's in the bottom half; from the middle out."""
    first = 0.6 * POINT
    span = _INNER_HEIGHT / 2 - first - POINT / 2
    offset = first + depth * _step(count, span)
    return _BAR_LEFT + _BAR / 2, _MIDDLE - offset if row == 0 else _MIDDLE + offset


def _slab_top(row: int, index: int) -> float:
    """The top edge of the ``index``-th checker borne off by ``row`` (bottom tray for 0)."""
    if row == 0:
        return _INNER_BOTTOM - 4 - (index + 1) * _SLAB
    return _INNER_TOP + 4 + index * _SLAB


def _spot(row: int, point: int, depth: int, count: int) -> tuple[float, float]:
    """The unmirrored centre of a checker of ``row`` at ``point`` (its own numbering, 25 the
    bar, 0 off) at ``depth`` of ``count``."""
    if point == 25:
        return _bar_spot(row, depth, count)
    if point == 0:
        return _TRAY_LEFT + _TRAY / 2, _slab_top(row, depth) + _SLAB / 2
    return _point_spot(point if row == 0 else 25 - point, depth, count)


# -- the parts of the picture ----------------------------------------------------------------


def _draw_board(drawing: _Drawing) -> None:
    theme = drawing.theme
    board = drawing.add(drawing.root, "g", class_="board")
    drawing.rect(board, 0, 0, _WIDTH, _HEIGHT, fill=theme.background)
    drawing.rect(
        board,
        _FRAME_LEFT,
        _TOP,
        _FRAME_RIGHT - _FRAME_LEFT,
        _INNER_HEIGHT + 2 * _FRAME,
        fill=theme.frame,
        rx=6.0,
    )
    for left in (_LEFT_HALF, _RIGHT_HALF):
        drawing.rect(board, left, _INNER_TOP, 6 * POINT, _INNER_HEIGHT, fill=theme.cloth)
    drawing.rect(board, _BAR_LEFT, _INNER_TOP, _BAR, _INNER_HEIGHT, fill=theme.bar)
    for top in (_INNER_TOP, _INNER_BOTTOM - _POINT_HEIGHT):
        drawing.rect(
            board,
            _TRAY_LEFT,
            top,
            _TRAY,
            _POINT_HEIGHT,
            fill=theme.tray,
            stroke=theme.point_edge,
            stroke_width=theme.outline / 2,
        )
    for point in range(1, 25):
        left = drawing.x(_point_left(point), POINT)
        right = left + POINT
        base, tip = (
            (_INNER_TOP, _INNER_TOP + _POINT_HEIGHT - 4)
            if point >= 13
            else (_INNER_BOTTOM, _INNER_BOTTOM - _POINT_HEIGHT + 4)
        )
        corners = (
            f"{_number(left)},{_number(base)} {_number(right)},{_number(base)} "
            f"{_number(left + POINT / 2)},{_number(tip)}"
        )
        drawing.add(
            board,
            "polygon",
            class_="point",
            data_point=point,
            points=corners,
            fill=theme.point_dark if point % 2 else theme.point_light,
            stroke=theme.point_edge,
            stroke_width=theme.outline / 2,
        )


def _draw_numbers(drawing: _Drawing, numbers: Numbers) -> None:
    if numbers == "none":
        return
    group = drawing.add(
        drawing.root,
        "g",
        class_="numbers",
        fill=drawing.theme.number_text,
        font_size=12.0,
        text_anchor="middle",
    )
    for point in range(1, 25):
        label = point if numbers == "mover" else 25 - point
        x = drawing.x(_point_left(point) + POINT / 2)
        y = _TOP - 5 if point >= 13 else _INNER_BOTTOM + _FRAME + 13
        drawing.text(group, x, y, str(label))


def _draw_checkers(drawing: _Drawing, scene: BoardScene) -> None:
    theme = drawing.theme
    board = scene.position.board
    group = drawing.add(drawing.root, "g", class_="checkers")
    for row in (0, 1):
        fill, edge, ink = (
            (theme.bottom_fill, theme.bottom_edge, theme.bottom_text)
            if row == 0
            else (theme.top_fill, theme.top_edge, theme.top_text)
        )
        for point in range(26):
            count = int(board[row, point])
            for depth in range(count):
                x, y = _spot(row, point, depth, count)
                if point == 0:
                    drawing.rect(
                        group,
                        x - _TRAY / 2 + 4,
                        y - _SLAB / 2 + 0.6,
                        _TRAY - 8,
                        _SLAB - 1.2,
                        class_="checker",
                        data_side=row,
                        data_point=0,
                        fill=fill,
                        stroke=edge,
                        stroke_width=theme.outline / 2,
                        rx=2.0,
                    )
                    continue
                drawing.add(
                    group,
                    "circle",
                    class_="checker",
                    data_side=row,
                    data_point=point,
                    cx=drawing.x(x),
                    cy=y,
                    r=_RADIUS,
                    fill=fill,
                    stroke=edge,
                    stroke_width=theme.outline,
                )
            if point != 0 and count > _STACK:
                x, y = _spot(row, point, count - 1, count)
                drawing.text(
                    group,
                    drawing.x(x),
                    y + 5.5,
                    str(count),
                    class_="count",
                    fill=ink,
                    font_size=15.0,
                    font_weight="bold",
                    text_anchor="middle",
                )


def _block(
    drawing: _Drawing,
    group: ET.Element,
    left: float,
    top: float,
    side: float,
    corner: float,
    fill: str,
) -> None:
    """The body of a cube or a die: a square of ``side`` with rounded corners, its top left
    corner at unmirrored ``(left, top)``, outlined in the theme's die edge."""
    theme = drawing.theme
    drawing.rect(
        group,
        left,
        top,
        side,
        side,
        rx=corner,
        fill=fill,
        stroke=theme.die_edge,
        stroke_width=theme.outline,
    )


def _cube_group(drawing: _Drawing, x: float, y: float, value: int, **attributes: object) -> None:
    """A cube showing ``value``, centred at unmirrored ``(x, y)``."""
    theme = drawing.theme
    group = drawing.add(drawing.root, "g", **attributes)
    _block(drawing, group, x - _CUBE / 2, y - _CUBE / 2, _CUBE, 5.0, theme.cube_fill)
    size = 18.0 if value < 1000 else 13.0 if value < 10000 else 10.5
    drawing.text(
        group,
        drawing.x(x),
        y + size * 0.36,
        str(value),
        fill=theme.cube_text,
        font_size=size,
        font_weight="bold",
        text_anchor="middle",
    )


def _draw_cube(drawing: _Drawing, scene: BoardScene) -> None:
    if scene.cube_value is not None:
        x = _MARGIN + _CUBE_COLUMN / 2
        y = {
            None: _MIDDLE,
            0: _INNER_BOTTOM - _CUBE / 2 - 4,
            1: _INNER_TOP + _CUBE / 2 + 4,
        }[scene.cube_owner]
        # A centred cube at 1 shows 64, as on a real cube and in gnubg and XG.
        shown = 64 if scene.cube_value == 1 and scene.cube_owner is None else scene.cube_value
        owner = "centred" if scene.cube_owner is None else scene.cube_owner
        _cube_group(
            drawing, x, y, shown, class_="cube", data_value=scene.cube_value, data_owner=owner
        )
    if scene.offered is not None:  # offered by the side on roll: shown in its half
        _cube_group(
            drawing,
            _RIGHT_HALF + 3 * POINT,
            _MIDDLE,
            scene.offered,
            class_="cube offered",
            data_value=scene.offered,
            data_owner=1,
        )


def _draw_dice(drawing: _Drawing, scene: BoardScene) -> None:
    if scene.dice is None:
        return
    theme = drawing.theme
    for index, value in enumerate(scene.dice):
        x = _RIGHT_HALF + 3 * POINT + (index - 0.5) * (_DIE + 10)
        group = drawing.add(drawing.root, "g", class_="die", data_value=value)
        left, top = x - _DIE / 2, _MIDDLE - _DIE / 2
        _block(drawing, group, left, top, _DIE, 6.0, theme.die_fill)
        for column, line in _PIPS[value]:
            cx = left + _DIE * (0.25 + 0.25 * column)
            cy = top + _DIE * (0.25 + 0.25 * line)
            drawing.add(
                group, "circle", class_="pip", cx=drawing.x(cx), cy=cy, r=3.4, fill=theme.die_pip
            )


def _arrow_ends(scene: BoardScene) -> Iterator[tuple[int, int, _Spot, _Spot]]:
    """Each move of the play with its unmirrored start and end, the checkers counted as
    they move (a stack shrinks and grows, a blot hit goes to the bar)."""
    counts = scene.position.board.astype(int)
    for start, end in scene.moves:
        if not 0 <= end < start <= 25 or counts[0, start] == 0:
            raise RenderError(
                f"play: no checker of the side on roll to move {start}/{end} in this position"
            )
        begin = _Spot(*_spot(0, start, counts[0, start] - 1, counts[0, start]))
        counts[0, start] -= 1
        if end != 0 and counts[1, 25 - end] == 1:  # a hit: the blot goes to the bar
            counts[1, 25 - end] = 0
            counts[1, 25] += 1
        finish = _Spot(*_spot(0, end, counts[0, end], counts[0, end] + 1))
        counts[0, end] += 1
        yield start, end, begin, finish


def _draw_arrows(drawing: _Drawing, scene: BoardScene) -> None:
    if not scene.moves:
        return
    colour = drawing.theme.arrow
    marker_id = "tavla-arrow-" + "".join(c for c in colour if c.isalnum())
    defs = drawing.add(drawing.root, "defs")
    marker = drawing.add(
        defs,
        "marker",
        id=marker_id,
        viewBox="0 0 10 10",
        refX=7.0,
        refY=5.0,
        markerWidth=4.0,
        markerHeight=4.0,
        orient="auto",
    )
    drawing.add(marker, "path", d="M0,0 L10,5 L0,10 z", fill=colour)
    group = drawing.add(
        drawing.root,
        "g",
        class_="arrows",
        stroke=colour,
        stroke_width=4.0,
        stroke_linecap="round",
        opacity=0.9,
    )
    for start, end, begin, finish in _arrow_ends(scene):
        length = math.hypot(finish.x - begin.x, finish.y - begin.y)
        cut = min(8.0, length / 3)  # end short of the centre, so the head stays visible
        fx = finish.x - (finish.x - begin.x) * cut / length if length else finish.x
        fy = finish.y - (finish.y - begin.y) * cut / length if length else finish.y
        drawing.add(
            group,
            "line",
            class_="arrow",
            data_from=start,
            data_to=end,
            x1=drawing.x(begin.x),
            y1=begin.y,
            x2=drawing.x(fx),
            y2=fy,
            marker_end=f"url(#{marker_id})",
        )


def _side_label(scene: BoardScene, row: int) -> str:
    pips = scene.position.pip_counts[row]
    parts = [scene.names[row]]
    if scene.scores is not None:
        parts.append(f"score {scene.scores[row]}")
    parts.append(f"{pips} pips")
    if scene.position.winner == row and scene.status is None:
        kind = scene.position.winner_kind
        assert kind is not None
        parts.append(f"won a {kind.name.lower()}")
    elif row == 0 and scene.status is None and not scene.position.is_over:
        parts.append("on roll")
    return " · ".join(parts)


def _draw_labels(drawing: _Drawing, scene: BoardScene) -> None:
    group = drawing.add(drawing.root, "g", class_="labels", fill=drawing.theme.text, font_size=14.0)
    top_line = _MARGIN + 17
    bottom_line = _HEIGHT - _MARGIN - 8
    drawing.text(group, _MARGIN + 4, top_line, _side_label(scene, 1), class_="side", data_side=1)
    drawing.text(group, _MARGIN + 4, bottom_line, _side_label(scene, 0), class_="side", data_side=0)
    right = _WIDTH - _MARGIN - 4
    if scene.match is not None:
        drawing.text(group, right, top_line, scene.match, class_="match", text_anchor="end")
    if scene.status is not None:
        drawing.text(group, right, bottom_line, scene.status, class_="status", text_anchor="end")


def _checked_size(size: object) -> float:
    """The width asked for in pixels (None: the natural width)."""
    if size is None:
        return _WIDTH
    if isinstance(size, Real) and not isinstance(size, bool) and 0 < float(size) <= _MAX_SIZE:
        return float(size)
    raise RenderError(
        f"size is a width in pixels above 0 and up to {_MAX_SIZE:,}, got {excerpt(size)}"
    )


def board_svg(
    position_or_game: Drawable,
    *,
    dice: object = None,
    cube: object = None,
    play: PlayLike | None = None,
    numbers: Numbers = "mover",
    clockwise: bool = False,
    theme: str | Theme = "classic",
    size: float | None = None,
    context: CubeContext | None = None,
) -> str:
    """An SVG picture of a position, a game or a match (its current game), as text.

    ``position_or_game``: a :class:`~tavla.Position` (the side on roll at the bottom), a
    :class:`~tavla.Game`, a :class:`~tavla.Match` or a :class:`~tavla.MoneySession`, whose
    dice, cube (its value, at its owner's side of the board or centred; a centred cube at 1
    shows 64), pending double, match score, Crawford game and what happens next are drawn
    from the game.  ``dice`` (``(3, 1)`` or ``"31"``) and ``cube`` (a :class:`~tavla.Cube`,
    or an int for a centred cube; for a Position the owner 0 is the side on roll) add to or
    replace those; ``context`` (a :class:`~tavla.game.cube_context.CubeContext`, with a
    Position) gives the cube, the match and the score.  ``play`` draws an arrow for each
    checker move of a play of the side on roll from this position: a :class:`~tavla.Play`,
    notation (``"8/5 6/5"``, resolved with the dice when given) or ``(from, to)`` moves.

    ``numbers``: the point numbers along the edges, ``"mover"`` (the side on roll's: 1 to
    12 along the bottom from its home board's edge), ``"opponent"`` or ``"none"``.
    ``clockwise``: the mirror image (home board bottom left).  ``theme``: ``"classic"``,
    ``"high-contrast"`` or a :class:`~tavla.render.themes.Theme`.  ``size``: the width in
    pixels (None: the natural :data:`WIDTH`), the height following.

    Both sides' pip counts (R4) are written beside the board with their names (``X`` on roll
    and ``O``, or the players of a game) and, in a match, the scores.  The SVG's shapes are
    described in the module docs.  Raises :class:`~tavla.RenderError` (a ValueError) for
    anything that cannot be drawn as asked.

    >>> svg = tavla.render.board_svg(Position.initial(), dice=(3, 1), play="8/5 6/5")
    >>> svg.startswith("<svg") and svg.count('class="checker"')
    30
    """
    theme_value = theme_named(theme)
    if numbers not in _NUMBERINGS:
        raise RenderError(f"numbers is one of {', '.join(_NUMBERINGS)}, got {excerpt(numbers)}")
    if not isinstance(clockwise, bool):
        raise RenderError(f"clockwise is True or False, got {excerpt(clockwise)}")
    width = _checked_size(size)
    scene = board_scene(position_or_game, dice=dice, cube=cube, context=context, play=play)
    drawing = _Drawing(theme_value, clockwise, width, _title(scene))
    _draw_board(drawing)
    _draw_numbers(drawing, numbers)
    _draw_checkers(drawing, scene)
    _draw_cube(drawing, scene)
    _draw_dice(drawing, scene)
    _draw_arrows(drawing, scene)
    _draw_labels(drawing, scene)
    return ET.tostring(drawing.root, encoding="unicode")


def _title(scene: BoardScene) -> str:
    text = f"Backgammon position {scene.position.position_id}"
    if scene.dice is not None:
        text += f", {max(scene.dice)}-{min(scene.dice)} to play"
    return text
