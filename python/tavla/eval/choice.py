"""The play a policy makes in one position and roll, and the evaluator behind its cube
decisions: a policy answering one question at a time, as an engine does
(:mod:`tavla.engines.server`), rather than inside the playout engine's loop.

:func:`choose_play` asks the playout engine's own choice (:mod:`tavla.sim.playout`): among
the legal plays in the move generator's order, the first with the highest score, each
policy scoring them its own way; so a policy makes the same plays here as in self-play,
duels and rollouts.  Only ``"random"`` differs: in a playout its choice comes from the
game's policy stream (:ref:`seeds`), here from the ``rng`` given.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

import numpy as np

from .. import _core
from .._validate import excerpt
from ..board.dice import Roll, parse_roll
from ..board.position import Play, Position
from ..errors import EvaluatorError, IllegalPlayError, PlayoutError
from . import bearoff
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
    Python callable or :class:`~tavla.eval.TurnScorer`.  ``rng`` draws the 64 random bits
    that ``"random"`` chooses with (None: unseeded bits).  A single legal play (a forced
    play or the pass) is returned without asking the policy.

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
    entropy = secrets.randbits(64) if rng is None else int(rng.integers(2**64, dtype=np.uint64))
    chosen = _core.choose_play(validated_policy(policy), position.key, *dice, entropy)
    return by_result[chosen]


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
