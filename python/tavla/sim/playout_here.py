"""A run of the playout engine on this machine (:func:`play_here`): the policies opened and
checked, the core's run spec, cubeless or with the cube, its progress, and its arrays made
into results. A run on a Dask cluster is chunks of such runs
(:func:`~tavla.sim.playout.run_units`)."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._progress import progress_bar
from ..board.position import Position
from ..eval import bearoff
from ..eval.policies import PolicyLike, opened, validated_policy
from ..game.rules import Rules
from .cube_play import cube_argument, luck_cube_life, stop_valuation
from .records import UnitSteps
from .results import MatchResults, PlayoutResults
from .run_checks import GamePlan

CUBELESS_RULES = Rules(cube=False)
"""The rules of the core's cubeless games: no cube, single 1, gammon 2, backgammon 3."""


def play_here(
    a: PolicyLike,
    b: PolicyLike,
    games: int,
    first_game: int,
    *,
    plan: GamePlan,
    seed: int,
    threads: int,
    batch: int,
    progress: bool | Callable[[int], None] | None,
    check: Callable[[int], None] | None = None,
) -> PlayoutResults | MatchResults:
    """:func:`~tavla.sim.playout.run_units` on this machine, the ``plan`` checked
    (:func:`~tavla.sim.run_checks.check_run`). ``check``: instead of a progress bar, called
    with the units finished so far between chunks; it stops the run by raising
    KeyboardInterrupt."""
    if callable(progress):
        check, progress = check or progress, False
    start, cube = plan.start, plan.cube
    steps: list[tuple[npt.NDArray[np.int8], ...]] | None = [] if plan.keep_games else None
    with contextlib.ExitStack() as running:  # an engine not running runs for this run
        played_a = running.enter_context(opened(a))
        shared = b is a or (isinstance(a, str) and a == b)
        played_b = played_a if shared else running.enter_context(opened(b))
        policy_a = validated_policy(played_a)
        # A Python policy playing both sides scores both at once.
        policy_b = policy_a if played_b is played_a else validated_policy(played_b)
        spec = _core.PlayoutSpec(
            units=games,
            first_unit=first_game,
            start=(start or Position.initial()).key,
            opening=start is None,
            seed=seed,
            rotate=plan.rotate,
            duplicate=plan.duplicate,
            alternate=plan.alternate,
            truncate=plan.truncate or 0,
            exact_stop=bearoff.database().native if plan.stop_at_bearoff else None,
            stop_one_sided=plan.stop_at_bearoff == "one-sided",
            variance_reduction=plan.variance_reduction,
            luck_keep=plan.luck_keep,
        )
        core_run: Callable[..., dict[str, Any]]
        if cube is None:
            core_run = functools.partial(_core.play_games, policy_a, policy_b, spec)
            length, rules = 0, CUBELESS_RULES
        else:
            play = cube.native()
            cube_a = cube_argument(played_a, play)
            cube_b = cube_a if played_b is played_a else cube_argument(played_b, play)
            stop_search = stop_valuation(played_a, plan.evaluator) if plan.stops else None
            life = luck_cube_life(played_a)
            core_run = functools.partial(
                _core.play_cube, policy_a, policy_b, cube_a, cube_b, play, spec, stop_search, life
            )
            length, rules = cube.match_length, cube.context.game_rules
        with progress_bar(games, progress, "matches" if plan.matches else "games") as update:
            arrays = core_run(threads, batch, check or update, steps)
            if update is not None:
                update(arrays["finished"])
    kept_steps = _kept(steps, length, rules)
    if plan.matches:
        results = MatchResults.from_core(length, arrays, arrays["interrupted"])
        return dataclasses.replace(results, steps=kept_steps)
    return dataclasses.replace(
        PlayoutResults.from_core(arrays, arrays["interrupted"]), steps=kept_steps
    )


def _kept(
    steps: list[tuple[npt.NDArray[np.int8], ...]] | None, length: int, rules: Rules
) -> tuple[UnitSteps, ...] | None:
    """The kept steps the core appended, as :class:`~tavla.sim.records.UnitSteps`."""
    if steps is None:
        return None
    return tuple(UnitSteps.from_core(unit, length, rules) for unit in steps)
