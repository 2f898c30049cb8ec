"""Variance reduction of rollouts: the luck of every roll subtracted from each game's outcome
(docs "Variance reduction"). The games are those of a plain rollout; the means agree with
plain rollouts within their errors; the spread of independent rollouts matches the reported
standard error; exact bear-offs come out at the database's values, cubeless and cubeful. The
0-ply lookahead values each roll by its pubeval-best plays; games stopped at the one-sided
bear-off database."""

from __future__ import annotations

import numpy as np
import pytest

import tavla
from tavla import CubeContext, PlayoutError, Position
from tavla.eval import Policy, bearoff, evaluate
from tavla.sim.playout import play_games
from tavla.sim.rollout import rollout_plays
from tests.helpers.boards import position

NET = Policy("net:td198-40")  # a small net with a local encoding: fast enough for tests

# Positions of several kinds: the reply to an opening 3-1 (8/5 6/5), a middle game with a
# checker on the bar, a prime, a race, a bear-off against a checker left back.
POSITIONS = [
    position({6: 5, 8: 3, 13: 5, 24: 2}, {6: 4, 5: 2, 8: 2, 13: 5, 24: 2}),
    position({6: 4, 7: 2, 8: 3, 13: 3, 24: 2, 25: 1}, {6: 4, 5: 2, 8: 2, 13: 4, 20: 2, 23: 1}),
    position({2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 7: 2, 22: 2}, {1: 2, 4: 3, 5: 3, 6: 4, 8: 3}),
    position({1: 2, 2: 2, 3: 3, 4: 2, 5: 2, 6: 2, 9: 2}, {1: 3, 2: 3, 4: 2, 6: 3, 10: 2, 14: 2}),
    position({2: 3, 3: 3, 4: 3, 5: 2, 6: 2}, {2: 2, 4: 3, 5: 3, 6: 3, 24: 1}),
]


def test_the_same_games_are_played_and_the_luck_is_their_only_difference() -> None:
    start = POSITIONS[1]
    plain = play_games(NET, NET, 72, start=start, seed=5, rotate=1)
    reduced = play_games(NET, NET, 72, start=start, seed=5, rotate=1, variance_reduction=True)
    for column in ("winner", "kind", "first", "plies"):
        assert np.array_equal(getattr(plain, column), getattr(reduced, column))
    assert plain.luck is None and reduced.luck is not None and reduced.luck.shape == (72, 5)
    # A roll's luck in the chance of winning is within +-1, and a game of n plays has n.
    assert np.all(np.abs(reduced.luck[:, 0]) <= reduced.plies)
    a = tavla.rollout(start, NET, 72, seed=5, variance_reduction=False)
    b = tavla.rollout(start, NET, 72, seed=5)
    assert not a.variance_reduction and b.variance_reduction
    assert abs(a.equity - b.equity) < 3 * a.equity_std_error
    assert b.equity_std_error < a.equity_std_error / 2


def bars_only_policy() -> Policy:
    """A net that sees only the checkers on the bar: it values every play that hits alike."""
    weights = np.zeros((198, 1))
    weights[96, 0], weights[194, 0] = 1.0, -1.0  # the bars (td198: 98 inputs a side, bar 96th)
    output = np.zeros((1, 5))
    output[0, 0] = 4.0
    return Policy(tavla.eval.Net([weights, output], [np.zeros(1), np.zeros(5)]), bearoff=False)


def test_ties_for_the_best_play_are_played_as_without_variance_reduction() -> None:
    """A net that sees only the checkers on the bar values every play that hits the same, so a
    roll often has several best plays: the policy then makes the first in the order its dice
    came, with variance reduction as without (its lookahead takes the dice in one order)."""
    hits = bars_only_policy()
    start = POSITIONS[1]
    plain = play_games(hits, hits, 144, start=start, seed=8, rotate=1)
    reduced = play_games(hits, hits, 144, start=start, seed=8, rotate=1, variance_reduction=True)
    for column in ("winner", "kind", "first", "plies"):
        assert np.array_equal(getattr(plain, column), getattr(reduced, column))


@pytest.mark.parametrize("reduced", [True, False])
def test_a_game_is_played_the_same_after_other_games_as_alone(reduced: bool) -> None:
    """The games of a run share their first plies' boards, and a thread keeps what its
    searches found there for the games after (the core's turn memo): a game played alone (its
    run has kept nothing) must come out the same, luck included. The policies differ and
    change seats, so each meets the other's boards; one of them sees only the bars, so its
    rolls often have several best plays, and which it makes follows the order of the dice."""
    other = bars_only_policy()
    settings = {
        "start": POSITIONS[1],
        "seed": 4,
        "rotate": 0,
        "alternate": True,
        "variance_reduction": reduced,
        "threads": 1,
    }
    columns = ("winner", "kind", "first", "plies") + (("luck",) if reduced else ())
    whole = play_games(NET, other, 80, **settings)
    for game in range(80):
        alone = play_games(NET, other, 1, first_game=game, **settings)
        for column in columns:
            assert np.array_equal(getattr(alone, column), getattr(whole, column)[game : game + 1])


@pytest.mark.parametrize("start", POSITIONS)
def test_reduced_and_plain_rollouts_agree_within_their_errors(start: Position) -> None:
    # Independent dice (different seeds), so the two errors add in quadrature.
    plain = tavla.rollout(start, NET, 432, seed=11, variance_reduction=False)
    reduced = tavla.rollout(start, NET, 108, seed=12)
    error = np.hypot(plain.std_errors, reduced.std_errors)
    assert np.all(np.abs(plain.probabilities - reduced.probabilities) <= 4 * error + 1e-12)
    combined = np.hypot(plain.equity_std_error, reduced.equity_std_error)
    assert abs(plain.equity - reduced.equity) <= 4 * combined
    # A quarter of the games, and still a smaller error.
    assert reduced.equity_std_error < plain.equity_std_error


def test_the_spread_of_independent_rollouts_matches_their_standard_error() -> None:
    # 100 rollouts of the race on different seeds, without rotation (so each reports the
    # plain s / sqrt(n)): sum ((m_i - mean) / se_i)^2 is about chi-square with 99 degrees of
    # freedom (a little more: each se_i is itself estimated from 24 games). Its mean is 99
    # and its standard deviation 14; a reported error half or twice the true one would put
    # it near 400 or 25.
    start = POSITIONS[3]
    results = [
        tavla.rollout(start, NET, 24, seed=seed, rotate=False, threads=1) for seed in range(100)
    ]
    means = np.array([r.equity for r in results])
    errors = np.array([r.equity_std_error for r in results])
    statistic = float((((means - means.mean()) / errors) ** 2).sum())
    assert 99 - 4 * 14 < statistic < 99 + 5 * 14


EXACT_BEAROFFS = [
    position({1: 1, 2: 1, 3: 1, 5: 1}, {1: 2, 3: 2}),
    position({4: 3, 3: 2}, {5: 2}),
    position({6: 2, 5: 1, 1: 3}, {2: 1, 4: 2, 6: 1}),
]


@pytest.mark.parametrize("start", EXACT_BEAROFFS)
def test_exact_bearoffs_come_out_at_the_database_value(start: Position) -> None:
    value = evaluate(start, "bearoff")
    assert value.exact
    exact = value.probabilities
    plain = tavla.rollout(start, NET, 360, seed=1, variance_reduction=False)
    reduced = tavla.rollout(start, NET, 72, seed=1)
    assert abs(plain.win - exact[0]) <= 3 * plain.std_errors[0]
    assert abs(reduced.win - exact[0]) <= 3 * reduced.std_errors[0] + 1e-9
    # Where the values after every roll are exact, each game's outcome less its luck is
    # the exact value itself: the luck telescopes to outcome - value(start).
    assert reduced.win == pytest.approx(exact[0], abs=1e-9)
    assert reduced.std_errors[0] < 1e-9


@pytest.mark.parametrize(
    ("mover", "opponent"),
    [({1: 1, 2: 1, 3: 1, 5: 1}, {1: 2, 3: 2}), ({4: 3, 3: 2}, {5: 2})],
)
def test_cubeful_reduced_rollouts_of_exact_bearoffs_agree_with_the_exact_table(
    mover: dict[int, int], opponent: dict[int, int]
) -> None:
    # The net's policy plays the bear-off database's checkers and its exact cube actions;
    # the luck is valued by the cube model, which is not exact: a smaller error, not none.
    start = position(mover, opponent)
    no_double, double_take, _ = bearoff.cube_options(start, "centred")
    plain = tavla.rollout(start, NET, 1296, cubeful=True, seed=3, variance_reduction=False)
    reduced = tavla.rollout(start, NET, 1296, cubeful=True, seed=3)
    assert reduced.variance_reduction and not plain.variance_reduction
    assert abs(reduced.no_double - no_double) <= 3 * reduced.no_double_std_error + 1e-12
    assert reduced.double_take is not None and reduced.double_take_std_error is not None
    assert abs(reduced.double_take - double_take) <= 3 * reduced.double_take_std_error + 1e-12
    assert reduced.no_double_std_error < plain.no_double_std_error
    assert reduced.action == plain.action


def test_cubeful_reduced_rollouts_in_a_match_agree_with_plain_ones() -> None:
    context = CubeContext.for_match(5, (2, 1))
    start = POSITIONS[3]
    plain = tavla.rollout(
        start, NET, 324, cubeful=True, context=context, seed=7, variance_reduction=False
    )
    reduced = tavla.rollout(start, NET, 108, cubeful=True, context=context, seed=8)
    error = np.hypot(plain.no_double_std_error, reduced.no_double_std_error)
    assert abs(plain.no_double - reduced.no_double) < 4 * error
    assert reduced.no_double_std_error < plain.no_double_std_error


def test_every_play_of_a_roll_and_truncated_rollouts_reduce_too() -> None:
    start = Position.initial()
    plays = rollout_plays(start, "52", NET, 36, seed=2)
    plain = rollout_plays(start, "52", NET, 36, seed=2, variance_reduction=False)
    assert all(r.variance_reduction for r in plays)
    by_play = {r.play.notation: r for r in plain}  # type: ignore[union-attr]
    for result in plays:
        other = by_play[result.play.notation]  # type: ignore[union-attr]
        assert result.games == other.games == 36
        error = np.hypot(result.equity_std_error, other.equity_std_error)
        assert abs(result.equity - other.equity) < 4 * error
    truncated = tavla.rollout(start, NET, 144, truncate=6, evaluator="net:td198-40", seed=4)
    whole = tavla.rollout(start, NET, 144, seed=5)
    error = np.hypot(truncated.equity_std_error, whole.equity_std_error)
    assert truncated.variance_reduction and abs(truncated.equity - whole.equity) < 4 * error


def test_variance_reduction_needs_an_evaluator() -> None:
    start = POSITIONS[4]
    assert not tavla.rollout(start, "pubeval", 36).variance_reduction
    for policy in ("pubeval", "random", "bearoff", lambda candidates: np.zeros(len(candidates))):
        with pytest.raises(PlayoutError, match="variance reduction needs a policy with an"):
            tavla.rollout(start, policy, 36, variance_reduction=True)  # type: ignore[arg-type]
    with pytest.raises(PlayoutError, match="variance_reduction must be"):
        tavla.rollout(start, NET, 36, variance_reduction="yes")  # type: ignore[arg-type]
    with pytest.raises(PlayoutError, match="variance reduction needs a policy with an"):
        tavla.rollout(start, "pubeval", 36, cubeful=True, variance_reduction=True)


def _lookahead_value(start: Position, d1: int, d2: int, keep: int) -> np.ndarray:
    """The value, for the side on roll of ``start`` (a contact position), of roll d1-d2 in the
    lookahead: the best 0-ply value among the ``keep`` plays pubeval ranks highest (every
    play for 0), the first on a tie, worked out here from pubeval's scores and the net."""
    results, _ = tavla.legal_results(start.board[np.newaxis], np.array([[d1, d2]]))
    theirs = tavla.eval.nets.load("td198-40").evaluate(results)
    mine = np.column_stack([1 - theirs[:, 0], theirs[:, [3, 4, 1, 2]]])
    equities = np.asarray(tavla.eval.cubeless_equity(mine))
    scores = tavla.eval.pubeval.pubeval_scores(start, results)
    ranked = np.argsort(-scores, kind="stable")
    kept = np.sort(ranked[:keep] if keep else ranked)
    return mine[kept[np.argmax(equities[kept])]]


@pytest.mark.parametrize("keep", [0, 1, 4])
def test_the_lookahead_values_each_roll_by_its_pubeval_best_plays(keep: int) -> None:
    # One ply of the middle game with a checker on the bar: the game stops after it, and its
    # luck is value(roll) - sum_r w(r) value(r), from pubeval's ranking and the net alone.
    start = POSITIONS[1]
    rolls = [(d1, d2) for d1 in range(1, 7) for d2 in range(d1, 7)]
    values = {roll: _lookahead_value(start, *roll, keep) for roll in rolls}
    mean = sum((1 if d1 == d2 else 2) / 36 * values[(d1, d2)] for d1, d2 in rolls)
    for seed in range(3):
        run = play_games(
            NET, NET, 1, start=start, seed=seed, truncate=1, variance_reduction=True, luck_keep=keep
        )
        d1, d2 = sorted(int(d) for d in tavla._core.dice_rolls(seed, 0, 1)[0])
        assert run.luck is not None
        assert run.luck[0] == pytest.approx(values[(d1, d2)] - mean, abs=1e-6)
    if keep == 1:  # pubeval's first choice is not always the net's: the values differ
        assert any(
            not np.allclose(values[roll], _lookahead_value(start, *roll, 0)) for roll in rolls
        )


def test_the_lookahead_changes_the_luck_but_never_a_play() -> None:
    start = POSITIONS[0]
    every = play_games(NET, NET, 72, start=start, seed=3, variance_reduction=True, luck_keep=0)
    best = play_games(NET, NET, 72, start=start, seed=3, variance_reduction=True, luck_keep=2)
    for column in ("winner", "kind", "first", "plies"):
        assert np.array_equal(getattr(every, column), getattr(best, column))
    assert every.luck is not None and best.luck is not None
    assert not np.allclose(every.luck, best.luck)
    # Unbiased either way: the two estimates of one set of games agree within their errors.
    a = tavla.rollout(start, NET, 216, seed=6, luck_keep=0)
    b = tavla.rollout(start, NET, 216, seed=6, luck_keep=2)
    assert abs(a.equity - b.equity) < 4 * max(a.equity_std_error, b.equity_std_error)


# Both sides home, more checkers than the two-sided table holds: the race approximation.
HOME_RACE = position({1: 2, 2: 2, 3: 3, 4: 2, 5: 3, 6: 3}, {1: 3, 2: 2, 3: 3, 4: 3, 5: 2, 6: 2})


def test_one_sided_truncation_stops_every_game_once_both_sides_are_home() -> None:
    assert bearoff.applies(HOME_RACE) and not bearoff.covered(HOME_RACE)
    # Each game stops after its first play, whose luck is taken out: every game's outcome is
    # then the database's 1-ply value of the position, with no error at all.
    stopped = tavla.rollout(HOME_RACE, NET, 72, seed=1, truncate_bearoff="one-sided")
    expected = evaluate(HOME_RACE, "bearoff", plies=1).probabilities
    assert stopped.probabilities == pytest.approx(expected, abs=1e-9)
    assert stopped.equity_std_error < 1e-9
    run = play_games(NET, NET, 36, start=POSITIONS[3], seed=2, stop_at_bearoff="one-sided")
    assert run.final_boards is not None and run.stopped.all()
    assert bool(np.all(bearoff.applies(run.final_boards)))
    whole = play_games(NET, NET, 36, start=POSITIONS[3], seed=2, stop_at_bearoff=True)
    assert run.plies.mean() < whole.plies.mean()


def test_one_sided_truncation_agrees_with_exact_truncation_in_a_race() -> None:
    one_sided = tavla.rollout(POSITIONS[3], NET, 324, seed=9, truncate_bearoff="one-sided")
    exact = tavla.rollout(POSITIONS[3], NET, 324, seed=9, truncate_bearoff="exact")
    error = np.hypot(one_sided.equity_std_error, exact.equity_std_error)
    assert abs(one_sided.equity - exact.equity) < 4 * error


def test_reduced_probabilities_are_valid_and_the_equity_is_the_estimators() -> None:
    """A variance-reduced mean is unbiased and can leave [0, 1]: 24/20 of this 31 came out
    with a lose-backgammon chance of -0.0008 (and 24/21 8/7 -0.0005, 6/5 6/3 a win
    backgammon of -0.0004).  The probabilities reported are made valid; the equity and its
    error stay the estimator's, so 24/20's equity is 0.0008 above its probabilities'."""
    start = Position.from_position_id("4HPwATDgc/ABMA")
    results = rollout_plays(start, "31", "net:td198-40", 144)
    for result in [*results, tavla.rollout(start, NET, 144, seed=3)]:
        p = result.probabilities
        assert np.all((p >= 0) & (p <= 1))
        assert p[2] <= p[1] <= p[0] and p[4] <= p[3] <= 1 - p[0]
    by_play = {r.play.notation: r for r in results}  # type: ignore[union-attr]
    plain = by_play["24/20"]
    assert plain.probabilities[4] == 0.0
    assert plain.probabilities[:4] == pytest.approx([0.5435, 0.1309, 0.0067, 0.1231], abs=5e-5)
    assert plain.equity == pytest.approx(0.10245, abs=5e-6)
    assert plain.equity - tavla.eval.cubeless_equity(plain.probabilities) == pytest.approx(
        0.0008, abs=5e-5
    )
    assert by_play["6/5 6/3"].probabilities[2] == 0.0
    assert by_play["24/21 8/7"].probabilities[4] == 0.0
