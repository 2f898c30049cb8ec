"""How a run of the playout engine plays the cube: :class:`CubeRun` (the rules, the match and
where the first game starts) and the cube policy each side plays.

A side's cube policy is its :class:`~tavla.eval.Policy`'s ``cube_policy`` (a net's own
evaluator by default; "never double, always take" for pubeval and random), a
:class:`~tavla.eval.Net`'s model on that net, and for a Python policy its method:

- ``cube_actions(positions, questions) -> choices``: ``positions`` ``(N, 2, 26)`` int8,
  each the position before the doubler's roll, the doubler on roll (row 0); ``questions``
  ``(N, 6)`` int32, the columns of :data:`QUESTION_COLUMNS`: ``kind`` (0: does the side on
  roll double? 1: its opponent's answer to the double; 2: the doubler's answer to a beaver;
  3: the beaverer's answer to a raccoon, R20), ``cube`` (its value before the double),
  ``owner`` (0 centred, 1 the doubler, 2 its opponent), ``away`` and ``opponent_away`` (the
  doubler's and its opponent's away scores; 0 in money play) and ``beaver`` (1 when the
  redouble is an allowed answer: a beaver to kind 1, a raccoon to kind 2). It returns ``N``
  integers: for kind 0, 1 doubles and 0 not; kind 1, 0 takes, 1 drops, 2 beavers; kind 2,
  1 takes, 0 drops, 2 raccoons; kind 3, 1 takes and 0 drops.
- or ``cube_probabilities(positions) -> probabilities``: ``(N, 5)`` cubeless probabilities
  of the side on roll of each position (:data:`~tavla.eval.OUTPUTS`), from which the cube
  model (:func:`~tavla.game.cubeful.decide`, the core's implementation, with
  :data:`~tavla.game.cube_model.DEFAULT_CUBE_LIFE`) chooses as a :class:`~tavla.eval.CubePolicy`
  does.

A Python policy with neither method never doubles and always takes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_bool
from ..errors import EvaluatorError, PlayoutError
from ..eval.cube_policy import NEVER_DOUBLE, CubePolicy
from ..eval.evaluators import DEFAULT_KEEP, DEFAULT_MARGIN, make_search, resolve_net
from ..eval.net import Net
from ..eval.policies import Policy, PolicyLike, parsed_policy, probability_rows, real_numbers
from ..game.cube_context import CubeContext
from ..game.cube_model import DEFAULT_CUBE_LIFE
from ..game.equity import MatchEquityTable

QUESTION_COLUMNS = ("kind", "cube", "owner", "away", "opponent_away", "beaver")
"""The columns of the cube questions a Python cube policy answers (see the module)."""


@dataclass(frozen=True)
class CubeRun:
    """How a run plays the cube.

    ``context``: the rules and where each unit's first game starts: money play or a match
    at a score (its Crawford flag), and the cube's value and owner (a rollout's), policy
    ``a`` being the context's ``on_roll`` player and ``b`` the other.  ``whole_matches``:
    a unit is a whole match played to its end from that score (game after game, each
    later game from the opening roll with the cube centred at 1 and the Crawford rule,
    R24), not one game.  ``first_offer``: the side on roll at the start may double before
    its first roll (False: a cube rollout's no-double line).  ``met``: the match equity
    table the cube policies read in a match (None: Kazaross-XG2).

    The engine plays the rules' ``jacoby``, ``beavers``, ``raccoons`` (a taken raccoon
    leaves the cube at eight times its value, the raccooner's), ``backgammons``,
    ``max_cube``, ``crawford`` and, in whole matches,
    ``holland``.  Raises :class:`~tavla.PlayoutError` for rules without the cube (R18), with
    automatic doubles (R21), which the engine does not play, the Holland rule (R25) outside
    whole matches, whole matches in money play, or a table shorter than the match.
    """

    context: CubeContext = field(default_factory=CubeContext)
    whole_matches: bool = False
    first_offer: bool = True
    met: MatchEquityTable | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.context, CubeContext):
            raise PlayoutError(f"context is a CubeContext, got {type(self.context).__name__}")
        check_bool(self.whole_matches, "whole_matches", PlayoutError)
        check_bool(self.first_offer, "first_offer", PlayoutError)
        rules = self.context.game_rules
        if not rules.cube:
            raise PlayoutError("these rules play without the cube (R18): play cubeless")
        if rules.auto_doubles:
            raise PlayoutError("the playout engine does not play automatic doubles (R21)")
        if rules.holland and not self.whole_matches:
            raise PlayoutError(
                "the playout engine plays the Holland rule (R25) in whole matches only: its"
                " wait counts the turns of a game from its start"
            )
        if self.context.is_money:
            if self.whole_matches:
                raise PlayoutError("whole matches need a match: give a match context")
            object.__setattr__(self, "met", None)
            return
        met = MatchEquityTable.default() if self.met is None else self.met
        if not isinstance(met, MatchEquityTable):
            raise PlayoutError(f"met is a MatchEquityTable or None, got {type(met).__name__}")
        if met.length < self.context.match.length:
            raise PlayoutError(
                f"the match equity table {met.name!r} holds {met.length} points, less than "
                f"the {self.context.match.length}-point match"
            )
        object.__setattr__(self, "met", met)

    @property
    def match_length(self) -> int:
        """The match's length; 0 in money play."""
        return self.context.match.length

    def native(self) -> Any:
        """The ``_core.CubePlay`` of this run."""
        met = None if self.met is None else self.met.native(self.context.match.crawford_rule)
        return self.context.native_play(
            whole_matches=self.whole_matches, first_offer=self.first_offer, met=met
        )


def cube_argument(policy: PolicyLike, play: Any) -> Any:
    """What the core plays as the cube policy of ``policy`` in the run ``play`` (a
    ``_core.CubePlay``): a ``NativeCubePolicy``, or a checked callable ``(positions,
    questions) -> choices`` for a Python policy's method (see the module)."""
    policy = parsed_policy(policy)
    if isinstance(policy, Net):
        return CubePolicy(policy).native
    if isinstance(policy, Policy):
        return policy.cube_policy.native
    if isinstance(policy, str):  # a built-in without probabilities
        return NEVER_DOUBLE.native
    actions = getattr(policy, "cube_actions", None)
    if actions is not None:
        return _checked_actions(actions)
    probabilities = getattr(policy, "cube_probabilities", None)
    if probabilities is not None:
        return _model_actions(probabilities, play)
    return NEVER_DOUBLE.native


def doubles(policy: PolicyLike) -> bool:
    """Whether ``policy`` may ever double: a net's or a :class:`~tavla.eval.Policy`'s cube
    policy that doubles, a Python policy with a cube method; not pubeval, random or a
    Python policy without one (see the module)."""
    policy = parsed_policy(policy)
    if isinstance(policy, Net):
        return True
    if isinstance(policy, Policy):
        return bool(policy.cube_policy.doubles)
    if isinstance(policy, str):
        return False
    return hasattr(policy, "cube_actions") or hasattr(policy, "cube_probabilities")


def luck_cube_life(policy: PolicyLike) -> float:
    """The cube life at which variance reduction values the positions of a cubeful rollout
    played by ``policy``: its cube policy's, or :data:`~tavla.game.cube_model.DEFAULT_CUBE_LIFE`."""
    policy = parsed_policy(policy)
    if isinstance(policy, Net):
        policy = Policy(policy)
    if isinstance(policy, Policy):
        return float(policy.cube_policy.cube_life)
    return DEFAULT_CUBE_LIFE


def stop_valuation(policy: PolicyLike, evaluator: Net | str | None) -> Any:
    """The ``_core.Search`` whose 0-ply probabilities value a game with the cube where it
    stopped unfinished: ``evaluator``'s (a :class:`~tavla.eval.Net`, ``"net:PATH"`` or
    ``"bearoff"``, the bear-off database taking over where it applies), or None for
    ``policy``'s own evaluator. Raises :class:`~tavla.PlayoutError` when there is none."""
    if evaluator is None:
        policy = parsed_policy(policy)
        if isinstance(policy, Net):
            evaluator = policy
        elif isinstance(policy, Policy) and not (
            isinstance(policy.evaluator, str) and policy.evaluator != "bearoff"
        ):
            evaluator = policy.evaluator
        else:
            raise PlayoutError(
                "games stopped with the cube are valued by an evaluator: give evaluator= "
                "(a Net, 'net:PATH' or 'bearoff'), as the policy has none"
            )
    try:
        net = resolve_net(evaluator)
        return make_search(net, True, DEFAULT_KEEP, DEFAULT_MARGIN)
    except EvaluatorError as error:
        raise PlayoutError(str(error)) from None


def _checked_actions(actions: Any) -> Any:
    def checked(
        positions: npt.NDArray[np.int8], questions: npt.NDArray[np.int32]
    ) -> npt.NDArray[np.int64]:
        choices = real_numbers(actions(positions, questions), "a cube policy")
        if choices.shape != (len(questions),):
            raise PlayoutError(
                f"a cube policy must return {len(questions)} choices for questions of shape "
                f"{questions.shape}, got shape {choices.shape}"
            )
        highest = np.where(np.isin(questions[:, 0], (1, 2)), 1 + questions[:, 5], 1)
        if not (
            np.all(choices == np.round(choices)) and np.all((choices >= 0) & (choices <= highest))
        ):
            row = int(
                np.argmax((choices != np.round(choices)) | (choices < 0) | (choices > highest))
            )
            raise PlayoutError(
                f"a cube policy answered {choices[row]} to question {questions[row].tolist()}: "
                "kind 0 takes 1 (double) or 0, kind 1 takes 0 (take), 1 (drop) or 2 (beaver, "
                "where allowed), kind 2 takes 1 (take), 0 (drop) or 2 (raccoon, where "
                "allowed), kind 3 takes 1 (take) or 0 (drop)"
            )
        return choices.astype(np.int64)

    return checked


def _model_actions(probabilities: Any, play: Any) -> Any:
    def chosen(
        positions: npt.NDArray[np.int8], questions: npt.NDArray[np.int32]
    ) -> npt.NDArray[np.int64]:
        values = probability_rows(probabilities(positions), positions, "cube_probabilities")
        choices: npt.NDArray[np.int64] = _core.cube_choices(
            values, questions, play, DEFAULT_CUBE_LIFE
        )
        return choices

    return chosen
