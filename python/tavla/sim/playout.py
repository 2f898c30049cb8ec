"""Whole cubeless games played by the C++ core, and :func:`selfplay`.

A *policy* chooses one play per turn. It is either the name of a built-in C++ policy
(``"random"``: uniform over the distinct legal plays; ``"pubeval"``: Tesauro's public
evaluator) or a Python callable. A callable receives a batch of candidates, an ``int8`` array
of shape ``(K, 2, 26)``: the positions after each legal play, seen by the opponent (who is on
roll next, row 0), and returns ``K`` finite scores, higher = better for the side that just
moved; in each turn the play with the highest score (the first on a tie) is made. A policy
that needs the position before the play (pubeval decides race or contact on it) may instead
be an object with a method ``score_turns(candidates, positions, offsets)``: ``positions``
``(T, 2, 26)`` int8 holds the T positions before the turns (the side on roll in row 0) and
``offsets`` ``(T + 1,)`` int64 says that turn t's candidates are rows
``offsets[t]:offsets[t + 1]``.

The core advances up to ``batch`` games in lockstep and calls a callable once per step with
the candidates of every game that waits for it, so a NumPy or neural-network evaluator pays
one Python call per step for the whole batch, not one per position: about as many calls as
the longest game of each batch has turns (a game that ends is replaced by the next one, so a
run of N games makes roughly N x plies-per-game / batch calls). Turns with a single legal
play (forced plays and passes) are made without asking.

Games are cubeless and end when a side has borne off all 15 (R15); each is scored 1, 2 or 3
(single, gammon, backgammon: R16, backgammons counted). Dice come from a counter-based
generator (:ref:`seeds`): game ``g`` of a run with
seed ``s`` uses its own stream derived from ``(s, g)``, so results are identical whatever the
number of threads or the batch size; ``tavla.Game(seed=s, stream=g)`` rolls the same dice.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import os
import sys
import warnings
from collections.abc import Callable
from numbers import Integral
from types import FrameType
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._progress import progress_bar
from .._run_options import Progress, RunOptions, check_threads, run_options
from .._validate import check_bool, excerpt, is_int
from ..board.position import Position
from ..errors import InterruptedRunWarning, PlayoutError
from ..eval import bearoff
from ..eval.net import Net
from ..eval.policies import PolicyLike, opened, parsed_policy, validated_policy
from ..game.cube import Cube
from ..game.cube_context import CubeContext
from ..game.equity import MatchEquityTable
from ..game.rules import Rules
from . import cluster
from .cube_play import CubeRun, cube_argument, luck_cube_life, stop_valuation
from .records import KEPT_GAME_BYTES, UnitSteps
from .results import MatchResults, PlayoutResults

if TYPE_CHECKING:
    from distributed import Client

MAX_INT32 = 2**31 - 1
"""The largest batch or truncation the core takes."""

DEFAULT_BATCH = 1024
"""Games advanced together when a Python policy plays."""


def thread_count(threads: int | None) -> int:
    """The threads to use: ``threads`` itself (1 to :data:`~tavla._run_options.MAX_THREADS`),
    or every core when None."""
    number = check_threads(threads)
    if number is not None:
        return number
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def count_argument(name: str, value: int, low: int = 0) -> int:
    """``value`` as an int, when it is a whole number >= ``low`` (a Python or NumPy
    integer); raises :class:`~tavla.PlayoutError` naming the argument otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
        raise PlayoutError(f"{name} must be an int >= {low}, got {excerpt(value)}")
    return int(value)


def _int_argument(name: str, value: object, low: int, high: int, unit: str = "") -> int:
    """``value`` as an int, when it is a Python or NumPy integer (not a bool) from ``low``
    to ``high``; raises :class:`~tavla.PlayoutError` with one message for every bad value."""
    if is_int(value) and isinstance(value, Integral) and low <= int(value) <= high:
        return int(value)
    bounds = f"an int from {low:,} to {high:,}{unit}"
    raise PlayoutError(f"{name} must be {bounds}, got {excerpt(value)}")


GAME_BYTES = 16
"""Memory a game of a run needs on this machine: 8 bytes the core reserves for its result,
8 for the result arrays returned (on a cluster: the chunks' results joined here)."""

TRUNCATED_GAME_BYTES = GAME_BYTES + 2 * 52
"""A game of a run with ``truncate``: its last board too, in the core and in the results."""

CUBE_GAME_BYTES = GAME_BYTES + 32
"""A game of a run with the cube: its cube's record too, in the core and in the results."""

MATCH_BYTES = 1024
"""A whole match of a run (its record and its games' arrays, for a match of a dozen games)."""


def physical_memory() -> int | None:
    """This machine's memory in bytes, or None where the system does not say."""
    try:
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, ValueError, OSError):  # no sysconf (Windows), or no such name
        return None


def _size(count: int) -> str:
    """``count`` bytes in the largest unit that keeps a number >= 1: ``"160 TB"``."""
    for unit, scale in (("TB", 10**12), ("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if count >= scale:
            return f"{count / scale:,.0f} {unit}"
    return f"{count} bytes"


def check_memory(games: int, bytes_per_game: int) -> None:
    """Refuse up front a run whose ``games`` need more memory than this machine has, at
    ``bytes_per_game`` each (see :data:`GAME_BYTES`): :class:`~tavla.PlayoutError` with the
    sizes, rather than a MemoryError or a swapping machine at the end of a long run."""
    if games >= 2**63:
        raise PlayoutError(f"games must stay below 2**63, got {excerpt(games)}")
    memory = physical_memory()
    needed = games * bytes_per_game
    if memory is not None and needed > memory:
        raise PlayoutError(
            f"{games:,} games need {_size(needed)} of memory ({bytes_per_game} bytes a game), "
            f"more than the {_size(memory)} of this machine: play fewer games"
        )


def play_games(
    a: PolicyLike,
    b: PolicyLike,
    games: int,
    *,
    start: Position | None = None,
    seed: int | None = None,
    rotate: int = 0,
    duplicate: bool = False,
    alternate: bool = False,
    truncate: int | None = None,
    threads: int | None = None,
    batch: int | None = None,
    progress: Progress = None,
    first_game: int = 0,
    client: Client | None = None,
    chunk: int | None = None,
    cube: CubeRun | None = None,
    variance_reduction: bool = False,
    stop_at_bearoff: bool = False,
    evaluator: Net | str | None = None,
    keep_games: bool = False,
    options: RunOptions | None = None,
) -> PlayoutResults:
    """Play ``games`` games of ``a`` against ``b`` in the core (the engine behind
    :func:`selfplay`, :func:`~tavla.rollout` and :func:`~tavla.duel`).

    ``start`` None starts from R4 with an R5 opening roll ("standard": the higher die starts
    and plays both dice, never a double); a Position puts policy ``a`` on roll there, rolling
    normally. ``rotate`` (0, 1, 2) stratifies the first roll(s) by game number: the roll of
    ply 0 of game g is the (g mod 36)-th of the 36 ordered rolls, that of ply 1 the
    ((g // 36) mod 36)-th. ``duplicate``: games 2k and 2k + 1 share dice stream k.
    ``alternate``: in odd games the policies change seats (so with ``duplicate`` each dice
    stream is played once from each seat). ``truncate``: stop every game still on after that
    many plies (see :class:`PlayoutResults`); ``stop_at_bearoff``: stop it as soon as the
    side on roll's position is one the bear-off database values exactly (both sides home,
    few enough checkers). Built-in policies run on ``threads`` threads (None = every core);
    a Python policy runs single-threaded in lockstep batches of ``batch`` games. Memory as
    for :func:`selfplay`, plus 52 bytes a game twice when games stop (the last boards).
    ``progress``: a bar (True, False, None: when stderr is a terminal), or a callable the
    run calls with the number of games finished so far (a caller's own bar). ``options``
    (a :class:`~tavla.RunOptions`) holds ``seed``, ``threads``, ``batch``, ``progress``,
    ``client`` and ``chunk`` in one value; those keywords are its shorthands, and one given
    both ways raises :class:`~tavla.errors.RunOptionsError` (:ref:`run-options`).

    ``first_game``: play games ``first_game .. first_game + games - 1`` of the seed's
    sequence (their dice, seats and rotated rolls) as this run's games ``0 .. games - 1``.
    ``client``: a ``distributed.Client``; the run is then split into chunks of ``chunk``
    consecutive games (None: a few per worker thread) played by the Dask workers, each chunk
    on ``threads`` threads (None = 1; a worker runs as many chunks at once as it has
    threads), and the results are identical to a run on one machine (:mod:`tavla.sim.cluster`:
    policies must then pickle).

    ``cube``: play with the cube as the :class:`~tavla.sim.cube_play.CubeRun` says (each
    side's cube policy as :mod:`tavla.sim.cube_play` describes), the results then having
    the cube's columns; its whole matches are :func:`~tavla.sim.matches.play_matches`'s. A
    game with the cube stopped unfinished is valued where it stopped by the cube model on
    ``evaluator``'s 0-ply probabilities (a :class:`~tavla.eval.Net`, ``"net:PATH"`` or
    ``"bearoff"``; None: ``a``'s own evaluator), or at an exact bear-off of money play by
    the database's exact cubeful value: the results' ``stop_values`` (points for ``a``;
    in a match, ``a``'s MWC).

    ``variance_reduction``: sum the luck of every roll of each game into the results'
    ``luck`` (:ref:`variance-reduction`); both policies must then be played in C++ with an
    evaluator (a :class:`~tavla.eval.Policy` of a net), and they make the same plays as
    without it. With ``cube`` the luck is valued by the cube model at the cube life of
    ``a``'s cube policy.

    ``keep_games``: keep every game's plays and cube actions in the results' ``steps``
    (:mod:`tavla.sim.records`; from the start position only, no ``truncate``; about 8 kB
    a game more). A run that does not keep them records nothing.

    Ctrl-C stops the run and keeps the games that finished first, with an
    :class:`~tavla.InterruptedRunWarning`. Raises :class:`~tavla.PlayoutError` for bad
    arguments or bad scores; an exception raised by a Python policy passes through as it
    is, and so do Dask's errors on a cluster (a worker lost too often, say).
    """
    if cube is not None and (not isinstance(cube, CubeRun) or cube.whole_matches):
        raise PlayoutError("cube is a CubeRun of single games (play_matches plays matches)")
    results = run_units(
        a,
        b,
        games,
        start=start,
        rotate=rotate,
        duplicate=duplicate,
        alternate=alternate,
        truncate=truncate,
        first_game=first_game,
        cube=cube,
        options=run_options(
            options,
            seed=seed,
            threads=threads,
            batch=batch,
            progress=progress,
            client=client,
            chunk=chunk,
        ),
        variance_reduction=check_bool(variance_reduction, "variance_reduction", PlayoutError),
        stop_at_bearoff=check_bool(stop_at_bearoff, "stop_at_bearoff", PlayoutError),
        evaluator=evaluator,
        keep_games=keep_games,
    )
    assert isinstance(results, PlayoutResults)
    return results


def parsed_pair(a: PolicyLike, b: PolicyLike) -> tuple[PolicyLike, PolicyLike]:
    """The two policies of a run as values, each text read once
    (:func:`~tavla.eval.policies.parsed_policy`): one value twice when ``b`` is ``a`` or the
    same text, so that one engine or Python policy plays both sides."""
    value = parsed_policy(a)
    same = b is a or (isinstance(a, str) and a == b)
    return value, value if same else parsed_policy(b)


def run_units(
    a: PolicyLike,
    b: PolicyLike,
    units: int,
    *,
    start: Position | None,
    rotate: int,
    duplicate: bool,
    alternate: bool,
    truncate: int | None,
    first_game: int,
    cube: CubeRun | None,
    options: RunOptions,
    variance_reduction: bool = False,
    stop_at_bearoff: bool = False,
    evaluator: Net | str | None = None,
    keep_games: bool = False,
) -> PlayoutResults | MatchResults:
    """:func:`play_games` of ``units`` games, or whole matches when ``cube`` says so, as
    ``options`` say (checked already, but for the client's type)."""
    matches = cube is not None and cube.whole_matches
    what = "matches" if matches else "games"
    games = units
    a, b = parsed_pair(a, b)
    client, progress = options.client, options.progress
    if client is not None:  # before anything is imported, pickled or run
        client = cluster.check_client(client)
    games = count_argument("games", games)
    first_game = count_argument("first_game", first_game)
    if first_game + games >= 2**63:
        what = "first_game + games" if first_game else "games"
        raise PlayoutError(f"{what} must stay below 2**63, got {excerpt(first_game + games)}")
    if start is not None and not isinstance(start, Position):
        raise PlayoutError(f"start must be a Position or None, got {type(start).__name__}")
    if start is not None and start.is_over:
        raise PlayoutError("start is a finished game: a side has borne off all 15 checkers")
    if truncate is not None:
        truncate = _int_argument("truncate", truncate, 1, MAX_INT32, " plies (None plays out)")
    if isinstance(rotate, bool) or rotate not in (0, 1, 2):
        raise PlayoutError(f"rotate must be 0, 1 or 2, got {excerpt(rotate)}")
    stops = truncate is not None or stop_at_bearoff
    if matches and stops:
        raise PlayoutError("whole matches are played out: no truncate or stop_at_bearoff")
    if evaluator is not None and (cube is None or not stops):
        raise PlayoutError(
            "evaluator values the games stopped with the cube: give cube and "
            "truncate or stop_at_bearoff"
        )
    if check_bool(keep_games, "keep_games", PlayoutError):
        _check_keepable(start, truncate, cube)
        if stop_at_bearoff:
            raise PlayoutError("keep_games keeps whole games: no stop_at_bearoff")
    kept = KEPT_GAME_BYTES * (MATCH_GAMES if matches else 1) if keep_games else 0
    if matches:
        check_memory(games, MATCH_BYTES + kept)
    elif cube is not None:
        check_memory(games, CUBE_GAME_BYTES + kept)
    else:
        check_memory(games, (TRUNCATED_GAME_BYTES if stops else GAME_BYTES) + kept)
    if options.chunk is not None and client is None:
        raise PlayoutError("chunk is the games per Dask task: it needs a client")
    run = functools.partial(
        _play_here,
        a,
        b,
        start=start,
        seed=options.seed or 0,
        rotate=rotate,
        duplicate=duplicate,
        alternate=alternate,
        truncate=truncate,
        batch=options.batch or DEFAULT_BATCH,
        cube=cube,
        variance_reduction=variance_reduction,
        stop_at_bearoff=stop_at_bearoff,
        evaluator=evaluator,
        keep_games=keep_games,
    )
    results: PlayoutResults | MatchResults
    if client is None:
        results = run(games, first_game, threads=thread_count(options.threads), progress=progress)
    elif callable(progress):
        raise PlayoutError("progress is True, False or None on a Dask cluster")
    else:  # checked here, before anything is sent; _play_here checks them on one machine
        for policy in (a, b):
            validated_policy(policy)
            _check_pickles(policy)
        chunk_run = functools.partial(run, threads=options.threads or 1, progress=False)
        chunks = functools.partial(_play_chunk, chunk_run, first_game)
        parts, interrupted = cluster.play_chunks(
            client, chunks, games, options.chunk, progress, what
        )
        if matches:
            match_parts = [part for part in parts if isinstance(part, MatchResults)]
            results = MatchResults.joined(match_parts, interrupted)
        else:
            game_parts = [part for part in parts if isinstance(part, PlayoutResults)]
            results = PlayoutResults.joined(game_parts, interrupted, truncated=stops)
    if results.interrupted:
        warnings.warn(
            f"interrupted: kept the {results.units} of {games} {what} that finished",
            InterruptedRunWarning,
            stacklevel=first_frame_outside_tavla(),
        )
    return results


def _play_here(
    a: PolicyLike,
    b: PolicyLike,
    games: int,
    first_game: int,
    *,
    start: Position | None,
    seed: int,
    rotate: int,
    duplicate: bool,
    alternate: bool,
    truncate: int | None,
    threads: int,
    batch: int,
    progress: bool | Callable[[int], None] | None,
    cube: CubeRun | None = None,
    variance_reduction: bool = False,
    stop_at_bearoff: bool = False,
    evaluator: Net | str | None = None,
    keep_games: bool = False,
    check: Callable[[int], None] | None = None,
) -> PlayoutResults | MatchResults:
    """:func:`run_units` on this machine, arguments checked. ``check``: instead of a
    progress bar, called with the units finished so far between chunks; it stops the run
    by raising KeyboardInterrupt."""
    if callable(progress):
        check, progress = check or progress, False
    steps: list[tuple[npt.NDArray[np.int8], ...]] | None = [] if keep_games else None
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
            rotate=rotate,
            duplicate=duplicate,
            alternate=alternate,
            truncate=truncate or 0,
            exact_stop=bearoff.database().native if stop_at_bearoff else None,
            variance_reduction=variance_reduction,
        )
        core_run: Callable[..., dict[str, Any]]
        if cube is None:
            core_run = functools.partial(_core.play_games, policy_a, policy_b, spec)
            length, rules = 0, CUBELESS_RULES
        else:
            play = cube.native()
            cube_a = cube_argument(played_a, play)
            cube_b = cube_a if played_b is played_a else cube_argument(played_b, play)
            stops = truncate is not None or stop_at_bearoff
            stop_search = stop_valuation(played_a, evaluator) if stops else None
            life = luck_cube_life(played_a)
            core_run = functools.partial(
                _core.play_cube, policy_a, policy_b, cube_a, cube_b, play, spec, stop_search, life
            )
            length, rules = cube.match_length, cube.context.game_rules
        matches = cube is not None and cube.whole_matches
        with progress_bar(games, progress, "matches" if matches else "games") as update:
            arrays = core_run(threads, batch, check or update, steps)
            if update is not None:
                update(arrays["finished"])
    kept_steps = _kept(steps, length, rules)
    if matches:
        results = MatchResults.from_core(length, arrays, arrays["interrupted"])
        return dataclasses.replace(results, steps=kept_steps)
    return dataclasses.replace(
        PlayoutResults.from_core(arrays, arrays["interrupted"]), steps=kept_steps
    )


def _check_keepable(start: Position | None, truncate: int | None, cube: CubeRun | None) -> None:
    """Refuse keep_games where the games kept could not be written as a match file: those
    from another start, truncated, from a cube other than centred at 1, or single games
    at a match score (play whole matches instead)."""
    if start is not None or truncate is not None:
        raise PlayoutError("keep_games keeps whole games from the start: no start, no truncate")
    if cube is None:
        return
    if cube.context.cube != Cube():
        raise PlayoutError("keep_games keeps games from the start: the cube centred at 1")
    if not cube.whole_matches and not cube.context.is_money:
        raise PlayoutError("keep_games keeps money games or whole matches (play_matches)")


CUBELESS_RULES = Rules(cube=False)
"""The rules of the core's cubeless games: no cube, single 1, gammon 2, backgammon 3."""

MATCH_GAMES = 16
"""The games a match's kept steps are reserved for, in the memory check."""


def _kept(
    steps: list[tuple[npt.NDArray[np.int8], ...]] | None, length: int, rules: Rules
) -> tuple[UnitSteps, ...] | None:
    """The kept steps the core appended, as :class:`~tavla.sim.records.UnitSteps`."""
    if steps is None:
        return None
    return tuple(UnitSteps.from_core(unit, length, rules) for unit in steps)


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


def first_frame_outside_tavla() -> int:
    """The ``stacklevel`` of a warning raised here that names the caller's line, not
    tavla's: the first frame whose file is outside this package."""
    package = os.path.dirname(__file__)
    frame: FrameType | None = sys._getframe(1)
    level = 1
    while frame is not None and os.path.dirname(frame.f_code.co_filename) == package:
        frame, level = frame.f_back, level + 1
    return level


def selfplay(
    policy: PolicyLike | tuple[PolicyLike, PolicyLike],
    games: int,
    *,
    seed: int | None = None,
    threads: int | None = None,
    start: Position | None = None,
    batch: int | None = None,
    progress: bool | None = None,
    client: Client | None = None,
    chunk: int | None = None,
    cubeful: bool = False,
    context: CubeContext | None = None,
    met: MatchEquityTable | None = None,
    keep_games: bool = False,
    options: RunOptions | None = None,
) -> PlayoutResults:
    """Play ``games`` cubeless games of ``policy`` against itself, or ``policy=(a, b)`` of
    ``a`` against ``b`` (a is index 0 of the results).

    ``cubeful=True`` plays with the cube: money games (R26) under ``context``'s rules (None:
    :class:`~tavla.game.cube_context.CubeContext`'s default, centred cube, Jacoby on, no
    beavers), or single games at a match score when ``context`` is a match's (``met`` the
    table its cube policies read; :func:`~tavla.sim.matches.play_matches` plays whole
    matches). Each side plays the cube by its cube policy (:mod:`tavla.sim.cube_play`), and
    the results have the cube's columns, ``points`` and ``ppg`` counting the cube.

    From the start position with an R5 opening roll when ``start`` is None (the higher die
    starts, so who moves first is random: see ``first``); otherwise from ``start`` with ``a``
    on roll. Built-in policies play in C++ on ``threads`` threads (None = every core) with the
    GIL released; Python callables are called once per lockstep step of ``batch`` games (see
    the module docstring). ``progress``: a bar of games done and games/s on stderr (None = when
    stderr is a terminal). Ctrl-C stops the run and returns the games that finished, with an
    :class:`~tavla.InterruptedRunWarning`. ``client`` (a ``distributed.Client``) plays the
    games on a Dask cluster in chunks of ``chunk`` games, with the same results (see
    :func:`play_games`). ``options``: a :class:`~tavla.RunOptions` of these six, whose
    keywords are its shorthands (:ref:`run-options`). Raises :class:`~tavla.PlayoutError`
    for bad arguments; a Python policy's own exceptions pass through, as do Dask's on a
    cluster.

    ``keep_games=True`` keeps every game's plays and cube actions in the results' ``steps``
    (:mod:`tavla.sim.records`: from the start position only), for match files
    (:func:`tavla.replay.save_games`) that GNU Backgammon and ``tavla replay`` read.

    Memory: the core reserves 8 bytes a game for the whole run but uses only those of the
    games played (pages never written cost nothing), and the results take 8 bytes per
    finished game (``winner``, ``kind``, ``first``, ``plies``, ``on_roll``): about 16 bytes
    a game played, 160 MB for 10 million. A run that needs more than this machine's memory
    at that rate is refused up front with a :class:`~tavla.PlayoutError`; one that passes
    that check but still cannot be reserved raises MemoryError.

    >>> results = selfplay("random", 1000, seed=1)
    >>> results.games, results.plies.dtype
    (1000, dtype('int32'))
    """
    if isinstance(policy, tuple):
        if len(policy) != 2:
            raise PlayoutError(f"policy=(a, b) takes two policies, got {len(policy)}")
        a, b = policy
    else:
        a = b = policy
    cube = None
    if check_bool(cubeful, "cubeful", PlayoutError):
        cube = CubeRun(CubeContext() if context is None else context, met=met)
    elif context is not None or met is not None:
        raise PlayoutError("context and met are for games with the cube: give cubeful=True")
    return play_games(
        a,
        b,
        games,
        start=start,
        seed=seed,
        threads=threads,
        batch=batch,
        progress=progress,
        client=client,
        chunk=chunk,
        cube=cube,
        keep_games=keep_games,
        options=options,
    )
