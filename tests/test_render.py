"""The text board: read the diagram back column by column and compare with the position."""

from __future__ import annotations

import re

import numpy as np

from tavla import Position
from tavla.render import text_board


def read_points(diagram: str) -> dict[int, tuple[str, int]]:
    """Point number -> (symbol, count) as a reader sees them in ``text_board``'s diagram."""
    lines = diagram.splitlines()
    halves = ((lines[1], lines[2:7]), (lines[13], lines[12:7:-1]))  # edge, rows edge -> middle
    found = {}
    for edge, rows in halves:
        for label in re.finditer(r"\d+", edge):
            column = label.end() - 1
            cells = [row[column - 1 : column + 1] for row in rows]
            symbols = {cell[1] for cell in cells} - {" "}
            if not symbols:
                continue
            innermost = cells[-1].strip()
            count = (
                int(innermost) if innermost.isdigit() else len([c for c in cells if c[1] != " "])
            )
            symbol = next(cell[1] for cell in cells if cell[1] in "XO")
            found[int(label.group())] = (symbol, count)
    return found


def stacks(**counts: dict[int, int]) -> dict[int, tuple[str, int]]:
    """What :func:`read_points` reads where each side (``X``, ``O``) has ``{point: count}``."""
    return {point: (symbol, n) for symbol, points in counts.items() for point, n in points.items()}


def read_status(line: str) -> tuple[str, int, int, int]:
    match = re.fullmatch(r" ([XO])  pip count +(\d+)  bar +(\d+)  off +(\d+).*", line)
    assert match is not None, line
    symbol, pips, bar, off = match.groups()
    return symbol, int(pips), int(bar), int(off)


def test_start_position() -> None:
    diagram = text_board(Position.initial())
    lines = diagram.splitlines()
    assert len(lines) == 15
    assert str(Position.initial()) == diagram
    # R4 from the side on roll (X): its 24, 13, 8, 6; the opponent's 24, 13, 8, 6 are X's
    # 1, 12, 17, 19.
    assert read_points(diagram) == stacks(
        X={24: 2, 13: 5, 8: 3, 6: 5}, O={1: 2, 12: 5, 17: 3, 19: 5}
    )
    assert read_status(lines[0]) == ("O", 167, 0, 0)
    assert read_status(lines[-1]) == ("X", 167, 0, 0)
    assert lines[-1].endswith("on roll")
    assert lines[1] == " +13-14-15-16-17-18------19-20-21-22-23-24-+"
    assert lines[13] == " +12-11-10--9--8--7-------6--5--4--3--2--1-+"
    assert "BAR" in lines[7]


def test_bar_and_borne_off() -> None:
    # A test ID of wildbg's, decoded by gnubg: on roll 1:1 4:2 6:5 13:4 24:2 bar:1; opponent
    # 3:2 5:2 6:2 8:2 10:1 13:4 17:1 off:1.  Pip counts worked by hand: 164 and 123.
    diagram = text_board(Position.from_position_id("zGbiIYCYD3gALA"))
    lines = diagram.splitlines()
    assert read_points(diagram) == stacks(
        X={1: 1, 4: 2, 6: 5, 13: 4, 24: 2}, O={22: 2, 20: 2, 19: 2, 17: 2, 15: 1, 12: 4, 8: 1}
    )
    assert read_status(lines[0]) == ("O", 123, 0, 1)
    assert read_status(lines[-1]) == ("X", 164, 1, 0)
    assert lines[2][21:24] == " X "  # the checker on the bar, in the top half of the bar
    assert all(line[21:24] == "   " for line in lines[3:7] + lines[8:13])


def test_tall_stacks_show_their_count() -> None:
    board = np.zeros((2, 26), dtype=np.int8)
    board[0, 6], board[0, 25], board[1, 25] = 8, 7, 15
    lines = text_board(Position(board)).splitlines()
    assert read_points("\n".join(lines)) == {6: ("X", 8)}
    assert [line[21:24] for line in lines[2:7]] == [" X "] * 4 + [" 7 "]
    assert [line[21:24] for line in lines[8:13]] == ["15 "] + [" O "] * 4
    assert read_status(lines[0]) == ("O", 15 * 25, 15, 0)
    assert read_status(lines[-1]) == ("X", 6 * 8 + 7 * 25, 7, 0)


def test_finished_game_names_the_result() -> None:
    board = np.zeros((2, 26), dtype=np.int8)
    board[0, 0], board[1, 22] = 15, 15  # the loser's 22 is the winner's 3: a backgammon
    lines = text_board(Position(board)).splitlines()
    assert lines[-1].endswith("won a backgammon")
    assert read_points("\n".join(lines)) == {3: ("O", 15)}
