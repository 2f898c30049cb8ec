"""Checking a net while it trains (:func:`tavla.eval.train_td`'s ``monitor``): a short
duplicate duel against a fixed opponent, reported as points per game with its interval."""

from __future__ import annotations

from .._validate import check_seed
from ..errors import PlayoutError
from ..eval.net import Net
from ..eval.policies import Policy, PolicyLike
from ..eval.train import Monitor
from .duel import duel


def duel_monitor(
    opponent: PolicyLike = "pubeval",
    games: int = 2_000,
    *,
    seed: int = 2**32 + 1,
    threads: int | None = None,
) -> Monitor:
    """A monitor for :func:`~tavla.eval.train_td` that duels the net (at 0-ply, the exact
    bear-off database playing its bear-offs) against ``opponent`` over ``games`` duplicate
    games (even) with the dice of ``seed`` (not a training seed, so the duel's dice are
    held out), and returns a line such as ``"games 50,000: +0.183 ppg against pubeval (95%
    CI +0.139 to +0.227, 2,000 games)"``. Raises :class:`~tavla.PlayoutError` for bad
    arguments (checked now, by a duel of two games)."""
    seed = check_seed(seed, "seed", PlayoutError)
    duel("random", opponent, 2, seed=seed, threads=1, progress=False)  # checks the opponent
    if not isinstance(games, int) or isinstance(games, bool) or games < 2 or games % 2:
        raise PlayoutError(f"a monitor duel plays an even number of games >= 2, got {games!r}")
    name = opponent if isinstance(opponent, str) else type(opponent).__name__

    def check(net: Net, trained: int) -> str:
        result = duel(Policy(net), opponent, games, seed=seed, threads=threads, progress=False)
        low, high = result.ci
        return (
            f"games {trained:,}: {result.ppg:+.3f} ppg against {name} "
            f"(95% CI {low:+.3f} to {high:+.3f}, {result.games:,} games)"
        )

    return check
