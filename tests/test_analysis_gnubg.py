"""tavla's match analysis beside GNU Backgammon's own (gnubg run as a separate program when
it is installed): the same decisions counted, and the same player found the better.  The
agreement of the error rates at 2-ply over many real matches is measured by
dev/compare_analysis_gnubg.py (docs/analysis.rst)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavla.analysis import analyse
from tests.helpers.gnubg import needs_gnubg, not_under_the_sanitizer
from tests.helpers.gnubg_analysis import SCRIPT, gnubg_analyse

DATA = Path(__file__).parent / "data" / "realdata"
MATCHES = [
    DATA / "match1484923.txt",
    DATA / "Player0752 - Player0592 3pt Backgammon Studio 2024_05_11 20_10_33.txt",
    DATA / "match2900236.txt",
]

pytestmark = [
    needs_gnubg,
    not_under_the_sanitizer,
    pytest.mark.skipif(SCRIPT is None, reason="util-linux's script is not installed"),
]


@pytest.mark.parametrize("path", MATCHES, ids=lambda path: path.name[:20])
def test_the_same_decisions_are_counted(path: Path) -> None:
    theirs = gnubg_analyse(path, 0)
    ours = analyse(path, "net:td198-40", 0)
    for label, get in (
        ("Total moves", lambda p: p.checker.moves),
        ("Unforced moves", lambda p: p.checker.unforced),
    ):
        assert tuple(get(p) for p in ours.players) == theirs.checker[label], label
    for label, get in (
        ("Total cube decisions", lambda p: p.cube.decisions),
        ("Doubles", lambda p: p.cube.doubles),
        ("Takes", lambda p: p.cube.takes),
        ("Passes", lambda p: p.cube.passes),
    ):
        assert tuple(get(p) for p in ours.players) == theirs.cube[label], label


def test_the_better_player_is_gnubgs() -> None:
    """Where gnubg finds one player's checker play clearly better (24.7 against 11.3 mEMG at
    0-ply), so does tavla."""
    path = MATCHES[0]
    theirs = [abs(rate) for rate in gnubg_analyse(path, 0).checker["Error rate mEMG (MWC)"]]
    ours = [p.checker.error_rate for p in analyse(path, plies=0).players]
    assert theirs[0] < theirs[1] / 1.5
    assert ours[0] < ours[1]
