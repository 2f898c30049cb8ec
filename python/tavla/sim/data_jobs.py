"""What one rollout of a data run needs (:mod:`tavla.sim.data_rollouts`,
:mod:`tavla.sim.data_benchmark`): its settings, kept in the run's manifest and shards, the
policy and evaluator that play them, and the seed of each position."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .._run_options import RunOptions
from .._validate import check_int, check_seed
from ..board.position import Position
from ..errors import DataError, EvaluatorError, PlayoutError
from ..eval import nets
from ..eval.evaluators import resolve_net
from ..eval.net import Net
from ..eval.policies import Policy, PolicyLike, parsed_policy
from . import rollout_outcomes
from .rollout import rollout
from .run_checks import BearoffStop, bearoff_stop, thread_count


@dataclass(frozen=True)
class RolloutSettings:
    """What decides a run's targets (kept in its manifest and every shard): the policy (its
    description and, for a net, the SHA-256 of its weights), ``games`` per position,
    ``truncate`` (plies, None: whole games), the truncation's evaluator (likewise),
    ``variance_reduction``, ``seed``, ``shard_size`` and ``truncate_bearoff``, where the
    bear-off database stops games (``"exact"``, ``"one-sided"``, None: nowhere; a run's
    manifest made before this setting existed has none, which reads as None)."""

    policy: str
    policy_net: str | None
    games: int
    truncate: int | None
    evaluator: str | None
    variance_reduction: bool
    seed: int
    shard_size: int
    truncate_bearoff: BearoffStop | None = None


@dataclass(frozen=True)
class RolloutJob:
    """What one shard's rollouts need, pickled as it is for a Dask worker."""

    policy: PolicyLike
    evaluator: Net | None
    settings: RolloutSettings
    threads: int

    def roll_out(self, board: npt.NDArray[np.int8], seed: int) -> rollout_outcomes.RolloutResult:
        """The rollout of ``board`` (the side on roll to roll) with ``seed``, as the settings
        say, on this job's threads, with no bar."""
        return rollout(
            Position(board),
            self.policy,
            self.settings.games,
            seed=seed,
            truncate=self.settings.truncate,
            evaluator=self.evaluator,
            variance_reduction=self.settings.variance_reduction,
            truncate_bearoff=self.settings.truncate_bearoff or False,
            threads=self.threads,
            progress=False,
        )


def fingerprint(net: Net) -> str:
    """The SHA-256 of a net's (or net set's) arrays: what identifies its weights."""
    digest = hashlib.sha256()
    for key, value in sorted(net.to_arrays().items()):
        if key != "metadata" and not key.endswith(".metadata"):
            digest.update(key.encode())
            digest.update(np.ascontiguousarray(value).tobytes())
    return digest.hexdigest()


def policy_net(policy: PolicyLike) -> Net | None:
    """The net a policy plays with (a net, or a Policy of one), or None."""
    if isinstance(policy, Net):
        return policy
    if isinstance(policy, Policy) and isinstance(policy.evaluator, Net):
        return policy.evaluator
    return None


def rollout_job(
    policy: PolicyLike | None,
    games: int,
    truncate: int | None,
    evaluator: Net | str | None,
    variance_reduction: bool | None,
    shard_size: int,
    options: RunOptions,
    truncate_bearoff: bool | str | None = None,
) -> RolloutJob:
    """The checked settings of a run (a ValueError subclass, DataError, for bad ones), with
    the seed of its ``options`` (None: 0), each rollout on their threads (None: every core),
    or on one with their Dask client (a task per worker thread); ``truncate_bearoff`` as
    :func:`tavla.rollout` takes it (True: ``"exact"``)."""
    if policy is None:
        policy = Policy(nets.default())
    else:
        try:
            policy = parsed_policy(policy)
        except PlayoutError as exc:
            raise DataError(str(exc)) from None
    net = policy_net(policy)
    games = check_int(games, "games", DataError, low=1)
    if truncate is not None:
        truncate = check_int(truncate, "truncate", DataError, low=1)
    try:
        judge = resolve_net(evaluator) if evaluator is not None else net
    except EvaluatorError as exc:
        raise DataError(str(exc)) from None
    if truncate is not None and judge is None:
        raise DataError("a truncated rollout needs an evaluator: give a policy with a net, or one")
    try:
        stop = bearoff_stop(truncate_bearoff, "truncate_bearoff")
    except PlayoutError as exc:
        raise DataError(str(exc)) from None
    reduce = net is not None if variance_reduction is None else bool(variance_reduction)
    if reduce and net is None:
        raise DataError("variance reduction needs a policy with a net")
    settings = RolloutSettings(
        policy=repr(policy),
        policy_net=None if net is None else fingerprint(net),
        games=games,
        truncate=truncate,
        evaluator=None if truncate is None or judge is None else fingerprint(judge),
        variance_reduction=reduce,
        seed=check_seed(options.seed or 0, "seed", DataError),
        shard_size=check_int(shard_size, "shard_size", DataError, low=1),
        truncate_bearoff=stop,
    )
    threads = 1 if options.client is not None else thread_count(options.threads)
    return RolloutJob(policy, judge if truncate is not None else None, settings, threads)


def position_seed(seed: int, index: int) -> int:
    """The rollout seed of position ``index`` of a run with ``seed``."""
    state = np.random.SeedSequence([seed, index]).generate_state(2, np.uint32)
    return int(state[0]) << 32 | int(state[1])
