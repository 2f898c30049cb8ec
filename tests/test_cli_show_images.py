"""`tavla show ID --svg FILE --png FILE`: the board of an ID as a picture, with what the ID
holds beside the board (cube, dice, score)."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from tavla import Game
from tavla.cli import main

SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def doubled_game() -> Game:
    """A 7-point match at 2-4: player 0 opens 3-1, player 1 plays 6-5, player 0 doubles,
    player 1 takes and player 0 rolls 4-2."""
    game = Game(match_length=7, score=(2, 4), dice=[(3, 1), (6, 5), (4, 2)])
    game.roll()
    game.play("8/5 6/5")
    game.roll()
    game.play("24/13")
    game.double()
    game.take()
    game.roll()
    return game


@pytest.mark.parametrize("form", ["gnubg", "xgid"])
def test_the_svg_holds_the_cube_dice_and_score_of_the_id(tmp_path: Path, form: str) -> None:
    game = doubled_game()
    text = str(game.gnubg_id) if form == "gnubg" else str(game.xgid)
    target = tmp_path / "board.svg"
    code, out, err = run("show", text, "--svg", str(target))
    assert (code, err) == (0, ""), err
    assert out.startswith(f"Position ID: {game.position.position_id}")  # the text as before
    root = ET.fromstring(target.read_text())
    assert [e.get("data-value") for e in classed(root, "die")] == ["4", "2"]
    (cube,) = classed(root, "cube")
    # player 1 took, so owns the cube; player 0 is on roll at the bottom: owner row 1
    assert (cube.get("data-value"), cube.get("data-owner")) == ("2", "1")
    shown = [e.text for e in root.iter(f"{SVG}text")]
    # 167 less 3 + 1 for player 0, less 6 + 5 for player 1 (R4)
    assert "X · score 2 · 163 pips" in shown and "O · score 4 · 156 pips" in shown
    assert "7-point match" in shown and "X to play 4-2" in shown


def test_png(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    target = tmp_path / "board.png"
    code, _, err = run("show", "4HPwATDgc/ABMA", "--png", str(target), "--theme", "high-contrast")
    assert (code, err) == (0, "")
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_png_without_cairosvg_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg raises ImportError
    target = tmp_path / "board.png"
    code, _, err = run("show", "4HPwATDgc/ABMA", "--png", str(target))
    assert code == 2 and err.startswith("Error: --png needs CairoSVG: pip install")
    assert not target.exists()


def test_an_unwritable_file_is_one_error_line(tmp_path: Path) -> None:
    code, _, err = run("show", "4HPwATDgc/ABMA", "--svg", str(tmp_path / "missing" / "a.svg"))
    assert code == 2 and err.startswith("Error: cannot write") and err.count("\n") == 1
