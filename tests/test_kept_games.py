"""Games kept by runs (keep_games=True): the steps replay on tavla's games to the very results
the run reports, recording changes no game, and the files written load in `tavla replay` and
in GNU Backgammon with the same scores."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tavla
from tavla import CubeContext, MatchFileError, PlayoutError, Position
from tavla.replay import replay_file, save_games
from tavla.sim import play_matches
from tavla.sim.results import PlayoutResults
from tests.helpers.gnubg import import_mat, needs_gnubg, run_gnubg

PYTHON_DIR = str(Path(tavla.__file__).parent.parent)
NET = "net:tavla218-128"


def test_cubeless_games_replay_to_their_results() -> None:
    results = tavla.selfplay(("pubeval", "random"), 300, seed=4, keep_games=True)
    assert results.steps is not None and len(results.steps) == results.games
    for index, steps in enumerate(results.steps):
        (game,) = steps.session().games
        result = game.result
        assert result is not None
        assert result.winner == results.winner[index] and int(result.kind) == results.kind[index]
        assert result.points == results.kind[index]  # gammons count whole: no Jacoby
        assert steps.plays == results.plies[index] == sum(game.turns_played)
        assert steps.policies[0] == results.first[index]


def test_keeping_the_games_changes_none_of_them() -> None:
    plain = tavla.selfplay("pubeval", 200, seed=7, threads=1)
    kept = tavla.selfplay("pubeval", 200, seed=7, threads=2, keep_games=True)
    for name in ("winner", "kind", "first", "plies"):
        assert np.array_equal(getattr(plain, name), getattr(kept, name))
    assert plain.steps is None


def test_a_python_policy_keeps_its_games_too() -> None:
    def first_candidate(candidates: np.ndarray) -> np.ndarray:
        return -np.arange(len(candidates), dtype=np.float64)

    results = tavla.selfplay((first_candidate, "pubeval"), 20, seed=2, batch=7, keep_games=True)
    assert results.steps is not None
    native = tavla.selfplay(("pubeval", "pubeval"), 20, seed=2, keep_games=True)
    for index, steps in enumerate(results.steps):
        assert steps.session().games[0].result.winner == results.winner[index]  # type: ignore[union-attr]
    assert native.steps is not None and len(native.steps) == 20


def test_money_games_with_the_cube_replay_to_their_points() -> None:
    duel = tavla.duel(NET, "pubeval", 40, cubeful=True, seed=3, keep_games=True)
    results = duel.results
    assert results.steps is not None and results.scored is not None
    doubled = 0
    for index, steps in enumerate(results.steps):
        session = steps.session()
        (game,) = session.games
        assert game.result is not None
        assert session.balance == results.points[index]
        assert game.result.cube_value == results.cube[index]  # type: ignore[index]
        dropped = results.dropped[index]  # type: ignore[index]
        assert (game.result.end.value == "drop") == (dropped >= 0)
        doubled += int((steps.kinds == 1).sum())
    assert doubled > 0  # the net doubles some of these games


def test_whole_matches_replay_to_their_scores() -> None:
    results = play_matches(NET, "pubeval", 6, 5, seed=5, keep_games=True)
    assert results.steps is not None
    for index, steps in enumerate(results.steps):
        session = steps.session()
        assert isinstance(session, tavla.Match) and session.is_over
        assert list(session.score) == results.score[index].tolist()
        assert len(session.games) == results.games[index]


def test_only_games_a_match_file_holds_are_kept() -> None:
    with pytest.raises(PlayoutError, match="no start"):
        tavla.selfplay("pubeval", 2, start=Position.initial(), keep_games=True)
    with pytest.raises(PlayoutError, match="keep_games"):
        tavla.selfplay("pubeval", 2, keep_games="yes")  # type: ignore[arg-type]
    at_score = CubeContext.for_match(5, (1, 3))
    with pytest.raises(PlayoutError, match="whole matches"):
        tavla.selfplay(NET, 2, cubeful=True, context=at_score, keep_games=True)
    with pytest.raises(PlayoutError, match="centred at 1"):
        tavla.selfplay(NET, 2, cubeful=True, context=CubeContext.money(2, 0), keep_games=True)


def test_kept_steps_follow_head_and_joined_results() -> None:
    results = tavla.selfplay("pubeval", 10, seed=1, keep_games=True)
    assert results.steps is not None
    head = results.head(4)
    assert head.steps == results.steps[:4]
    joined = PlayoutResults.joined([results.head(4), results], False, truncated=False)
    assert joined.steps == results.steps[:4] + results.steps


def test_saved_files_replay_without_a_mismatch(tmp_path: Path) -> None:
    games = tavla.selfplay("pubeval", 5, seed=9, keep_games=True)
    matches = play_matches(NET, "pubeval", 3, 3, seed=2, keep_games=True)
    assert games.steps is not None and matches.steps is not None
    written = save_games(games.steps, tmp_path / "games", ("pubeval a", "pubeval b"))
    written += save_games(matches.steps, tmp_path / "matches", ("net", "pubeval"))
    assert [p.name for p in written][:2] == ["game-000001.sgf", "game-000002.sgf"]
    assert written[-1].name == "match-000003.mat"
    for path, expected in zip(
        written, [*games.points.tolist(), *matches.score.tolist()], strict=True
    ):
        replayed = replay_file(path)
        assert replayed.mismatches == []
        if isinstance(expected, list):
            assert list(replayed.final_score) == expected
        else:
            score = replayed.final_score
            assert score[0] - score[1] == expected
    with pytest.raises(MatchFileError, match="Jacoby"):
        save_games(games.steps, tmp_path / "bad", suffix=".mat")


@needs_gnubg
def test_gnubg_reads_kept_games_with_the_same_scores(tmp_path: Path) -> None:
    games = tavla.selfplay(("pubeval", "random"), 4, seed=11, keep_games=True)
    money = tavla.duel(NET, "pubeval", 6, cubeful=True, seed=1, keep_games=True).results
    matches = play_matches(NET, "pubeval", 2, 5, seed=6, keep_games=True)
    assert games.steps and money.steps and matches.steps
    for path, points in zip(save_games(games.steps, tmp_path / "g"), games.points, strict=True):
        output = run_gnubg([f"load match {path}", "show score"], tmp_path / "home")
        a, b = (int(points), 0) if points > 0 else (0, -int(points))
        assert f"The score (after 1 game) is: a {a}, b {b}" in output, output[-400:]
        assert "without Jacoby rule" in output
    for path, points in zip(save_games(money.steps, tmp_path / "m"), money.points, strict=True):
        imported = import_mat(path, tmp_path / "home")
        assert imported.complaints == [] and imported.games == 1
        assert imported.score[0] - imported.score[1] == points
    for path, score in zip(save_games(matches.steps, tmp_path / "x"), matches.score, strict=True):
        imported = import_mat(path, tmp_path / "home")
        assert imported.complaints == []
        assert imported.score == tuple(score.tolist())


def test_the_cli_saves_selfplay_and_duel_games(tmp_path: Path) -> None:
    def tavla_command(*arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "tavla", *arguments],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": PYTHON_DIR},
            check=False,
            timeout=300,
        )

    done = tavla_command("selfplay", "pubeval", "-n", "4", "--save", str(tmp_path / "s"))
    assert done.returncode == 0 and "saved 4 files" in done.stderr
    done = tavla_command(
        "duel",
        NET,
        "pubeval",
        "--match",
        "3",
        "--matches",
        "2",
        "--json",
        "--save",
        str(tmp_path / "d"),
    )
    assert done.returncode == 0 and json.loads(done.stdout)["matches"] == 2
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == [
        "match-000001.mat",
        "match-000002.mat",
    ]
    replayed = tavla_command("replay", "--json", str(tmp_path / "s"), str(tmp_path / "d"))
    assert replayed.returncode == 0, replayed.stdout
    assert json.loads(replayed.stdout)["totals"]["mismatches"] == 0
    refused = tavla_command(
        "selfplay", "pubeval", "-n", "2", "--save", str(tmp_path / "m"), "--save-format", "mat"
    )
    assert refused.returncode == 2 and refused.stderr.startswith("Error: cubeless games")
