"""tavla's .mat files load in GNU Backgammon with the same scores (issue 12): matches and money
sessions played with tavla, with drops and resignations in both columns, beavers, raccoons
and Crawford games, written with format_mat and imported by gnubg, which must report the
same number of games, the same score after each game and no complaint about the file.

Skipped when gnubg is not installed; CI installs Debian's package (.ci/run)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tavla import Match, MoneySession, Rules
from tavla.formats.mat import write_mat
from tavla.game.actions import BeaverAction, RaccoonAction, ResignAction, RollAction
from tavla.game.scoring import GameEnd
from tavla.replay import match_record
from tests.helpers.gnubg import import_mat, needs_gnubg
from tests.helpers.random_sessions import played

MONEY = Rules.standard_money().with_options(beavers=True, raccoons=True)


SESSIONS = {  # seeds where each match has a Crawford game
    "3-point match": lambda: played(Match(3, dice=2), 2),
    "5-point match": lambda: played(Match(5, dice=3), 3),
    "7-point match": lambda: played(Match(7, dice=2), 2),
    "9-point match": lambda: played(Match(9, dice=4), 4),
    "money session": lambda: played(MoneySession(MONEY, dice=5), 5, games=6),
    "money session 2": lambda: played(MoneySession(MONEY, dice=9), 9, games=6),
}


def running_scores(session: Match | MoneySession) -> list[tuple[int, int]]:
    scores, won = [], [0, 0]
    for game in session.games:
        assert game.result is not None
        won[game.result.winner] += game.result.points
        scores.append((won[0], won[1]))
    return scores


@needs_gnubg
@pytest.mark.parametrize("name", list(SESSIONS))
def test_gnubg_imports_tavlas_file_with_the_same_scores(name: str, tmp_path: Path) -> None:
    session = SESSIONS[name]()
    path = tmp_path / "tavla.mat"
    write_mat(match_record(session, ("Ann", "Bob")), path)
    imported = import_mat(path, tmp_path / "home")
    if isinstance(session, Match):
        assert imported.complaints == []
    else:  # gnubg's importer trips on beavers as its own exporter writes them (see below)
        assert all("Invalid move" in complaint for complaint in imported.complaints)
    assert imported.games == len(session.games)
    assert imported.sheet == running_scores(session)
    assert imported.score == running_scores(session)[-1]


@needs_gnubg
def test_gnubg_misreads_its_own_export_of_a_beaver_after_a_dropped_beaver(tmp_path: Path) -> None:
    """GNU Backgammon 1.07 warns on its own export (tests/data/gnubg_exports): a beaver by
    the left player, taken, in a game after one that ended with a dropped beaver or raccoon
    (game 3 there).  Its scores still come out right, as for tavla's money files."""
    export = Path(__file__).parent / "data" / "gnubg_exports" / "money_beavers.mat"
    imported = import_mat(export, tmp_path / "home")
    assert imported.complaints == ['WARNING: Invalid move: " 11/7 7/5" encountered']
    assert (imported.games, imported.score) == (7, (14, 14))


def endings(session: Match | MoneySession) -> set[tuple[int, str]]:
    """(player, what) for what the session's games hold: "drop" and "resignation" by the
    loser, "resigned after rolling", "beaver" and "raccoon"."""
    found = set()
    for game in session.games:
        result = game.result
        assert result is not None
        if result.end is not GameEnd.BORNE_OFF:
            found.add((1 - result.winner, result.end.value))
        for before, action in itertools.pairwise(game.history):
            if isinstance(action, (BeaverAction, RaccoonAction)):
                found.add((action.player, type(action).__name__.removesuffix("Action").lower()))
            if isinstance(action, ResignAction) and isinstance(before, RollAction):
                found.add((action.player, "resigned after rolling"))
    return found


def test_the_sessions_hold_every_ending_in_both_columns() -> None:
    """The sessions above are worth importing: drops, resignations before and after
    rolling, beavers and raccoons by both players, and a Crawford game in each match."""
    sessions = {name: make() for name, make in SESSIONS.items()}
    found = set().union(*(endings(session) for session in sessions.values()))
    wanted = ("drop", "resignation", "resigned after rolling", "beaver", "raccoon")
    assert {(player, what) for player in (0, 1) for what in wanted} <= found
    matches = [session for session in sessions.values() if isinstance(session, Match)]
    assert [match.crawford_game is not None for match in matches] == [True] * len(matches)
