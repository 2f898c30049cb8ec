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

The checks of a run's arguments and memory are :mod:`tavla.sim.run_checks`'s; a run is played
by :mod:`tavla.sim.playout_here` on this machine, by :mod:`tavla.sim.playout_cluster` on a Dask
cluster.
"""

from __future__ import annotations

import functools
import os
import sys
import warnings
from types import FrameType
from typing import TYPE_CHECKING

from .._run_options import RunOptions, RunShorthands, run_options
from .._validate import check_bool
from ..board.position import Position
from ..errors import InterruptedRunWarning, PlayoutError
from ..eval.net import Net
from ..eval.policies import PolicyLike, parsed_policy
from ..game.cube_context import CubeContext
from ..game.equity import MatchEquityTable
from . import cluster
from .cube_play import CubeRun
from .playout_cluster import play_on_cluster
from .playout_here import CUBELESS_RULES, play_here
from .results import MatchResults, PlayoutResults
from .run_checks import (
    CUBE_GAME_BYTES,
    GAME_BYTES,
    LUCK_KEEP,
    MATCH_BYTES,
    MATCH_GAMES,
    MAX_INT32,
    TRUNCATED_GAME_BYTES,
    BearoffStop,
    GamePlan,
    bearoff_stop,
    check_memory,
    check_run,
    count_argument,
    luck_keep_argument,
    physical_memory,
    thread_count,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack

# With the names of run_checks and playout_here that other code imports from here, as it
# did before they moved there.
__all__ = [
    "CUBELESS_RULES",
    "CUBE_GAME_BYTES",
    "DEFAULT_BATCH",
    "GAME_BYTES",
    "MATCH_BYTES",
    "MATCH_GAMES",
    "MAX_INT32",
    "TRUNCATED_GAME_BYTES",
    "check_memory",
    "count_argument",
    "first_frame_outside_tavla",
    "parsed_pair",
    "physical_memory",
    "play_games",
    "run_units",
    "selfplay",
    "thread_count",
]

DEFAULT_BATCH = 1024
"""Games advanced together when a Python policy plays."""


def play_games(
    a: PolicyLike,
    b: PolicyLike,
    games: int,
    *,
    start: Position | None = None,
    rotate: int = 0,
    duplicate: bool = False,
    alternate: bool = False,
    truncate: int | None = None,
    first_game: int = 0,
    cube: CubeRun | None = None,
    variance_reduction: bool = False,
    stop_at_bearoff: bool | BearoffStop | None = False,
    evaluator: Net | str | None = None,
    keep_games: bool = False,
    options: RunOptions | None = None,
    luck_keep: int = LUCK_KEEP,
    **run: Unpack[RunShorthands],
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
    side on roll's position is one the bear-off database values exactly (True or
    ``"exact"``: both sides home, few enough checkers), or ``"one-sided"``: as soon as both
    sides are home (valued by the database's one-sided race approximation where it is not
    exact, as GNU Backgammon truncates cubeless rollouts; not with ``cube``). Built-in
    policies run on ``threads`` threads (None = every core); a Python policy runs
    single-threaded in lockstep batches of ``batch`` games. Memory as for :func:`selfplay`,
    plus 52 bytes a game twice when games stop (the last boards).
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
    without it. ``luck_keep``: at 0-ply, each roll's luck is valued by the best of the
    ``luck_keep`` plays pubeval ranks highest (0: of every play; the luck's mean is zero
    either way). With ``cube`` the luck is valued by the cube model at the cube life of
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
    options = run_options(options, **run)
    plan = GamePlan(
        start=start,
        rotate=rotate,
        duplicate=duplicate,
        alternate=alternate,
        cube=cube,
        variance_reduction=check_bool(variance_reduction, "variance_reduction", PlayoutError),
        luck_keep=luck_keep_argument(luck_keep),
        truncate=truncate,
        stop_at_bearoff=bearoff_stop(stop_at_bearoff),
        evaluator=evaluator,
        keep_games=keep_games,
    )
    results = run_units(a, b, games, first_game, plan, options)
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
    a: PolicyLike, b: PolicyLike, units: int, first_unit: int, plan: GamePlan, options: RunOptions
) -> PlayoutResults | MatchResults:
    """:func:`play_games` of ``units`` games from ``first_unit`` of the seed's sequence, or
    whole matches when the ``plan`` says so, as ``options`` say (checked already, but for the
    client's type)."""
    what = "matches" if plan.matches else "games"
    a, b = parsed_pair(a, b)
    client, progress = options.client, options.progress
    if client is not None:  # before anything is imported, pickled or run
        client = cluster.check_client(client)
    games, first_game, plan = check_run(units, first_unit, plan)
    if options.chunk is not None and client is None:
        raise PlayoutError("chunk is the games per Dask task: it needs a client")
    run = functools.partial(
        play_here, a, b, plan=plan, seed=options.seed or 0, batch=options.batch or DEFAULT_BATCH
    )
    results: PlayoutResults | MatchResults
    if client is None:
        results = run(games, first_game, threads=thread_count(options.threads), progress=progress)
    elif callable(progress):
        raise PlayoutError("progress is True, False or None on a Dask cluster")
    else:  # play_here checks the policies on one machine, play_on_cluster before sending
        results = play_on_cluster(
            client,
            run,
            (a, b),
            games,
            first_game,
            threads=options.threads,
            chunk=options.chunk,
            progress=progress,
            matches=plan.matches,
            truncated=plan.stops,
        )
    if results.interrupted:
        warnings.warn(
            f"interrupted: kept the {results.units} of {games} {what} that finished",
            InterruptedRunWarning,
            stacklevel=first_frame_outside_tavla(),
        )
    return results


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
    start: Position | None = None,
    cubeful: bool = False,
    context: CubeContext | None = None,
    met: MatchEquityTable | None = None,
    keep_games: bool = False,
    options: RunOptions | None = None,
    **run: Unpack[RunShorthands],
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
        cube=cube,
        keep_games=keep_games,
        options=run_options(options, **run),
    )
