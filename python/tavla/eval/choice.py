"""The play a policy makes in one position and roll, and the evaluator behind its cube
decisions: a policy answering one question at a time, as an engine does
(:mod:`tavla.engines.server`), rather than inside the playout engine's loop.

:func:`choose_play` chooses as the playout engine does (:mod:`tavla.sim.playout`): among
the legal plays in the move generator's order, the first with the highest score, each
policy scoring them its own way; so a deterministic policy makes the same plays here as in
self-play, duels and rollouts.  Only ``"random"`` differs: in a playout its choice comes
from the game's dice stream, here from the ``rng`` given.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import excerpt
from ..board.dice import Roll, parse_roll
from ..board.position import Play, Position
from ..errors import EvaluatorError, IllegalPlayError, PlayoutError
from . import bearoff
from .evaluators import cubeless_equity, make_search
from .net import Net
from .policies import Policy, PolicyLike, parse_policy, validated_policy


def choose_play(
    policy: PolicyLike,
    position: Position,
    roll: str | Roll,
    *,
    rng: np.random.Generator | None = None,
) -> Play:
    """The play ``policy`` makes with ``roll`` in ``position`` (the side on roll moves).

    ``policy`` is anything a playout takes (:data:`~tavla.eval.PolicyLike`): a built-in name,
    ``"net:PATH"`` with ``@N``, a :class:`~tavla.eval.Policy` or :class:`~tavla.eval.Net`, a
    Python callable or :class:`~tavla.eval.TurnScorer`.  ``rng`` draws the choice of
    ``"random"`` (None: a fresh unseeded generator).  A single legal play (a forced play or
    the pass) is returned without asking the policy.

    Raises :class:`~tavla.PlayoutError` for a policy that is none of these or returns bad
    scores, :class:`~tavla.IllegalPlayError` when the game is over,
    :class:`~tavla.NotationError` for a bad roll.
    """
    if not isinstance(position, Position):
        raise PlayoutError(f"position must be a Position, got {type(position).__name__}")
    dice = parse_roll(roll)
    if position.is_over:
        raise IllegalPlayError("the game is over: a side has borne off all 15 checkers")
    by_result = {play.position.key: play for play in position.legal_plays(dice)}
    if len(by_result) == 1:
        return next(iter(by_result.values()))
    candidates, _ = _core.legal_results(
        np.ascontiguousarray(position.board[None]), np.array([dice], dtype=np.int64)
    )
    index = _chosen_index(policy, position, dice, candidates, rng)
    return by_result[candidates[index].tobytes()]


def _chosen_index(
    policy: PolicyLike,
    position: Position,
    dice: Roll,
    candidates: npt.NDArray[np.int8],
    rng: np.random.Generator | None,
) -> int:
    """The index among ``candidates`` (the legal results in the generator's order, seen by
    the opponent) that ``policy`` plays."""
    if isinstance(policy, str):
        policy = parse_policy(policy)
    if isinstance(policy, Net):
        policy = Policy(policy)
    if isinstance(policy, str):
        return _builtin_index(policy, position, candidates, rng)
    if isinstance(policy, Policy):
        return _policy_index(policy, position, dice, candidates, rng)
    offsets = np.array([0, len(candidates)], dtype=np.int64)
    scores = validated_policy(policy)(candidates, position.board[None], offsets)
    return int(np.argmax(scores))  # the first of the highest, as the playout engine


def _builtin_index(
    name: str, position: Position, candidates: npt.NDArray[np.int8], rng: np.random.Generator | None
) -> int:
    if name == "random":
        return int((rng or np.random.default_rng()).integers(len(candidates)))
    if name == "pubeval":
        afters = np.ascontiguousarray(candidates[:, ::-1, :])
        return int(np.argmax(_core.pubeval_scores(afters, position.is_race)))
    raise PlayoutError(f"no built-in policy {excerpt(name)}")


def _policy_index(
    policy: Policy,
    position: Position,
    dice: Roll,
    candidates: npt.NDArray[np.int8],
    rng: np.random.Generator | None,
) -> int:
    """As the C++ search policy of :attr:`Policy.native`: the best of the plays searched to
    the full depth, or the fallback built-in where the search does not answer."""
    evaluator = policy.evaluator
    if isinstance(evaluator, str) and evaluator != "bearoff":  # a built-in by name
        if not policy.bearoff:
            return _builtin_index(evaluator, position, candidates, rng)
        search = make_search(None, True, policy.keep, policy.margin)
        plies, fallback = 0, evaluator
    else:
        net = evaluator if isinstance(evaluator, Net) else None
        search = make_search(net, policy.bearoff or net is None, policy.keep, policy.margin)
        plies, fallback = policy.plies, policy.fallback
    if not search.answers(position.key):
        return _builtin_index(fallback, position, candidates, rng)
    results, probabilities, searched = search.plays(position.key, dice[0], dice[1], plies)
    equities = np.where(searched == plies, np.atleast_1d(cubeless_equity(probabilities)), -np.inf)
    best = np.ascontiguousarray(results[int(np.argmax(equities))][::-1])
    return _index_of(best, candidates)


def _index_of(board: npt.NDArray[np.int8], candidates: npt.NDArray[np.int8]) -> int:
    matches = np.flatnonzero((candidates == board).all(axis=(1, 2)))
    return int(matches[0])


@dataclass(frozen=True)
class CubeEvaluator:
    """What a policy's cube decisions are evaluated with (:func:`cube_evaluator`): the
    arguments ``evaluator``, ``plies`` and ``bearoff`` of :func:`~tavla.cube_decision`."""

    evaluator: Net | None
    plies: int
    bearoff: bool

    def answers(self, position: Position) -> bool:
        """True when the evaluator gives probabilities for ``position``: always with a net,
        in the bear-off database's positions without one."""
        return self.evaluator is not None or bool(bearoff.applies(position))


def cube_evaluator(policy: PolicyLike) -> CubeEvaluator:
    """The evaluator of a policy's cube decisions: a net policy's net at its depth; the
    bear-off database for ``"bearoff"`` and the built-ins with the database (where it
    applies); raises :class:`~tavla.EvaluatorError` for a policy without probabilities
    (``"pubeval"``, ``"random"``, a Python policy: they only rank plays)."""
    if isinstance(policy, str):
        policy = parse_policy(policy)
    if isinstance(policy, Net):
        policy = Policy(policy)
    if isinstance(policy, Policy):
        if isinstance(policy.evaluator, Net):
            return CubeEvaluator(policy.evaluator, policy.plies, policy.bearoff)
        if policy.bearoff:
            return CubeEvaluator(None, 0, True)
    raise EvaluatorError(
        f"the policy {excerpt(policy)} gives no probabilities, so it makes no cube decisions:"
        " give a net policy (net:PATH) or bearoff"
    )
