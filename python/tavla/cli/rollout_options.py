"""The rollout settings of ``tavla rollout``, as GNU Backgammon offers them: variance reduction
(and its lookahead's filter), truncation (after N plies, at exact bear-offs, at the one-sided
database), the policy's cube depth and move filter, a target standard error and plays out of
contention."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import click

from ..errors import PlayoutError
from ..eval.evaluators import MAX_PLIES
from ..eval.net import Net
from ..eval.policies import Policy, PolicyLike
from ..sim.rollout_rounds import CHECK_EVERY
from ..sim.run_checks import LUCK_KEEP
from .errors import InputError
from .options import FloatRange, count_option, option_group, optional_option
from .policy_param import ParsedPolicy

POSITIVE = FloatRange(min=0, min_open=True)


def bearoff_stop_flags(truncate_bearoff: bool, truncate_one_sided: bool) -> str | None:
    """Where ``--truncate-bearoff`` and ``--truncate-one-sided`` stop games, as
    :func:`tavla.rollout`'s ``truncate_bearoff`` takes it: ``"exact"``, ``"one-sided"`` or
    None; :class:`~tavla.cli.errors.InputError` when both are given."""
    if truncate_bearoff and truncate_one_sided:
        raise InputError("give --truncate-bearoff or --truncate-one-sided, not both")
    if truncate_one_sided:
        return "one-sided"
    return "exact" if truncate_bearoff else None


@dataclass(frozen=True)
class RolloutSettings:
    """What the options below say; each None (False) when not given."""

    variance_reduction: bool | None
    truncate: int | None
    evaluator: str | None
    truncate_bearoff: bool
    truncate_one_sided: bool
    luck_keep: int | None
    se: float | None
    check_every: int | None
    out_of_contention: float | None
    cube_plies: int | None
    move_filter: tuple[int, float] | None

    def policy(self, given: ParsedPolicy, cube_life: float | None = None) -> PolicyLike:
        """The policy ``given``, with the options' cube depth, move filter and ``cube_life``
        (for its cube model); :class:`~tavla.PlayoutError` when they are given for a policy
        without an evaluator."""
        policy = given.value
        tuned = self.cube_plies is not None or self.move_filter is not None
        if not isinstance(policy, Policy) or not isinstance(policy.evaluator, Net):
            if tuned:
                raise PlayoutError(
                    "--cube-plies and --move-filter are for a policy that searches a net "
                    f"(net:PATH), not {given.text!r}"
                )
            return policy
        if self.move_filter is not None:
            keep, margin = self.move_filter
            policy = replace(policy, keep=keep, margin=margin)
        cube = policy.cube_policy
        if self.cube_plies is not None:
            cube = replace(cube, plies=self.cube_plies)
        if self.move_filter is not None:
            cube = replace(cube, keep=policy.keep, margin=policy.margin)
        if cube_life is not None:
            cube = replace(cube, cube_life=cube_life)
        return replace(policy, cube=cube) if cube != policy.cube_policy else policy

    def described(self, rotate: bool, reduced: bool) -> str:
        """The words of a rollout's heading for how its games were played: the rotation, the
        variance reduction and where games stopped."""
        words = [
            "rotated" if rotate else "not rotated",
            "variance reduced" if reduced else "no variance reduction",
        ]
        if self.truncate is not None:
            words.append(f"truncated after {self.truncate} plies")
        if self.truncate_one_sided:
            words.append("stopped once both sides are home")
        elif self.truncate_bearoff:
            words.append("stopped at exact bear-offs")
        return ", ".join(words)

    def arguments(self, policy: PolicyLike) -> dict[str, Any]:
        """The keyword arguments of :func:`tavla.rollout` these settings give."""
        evaluator: Net | str | None = self.evaluator
        if self.truncate is not None and evaluator is None:
            if not isinstance(policy, Policy) or not isinstance(policy.evaluator, Net):
                raise PlayoutError(
                    "--truncate stops games that an evaluator values: give --evaluator "
                    f"(net:PATH or bearoff), as the policy {policy!r} has none"
                )
            evaluator = policy.evaluator
        stop = bearoff_stop_flags(self.truncate_bearoff, self.truncate_one_sided)
        if self.luck_keep is not None and self.variance_reduction is False:
            raise PlayoutError(
                "--luck-keep sets how variance reduction values each roll: leave out"
                " --no-variance-reduction"
            )
        if self.check_every is not None and self.se is None and self.out_of_contention is None:
            raise PlayoutError(
                "--check-every spaces the checks of --se and --out-of-contention: give one"
            )
        return {
            "variance_reduction": self.variance_reduction,
            "luck_keep": LUCK_KEEP if self.luck_keep is None else self.luck_keep,
            "truncate": self.truncate,
            "evaluator": evaluator,
            "truncate_bearoff": stop,
            "se": self.se,
            "check_every": CHECK_EVERY if self.check_every is None else self.check_every,
            "out_of_contention": self.out_of_contention,
        }


def _move_filter(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    if value is None:
        return None
    keep, colon, margin = value.partition(":")
    try:
        if not colon:
            raise ValueError
        parsed = int(keep), float(margin)
    except ValueError:
        raise click.BadParameter(f"{value!r} is not KEEP:MARGIN (8:0.16)") from None
    if parsed[0] < 1 or not parsed[1] >= 0:
        raise click.BadParameter("KEEP is at least 1 and MARGIN at least 0")
    return parsed


rollout_settings = option_group(
    "settings",
    RolloutSettings,
    [
        click.option(
            "--variance-reduction/--no-variance-reduction",
            default=None,
            help="Subtract the luck of every roll [default: when the policy has "
            "an evaluator, a net].",
        ),
        count_option(
            "luck-keep",
            None,
            "Variance reduction at 0-ply values each roll by the best of the N plays "
            f"pubeval ranks highest (0: every play) [default: {LUCK_KEEP}].",
            low=0,
        ),
        optional_option(
            "truncate",
            click.IntRange(min=1),
            "N",
            "Stop each game after N plies and count --evaluator's estimate.",
        ),
        click.option(
            "--evaluator",
            "-e",
            default=None,
            metavar="EVALUATOR",
            help="What values the games --truncate stops: net:NAME (a shipped net), net:PATH "
            "or bearoff [default: the policy's net].",
        ),
        click.option(
            "--truncate-bearoff",
            is_flag=True,
            help="Stop each game where the bear-off database is exact and count its exact value.",
        ),
        click.option(
            "--truncate-one-sided",
            is_flag=True,
            help="Stop each game once both sides are home and count the bear-off database's "
            "value (its one-sided race approximation where not exact), as GNU Backgammon "
            "does; cubeless only.",
        ),
        optional_option(
            "se",
            POSITIVE,
            "ERROR",
            "Stop once the equity's standard error is below ERROR (every "
            "play's, with --roll); --games is then the most played.",
        ),
        count_option(
            "check-every",
            None,
            f"Games between the checks of --se and --out-of-contention [default: {CHECK_EVERY}].",
        ),
        optional_option(
            "out-of-contention",
            POSITIVE,
            "K",
            "With --roll: stop a play that trails the best by more than K "
            "standard errors of their difference.",
        ),
        optional_option(
            "cube-plies",
            click.IntRange(0, MAX_PLIES),
            "N",
            "With --cubeful, the depth of the policy's cube decisions [default: "
            "its checker play's, the @N of net:PATH@N].",
        ),
        click.option(
            "--move-filter",
            callback=_move_filter,
            default=None,
            metavar="KEEP:MARGIN",
            help="The move filter of searches deeper than 0-ply: the best KEEP "
            "plays within MARGIN of the best [default: 8:0.16].",
        ),
    ],
)
"""The options above, passed to a command as one ``settings`` argument
(:class:`RolloutSettings`)."""
