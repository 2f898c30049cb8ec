"""A run of the playout engine on a Dask cluster (:func:`play_on_cluster`): the policies
checked and pickled before anything is sent, the run split into chunks that the workers
play as runs of their own (:func:`~tavla.sim.playout_here.play_here`), and the chunks'
results joined into those of a run on one machine (:mod:`tavla.sim.cluster`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from .._validate import excerpt
from ..errors import PlayoutError
from ..eval.policies import PolicyLike, validated_policy
from . import cluster
from .results import MatchResults, PlayoutResults

if TYPE_CHECKING:
    from distributed import Client


def play_on_cluster(
    client: Client,
    run: Callable[..., PlayoutResults | MatchResults],
    policies: tuple[PolicyLike, PolicyLike],
    units: int,
    first_unit: int,
    *,
    threads: int | None,
    chunk: int | None,
    progress: bool | None,
    matches: bool,
    truncated: bool,
) -> PlayoutResults | MatchResults:
    """Units ``first_unit .. first_unit + units - 1`` of the seed's sequence (whole matches
    when ``matches``, else games, ``truncated`` when they may stop early) played by ``run``
    (:func:`~tavla.sim.playout_here.play_here` with the run's settings but the units) in
    chunks of ``chunk`` units (None: a few per worker thread) on ``client``'s workers, each
    chunk on ``threads`` threads (None: 1); ``progress``: a bar of the chunks done. Raises
    :class:`~tavla.PlayoutError` for a policy that does not pickle, and as
    :func:`~tavla.sim.cluster.play_chunks` does; Dask's errors pass through."""
    for policy in policies:  # checked here, before anything is sent
        validated_policy(policy)
        _check_pickles(policy)
    chunk_run = functools.partial(run, threads=threads or 1, progress=False)
    chunks = functools.partial(_play_chunk, chunk_run, first_unit)
    what = "matches" if matches else "games"
    parts, interrupted = cluster.play_chunks(client, chunks, units, chunk, progress, what)
    if matches:
        match_parts = [part for part in parts if isinstance(part, MatchResults)]
        return MatchResults.joined(match_parts, interrupted)
    game_parts = [part for part in parts if isinstance(part, PlayoutResults)]
    return PlayoutResults.joined(game_parts, interrupted, truncated=truncated)


def _play_chunk(
    run: Callable[..., PlayoutResults | MatchResults],
    first_game: int,
    first: int,
    count: int,
    stop: str,
) -> PlayoutResults | MatchResults:
    """What a Dask worker plays: games ``first .. first + count - 1`` of a run whose own
    games start at ``first_game`` of the seed's sequence, until the Dask event ``stop`` is
    set."""
    return run(count, first_game + first, check=cluster.stop_check(stop))


def _check_pickles(policy: PolicyLike) -> None:
    import cloudpickle

    try:
        cloudpickle.dumps(policy)
    except Exception as error:
        raise PlayoutError(
            f"a policy played on a Dask cluster must pickle, and {excerpt(policy)} does not: "
            f"{type(error).__name__}: {error}"
        ) from None
