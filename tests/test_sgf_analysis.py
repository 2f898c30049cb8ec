"""GNU Backgammon's analysis in its SGF files (tavla.formats.sgf_analysis) read as decisions
(tavla.replay.sgf_analysis): the same decisions, best plays, errors and luck as gnubg's own
text export of the same analysis, and clear errors for values gnubg does not write."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tavla.cli import main
from tavla.errors import MatchFileError
from tavla.formats.gnubg_text import read_analysis
from tavla.formats.sgf_analysis import parse_sgf_analysis
from tavla.replay import decisions
from tavla.replay.sgf_analysis import replay_sgf_analysis

DATA = Path(__file__).parent / "data" / "gnubg_analysed"
SGF = DATA / "studio-3pt-analysed.sgf"
EXPORTS = [DATA / "studio-3pt-analysed.txt", DATA / "studio-3pt-analysed_002.txt"]


def test_the_sgf_gives_the_decisions_of_gnubgs_text_export() -> None:
    """gnubg saved one analysis twice, as SGF and as text: every decision read from the SGF
    is the export's (who, what, what was best), its error equal to the export's three
    decimals and its luck to their rounding."""
    _, found = replay_sgf_analysis(SGF)
    exported = [d for path in EXPORTS for d in decisions(read_analysis(path))]
    assert len(found) == len(exported) == 107
    for ours, theirs in zip(found, exported, strict=True):
        assert (ours.kind, ours.player, ours.played, ours.best, ours.dice) == (
            theirs.kind,
            theirs.player,
            theirs.played,
            theirs.best,
            theirs.dice,
        )
        assert ours.error == pytest.approx(theirs.error, abs=0.0015)
        if theirs.luck is not None:
            assert ours.luck == pytest.approx(theirs.luck, abs=0.0006)


def test_replay_lists_the_blunders_of_an_analysed_sgf() -> None:
    args = ["replay", str(SGF), "--blunders", "--threshold", "0.03", "--json"]
    record = json.loads(CliRunner().invoke(main, args).stdout)
    blunders = record["matches"][0]["blunders"]
    _, found = replay_sgf_analysis(SGF)
    assert [b["line"] for b in blunders] == [d.line for d in found if (d.error or 0) >= 0.03]
    assert blunders and all(b["error"] >= 0.03 for b in blunders)


def test_every_node_gnubg_analysed_is_read() -> None:
    games = parse_sgf_analysis(SGF.read_text())
    assert len(games) == 2
    plays = [node for game in games for node in game.values() if node.candidates]
    assert plays and all(node.played is not None for node in plays)
    assert all(node.candidates[0].plies == 0 for node in plays)  # analysed at 0-ply


@pytest.mark.parametrize(
    ("node", "message"),
    [
        ("A[x][lpab E ver 3 0.5 0.1 0 0.1 0 0.0 0C 0 1 0.000000 1]", "index is not a number"),
        ("A[3][lpab E ver 3 0.5 0.1 0 0.1 0 0.0 0C 0 1 0.000000 1]", "play 3 of a list of 1"),
        ("A[0][lpab E ver 3 0.5 nope 0 0.1 0 0.0 0C 0 1 0.000000 1]", "not one"),
        ("A[0][lpab Q]", "does not write"),
        ("DA[E ver 3 0C 1 0.5]", "does not write"),
        ("A[0][lpab E ver 3 0.5 0.1 0 0.1 0 0.0 xC 0 1 0.000000 1]", "no depth"),
    ],
)
def test_values_gnubg_does_not_write_are_a_clear_error(node: str, message: str) -> None:
    text = f"(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]\n;B[41ablp]{node})"
    with pytest.raises(MatchFileError, match=message) as raised:
        parse_sgf_analysis(text)
    assert "line 2" in str(raised.value)
