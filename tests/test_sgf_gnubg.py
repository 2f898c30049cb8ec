"""GNU Backgammon loads the SGF tavla writes with the same results, and tavla reads the SGF
gnubg saves (docs/formats.rst).  These run the real program (Debian's ``gnubg``) over a pipe,
a few seconds in all, and are skipped where it is not installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tavla import Match, MoneySession
from tavla.formats.sgf import read_sgf, write_sgf
from tavla.replay import match_record, replay_file
from tests.helpers import gnubg_program
from tests.helpers.sessions import MONEY_WITH_BEAVERS, play_out, without_hit_marks

pytestmark = pytest.mark.skipif(gnubg_program.GNUBG is None, reason=gnubg_program.MISSING)


def after_each_game(session: Match | MoneySession) -> list[tuple[int, int]]:
    """The points of players 0 and 1 after each game, as gnubg's score sheet lists them."""
    won, rows = [0, 0], []
    for game in session.games:
        assert game.result is not None
        won[game.result.winner] += game.result.points
        rows.append((won[0], won[1]))
    return rows


def played(kind: str) -> Match | MoneySession:
    """A 5-point match with doubles taken and dropped, resignations and a Crawford game
    (game 3), or a money session with beavers and raccoons (seeds found in test_sgf.py)."""
    if kind == "match":
        match = Match(5, dice=2)
        play_out(match, 2, games=20)
        assert match.crawford_game == 3
        return match
    session = MoneySession(MONEY_WITH_BEAVERS, dice=1)
    play_out(session, 1)
    return session


@pytest.mark.parametrize("kind", ["match", "money"])
def test_gnubg_loads_what_tavla_writes(kind: str, tmp_path: Path) -> None:
    session = played(kind)
    record = match_record(session, ("Ann", "Bob"))
    write_sgf(record, tmp_path / "tavla.sgf")
    output = gnubg_program.run(
        ["load match tavla.sgf", "show scoresheet", "save match again.sgf"], tmp_path
    )
    assert gnubg_program.scoresheet(output) == after_each_game(session)
    # Saved again by gnubg, the games are tavla's: every roll, play, cube action (a beaver
    # and a raccoon are each a double by the player doubled), result, score and Crawford mark.
    again = read_sgf(tmp_path / "again.sgf")
    assert (again.length, again.players) == (record.length, record.players)
    assert len(again.games) == len(record.games)
    for theirs, ours in zip(again.games, record.games, strict=True):
        assert theirs.same_as(without_hit_marks(ours))
    crawford = session.crawford_game if isinstance(session, Match) else None
    assert [g.crawford_mark for g in again.games] == [
        number == crawford for number in range(1, len(again.games) + 1)
    ]


@pytest.mark.parametrize("length", [3, 0])
def test_tavla_reads_what_gnubg_saves(length: int, tmp_path: Path) -> None:
    commands = gnubg_program.play(length, seed=2)
    output = gnubg_program.run(
        [*commands, "save match gnubg.sgf", "export match mat gnubg.mat", "show scoresheet"],
        tmp_path,
    )
    sheet = gnubg_program.scoresheet(output)
    sgf, mat = replay_file(tmp_path / "gnubg.sgf"), replay_file(tmp_path / "gnubg.mat")
    assert sgf.mismatches == []
    assert sgf.record.length == length and sgf.record.players == ("Ann", "Bob")
    after = []
    for game in sgf.games:
        assert game.winner is not None
        score = list(game.score)
        score[game.winner] += game.points
        after.append((score[0], score[1]))
    assert after == sheet
    assert sgf.final_score == mat.final_score == sheet[-1]
    for ours, exported in zip(sgf.games, mat.games, strict=True):
        assert [p.position for p in ours.plays if p] == [p.position for p in exported.plays if p]
        assert (ours.winner, ours.points, ours.end) == (
            exported.winner,
            exported.points,
            exported.end,
        )
