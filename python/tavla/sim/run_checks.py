"""What a run of the core may be asked for (:func:`~tavla.sim.playout.play_games`): its
arguments, checked before anything runs with one message for every bad value, its threads,
and the memory its units need on this machine, refused up front when the machine has less."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from numbers import Integral
from typing import TYPE_CHECKING, Literal

import numpy as np

from .._run_options import check_threads
from .._validate import check_bool, excerpt, is_int
from ..board.position import Position
from ..errors import PlayoutError
from ..game.cube import Cube
from .cube_play import CubeRun
from .records import KEPT_GAME_BYTES

if TYPE_CHECKING:
    from ..eval.net import Net

MAX_INT32 = 2**31 - 1
"""The largest batch or truncation the core takes."""

BearoffStop = Literal["exact", "one-sided"]
"""Where the bear-off database stops a game: where it is exact (both sides home with few
enough checkers), or wherever it applies (both sides home), valued there by its one-sided race
approximation as GNU Backgammon truncates cubeless rollouts at its one-sided database."""

LUCK_KEEP = 4
"""The plays of each roll variance reduction's 0-ply lookahead evaluates: those pubeval ranks
highest (:ref:`variance-reduction`)."""


@dataclass(frozen=True)
class GamePlan:
    """What the games of a run are, apart from how many and how the run plays them (its
    :class:`~tavla.RunOptions`): where they start (``start``, ``rotate``), how they share
    dice and seats (``duplicate``, ``alternate``), the cube, the luck of their rolls
    (``variance_reduction``, ``luck_keep``), where they stop (``truncate``,
    ``stop_at_bearoff``, valued by ``evaluator``) and whether the run keeps them
    (``keep_games``), each as :func:`~tavla.sim.playout.play_games` takes it.  The defaults
    are its defaults; :func:`check_run` checks the values before a run plays them."""

    start: Position | None = None
    rotate: int = 0
    duplicate: bool = False
    alternate: bool = False
    cube: CubeRun | None = None
    variance_reduction: bool = False
    luck_keep: int = LUCK_KEEP
    truncate: int | None = None
    stop_at_bearoff: BearoffStop | None = None
    evaluator: Net | str | None = None
    keep_games: bool = False

    @property
    def matches(self) -> bool:
        """Whether the run's units are whole matches (its cube says so), not games."""
        return self.cube is not None and self.cube.whole_matches

    @property
    def stops(self) -> bool:
        """Whether games may stop before they are over (``truncate``, ``stop_at_bearoff``)."""
        return self.truncate is not None or self.stop_at_bearoff is not None


def bearoff_stop(value: object, name: str = "stop_at_bearoff") -> BearoffStop | None:
    """``value`` (False or None, True, ``"exact"`` or ``"one-sided"``) as where the bear-off
    database stops games (True: ``"exact"``), None for no stop; :class:`~tavla.PlayoutError`
    otherwise."""
    if value is None or isinstance(value, (bool, np.bool_)):
        return "exact" if value else None
    if value == "exact" or value == "one-sided":
        return value
    raise PlayoutError(f"{name} must be True, False, 'exact' or 'one-sided', got {excerpt(value)}")


def luck_keep_argument(value: object) -> int:
    """``value`` as the plays variance reduction's lookahead keeps of each roll: a whole
    number >= 0 (0: every play); :class:`~tavla.PlayoutError` otherwise."""
    return count_argument("luck_keep", value, low=0)  # type: ignore[arg-type]


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


def int_argument(name: str, value: object, low: int, high: int, unit: str = "") -> int:
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

MATCH_GAMES = 16
"""The games a match's kept steps are reserved for, in the memory check."""


def unit_bytes(*, matches: bool, cube: bool, stops: bool, keep_games: bool) -> int:
    """Memory one unit of a run needs: a whole match (``matches``), a game with the cube, or
    a cubeless game (its last board too when games may stop early), each with its steps
    when the run keeps them (:data:`~tavla.sim.records.KEPT_GAME_BYTES` a game)."""
    kept = KEPT_GAME_BYTES * (MATCH_GAMES if matches else 1) if keep_games else 0
    if matches:
        return MATCH_BYTES + kept
    if cube:
        return CUBE_GAME_BYTES + kept
    return (TRUNCATED_GAME_BYTES if stops else GAME_BYTES) + kept


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


def check_run(units: int, first_unit: int, plan: GamePlan) -> tuple[int, int, GamePlan]:
    """The ``units`` of a run (games, or whole matches when the ``plan`` says so) and its
    ``first_unit`` as ints, and its ``plan`` with ``truncate`` an int, once each of these is
    checked (:func:`~tavla.sim.playout.play_games` says what each means) and the units fit
    in this machine's memory (:func:`check_memory`); raises :class:`~tavla.PlayoutError`
    otherwise.  The plan's ``variance_reduction``, ``luck_keep`` and ``stop_at_bearoff`` are
    the caller's to check (:func:`~tavla.sim.playout.play_games` does)."""
    start, cube, stop_at_bearoff = plan.start, plan.cube, plan.stop_at_bearoff
    games = count_argument("games", units)
    first_game = count_argument("first_game", first_unit)
    if first_game + games >= 2**63:
        what = "first_game + games" if first_game else "games"
        raise PlayoutError(f"{what} must stay below 2**63, got {excerpt(first_game + games)}")
    if start is not None and not isinstance(start, Position):
        raise PlayoutError(f"start must be a Position or None, got {type(start).__name__}")
    if start is not None and start.is_over:
        raise PlayoutError("start is a finished game: a side has borne off all 15 checkers")
    truncate = plan.truncate
    if truncate is not None:
        truncate = int_argument("truncate", truncate, 1, MAX_INT32, " plies (None plays out)")
        plan = replace(plan, truncate=truncate)
    rotate = plan.rotate
    if isinstance(rotate, bool) or rotate not in (0, 1, 2):
        raise PlayoutError(f"rotate must be 0, 1 or 2, got {excerpt(rotate)}")
    stops = plan.stops
    if plan.matches and stops:
        raise PlayoutError("whole matches are played out: no truncate or stop_at_bearoff")
    if cube is not None and stop_at_bearoff == "one-sided":
        raise PlayoutError(
            "games with the cube stop only where the bear-off database is exact, not "
            "'one-sided' (the race approximation has no cube)"
        )
    if plan.evaluator is not None and (cube is None or not stops):
        raise PlayoutError(
            "evaluator values the games stopped with the cube: give cube and "
            "truncate or stop_at_bearoff"
        )
    if check_bool(plan.keep_games, "keep_games", PlayoutError):
        _check_keepable(start, truncate, cube)
        if stop_at_bearoff is not None:
            raise PlayoutError("keep_games keeps whole games: no stop_at_bearoff")
    check_memory(
        games,
        unit_bytes(
            matches=plan.matches, cube=cube is not None, stops=stops, keep_games=plan.keep_games
        ),
    )
    return games, first_game, plan


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
