"""The rules in C++ against the rules in Python: money games and whole matches played by the
engine (cubeful ``selfplay``, ``play_matches``) are replayed twice in Python, step by step on
:class:`~tavla.Match` / :class:`~tavla.MoneySession` (every play and cube action checked) and
as match records through :func:`~tavla.replay.replay_record` (an independent replayer that
scores each game and the match from the record alone).  Every game's winner, result kind,
cube value, owner, last doubler, drop, points (R16-R22) and Crawford flag (R24), and every
match score (R23), must agree among the three, under each rule option the engine plays."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tavla
from tavla import CubeContext, MatchFileError, Rules
from tavla.formats.context import MAX_CUBE_VALUE
from tavla.game.actions import DoubleAction, PlayAction, RaccoonAction
from tavla.game.scoring import GameEnd
from tavla.replay import match_rules, replay_record
from tavla.replay.record import match_record, save_record
from tavla.sim import play_matches
from tavla.sim.records import STEP_KINDS
from tavla.sim.results import PlayoutResults
from tests.helpers.cube import HashedCube

NET = "net:tavla218-128"
MONEY = Rules.standard_money()
MATCH = Rules.standard_match()
CUBE_STEPS = [STEP_KINDS.index(kind) for kind in ("double", "take", "drop", "beaver", "raccoon")]


def agree_game_by_game(results: PlayoutResults, rows: range, session: object) -> None:
    """The engine's rows ``rows`` of ``results`` against the games of the Python ``session``
    and against ``replay_record`` of its record."""
    assert isinstance(session, (tavla.Match, tavla.MoneySession))
    assert len(session.games) == len(rows)
    replay = replay_record(match_record(session))
    backgammons = session.rules.backgammons
    assert replay.mismatches == []
    assert results.cube is not None and results.scored is not None
    assert results.dropped is not None and results.cube_owner is not None
    assert results.doubler is not None and results.crawford is not None
    for row, game, replayed in zip(rows, session.games, replay.games, strict=True):
        result = game.result
        assert result is not None and game.is_over
        assert result.winner == results.winner[row] == replayed.winner
        assert result.points == results.scored[row] == replayed.points
        assert result.cube_value == results.cube[row]
        assert (result.end is GameEnd.DROP) == (results.dropped[row] >= 0)
        if result.end is not GameEnd.DROP:  # the engine's kind is the board's (R16)
            on_board = int(results.kind[row])
            assert int(result.kind) == (on_board if backgammons else min(on_board, 2))
        owner = game.cube.owner
        assert (-1 if owner is None else owner) == results.cube_owner[row]
        doubles = [item.player for item in game.history if isinstance(item, DoubleAction)]
        assert (doubles[-1] if doubles else -1) == results.doubler[row]
        assert game.is_crawford == bool(results.crawford[row])


@pytest.mark.parametrize(
    "rules",
    [
        MONEY,
        MONEY.with_options(jacoby=False),
        MONEY.with_options(beavers=True, raccoons=False),
        MONEY.with_options(beavers=True),
        MONEY.with_options(max_cube=4),
        MONEY.with_options(backgammons=False, jacoby=False),
    ],
    ids=["jacoby", "no-jacoby", "beavers", "beavers-raccoons", "max-cube-4", "no-backgammons"],
)
def test_money_games_score_alike_in_cpp_and_python(rules: Rules) -> None:
    results = tavla.selfplay(
        NET, 240, cubeful=True, context=CubeContext(rules=rules), seed=11, keep_games=True
    )
    assert results.steps is not None
    cube_actions = 0
    for index, steps in enumerate(results.steps):
        session = steps.session()
        assert session.balance == results.points[index]
        agree_game_by_game(results, range(index, index + 1), session)
        cube_actions += int(np.isin(steps.kinds, CUBE_STEPS).sum())
    assert cube_actions > 100  # the net turns the cube in these games, so the cube is tested
    assert (results.kind == 3).any()  # and some end in a backgammon on the board


@pytest.mark.parametrize("max_cube", [None, 64])
def test_money_games_with_raccoons_score_alike_in_cpp_and_python(max_cube: int | None) -> None:
    # Cube answers picked by a hash of the position: doubles, beavers and raccoons (R20)
    # taken, dropped and redoubled, within max_cube (R19).
    rules = MONEY.with_options(beavers=True, max_cube=max_cube)
    results = tavla.selfplay(
        HashedCube(), 400, cubeful=True, context=CubeContext(rules=rules), seed=12, keep_games=True
    )
    assert results.steps is not None and results.cube is not None
    raccoon = STEP_KINDS.index("raccoon")
    made = 0
    for index, steps in enumerate(results.steps):
        session = steps.session()
        assert session.balance == results.points[index]
        agree_game_by_game(results, range(index, index + 1), session)
        history = session.games[0].history
        raccoons = sum(isinstance(item, RaccoonAction) for item in history)
        assert raccoons == int((steps.kinds == raccoon).sum())
        made += raccoons
    assert made > 0  # raccoons are made (a dropped one: tests/test_cube_play.py)
    assert int(results.cube.max()) <= (max_cube or MAX_CUBE_VALUE)


def test_a_record_of_games_without_backgammons_says_so_and_is_not_saved(tmp_path: Path) -> None:
    rules = MONEY.with_options(backgammons=False)
    context = CubeContext(rules=rules)
    results = tavla.selfplay(NET, 60, cubeful=True, context=context, seed=11, keep_games=True)
    assert results.steps is not None
    record = match_record(results.steps[0].session())
    assert record.header("Backgammons") == "Off"
    assert not match_rules(record).backgammons
    for suffix in (".mat", ".sgf"):
        with pytest.raises(MatchFileError, match="without backgammons"):
            save_record(record, tmp_path / f"games{suffix}")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("length", "rules", "opponent"),
    [
        (1, MATCH, NET),
        (3, MATCH, NET),
        (5, MATCH, "pubeval"),
        (7, MATCH, NET),
        (5, MATCH.with_options(crawford=False), NET),
        (7, MATCH.with_options(max_cube=2), NET),
        (5, MATCH.with_options(backgammons=False), NET),
        (5, MATCH.with_options(holland=True), NET),
        (9, MATCH.with_options(holland=True), NET),
    ],
    ids=[
        "1pt",
        "3pt",
        "5pt-pubeval",
        "7pt",
        "5pt-no-crawford",
        "7pt-max-cube-2",
        "5pt-no-bg",
        "5pt-holland",
        "9pt-holland",
    ],
)
def test_whole_matches_score_alike_in_cpp_and_python(
    length: int, rules: Rules, opponent: str
) -> None:
    results = play_matches(NET, opponent, 24, length, rules=rules, seed=length, keep_games=True)
    assert results.steps is not None
    games = results.game_results
    crawford_games = 0
    for match, steps in enumerate(results.steps):
        session = steps.session()
        assert isinstance(session, tavla.Match) and session.is_over
        assert list(session.score) == results.score[match].tolist()
        rows = range(int(results.offsets[match]), int(results.offsets[match + 1]))
        agree_game_by_game(games, rows, session)
        assert max(results.score[match]) >= length
        assert results.winner[match] == int(np.argmax(results.score[match]))
        crawford_games += sum(game.is_crawford for game in session.games)
    if length > 1 and rules.crawford:
        assert crawford_games > 0  # the Crawford game was reached, so R24 is tested
    if not rules.crawford or length == 1:
        assert crawford_games == 0


def test_the_holland_rule_is_played_in_whole_matches_only() -> None:
    """R25's wait counts a game's turns from its start, which a game started at a position
    mid-match does not have."""
    rules = MATCH.with_options(holland=True)
    context = CubeContext.for_match(5, (4, 2), cube=1)
    context = CubeContext(context.match, context.cube, context.on_roll, rules)
    with pytest.raises(tavla.PlayoutError, match="whole matches only"):
        tavla.selfplay(NET, 2, cubeful=True, context=context)


def test_holland_delays_the_trailer_s_first_double_post_crawford() -> None:
    """In post-Crawford games, with the rule the trailer never doubles before both sides have
    played two turns; without it the same players double at once (the free drop)."""
    earliest = {}
    for holland in (False, True):
        rules = MATCH.with_options(holland=holland)
        results = play_matches(NET, NET, 40, 5, rules=rules, seed=3, keep_games=True)
        assert results.steps is not None
        first_doubles = []
        for steps in results.steps:
            for game in steps.session().games:
                if not game.is_post_crawford:
                    continue
                plays = 0
                for item in game.history:
                    if isinstance(item, DoubleAction):
                        first_doubles.append(plays)
                        break
                    plays += isinstance(item, PlayAction)
        assert first_doubles
        earliest[holland] = min(first_doubles)
    assert earliest[True] >= 4 > earliest[False]
