"""The keyword arguments every rollout takes (:class:`RolloutKeywords`), checked in one place,
and the games a line of a rollout plays with them (:class:`LineGames`): shared by
:func:`~tavla.rollout`, :func:`~tavla.rollout_plays`, :func:`~tavla.cube_rollout` and
:func:`~tavla.sim.cube_rollout_plays`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .._run_options import RunOptions, RunShorthands, run_options
from .._validate import excerpt
from ..board.position import Position
from ..errors import PlayoutError
from ..eval.net import Net
from ..eval.policies import PolicyLike
from .luck import variance_reduction_for
from .playout import play_games
from .results import PlayoutResults
from .rollout_outcomes import Evaluator
from .rollout_rounds import CHECK_EVERY, Reporter, RolloutRun
from .run_checks import LUCK_KEEP, BearoffStop, bearoff_stop, count_argument, luck_keep_argument

if TYPE_CHECKING:
    from .cube_play import CubeRun


class RolloutKeywords(RunShorthands, total=False):
    """The keyword arguments of every rollout, beside the run's shorthands (``seed``,
    ``threads``, ``batch``, ``progress``, ``client``, ``chunk``: :ref:`run-options`):
    ``rotate`` (True), ``truncate`` (None), ``evaluator`` (None), ``variance_reduction``
    (None: when the policy has an evaluator), ``luck_keep``
    (:data:`~tavla.sim.run_checks.LUCK_KEEP`), ``truncate_bearoff`` (False), ``se`` (None),
    ``check_every`` (:data:`~tavla.sim.rollout_rounds.CHECK_EVERY`) and ``options`` (None),
    as :func:`~tavla.rollout` explains them."""

    rotate: bool
    truncate: int | None
    evaluator: Evaluator | None
    variance_reduction: bool | None
    luck_keep: int
    truncate_bearoff: bool | BearoffStop
    se: float | None
    check_every: int
    options: RunOptions | None


NAMES = RolloutKeywords.__optional_keys__
"""The names of the settings, the run's shorthands among them."""

_SHORTHANDS = RunShorthands.__optional_keys__


@dataclass(frozen=True)
class LineGames:
    """How each game of a rollout's lines is played and stopped: the plies it may last
    (``truncate``), where the bear-off database stops it (:data:`BearoffStop`, None: not),
    the evaluator of the positions where it stops (as given: each rollout reads it its own
    way), and whether the luck of its rolls is measured (``reduced``), with the plays of
    each roll its lookahead keeps (``luck_keep``)."""

    truncate: int | None
    truncate_bearoff: BearoffStop | None
    evaluator: Evaluator | None
    reduced: bool
    luck_keep: int = LUCK_KEEP

    def play(
        self,
        policy: PolicyLike,
        start: Position,
        run: RolloutRun,
        first: int,
        count: int,
        report: Reporter,
        cube: CubeRun | None = None,
    ) -> PlayoutResults:
        """Games ``first .. first + count - 1`` of ``run`` from ``start``, ``policy`` on both
        sides, reporting to ``report``; with ``cube`` played with the cube, whose stopped
        games ``evaluator`` values in C++ (a cubeless rollout values them itself)."""
        return play_games(
            policy,
            policy,
            count,
            start=start,
            rotate=run.level,
            first_game=first,
            truncate=self.truncate,
            stop_at_bearoff=self.truncate_bearoff,
            evaluator=self.evaluator if isinstance(self.evaluator, (Net, str)) and cube else None,
            cube=cube,
            options=run.options.replace(progress=report or False),
            variance_reduction=self.reduced,
            luck_keep=self.luck_keep,
        )


def checked_settings(
    position: object,
    policy: PolicyLike,
    games: int,
    out_of_contention: float | None,
    settings: RolloutKeywords,
) -> tuple[RolloutRun, LineGames]:
    """The run and the games of a rollout of ``games`` games of ``position`` with
    ``settings``, checked: :class:`~tavla.PlayoutError` for a position that is not a
    Position or is finished, an unknown setting or a bad value (a
    :class:`~tavla.RunOptionsError` for the run's options)."""
    unknown = sorted(set(settings) - NAMES)
    if unknown:
        raise PlayoutError(
            f"a rollout takes no argument {excerpt(unknown[0])}: its settings are "
            f"{', '.join(sorted(NAMES))}"
        )
    given: dict[str, Any] = dict(settings)
    shorthands = {name: value for name, value in given.items() if name in _SHORTHANDS}
    options = run_options(given.get("options"), **shorthands)
    rotate = given.get("rotate", True)
    games = check_rollout(position, rotate, games)
    truncate_bearoff = bearoff_stop(given.get("truncate_bearoff", False), "truncate_bearoff")
    luck_keep = luck_keep_argument(given.get("luck_keep", LUCK_KEEP))
    se, check_every = given.get("se"), given.get("check_every", CHECK_EVERY)
    run = RolloutRun(games, rotate, options, se, check_every, out_of_contention)
    reduced = variance_reduction_for(policy, given.get("variance_reduction"))
    line_games = LineGames(
        given.get("truncate"), truncate_bearoff, given.get("evaluator"), reduced, luck_keep
    )
    return run, line_games


def check_rollout(position: object, rotate: object, games: int) -> int:
    """The games of a rollout of ``position`` (a Position not finished) with ``rotate`` (a
    bool), checked: :class:`~tavla.PlayoutError` otherwise."""
    if not isinstance(position, Position):
        raise PlayoutError(f"position must be a Position, got {type(position).__name__}")
    if position.is_over:
        raise PlayoutError("the position is a finished game: there is nothing to roll out")
    if not isinstance(rotate, (bool, np.bool_)):
        raise PlayoutError(f"rotate must be True or False, got {excerpt(rotate)}")
    return count_argument("games", games, low=1)
