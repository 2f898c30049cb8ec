"""A policy as one player of a :class:`~tavla.Game`: its plays and its cube actions, one
decision at a time (``tavla play`` uses one as the person's opponent).

The plays are the policy's own (:func:`tavla.eval.choice.choose_play`, as in self-play); the
cube actions are its cube policy's (:mod:`tavla.sim.cube_play`: a net policy's cube model on
its own evaluator at its depth, "never double, always take" for pubeval, random, external
engines and Python policies), decided by :func:`tavla.cube_decision` in the game's context
(the match score with the MET, or money play with the game's rules).  A resignation is
accepted when the points it gives are at least what the cube policy's evaluator expects to
win cubeless (always, for a policy without probabilities).
"""

from __future__ import annotations

import numpy as np

from ..board.position import Play, Position, ResultKind
from ..errors import TurnError
from ..eval import bearoff
from ..eval.choice import choose_play
from ..eval.cube_analysis import cube_decision
from ..eval.cube_policy import NEVER_DOUBLE, CubePolicy
from ..eval.evaluators import cubeless_equity
from ..eval.net import Net
from ..eval.policies import Policy, PolicyLike, parsed_policy
from ..eval.search import evaluate
from ..game.cube_context import CubeContext
from ..game.cubeful import CubeDecision
from ..game.game import Game, Phase


def cube_policy_of(policy: PolicyLike) -> CubePolicy:
    """The cube policy a policy plays with the cube (see the module)."""
    policy = parsed_policy(policy)
    if isinstance(policy, Net):
        return CubePolicy(policy)
    if isinstance(policy, Policy):
        return policy.cube_policy
    return NEVER_DOUBLE


class Opponent:
    """``policy`` playing one side of games (anything a playout takes, an engine started
    already; see the module).  ``seed`` seeds the choices of ``"random"``."""

    def __init__(self, policy: PolicyLike, *, seed: int | None = None) -> None:
        self.policy = policy
        self.cube = cube_policy_of(policy)
        self._rng = np.random.default_rng(seed)

    def play(self, game: Game) -> Play:
        """The play of the roll ``game`` waits to have played (TurnError in another phase)."""
        dice = game.dice
        if game.phase is not Phase.PLAY or dice is None:
            raise TurnError("the opponent plays a roll: the game waits for something else")
        return choose_play(self.policy, game.position, dice, rng=self._rng)

    def _decision(self, position: Position, context: CubeContext) -> CubeDecision | None:
        """The cube policy's decision for the side on roll, None where it has none."""
        cube = self.cube
        if cube.evaluator is None:
            return None
        if not isinstance(cube.evaluator, Net) and not bearoff.applies(position):
            return None  # the bear-off database alone decides only in bear-offs
        return cube_decision(
            position,
            context,
            cube.evaluator if isinstance(cube.evaluator, Net) else None,
            plies=cube.plies,
            bearoff=cube.bearoff,
            keep=cube.keep,
            margin=cube.margin,
            cube_life=cube.cube_life,
        )

    def doubles(self, game: Game) -> bool:
        """Whether it doubles now, before its roll: when doubling is allowed and its cube
        policy's proper action is double/take or double/pass (not "too good")."""
        if not game.may_double:
            return False
        decision = self._decision(game.position, CubeContext.from_game(game))
        return decision is not None and decision.action.startswith("double/")

    def takes(self, game: Game) -> bool:
        """Whether it takes the double ``game`` waits for it to answer (it drops only when
        its cube policy says the double is a pass)."""
        if game.phase is not Phase.CUBE:
            raise TurnError("no double awaits an answer")
        decision = self._decision(game.position, CubeContext.from_game(game))
        return decision is None or decision.take

    def accepts(self, game: Game, kind: ResultKind) -> bool:
        """Whether it accepts a resignation of ``kind``: its points (1, 2, 3 a cube) at
        least its cubeless equity by the cube policy's evaluator."""
        cube = self.cube
        position = game.position
        if cube.evaluator is None or not (
            isinstance(cube.evaluator, Net) or bearoff.applies(position)
        ):
            return True
        evaluator = cube.evaluator if isinstance(cube.evaluator, Net) else None
        evaluation = evaluate(position, evaluator, cube.plies, bearoff=cube.bearoff)
        equity = float(cubeless_equity(evaluation.probabilities))
        # the position is seen from the side on roll; the resigner is the other side
        mine = equity if game.turn == game.on_roll else -equity
        return int(kind) >= mine
