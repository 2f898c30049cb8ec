"""SVG pictures of the board (tavla.render.svg): the XML, every checker where the board has
it, the cube, the dice, the arrows of a play, the options, the notebook representations."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings

from tavla import Cube, CubeContext, Game, Match, MoneySession, Position, RenderError
from tavla.render.svg import WIDTH, board_svg
from tavla.render.themes import THEMES
from tests.helpers.boards import position
from tests.helpers.strategies import positions

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def checker_counts(root: ET.Element) -> Counter[tuple[int, int]]:
    """(side, index) -> checkers drawn there."""
    return Counter(
        (int(e.get("data-side", "")), int(e.get("data-point", "")))
        for e in with_class(root, "checker")
    )


def board_counts(board: np.ndarray) -> Counter[tuple[int, int]]:
    return Counter(
        {(row, i): int(board[row, i]) for row in (0, 1) for i in range(26) if board[row, i]}
    )


def texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG}text")]


@settings(max_examples=150, deadline=None)
@given(positions())
def test_every_checker_is_drawn_where_the_board_has_it(drawn: Position) -> None:
    for clockwise in (False, True):
        root = parsed(board_svg(drawn, clockwise=clockwise))
        assert checker_counts(root) == board_counts(drawn.board)
        # checkers on points and the bar are circles, borne-off ones slabs in a tray
        for element in with_class(root, "checker"):
            expected = "rect" if element.get("data-point") == "0" else "circle"
            assert element.tag == f"{SVG}{expected}"


@settings(max_examples=60, deadline=None)
@given(positions())
def test_stacks_taller_than_five_carry_their_count(drawn: Position) -> None:
    root = parsed(board_svg(drawn))
    board = drawn.board
    expected = sorted(
        int(board[row, i]) for row in (0, 1) for i in range(1, 26) if board[row, i] > 5
    )
    assert sorted(int(e.text or "") for e in with_class(root, "count")) == expected


def test_the_checkers_of_the_start_sit_on_their_points_in_the_standard_layout() -> None:
    root = parsed(board_svg(Position.initial()))
    circles = {
        (int(e.get("data-side", "")), int(e.get("data-point", ""))): []
        for e in with_class(root, "checker")
    }
    for e in with_class(root, "checker"):
        key = (int(e.get("data-side", "")), int(e.get("data-point", "")))
        circles[key].append((float(e.get("cx", "")), float(e.get("cy", ""))))
    middle = float(root.get("viewBox", "").split()[3]) / 2
    x_of = {key: spots[0][0] for key, spots in circles.items()}
    # side on roll: 6 and 8 at the bottom, 6 right of the bar, 8 left of it; 24 top right
    assert all(y > middle for _, y in circles[(0, 6)] + circles[(0, 8)] + circles[(0, 13)][:0])
    assert all(y < middle for _, y in circles[(0, 13)] + circles[(0, 24)])
    assert x_of[(0, 6)] > x_of[(0, 8)] and x_of[(0, 24)] > x_of[(0, 13)]
    # the opponent's 24-point is the side on roll's 1-point: bottom right, at the far right
    assert all(y > middle for _, y in circles[(1, 24)])
    assert x_of[(1, 24)] > x_of[(0, 6)]
    # a stack of five spreads from the edge by one checker's width
    ys = sorted(y for _, y in circles[(0, 6)])
    assert np.allclose(np.diff(ys), 36.0)
    # mirrored: the home board bottom left
    mirrored = parsed(board_svg(Position.initial(), clockwise=True))
    six = [
        float(e.get("cx", ""))
        for e in with_class(mirrored, "checker")
        if (e.get("data-side"), e.get("data-point")) == ("0", "6")
    ]
    assert six[0] == pytest.approx(WIDTH - x_of[(0, 6)])


def test_bar_checkers_wait_in_the_half_where_they_enter() -> None:
    drawn = position({25: 2, 6: 13}, {25: 1, 6: 14})
    root = parsed(board_svg(drawn))
    middle = float(root.get("viewBox", "").split()[3]) / 2
    ys = {
        side: [
            float(e.get("cy", ""))
            for e in with_class(root, "checker")
            if e.get("data-side") == side and e.get("data-point") == "25"
        ]
        for side in ("0", "1")
    }
    assert len(ys["0"]) == 2 and all(y < middle for y in ys["0"])  # enters top right (R12)
    assert len(ys["1"]) == 1 and all(y > middle for y in ys["1"])


def test_borne_off_checkers_lie_in_the_tray_of_their_side() -> None:
    drawn = position({0: 9, 1: 6}, {0: 4, 3: 11})
    root = parsed(board_svg(drawn))
    middle = float(root.get("viewBox", "").split()[3]) / 2
    for side, count, below in (("0", 9, True), ("1", 4, False)):
        slabs = [
            e
            for e in with_class(root, "checker")
            if e.get("data-side") == side and e.get("data-point") == "0"
        ]
        assert len(slabs) == count
        assert all((float(e.get("y", "")) > middle) is below for e in slabs)


@pytest.mark.parametrize(
    ("cube", "value", "owner", "shown"),
    [
        (None, None, None, None),
        (1, "1", "centred", "64"),
        (Cube(4), "4", "centred", "4"),
        (Cube(2, 0), "2", "0", "2"),
        (Cube(8, 1), "8", "1", "8"),
    ],
)
def test_the_cube_shows_its_value_at_its_owners_side(
    cube: object, value: str | None, owner: str | None, shown: str | None
) -> None:
    root = parsed(board_svg(Position.initial(), cube=cube))
    cubes = with_class(root, "cube")
    if value is None:
        assert cubes == []
        return
    (element,) = cubes
    assert (element.get("data-value"), element.get("data-owner")) == (value, owner)
    assert [t.text for t in element.iter(f"{SVG}text")] == [shown]
    middle = float(root.get("viewBox", "").split()[3]) / 2
    y = float(element.find(f"{SVG}rect").get("y", "")) + 19  # type: ignore[union-attr]
    assert {"centred": y == pytest.approx(middle), "0": y > middle, "1": y < middle}[owner or ""]


@pytest.mark.parametrize("dice", [(3, 1), "65", (4, 4)])
def test_the_dice_show_their_pips(dice: object) -> None:
    root = parsed(board_svg(Position.initial(), dice=dice))
    given_dice = [int(d) for d in dice] if isinstance(dice, str) else list(dice)  # type: ignore[call-overload]
    dies = with_class(root, "die")
    assert [int(e.get("data-value", "")) for e in dies] == given_dice
    assert [len(with_class(e, "pip")) for e in dies] == given_dice


def test_a_play_is_drawn_as_an_arrow_per_checker_move() -> None:
    start = Position.initial()
    root = parsed(board_svg(start, dice=(3, 1), play="8/5 6/5"))
    arrows = [(e.get("data-from"), e.get("data-to")) for e in with_class(root, "arrow")]
    assert sorted(arrows) == [("6", "5"), ("8", "5")]
    # without dice the moves are drawn as written; with them, a long move is split by die
    assert len(with_class(parsed(board_svg(start, play="24/18 13/11")), "arrow")) == 2
    split = parsed(board_svg(start, dice=(6, 4), play="24/14"))
    assert [(e.get("data-from"), e.get("data-to")) for e in with_class(split, "arrow")] in (
        [("24", "18"), ("18", "14")],
        [("24", "20"), ("20", "14")],
    )
    play = start.legal_plays((5, 5))[0]
    assert len(with_class(parsed(board_svg(start, play=play)), "arrow")) == 4
    with pytest.raises(RenderError, match="play"):
        board_svg(start, dice=(3, 1), play="8/2")  # not a play of 3-1
    with pytest.raises(RenderError, match="no checker"):
        board_svg(start, play="7/4")


def test_a_game_shows_its_dice_cube_score_and_turn() -> None:
    game = Game(match_length=7, score=(2, 4), dice=[(3, 1)])
    game.roll()
    root = parsed(board_svg(game))
    assert [int(e.get("data-value", "")) for e in with_class(root, "die")] == [3, 1]
    (cube,) = with_class(root, "cube")
    assert (cube.get("data-value"), cube.get("data-owner")) == ("1", "centred")
    shown = " | ".join(texts(root))
    assert "7-point match" in shown and "player 0 to play 3-1" in shown
    assert "player 0 · score 2" in shown and "player 1 · score 4" in shown


def test_a_pending_double_shows_the_cube_offered() -> None:
    game = Game(dice=[(3, 1), (6, 5)])
    game.roll()
    game.play("8/5 6/5")
    game.double()  # player 1 doubles: the board is seen from the doubler
    root = parsed(board_svg(game))
    (offered,) = with_class(root, "offered")
    assert offered.get("data-value") == "2"
    assert "player 0 to take or drop the double to 2" in texts(root)
    game.take()
    root = parsed(board_svg(game))
    (cube,) = with_class(root, "cube")
    # player 0 owns it; player 1 is on roll at the bottom, so the cube is at the top
    assert (cube.get("data-value"), cube.get("data-owner")) == ("2", "1")


def test_a_match_shows_its_current_game_or_the_start() -> None:
    match = Match(5, dice=[(3, 1)])
    root = parsed(board_svg(match))
    assert checker_counts(root) == board_counts(Position.initial().board)
    assert "5-point match" in texts(root)
    match.new_game().roll()
    assert [e.get("data-value") for e in with_class(parsed(board_svg(match)), "die")] == ["3", "1"]
    assert "money game" in texts(parsed(board_svg(MoneySession())))


def test_a_context_gives_a_position_its_match_and_cube() -> None:
    context = CubeContext.for_match(9, (8, 3), crawford=True, on_roll=1)
    root = parsed(board_svg(Position.initial(), context=context))
    shown = texts(root)
    assert "9-point match, Crawford game" in shown
    assert (
        "player 1 · score 3 · 167 pips · on roll" in shown
        and "player 0 · score 8 · 167 pips" in shown
    )
    with pytest.raises(RenderError, match="cube in the context"):
        board_svg(Position.initial(), context=context, cube=2)
    with pytest.raises(RenderError, match="own context"):
        board_svg(Game(), context=context)


def test_point_numbers_follow_the_viewer_asked_for() -> None:
    def numbers(**options: object) -> list[str]:
        root = parsed(board_svg(Position.initial(), **options))  # type: ignore[arg-type]
        return [e.text or "" for group in with_class(root, "numbers") for e in group]

    mover = numbers()
    assert sorted(map(int, mover)) == list(range(1, 25))
    assert numbers(numbers="opponent") == [str(25 - int(n)) for n in mover]
    assert numbers(numbers="none") == []


def test_themes_and_size() -> None:
    pictures = {name: board_svg(Position.initial(), theme=name) for name in THEMES}
    assert len(THEMES) >= 2 and "high-contrast" in THEMES
    assert len(set(pictures.values())) == len(THEMES)
    root = parsed(board_svg(Position.initial(), size=300))
    assert float(root.get("width", "")) == 300
    assert float(root.get("height", "")) / 300 == pytest.approx(
        float(root.get("viewBox", "").split()[3]) / float(root.get("viewBox", "").split()[2]),
        rel=1e-3,
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"theme": "neon"}, "theme"),
        ({"size": 0}, "size"),
        ({"size": float("nan")}, "size"),
        ({"size": "big"}, "size"),
        ({"numbers": "both"}, "numbers"),
        ({"clockwise": 1}, "clockwise"),
        ({"dice": (7, 1)}, "dice"),
        ({"dice": "x"}, "dice"),
        ({"cube": 3}, "cube"),
        ({"cube": "2"}, "cube"),
        ({"play": "x/y"}, "play"),
    ],
)
def test_bad_options_raise_a_render_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(RenderError, match=message):
        board_svg(Position.initial(), **options)  # type: ignore[arg-type]


def test_only_boards_are_drawn() -> None:
    with pytest.raises(RenderError, match="got ndarray"):
        board_svg(Position.initial().board)  # type: ignore[arg-type]
    assert issubclass(RenderError, ValueError)


def test_notebooks_show_positions_games_and_matches() -> None:
    game = Game(dice=[(3, 1)])
    game.roll()
    for item in (Position.initial(), game, Match(3), MoneySession()):
        svg = item._repr_svg_()
        assert svg is not None
        parsed(svg)
        html = item._repr_html_()
        assert html is not None and svg in html and "<figcaption" in html
    assert "Position ID 4HPwATDgc/ABMA" in (Position.initial()._repr_html_() or "")
    assert f"GNUbg ID {game.gnubg_id}" in (game._repr_html_() or "")
