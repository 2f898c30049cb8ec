"""Exact bear-off databases: what every position with both sides home is worth.

When every checker of both sides is on its home board (points 1-6) or borne off, no checker
can be hit again and each side's race is its own.  The databases, built by the C++ core, hold:

- **One-sided** (exact): for each of the 54,264 home boards of 0-15 checkers, the probability
  distribution of the number of rolls needed to bear them all off when every roll is played to
  bear off in the fewest rolls on average, and the distribution of the rolls needed to bear
  off the *first* checker, each roll played for that (what saves a gammon).
- **Two-sided** (exact): for each pair of home boards of at most ``checkers`` checkers each
  (924 x 924 positions for the default 6), the probability that the side on roll wins when
  both sides play to win, by retrograde dynamic programming over all 21 rolls and every legal
  play.  Such positions have no gammons: each side has borne off a checker.
- **Cubeful** (exact, money play): for the same pairs, the side on roll's equity per unit of
  the cube when both sides play the checkers and the cube optimally, with the cube centred,
  the side's own or the opponent's (:data:`CUBE_STATES`): :func:`cubeful_equities`,
  :func:`cube_options`, :func:`cube_actions`.  "Optimal" includes doubling before the roll
  (from the centre or one's own cube, R18) and taking or passing (R19); beavers and raccoons
  (R20) would change no value, a beaver being right only against a double that was wrong
  (:doc:`/evaluation`, "Cubeful bear-offs").

:func:`probabilities` is **exact** for positions in the two-sided table (:func:`covered`), and
the **one-sided race approximation** for the other positions with both sides home: the two
sides' numbers of rolls taken as independent, the side on roll winning when it needs no more
rolls than the opponent, a gammon when the opponent (none borne off) has not borne off its
first checker by then.  Backgammons cannot happen with both sides home.

The tables are built on first use (about 2 seconds and 55 MB on disk for the default, 6
checkers; 7 seconds and 320 MB for 8) and kept in the user cache directory
(``platformdirs.user_cache_dir("tavla")``, or ``$TAVLA_CACHE_DIR``) with a format version and a
SHA-256 checksum; a missing or corrupt file, or one of another size or without its cubeful
table, is built again.  Files are written atomically and under a file lock, so several
processes starting at once build them once, and read without the lock; where the folder
cannot be written, they are built in memory with a :class:`~tavla.CacheWarning`.
"""

from __future__ import annotations

import os
import threading
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_bool, check_int, excerpt
from ..errors import CacheWarning, EvaluatorError
from . import _bearoff_cube, _bearoff_file
from ._bearoff_file import read_tables, write_tables
from ._boards import boards_argument

FORMAT = _bearoff_file.FORMAT
"""The ``format`` entry of a database file; a file of another format (such as
``tavla-bearoff-2``, whose checksum did not cover ``checkers``, or ``tavla-bearoff-1``, which
had no cubeful table) is built again."""

DEFAULT_CHECKERS = 6
"""Checkers a side of the default two-sided table."""

MAX_CHECKERS: int = _core.MAX_TWO_SIDED_CHECKERS
"""The largest two-sided table that can be built (10 checkers: 8,008² positions, 513 MB)."""

CUBE_STATES = _bearoff_cube.CUBE_STATES
"""The :class:`~tavla.game.cube_owner.CubeOwner` members ``("centred", "on roll",
"opponent")``: where the cube is for the side on roll, in the order of the columns of
:func:`cubeful_equities`: centred (either side may double, R18), the side's own (only it may
double; ``"owned"`` is taken for it too), the opponent's (only the opponent may)."""

CUBE_ACTIONS = _bearoff_cube.CUBE_ACTIONS
"""``("no double", "double/take", "double/pass")``: the cube actions :func:`cube_actions`
names.  "Too good" (playing on worth more than a pass) needs gammons, which the two-sided
table has none of. The action is :func:`tavla.game.cubeful.cube_action`'s, whose ties go to no
double: where playing on and a pass are both worth +1 (a certain win) it is no double."""

Positions = _bearoff_cube.Positions


class Database:
    """The bear-off databases in memory (read-only, shared by every thread and search).

    Attributes:
        checkers: checkers a side of the two-sided table.
        path: the file it was read from or written to (None when built in memory only).
    """

    def __init__(self, native: Any, path: Path | None = None) -> None:
        self.native = native
        self.path = path

    @property
    def checkers(self) -> int:
        return int(self.native.checkers)

    @property
    def max_rolls(self) -> int:
        """The length of every one-sided distribution (rolls 0 .. max_rolls - 1)."""
        return int(self.native.max_rolls)

    def probabilities(self, positions: Positions) -> npt.NDArray[np.float64]:
        """See the module function :func:`probabilities`."""
        boards, single = boards_argument(positions)
        outside = np.flatnonzero(~self._test(self.native.applies, boards))
        if len(outside):
            raise EvaluatorError(
                f"board {outside[0]}: not a bear-off (a side has a checker outside its home board)"
            )
        values = np.asarray(self.native.probabilities(boards))
        return values[0] if single else values

    @property
    def cubeful(self) -> bool:
        """Whether the database has its cubeful table (:func:`build` with ``cubeful``)."""
        return bool(self.native.cubeful)

    def cubeful_equities(self, positions: Positions) -> npt.NDArray[np.float64]:
        """See the module function :func:`cubeful_equities`."""
        return _bearoff_cube.cubeful_equities(self.native, positions)

    def cube_options(self, positions: Positions, cube: str = "centred") -> npt.NDArray[np.float64]:
        """See the module function :func:`cube_options`."""
        return _bearoff_cube.cube_options(self.native, positions, cube)

    def cube_actions(self, positions: Positions, cube: str = "centred") -> str | list[str]:
        """See the module function :func:`cube_actions`."""
        return _bearoff_cube.cube_actions(self.native, positions, cube)

    def applies(self, positions: Positions) -> bool | npt.NDArray[np.bool_]:
        """See the module function :func:`applies`."""
        return self._test(self.native.applies, positions)

    def covered(self, positions: Positions) -> bool | npt.NDArray[np.bool_]:
        """See the module function :func:`covered`."""
        return self._test(self.native.exact, positions)

    def _test(self, test: Any, positions: Positions) -> bool | npt.NDArray[np.bool_]:
        boards, single = boards_argument(positions)
        result = np.asarray(test(boards))
        return bool(result[0]) if single else result

    def rolls_distribution(
        self, side: npt.ArrayLike, *, first: bool = False
    ) -> npt.NDArray[np.float64]:
        """See the module function :func:`rolls_distribution`."""
        first = check_bool(first, "first", EvaluatorError)
        return np.asarray(self.native.distribution(_home_counts(side), first))

    def expected_rolls(self, side: npt.ArrayLike, *, first: bool = False) -> float:
        """See the module function :func:`expected_rolls`."""
        distribution = self.rolls_distribution(side, first=first)
        return float(np.arange(len(distribution)) @ distribution)

    def __repr__(self) -> str:
        return f"<bear-off database: one-sided 15, two-sided {self.checkers}>"


def _home_counts(side: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """The 6 home-point counts of a side: a board row ``(26,)`` (its own numbering, all
    checkers home) or the counts of points 1-6 ``(6,)``."""
    try:
        array = np.asarray(side)
    except (TypeError, ValueError) as exc:
        raise EvaluatorError(f"a side cannot be read as an array: {exc}") from None
    if array.shape not in ((26,), (6,)) or not np.issubdtype(array.dtype, np.integer):
        raise EvaluatorError(
            "a side is a board row of 26 integer counts or the 6 counts of points 1-6, got "
            f"shape {array.shape} and dtype {array.dtype}"
        )
    if (array < 0).any() or (array > 15).any():
        raise EvaluatorError(f"a side's counts are 0 to 15, got {excerpt(array.tolist())}")
    if array.shape == (26,):
        if array[7:].any():
            raise EvaluatorError("the side has a checker outside its home board (points 7-25)")
        if array.sum() > 15:
            raise EvaluatorError(f"a side has 15 checkers, got {int(array.sum())}")
        array = array[1:7]
    if array.sum() > 15:
        raise EvaluatorError(f"a home board holds at most 15 checkers, got {int(array.sum())}")
    return array.astype(np.int8)


def cache_directory() -> Path:
    """Where the databases are kept: ``$TAVLA_CACHE_DIR`` when set, else
    ``platformdirs.user_cache_dir("tavla")``."""
    configured = os.environ.get("TAVLA_CACHE_DIR")
    if configured:
        return Path(configured)
    import platformdirs

    return Path(platformdirs.user_cache_dir("tavla"))


def default_path(checkers: int = DEFAULT_CHECKERS) -> Path:
    """The cache file of the databases with a two-sided table of ``checkers``."""
    return cache_directory() / f"bearoff-{checkers}.npz"


def load(path: str | os.PathLike[str]) -> Database:
    """The databases in a file written by :func:`build`.

    Raises :class:`~tavla.EvaluatorError` when the file is missing, unreadable (not an
    ``.npz``, a damaged zip member), of another format, declares tables of other shapes than
    those of its ``checkers`` (checked before they are read), or fails its checksum or the
    core's checks of the tables (distributions summing to 1, probabilities in [0, 1],
    equities in [-1, 1])."""
    path = _path_argument(path)
    return Database(read_tables(path), path)


def build(
    path: str | os.PathLike[str] | None = None,
    checkers: int = DEFAULT_CHECKERS,
    *,
    cubeful: bool = True,
) -> Path:
    """Build the databases now, with a two-sided table of ``checkers`` (0 to
    :data:`MAX_CHECKERS`) a side and, with ``cubeful``, its cubeful table (three times the
    two-sided table's size), and write them to ``path`` (default: :func:`default_path`),
    atomically.  Returns the path.  Raises :class:`~tavla.EvaluatorError` for a bad
    ``checkers`` or ``cubeful``, and OSError when the file cannot be written."""
    checkers = check_int(checkers, "checkers", EvaluatorError, low=0, high=MAX_CHECKERS)
    cubeful = check_bool(cubeful, "cubeful", EvaluatorError)
    target = default_path(checkers) if path is None else _path_argument(path)
    if target.is_dir():
        raise EvaluatorError(f"{excerpt(str(target), 200)} is a folder: give a file's path")
    write_tables(_core.BearoffDatabase.build(checkers, cubeful), target)
    return target


def _path_argument(path: object) -> Path:
    if not isinstance(path, (str, os.PathLike)):
        raise EvaluatorError(f"a path is a str or a path, got {type(path).__name__}")
    return Path(path)


def _load_or_build(checkers: int) -> Database:
    """The default file for ``checkers``: read without a lock (it is replaced atomically),
    else built (once, under a lock) when missing, corrupt or not the databases asked for
    (another size, no cubeful table).  A cache folder that cannot be written gets the
    databases built in memory, with a :class:`~tavla.CacheWarning`."""
    import filelock

    path = default_path(checkers)
    database = _cached(path, checkers)
    if database is not None:
        return database
    native = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with filelock.FileLock(str(path) + ".lock"):
            database = _cached(path, checkers)  # another process may have built it meanwhile
            if database is not None:
                return database
            native = _core.BearoffDatabase.build(checkers)
            write_tables(native, path)
            return Database(native, path)
    except OSError as exc:
        warnings.warn(
            f"the bear-off databases' cache folder {excerpt(str(path.parent), 200)} (the user "
            f"cache folder, or $TAVLA_CACHE_DIR) cannot be written ({exc}): the databases are "
            "built in memory, for this process only",
            CacheWarning,
            stacklevel=2,
        )
        return Database(native if native is not None else _core.BearoffDatabase.build(checkers))


def _cached(path: Path, checkers: int) -> Database | None:
    """The databases at ``path`` when they are the default ones for ``checkers``."""
    try:
        database = load(path)
    except EvaluatorError:
        return None
    return database if database.checkers == checkers and database.cubeful else None


_default_lock = threading.Lock()
_default: Database | None = None


def database() -> Database:
    """The databases every search, policy and function here uses, loaded once a process:
    those set by :func:`set_default`, else the cache file with the default two-sided table
    (:data:`DEFAULT_CHECKERS`), built on first use."""
    global _default
    with _default_lock:
        if _default is None:
            _default = _load_or_build(DEFAULT_CHECKERS)
        return _default


def set_default(source: Database | str | os.PathLike[str] | None) -> None:
    """Make ``source`` (a :class:`Database` or the path of a file from :func:`build`) the
    databases :func:`database` returns in this process; None goes back to the default.
    Raises as :func:`load`."""
    global _default
    if not isinstance(source, (Database, str, os.PathLike)) and source is not None:
        raise EvaluatorError(
            f"set_default takes a Database, a path or None, got {type(source).__name__}"
        )
    chosen = source if isinstance(source, Database) or source is None else load(source)
    with _default_lock:
        _default = chosen


def probabilities(positions: Positions) -> npt.NDArray[np.float64]:
    """The five probabilities (win, win gammon, win backgammon, lose gammon, lose backgammon;
    cumulative) of the side on roll of bear-off positions, before it rolls: ``(5,)`` float64
    for one position (a :class:`~tavla.Position` or a ``(2, 26)`` board), ``(N, 5)`` for
    ``(N, 2, 26)`` boards or a sequence of positions.  Exact where :func:`covered`, the
    one-sided race approximation elsewhere (module docs).  Raises
    :class:`~tavla.EvaluatorError` for a position where a side has a checker outside its home
    board, :class:`~tavla.InvalidPositionError` for an invalid or finished one."""
    return database().probabilities(positions)


def applies(positions: Positions) -> bool | npt.NDArray[np.bool_]:
    """Whether the databases evaluate the position(s): both sides have every checker home.
    A bool for one position, ``(N,)`` bool for a batch."""
    return database().applies(positions)


def covered(positions: Positions) -> bool | npt.NDArray[np.bool_]:
    """Whether the position(s) are in the exact two-sided table: both sides home with at most
    :attr:`Database.checkers` checkers left each.  A bool for one position, ``(N,)`` bool for
    a batch."""
    return database().covered(positions)


def rolls_distribution(side: npt.ArrayLike, *, first: bool = False) -> npt.NDArray[np.float64]:
    """The exact distribution of the number of rolls a side needs to bear off all its checkers
    (or, with ``first``, its first checker), playing each roll for the fewest rolls on average:
    ``(max_rolls,)`` float64, entry ``n`` the probability of exactly ``n`` rolls, summing to 1.
    ``side`` is a board row ``(26,)`` in its own numbering with every checker home, or the 6
    counts of points 1-6.  Raises :class:`~tavla.EvaluatorError` for anything else."""
    return database().rolls_distribution(side, first=first)


def expected_rolls(side: npt.ArrayLike, *, first: bool = False) -> float:
    """The mean of :func:`rolls_distribution`: the expected number of rolls."""
    return database().expected_rolls(side, first=first)


def cubeful_equities(positions: Positions) -> npt.NDArray[np.float64]:
    """The exact cubeful money equities of the side on roll of bear-off positions, before it
    rolls, per unit of the cube, when both sides play the checkers and the cube optimally:
    ``(3,)`` float64 for one position, ``(N, 3)`` for a batch, the columns in
    :data:`CUBE_STATES` order (cube centred, the side's own, the opponent's).  The side
    doubles now where that is right: from the centre or its own cube an entry is
    ``max(no_double, min(double_take, double_pass))`` of :func:`cube_options`.

    Raises :class:`~tavla.EvaluatorError` for a position outside the exact two-sided table
    (:func:`covered`) or a database built without its cubeful table,
    :class:`~tavla.InvalidPositionError` for an invalid or finished one."""
    return database().cubeful_equities(positions)


def cube_options(positions: Positions, cube: str = "centred") -> npt.NDArray[np.float64]:
    """The side on roll's exact cubeful equities per unit of the cube of its three cube
    options, with the cube where ``cube`` says (one of :data:`CUBE_STATES`): ``(3,)``
    float64 for one position, ``(N, 3)`` for a batch, the columns no double, double/take
    (twice the no-double equity with the cube the opponent's), double/pass (+1, R19).  With
    ``cube="opponent"`` the side may not double (R18): the last two columns are NaN.
    Raises as :func:`cubeful_equities`, and :class:`~tavla.EvaluatorError` for another
    ``cube``."""
    return database().cube_options(positions, cube)


def cube_actions(positions: Positions, cube: str = "centred") -> str | list[str]:
    """The side on roll's proper cube action, one of :data:`CUBE_ACTIONS`, with the cube
    centred (``cube="centred"``) or its own (``"on roll"`` or ``"owned"``): a str for one
    position, a list for a batch.  From :func:`cube_options`: the opponent takes when a take
    leaves the doubler no more than a pass (a tie goes to the take); a take is doubled when it
    gains on playing on, a pass always.  Raises as :func:`cube_options`, and
    :class:`~tavla.EvaluatorError` for ``cube="opponent"``."""
    return database().cube_actions(positions, cube)
