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

:func:`probabilities` is **exact** for positions in the two-sided table (:func:`covered`), and
the **one-sided race approximation** for the other positions with both sides home: the two
sides' numbers of rolls taken as independent, the side on roll winning when it needs no more
rolls than the opponent, a gammon when the opponent (none borne off) has not borne off its
first checker by then.  Backgammons cannot happen with both sides home.

The tables are built on first use (about 2 seconds and 35 MB on disk for the default, 6
checkers; 5.5 seconds and 105 MB for 8) and kept in the user cache directory
(``platformdirs.user_cache_dir("tavla")``, or ``$TAVLA_CACHE_DIR``) with a format version and a
SHA-256 checksum; a missing or corrupt file is built again.  Files are written atomically and
under a file lock, so several processes starting at once build them once.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_bool, check_int, excerpt
from ..board.position import Position
from ..errors import EvaluatorError, InvalidPositionError
from ._boards import boards_argument

FORMAT = "tavla-bearoff-1"
"""The ``format`` entry of a database file; a file of another format is built again."""

DEFAULT_CHECKERS = 6
"""Checkers a side of the default two-sided table."""

MAX_CHECKERS: int = _core.MAX_TWO_SIDED_CHECKERS
"""The largest two-sided table that can be built (10 checkers: 8,008² positions, 513 MB)."""

Positions = Position | Sequence[Position] | npt.ArrayLike


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
                f"board {outside[0]}: not a bear-off (a side has a checker outside its home "
                "board)"
            )
        values = np.asarray(self.native.probabilities(boards))
        return values[0] if single else values

    def applies(self, positions: Positions) -> bool | npt.NDArray[np.bool_]:
        """See the module function :func:`applies`."""
        return self._test(self.native.applies, positions)

    def covered(self, positions: Positions) -> bool | npt.NDArray[np.bool_]:
        """See the module function :func:`covered`."""
        return self._test(self.native.exact, positions)

    def _test(self, test: Any, positions: Positions) -> bool | npt.NDArray[np.bool_]:
        boards, single = boards_argument(positions)
        try:
            result = np.asarray(test(boards))
        except ValueError as exc:
            raise InvalidPositionError(str(exc)) from None
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


def _checksum(off: npt.NDArray[Any], first: npt.NDArray[Any], two: npt.NDArray[Any]) -> str:
    digest = hashlib.sha256(FORMAT.encode())
    for table in (off, first, two):
        digest.update(repr(table.shape).encode())
        digest.update(np.ascontiguousarray(table, dtype="<f8").tobytes())
    return digest.hexdigest()


def _write(database: Database, path: Path) -> None:
    native = database.native
    off, first, two = np.asarray(native.off), np.asarray(native.first), np.asarray(native.two_sided)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            np.savez(file, format=np.array(FORMAT), checkers=np.array(native.checkers),
                     off=off, first=first, two_sided=two,
                     sha256=np.array(_checksum(off, first, two)))  # fmt: skip
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a cache is readable
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load(path: str | os.PathLike[str]) -> Database:
    """The databases in a file written by :func:`build`.

    Raises :class:`~tavla.EvaluatorError` when the file is missing, unreadable, of another
    format, or fails its checksum or the core's checks of the tables (distributions summing
    to 1, probabilities in [0, 1], the sizes of the tables)."""
    path = _path_argument(path)
    where = excerpt(str(path), 200)
    try:
        with open(path, "rb") as file, np.load(file, allow_pickle=False) as data:
            entries = {name: data[name] for name in data.files}
    except FileNotFoundError:
        raise EvaluatorError(f"no bear-off database at {where}") from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as exc:
        raise EvaluatorError(f"the bear-off database {where} cannot be read: {exc}") from None
    missing = {"format", "checkers", "off", "first", "two_sided", "sha256"} - set(entries)
    if missing:
        raise EvaluatorError(f"the bear-off database {where} lacks {sorted(missing)}")
    if str(entries["format"]) != FORMAT:
        raise EvaluatorError(
            f"{where} is not a {FORMAT} file (format {excerpt(str(entries['format']))})"
        )
    off, first, two = entries["off"], entries["first"], entries["two_sided"]
    if str(entries["sha256"]) != _checksum(off, first, two):
        raise EvaluatorError(f"the bear-off database {where} fails its checksum")
    try:
        checkers = int(entries["checkers"])
        native = _core.BearoffDatabase(off, first, two, checkers)
    except (TypeError, ValueError) as exc:
        raise EvaluatorError(f"the bear-off database {where}: {exc}") from None
    return Database(native, path)


def build(path: str | os.PathLike[str] | None = None, checkers: int = DEFAULT_CHECKERS) -> Path:
    """Build the databases now, with a two-sided table of ``checkers`` (0 to
    :data:`MAX_CHECKERS`) a side, and write them to ``path`` (default: :func:`default_path`),
    atomically.  Returns the path.  Raises :class:`~tavla.EvaluatorError` for a bad
    ``checkers``, and OSError when the file cannot be written."""
    checkers = check_int(checkers, "checkers", EvaluatorError, low=0, high=MAX_CHECKERS)
    target = default_path(checkers) if path is None else _path_argument(path)
    if target.is_dir():
        raise EvaluatorError(f"{excerpt(str(target), 200)} is a folder: give a file's path")
    _write(Database(_core.BearoffDatabase.build(checkers)), target)
    return target


def _path_argument(path: object) -> Path:
    if not isinstance(path, (str, os.PathLike)):
        raise EvaluatorError(f"a path is a str or a path, got {type(path).__name__}")
    return Path(path)


def _load_or_build(checkers: int) -> Database:
    """The default file for ``checkers``, built (once, under a lock) when missing or corrupt."""
    import filelock

    path = default_path(checkers)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with filelock.FileLock(str(path) + ".lock"):
            try:
                return load(path)
            except EvaluatorError:
                native = _core.BearoffDatabase.build(checkers)
                database = Database(native, path)
                _write(database, path)
                return database
    except OSError as exc:
        raise EvaluatorError(
            f"the bear-off databases' cache folder {excerpt(str(path.parent), 200)} (the user "
            f"cache folder, or $TAVLA_CACHE_DIR) cannot be used: {exc}"
        ) from None


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
