"""A strength ladder (:doc:`/training`): duplicate duels between rungs of policies, each
played until its 95% interval is as narrow as asked."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .._run_options import RunOptions, run_options
from .._validate import check_int, excerpt
from ..errors import PlayoutError
from ..eval import nets
from ..eval.policies import PolicyLike
from ._stats import Estimate
from .duel import DuelResult, duel
from .results import PlayoutResults


@dataclass(frozen=True)
class LadderDuel:
    """Rung ``a`` against rung ``b``: ``a``'s points per game with its standard error and
    95% interval (the duplicate pair as the unit, as :func:`~tavla.duel` has it; together:
    :attr:`estimate`) over ``games`` games; ``interrupted`` when Ctrl-C stopped it."""

    a: str
    b: str
    ppg: float
    std_error: float
    ci: tuple[float, float]
    games: int
    interrupted: bool = False

    @property
    def estimate(self) -> Estimate:
        """``ppg`` with its standard error, whose ``ci`` and ``half_width`` are the
        interval's."""
        return Estimate(self.ppg, self.std_error)


@dataclass(frozen=True)
class Ladder:
    """The rungs, bottom to top, and the duels played: each rung against the one below it,
    and each against the anchor (when it is a rung and not the one below)."""

    rungs: tuple[str, ...]
    duels: tuple[LadderDuel, ...]

    @property
    def interrupted(self) -> bool:
        return any(d.interrupted for d in self.duels)

    def table(self) -> str:
        """The duels as a Markdown table, one row each."""
        rows = [
            "| a | b | a's points per game | 95% interval | games |",
            "|---|---|---:|---|---:|",
        ]
        for d in self.duels:
            rows.append(
                f"| {d.a} | {d.b} | {d.ppg:+.3f} | {d.ci[0]:+.3f} to {d.ci[1]:+.3f} | {d.games:,} |"
            )
        return "\n".join(rows)


def default_rungs() -> list[str]:
    """``random``, ``pubeval``, then each shipped net (:mod:`tavla.eval.nets`) at 0-ply and
    at 1-ply."""
    shipped = [f"net:{name}{plies}" for name in nets.available() for plies in ("", "@1")]
    return ["random", "pubeval", *shipped]


def _label(policy: PolicyLike) -> str:
    return policy if isinstance(policy, str) else getattr(policy, "__name__", repr(policy))


def ladder(
    rungs: Sequence[PolicyLike] | None = None,
    *,
    anchor: PolicyLike | None = "pubeval",
    half_width: float = 0.02,
    batch: int = 4_000,
    max_games: int = 400_000,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool | None = None,
    options: RunOptions | None = None,
) -> Ladder:
    """Duels each rung of ``rungs`` (bottom to top; default :func:`default_rungs`) against the
    rung below it and against ``anchor``, each one duplicate duel on the dice of ``seed``
    extended ``batch`` games at a time (games 0 .. batch - 1, then batch .. 2 batch - 1, ...:
    :func:`~tavla.duel`'s ``first_game``) until the half-width of its 95% interval is at most
    ``half_width`` points per game, or it has played ``max_games``.
    ``options`` (a :class:`~tavla.RunOptions`; ``seed``, ``threads`` and ``progress`` are its
    shorthands, :ref:`run-options`) go to every duel; its ``batch``
    is each duel's, not this ``batch`` of games. Returns a :class:`Ladder`. Raises
    :class:`~tavla.PlayoutError` for bad arguments or policies. Ctrl-C ends the duel in play
    (its games kept) and the ladder."""
    rungs = default_rungs() if rungs is None else list(rungs)
    if len(rungs) < 2:
        raise PlayoutError(f"a ladder has two rungs or more, got {excerpt(rungs)}")
    if isinstance(half_width, bool) or not isinstance(half_width, (int, float)):
        raise PlayoutError(f"half_width must be a number > 0, got {excerpt(half_width)}")
    if not half_width > 0 or not math.isfinite(half_width):
        raise PlayoutError(f"half_width must be a finite number > 0, got {excerpt(half_width)}")
    batch = check_int(batch, "batch", PlayoutError, low=2)
    if batch % 2:
        raise PlayoutError(f"batch must be even (duplicate pairs), got {batch}")
    max_games = check_int(max_games, "max_games", PlayoutError, low=batch)
    options = run_options(options, seed=seed, threads=threads, progress=progress)
    labels = [_label(r) for r in rungs]
    pairs = [(i + 1, i) for i in range(len(rungs) - 1)]
    if anchor is not None and _label(anchor) in labels:
        a = labels.index(_label(anchor))
        pairs += [(i, a) for i in range(len(rungs)) if i not in (a, a + 1) and i != a - 1]
    duels: list[LadderDuel] = []
    for top, bottom in pairs:
        result = _duel(
            rungs[top],
            rungs[bottom],
            labels[top],
            labels[bottom],
            half_width,
            batch,
            max_games,
            options,
        )
        duels.append(result)
        if result.interrupted:
            break
    return Ladder(tuple(labels), tuple(duels))


def _duel(
    a: PolicyLike,
    b: PolicyLike,
    a_label: str,
    b_label: str,
    half_width: float,
    batch: int,
    max_games: int,
    options: RunOptions,
) -> LadderDuel:
    """One duplicate duel of ``a`` against ``b`` on the dice of ``options.seed``, extended
    ``batch`` games at a time (:func:`~tavla.duel`'s ``first_game``) until its interval is
    narrow enough (see :func:`ladder`)."""
    parts: list[PlayoutResults] = []
    while True:
        played = sum(part.games for part in parts)
        part = duel(a, b, batch, first_game=played, options=options).results
        parts.append(part)
        joined = PlayoutResults.joined(parts, part.interrupted, truncated=False)
        result = DuelResult.of(joined, duplicate=True)
        if result.interrupted or result.estimate.half_width <= half_width:
            break
        if result.games + batch > max_games:
            break
    return LadderDuel(
        a_label, b_label, result.ppg, result.std_error, result.ci, result.games, result.interrupted
    )
