"""Search and policies over the exact bear-off database: n-ply values against the definition
written out here, hints against the database's own values, Policy values, policies played in
C++ (rollouts agreeing with the exact values within their errors), and bad arguments."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import tavla
from tavla import EvaluatorError, PlayoutError, Position
from tavla.eval import Policy, bearoff, cubeless_equity, evaluate, evaluate_boards, hint
from tests.helpers.boards import position

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
COVERED = position({6: 2, 4: 1, 1: 2}, {5: 2, 2: 2})  # 5 and 4 checkers: exact
RACE = position({6: 9, 5: 4, 3: 2}, {6: 3, 4: 4, 1: 2})  # 15 and 9: the race approximation


def flipped(p: np.ndarray) -> np.ndarray:
    return np.array([1 - p[0], p[3], p[4], p[1], p[2]])


def best_after_roll(start: Position, roll: tuple[int, int]) -> np.ndarray:
    """The side on roll's probabilities after its best play of the roll, each result judged
    by the database (a result bearing off the last checker is a single win: 13+ are off)."""
    values = []
    for play in start.legal_plays(roll):
        after = play.position
        values.append(
            np.array([1.0, 0, 0, 0, 0]) if after.is_over else flipped(bearoff.probabilities(after))
        )
    return max(values, key=cubeless_equity)


def test_zero_ply_is_the_database() -> None:
    for start in (COVERED, RACE):
        result = evaluate(start)
        assert np.array_equal(result.probabilities, bearoff.probabilities(start))
        assert result.equity == pytest.approx(cubeless_equity(result.probabilities))
    assert evaluate(COVERED).exact and not evaluate(RACE).exact


def test_one_ply_follows_the_definition() -> None:
    expected = sum((1 if a == b else 2) / 36 * best_after_roll(RACE, (a, b)) for a, b in ROLLS)
    result = evaluate(RACE, plies=1)
    assert result.plies == 1 and not result.exact
    assert result.probabilities == pytest.approx(expected, abs=1e-12)


def test_an_exact_value_is_not_searched() -> None:
    result = evaluate(COVERED, plies=2)
    assert result.exact and result.plies == 0
    assert np.array_equal(result.probabilities, bearoff.probabilities(COVERED))


def test_hint_ranks_the_plays_by_the_database() -> None:
    ranked = hint(RACE, "63")
    plays = RACE.legal_plays("63")
    assert sorted(r.play.notation for r in ranked) == sorted(p.notation for p in plays)
    for entry in ranked:
        after = flipped(bearoff.probabilities(entry.play.position))
        assert entry.probabilities == pytest.approx(after)
    equities = [entry.equity for entry in ranked]
    assert equities == sorted(equities, reverse=True)
    assert ranked[0].difference == 0
    assert [r.difference for r in ranked] == pytest.approx([e - equities[0] for e in equities])
    assert ranked[0].probabilities == pytest.approx(best_after_roll(RACE, (6, 3)))


def test_hint_keeps_legal_play_order_on_ties() -> None:
    # Two on the 1-point each: every play of 6-5 bears both off, a win for sure.
    start = position({1: 2}, {1: 2})
    ranked = hint(start, "65")
    assert [r.play for r in ranked] == start.legal_plays("65")


def test_batches_agree_with_single_positions() -> None:
    boards = np.stack([COVERED.board, RACE.board])
    for plies in (0, 1):
        batch = evaluate_boards(boards, plies=plies)
        assert batch.shape == (2, 5)
        assert np.array_equal(batch[1], evaluate(RACE, plies=plies).probabilities)


def test_policy_values() -> None:
    assert Policy("bearoff") == Policy("bearoff", plies=0, bearoff=True)
    assert Policy("bearoff") != Policy("bearoff", plies=1)
    assert hash(Policy("bearoff", plies=1)) == hash(Policy("bearoff", plies=1))
    assert repr(Policy("bearoff", plies=1)) == "Policy(bearoff, plies=1)"
    assert pickle.loads(pickle.dumps(Policy("bearoff", plies=1))) == Policy("bearoff", plies=1)


def test_a_bearoff_policy_rolls_out_to_the_exact_value() -> None:
    """A rollout of a covered position by the exact policy agrees with the database within 3
    standard errors; pubeval, playing the same dice, does no better."""
    start = position({6: 2, 5: 1, 3: 2, 2: 1}, {6: 2, 4: 2, 1: 1})
    exact = bearoff.probabilities(start)[0]
    result = tavla.rollout(start, "bearoff", 20_000, seed=3)
    assert abs(result.win - exact) < 3 * result.std_errors[0]
    assert 0.05 < exact < 0.95  # a real contest, so the check can fail


def test_the_bearoff_policy_plays_whole_games() -> None:
    """From the opening, "bearoff" plays pubeval until both sides are home, then the
    database: whole games, some of them ending otherwise than pubeval's on the same dice."""
    ours = tavla.selfplay(("bearoff", "pubeval"), 200, seed=5)
    theirs = tavla.selfplay("pubeval", 200, seed=5)
    assert len(ours.winner) == 200 and (ours.winner >= 0).all()
    assert (ours.plies != theirs.plies).any()


def test_truncated_rollout_with_the_database() -> None:
    """Stopped after one ply, with the first roll rotated over the 36, a rollout by the
    database's policy is the 1-ply value: each roll's best play, judged by the database."""
    result = tavla.rollout(RACE, "bearoff", 1296, truncate=1, evaluator="bearoff")
    assert result.probabilities == pytest.approx(evaluate(RACE, plies=1).probabilities, abs=1e-12)


def test_the_default_net_answers_when_none_is_given() -> None:
    start = Position.initial()
    default = tavla.eval.nets.load(tavla.eval.nets.DEFAULT)
    assert tavla.eval.nets.DEFAULT == "tavla229-256"
    assert evaluate(start).probabilities.tolist() == evaluate(start, default).probabilities.tolist()
    assert [r.play for r in hint(start, "31")] == [r.play for r in hint(start, "31", default)]
    assert (
        tavla.cube_decision(start).no_double == tavla.cube_decision(start, None, default).no_double
    )


def test_bad_arguments() -> None:
    with pytest.raises(EvaluatorError, match="answers only where both sides are home"):
        evaluate(Position.initial(), "bearoff")
    with pytest.raises(EvaluatorError, match="plies must be"):
        evaluate(COVERED, plies=4)
    with pytest.raises(EvaluatorError, match="keep must be"):
        evaluate(COVERED, keep=0)
    with pytest.raises(EvaluatorError, match="margin must be"):
        evaluate(COVERED, margin=float("nan"))
    with pytest.raises(EvaluatorError, match="unknown evaluator"):
        evaluate(COVERED, "gnubg")
    with pytest.raises(EvaluatorError, match="no net file"):
        evaluate(COVERED, "net:/nonexistent.npz")
    with pytest.raises(EvaluatorError, match="game is over"):
        evaluate(position({}, {1: 1}))
    with pytest.raises(EvaluatorError, match="an evaluator is needed"):
        evaluate(COVERED, "bearoff", bearoff=False)
    with pytest.raises(EvaluatorError, match="0-ply only"):
        Policy("pubeval", plies=1)
    with pytest.raises(EvaluatorError, match="fallback must be"):
        Policy("bearoff", fallback="bearoff")
    with pytest.raises(PlayoutError, match="unknown policy 'wildbg'"):
        tavla.selfplay("wildbg", 10)
    with pytest.raises(PlayoutError, match="no net file"):
        tavla.selfplay("net:/nonexistent.npz", 10)
    with pytest.raises(PlayoutError, match="evaluator must be"):
        tavla.rollout(COVERED, "bearoff", 10, truncate=1, evaluator=3)  # type: ignore[arg-type]
