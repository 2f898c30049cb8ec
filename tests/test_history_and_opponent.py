"""Replaying recorded actions (tavla.game.history), one position's play of a policy
(tavla.eval.choice) and a policy as a game's opponent (tavla.sim.opponent)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

import tavla
from tavla import CubeContext, Game, Match, MoneySession, Position, ResultKind, Rules, _core
from tavla.errors import TurnError
from tavla.eval import Policy
from tavla.eval.choice import choose_play
from tavla.game.actions import PlayAction, RollAction
from tavla.game.history import apply_action, rebuilt
from tavla.sim.opponent import Opponent
from tests.helpers.boards import position
from tests.helpers.random_sessions import played


@pytest.mark.parametrize(
    "session",
    [lambda: Match(7), lambda: MoneySession(Rules(beavers=True, raccoons=True))],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_rebuilt_session_is_the_same_game_for_game(session, seed: int) -> None:  # type: ignore[no-untyped-def]
    original = played(session(), seed, games=8)
    copy = rebuilt(original, [game.history for game in original.games])
    assert len(copy.games) == len(original.games)
    for a, b in zip(original.games, copy.games, strict=True):
        assert a.history == b.history
        assert str(a.gnubg_id) == str(b.gnubg_id) and a.result == b.result
    assert copy.points == original.points


def test_a_game_taken_back_half_way_draws_no_dice() -> None:
    game = Game(dice=[(3, 1), (6, 5), (4, 2)])
    game.roll()
    game.play("8/5 6/5")
    game.roll()
    replay = Game(dice=[])  # no dice at all: every roll comes from the history
    for action in game.history:
        apply_action(replay, action)
    assert replay.position == game.position and replay.dice == (6, 5)
    with pytest.raises(tavla.RulesError):
        apply_action(replay, "roll")  # type: ignore[arg-type]


# Stream 0 of seed 7 (_core.dice_rolls): draw 0 as an opening roll, then draws 1 to 6.
STREAM_7 = [(5, 2), (3, 4), (6, 1), (3, 5), (6, 6), (5, 1), (5, 4)]


@pytest.mark.parametrize("session", [lambda: MoneySession(seed=7), lambda: Match(5, seed=7)])
def test_a_seeded_session_taken_back_rolls_on_with_its_stream(session) -> None:  # type: ignore[no-untyped-def]
    """tavla play's undo: the session rebuilt from its histories, the last cut before
    player 0's last play, and the rolls taken back given back.  The rolls that follow are
    the stream's next draws, not its first ones again (game 0 of both rolls stream 0)."""
    assert [tuple(roll) for roll in _core.dice_rolls(7, 0, 1, opening=True).tolist()] == [
        STREAM_7[0]
    ]
    assert [tuple(roll) for roll in _core.dice_rolls(7, 0, 6, start=1).tolist()] == STREAM_7[1:]
    original = session()
    game = original.new_game()
    for expected in STREAM_7[:4]:  # player 0 opens 5-2, then 1, 0, 1 roll and play
        assert game.roll() == expected
        game.play(game.legal_plays[0])
    history = list(game.history)
    cut = max(
        i for i, item in enumerate(history) if isinstance(item, PlayAction) and item.player == 0
    )
    copy = rebuilt(original, [history[:cut]])
    copy.dice.give_back([item.dice for item in history[cut:] if isinstance(item, RollAction)])
    game = copy.games[-1]
    assert game.dice == (6, 1) and game.on_roll == 0
    game.play(game.legal_plays[0])
    rolled = []
    for _ in range(4):
        rolled.append(game.roll())
        game.play(game.legal_plays[0])
    assert rolled == STREAM_7[3:]  # the roll taken back, then draws 4, 5 and 6


def test_a_later_game_taken_back_rolls_on_with_its_own_stream() -> None:
    # Game 1 of MoneySession(seed=7) rolls stream 1 (_core.dice_rolls(7, 1, ...)): an
    # opening 3-2, then 6-6, 4-4, 3-3.
    original = MoneySession(seed=7)
    first = original.new_game()
    while not first.is_over:
        first.roll()
        first.play(first.legal_plays[0])
    game = original.new_game()
    assert game.roll() == (3, 2)
    game.play(game.legal_plays[0])
    assert game.roll() == (6, 6)
    copy = rebuilt(original, [first.history, game.history])
    assert copy.games[0].result == first.result
    game = copy.games[-1]
    game.play(game.legal_plays[0])
    assert game.roll() == (4, 4)
    game.play(game.legal_plays[0])
    assert game.roll() == (3, 3)


def test_the_net_doubles_and_takes_as_its_cube_decision_says() -> None:
    net = "net:tavla218-128"
    opponent = Opponent(net)
    # player 0 on roll with a big racing lead: a double, which player 1 must pass
    racing = position({6: 5, 5: 5, 4: 5}, {1: 3, 2: 3, 3: 3, 13: 6})
    game = Game(position=racing, starter=0)
    decision = tavla.cube_decision(racing, CubeContext.from_game(game), net)
    assert decision.action.startswith("double/")
    assert opponent.doubles(game)
    game.double()
    assert opponent.takes(game) is decision.take
    start = Game(starter=0)
    assert not opponent.doubles(start)  # the opening position is no double
    start.double()
    assert opponent.takes(start)
    with pytest.raises(TurnError):
        opponent.takes(Game(starter=0))


def test_a_policy_without_probabilities_never_doubles_always_takes_and_accepts() -> None:
    racing = position({6: 5, 5: 5, 4: 5}, {1: 3, 2: 3, 3: 3, 13: 6})
    game = Game(position=racing, starter=0)
    opponent = Opponent("pubeval")
    assert not opponent.doubles(game)
    game.double()
    assert opponent.takes(game)
    resigning = Game(position=racing, starter=1)  # player 1, far behind, resigns to player 0
    resigning.resign("single")
    assert opponent.accepts(resigning, ResultKind.SINGLE)


def test_a_resignation_is_accepted_when_it_gives_what_the_net_expects() -> None:
    net = Opponent("net:tavla218-128")
    # player 1 resigns a single; player 0, the net's side, is sure to win a gammon here
    crushed = position({25: 3, 20: 12}, {1: 5, 2: 5, 3: 5})  # seen from player 1
    game = Game(position=crushed, starter=1)
    game.resign("single", player=1)
    assert not net.accepts(game, ResultKind.SINGLE)
    assert net.accepts(game, ResultKind.BACKGAMMON)
    even = Game(position=Position.initial(), starter=0)
    even.resign("single", player=0)  # at the start a single is more than the net expects
    assert net.accepts(even, ResultKind.SINGLE)


def test_the_opponent_plays_the_policys_play() -> None:
    game = Game(dice=[(3, 1)])
    game.roll()
    play = Opponent("pubeval").play(game)
    assert play == tavla.eval.choice.choose_play("pubeval", game.position, (3, 1))
    with pytest.raises(TurnError):
        Opponent("pubeval").play(Game())


class EngineDraw:
    """Stands in for choose_play's rng: the 64 bits the playout engine gave the policy."""

    def __init__(self, bits: np.uint64) -> None:
        self.bits = bits

    def integers(self, high: int, dtype: type) -> np.uint64:
        assert high == 2**64 and dtype is np.uint64
        return self.bits


def fewest_pips(candidates: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """A Python policy whose many ties the first of the highest scores breaks."""
    return -(candidates[:, 1, :].astype(np.int64) * np.arange(26)).sum(axis=1)


@pytest.mark.parametrize(
    ("policy", "games"),
    [
        ("random", 4),
        ("pubeval", 4),
        ("bearoff", 2),
        ("net:tavla218-128", 2),
        (Policy("net:tavla218-128", plies=1), 1),
        (fewest_pips, 2),
    ],
)
def test_choose_play_makes_every_play_of_self_play_on_its_dice(policy: object, games: int) -> None:
    seed = 11
    kept = tavla.selfplay(policy, games, seed=seed, threads=1, keep_games=True)  # type: ignore[arg-type]
    choices = 0
    for game, steps in enumerate(kept.steps):
        draws = _core.policy_draws(seed, game, len(steps.kinds))  # game g is stream g
        current = Position.initial()
        for ply, (roll, after) in enumerate(zip(steps.rolls, steps.boards, strict=True)):
            dice = (int(roll[0]), int(roll[1]))  # as the engine generated them
            choices += len({play.position.key for play in current.legal_plays(dice)}) > 1
            play = choose_play(policy, current, dice, rng=EngineDraw(draws[ply]))  # type: ignore[arg-type]
            assert play.position == Position(after).swapped(), (game, ply)
            current = play.position
        assert current.is_over
    assert choices >= 20 * games  # most plays were choices, not forced
