"""Positions for supervised training (:doc:`/supervised`): self-play of a net with exploration,
positions given (from real matches, say) and self-play continued from them, and positions after
plays on which a shallow and a deep search disagree; deduplicated and balanced across classes.

:func:`make_positions` returns a :class:`~tavla.eval.data.Positions`;
:func:`~tavla.eval.data.save_positions` writes it (``tavla data positions OUT``).
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from .. import _core
from .._progress import progress_bar
from .._run_options import RunOptions, narrowed_options
from .._validate import check_count, check_int, check_real, excerpt
from ..board.position import Position
from ..errors import DataError, EvaluatorError, InvalidPositionError
from ..eval import nets
from ..eval.classes import CLASSES
from ..eval.data import SOURCES, Positions
from ..eval.evaluators import cubeless_equity, make_search, resolve_net
from ..eval.net import Net
from ..eval.search import evaluate_boards
from .playout import play_games
from .run_checks import thread_count

DEFAULT_SHARES = {"contact": 0.5, "crashed": 0.2, "race": 0.3}
"""The share of each class among the positions made (bear-offs need no net: the database)."""

SELFPLAY, MATCH, DISAGREEMENT = (SOURCES.index(name) for name in SOURCES)

# Scores above any equity (at most 3): a play that wins, a play the exploration chose.
_WON, _CHOSEN = 10.0, 20.0


@dataclass
class _Explorer:
    """A lockstep policy (:class:`~tavla.eval.TurnScorer`): the net's best play at 0-ply, or
    with probability ``exploration`` a play drawn uniformly from its ``top`` best; it keeps
    each position before a turn with probability ``sample``."""

    net: Net
    exploration: float
    top: int
    sample: float
    rng: np.random.Generator
    seen: list[npt.NDArray[np.int8]] = field(default_factory=list)

    def score_turns(
        self,
        candidates: npt.NDArray[np.int8],
        positions: npt.NDArray[np.int8],
        offsets: npt.NDArray[np.int64],
    ) -> npt.NDArray[np.float64]:
        won = candidates[:, 1, 0] == 15  # the mover, row 1 of a candidate, has borne off all
        scores = np.full(len(candidates), _WON)
        if (~won).any():
            theirs = evaluate_boards(np.ascontiguousarray(candidates[~won]), self.net)
            scores[~won] = -np.asarray(cubeless_equity(theirs))
        explore = self.rng.random(len(positions)) < self.exploration
        for t in np.flatnonzero(explore):
            turn = scores[offsets[t] : offsets[t + 1]]
            best = np.argsort(-turn, kind="stable")[: self.top]
            turn[self.rng.choice(best)] = _CHOSEN
        kept = self.rng.random(len(positions)) < self.sample
        if kept.any():
            self.seen.append(positions[kept].copy())
        return scores


@dataclass
class _Collector:
    """Distinct positions by class, each class up to its quota."""

    quotas: dict[int, int]
    keys: set[bytes] = field(default_factory=set)
    boards: list[npt.NDArray[np.int8]] = field(default_factory=list)
    sources: list[int] = field(default_factory=list)
    filled: dict[int, int] = field(default_factory=dict)

    def offer(self, boards: npt.NDArray[np.int8], source: int) -> int:
        """Keeps those of ``boards`` that are new and whose class is not full; how many."""
        if len(boards) == 0:
            return 0
        playable = ~(boards[:, :, 0] == 15).any(axis=1)
        boards = boards[playable]
        classes = _core.classify(np.ascontiguousarray(boards), 6)
        kept = 0
        for board, c in zip(boards, classes.tolist(), strict=True):
            key = board.tobytes()
            if self.filled.get(c, 0) >= self.quotas.get(c, 0) or key in self.keys:
                continue
            self.keys.add(key)
            self.boards.append(board)
            self.sources.append(source)
            self.filled[c] = self.filled.get(c, 0) + 1
            kept += 1
        return kept

    @property
    def full(self) -> bool:
        return all(self.filled.get(c, 0) >= quota for c, quota in self.quotas.items())

    @property
    def total(self) -> int:
        return sum(self.filled.values())


def _quotas(count: int, shares: Mapping[str, float] | None) -> dict[int, int]:
    shares = dict(DEFAULT_SHARES if shares is None else shares)
    for name, share in shares.items():
        if name not in CLASSES or name == "bearoff":
            raise DataError(
                f"shares are of the classes contact, crashed and race, got {excerpt(name)}"
            )
        check_real(share, f"the share of {name}", DataError, 0.0)
    total = sum(shares.values())
    if total <= 0:
        raise DataError("the shares must not all be 0")
    quotas = {CLASSES.index(name): round(count * share / total) for name, share in shares.items()}
    first = next(iter(quotas))
    quotas[first] += count - sum(quotas.values())
    return quotas


def make_positions(
    count: int,
    net: Net | str | None = None,
    *,
    shares: Mapping[str, float] | None = None,
    starts: npt.ArrayLike | None = None,
    from_starts: float = 0.5,
    exploration: float = 0.1,
    explore_top: int = 5,
    sample: float = 0.25,
    disagreement: float = 0.1,
    deep_plies: int = 2,
    seed: int | None = None,
    games_per_start: int = 4,
    batch: int | None = None,
    max_games: int | None = None,
    threads: int | None = None,
    progress: bool | None = None,
    options: RunOptions | None = None,
) -> Positions:
    """About ``count`` distinct positions for supervised training, balanced across classes.

    ``net``: the evaluator that plays (a :class:`~tavla.eval.Net` or net set, ``"net:PATH"``;
    None: :data:`tavla.eval.nets.DEFAULT`).  ``shares``: the share of each class among the
    positions (:data:`DEFAULT_SHARES`; bear-offs are left out, the database knows them): a
    class is full at ``round(count * share)`` and the run stops when all are full.

    The positions come from, in this order:

    - ``starts`` (``(M, 2, 26)`` boards, from real matches say; source ``"match"``), in a
      random order: kept as they are until they fill a share ``from_starts`` of each class,
      and self-play games continued from each, ``games_per_start`` of them (until the
      classes are full);
    - self-play from the start (R4, R5) in rounds of ``batch`` games (None: 256), at most
      ``max_games`` in all (None: until the classes are full): the net's best play at
      0-ply, or on a turn with probability ``exploration`` a play drawn uniformly from its
      ``explore_top`` best; each position before a turn kept with probability ``sample``
      (source ``"selfplay"``);
    - for a share ``disagreement`` of the positions kept, a random roll whose best play by
      the net at 0-ply and at ``deep_plies`` differ: both plays' results (source
      ``"disagreement"``), on ``threads`` threads (None: every core).  They come on top of
      the quotas.

    Deterministic for a seed (None: 0; the games are played in lockstep on one thread).
    ``options``: a :class:`~tavla.RunOptions` whose ``seed``, ``threads``, ``batch`` and
    ``progress`` these keywords are shorthands for (:ref:`run-options`); the run takes no
    ``client`` or ``chunk``.  Raises :class:`~tavla.DataError` for bad arguments,
    :class:`~tavla.errors.RunOptionsError` for bad options.
    """
    options, bar = narrowed_options(
        options, "make_positions", seed=seed, threads=threads, batch=batch, progress=progress
    )
    seed = options.seed or 0
    count = check_int(count, "count", DataError, low=1)
    quotas = _quotas(count, shares)
    try:
        chosen = nets.default() if net is None else resolve_net(net)
    except EvaluatorError as exc:
        raise DataError(str(exc)) from None
    if chosen is None:
        raise DataError("make_positions needs a net to play (not the bear-off database)")
    explorer = _Explorer(
        chosen,
        check_real(exploration, "exploration", DataError, 0.0, 1.0),
        check_int(explore_top, "explore_top", DataError, low=1),
        check_real(sample, "sample", DataError, 0.0, 1.0, open_low=True),
        np.random.default_rng(seed),
    )
    share = check_real(disagreement, "disagreement", DataError, 0.0, 1.0)
    plies = check_int(deep_plies, "deep_plies", DataError, low=1, high=3)
    per_start = check_count(games_per_start, "games_per_start", DataError)
    batch = options.batch or 256
    cap = None if max_games is None else check_count(max_games, "max_games", DataError)
    part = check_real(from_starts, "from_starts", DataError, 0.0, 1.0)
    collector = _Collector({c: round(quota * part) for c, quota in quotas.items()})
    start_boards = _starts(starts)
    start_boards = start_boards[explorer.rng.permutation(len(start_boards))]
    games = 0
    with progress_bar(count, bar, "positions", unit="position") as update:

        def played(boards: list[npt.NDArray[np.int8]], source: int) -> None:
            for part in boards:
                collector.offer(part, source)
            boards.clear()
            if update is not None:
                update(collector.total)

        def play(number: int, start: Position | None) -> None:
            """``number`` games of self-play in lockstep, from ``start`` or the start."""
            nonlocal games
            play_games(
                explorer,
                explorer,
                number,
                start=start,
                seed=seed,
                first_game=games,
                batch=number,
                progress=False,
            )
            games += number
            played(explorer.seen, SELFPLAY)

        played([start_boards], MATCH)
        collector.quotas = quotas
        for board in start_boards:
            if collector.full or per_start == 0:
                break
            play(per_start, Position(board))
        while not collector.full and (cap is None or games < cap):
            play(batch if cap is None else min(batch, cap - games), None)
    boards = np.array(collector.boards, dtype=np.int8).reshape(-1, 2, 26)
    sources = np.array(collector.sources, dtype=np.int8)
    found = _disagreements(
        boards, chosen, share, plies, explorer.rng, thread_count(options.threads)
    )
    extra = [board for *_, shallow, deep in found for board in (shallow, deep)]
    fresh = [b for b in extra if b[1, 0] < 15 and b.tobytes() not in collector.keys]
    if fresh:
        unique = np.unique(np.array(fresh, dtype=np.int8), axis=0)
        boards = np.concatenate([boards, unique])
        sources = np.concatenate([sources, np.full(len(unique), DISAGREEMENT, np.int8)])
    metadata = {
        "kind": "tavla positions",
        "count": count,
        "net": chosen.metadata.get("name", repr(chosen)),
        "shares": {CLASSES[c]: quota for c, quota in quotas.items()},
        "exploration": explorer.exploration,
        "explore_top": explorer.top,
        "sample": explorer.sample,
        "disagreement": share,
        "deep_plies": plies,
        "seed": seed,
        "games": games,
        "starts": len(start_boards),
        "from_starts": part,
        "games_per_start": per_start,
    }
    classes = _core.classify(np.ascontiguousarray(boards), 6)
    return Positions(boards, classes, sources, metadata)


def _starts(starts: npt.ArrayLike | None) -> npt.NDArray[np.int8]:
    if starts is None:
        return np.zeros((0, 2, 26), np.int8)
    array = np.asarray(starts)
    if array.ndim != 3 or array.shape[1:] != (2, 26) or array.dtype.kind not in "iu":
        raise DataError(
            f"starts must be (M, 2, 26) integer boards, got {array.dtype} {array.shape}"
        )
    boards = np.ascontiguousarray(array.astype(np.int8))
    try:
        _core.classify(boards, 6)  # checks every board (R1-R4)
    except InvalidPositionError as exc:
        raise DataError(f"starts: {exc}") from None
    playable: npt.NDArray[np.int8] = boards[~(boards[:, :, 0] == 15).any(axis=1)]
    return playable


def _disagreements(
    boards: npt.NDArray[np.int8],
    net: Net,
    share: float,
    plies: int,
    rng: np.random.Generator,
    threads: int,
) -> list[tuple[int, tuple[int, int], npt.NDArray[np.int8], npt.NDArray[np.int8]]]:
    """For a random ``share`` of ``boards`` (bear-offs left out) and a random roll each, where
    the best plays at 0-ply and at ``plies`` differ: the row, the roll, and the two plays'
    results (the opponent on roll: 0-ply's, then the deeper one's)."""
    candidates = np.flatnonzero(_core.classify(np.ascontiguousarray(boards), 6) != 3)
    picked = rng.choice(candidates, round(share * len(candidates)), replace=False)
    rolls = rng.integers(1, 7, (len(picked), 2))
    search = make_search(net, True, 8, 0.16)

    def best(key: bytes, roll: tuple[int, int], depth: int) -> npt.NDArray[np.int8]:
        results, probabilities, searched = search.plays(key, roll[0], roll[1], depth)
        equity = np.atleast_1d(cubeless_equity(probabilities))
        chosen = results[int(np.argmax(np.where(searched == depth, equity, -np.inf)))]
        return np.ascontiguousarray(chosen[::-1])

    def check(
        job: tuple[int, tuple[int, int]],
    ) -> tuple[int, tuple[int, int], npt.NDArray[np.int8], npt.NDArray[np.int8]] | None:
        row, roll = job
        key = boards[row].tobytes()
        shallow, deep = best(key, roll, 0), best(key, roll, plies)
        return None if np.array_equal(shallow, deep) else (row, roll, shallow, deep)

    jobs = [(row, (int(d1), int(d2))) for row, (d1, d2) in zip(picked.tolist(), rolls, strict=True)]
    with ThreadPoolExecutor(max(1, threads)) as pool:
        return [found for found in pool.map(check, jobs) if found is not None]
