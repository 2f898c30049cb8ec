"""Match equity tables (MET): the match winning chance (MWC) of each score, and what follows
from it at a given score and cube: equity and MWC, take points, gammon values, the free drop
and the dead cube of the late match (:doc:`/cube`).

Scores are *away* scores, the points a side still needs (match length minus its score).  A
table holds, for each pair of away scores up to its length (25 for both tables shipped), the
MWC before the game starts, with the cube centred at 1:

- the **pre-Crawford** table ``pre[i][j]``: the MWC of the side ``i + 1`` away against one
  ``j + 1`` away.  Entries where a side is 1 away are those of the **Crawford game** (R24),
  the first game after a side reaches 1 away.  ``pre[i][j] + pre[j][i] = 1``.
- the **post-Crawford** row ``post[k]``: the MWC of the **trailer**, ``k + 1`` away, against
  the leader 1 away, in the games after the Crawford game.

Two tables are shipped, as the XML files GNU Backgammon 1.07 distributes (with their
copyright notices, in ``tavla/game/data``): **Kazaross-XG2** (the default; © 2011 Neil
Kazaross: eXtreme Gammon rollouts to 9 points, GNU Backgammon rollouts to 15, extended to 25
by projecting take points) and **Rockwell-Kazaross** (© 2008-2010 David Rockwell and Neil
Kazaross).  Scores beyond a table's length raise :class:`~tavla.MatchEquityError`: tavla
does not extrapolate.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_bool, check_int, check_power_of_two, excerpt
from ..errors import MatchEquityError
from ..formats.context import MAX_CUBE_VALUE

BUILTIN_TABLES = ("Kazaross-XG2", "Rockwell-Kazaross")
"""The tables shipped with tavla, by the names :meth:`MatchEquityTable.builtin` takes; the
first is the default."""

_SYMMETRY_TOLERANCE = 1e-4  # the files print 5 or 6 decimals


class MatchEquityTable:
    """A match equity table: pre-Crawford MWCs and the post-Crawford row (module docstring).

    Build one from arrays, or with :meth:`default`, :meth:`builtin` or :meth:`read`.

    Args:
        pre_crawford: ``(n, n)`` MWCs in [0, 1], ``pre[i][j]`` for the side ``i + 1`` away
            against ``j + 1`` away; 0.5 on the diagonal, ``pre[i][j] + pre[j][i] = 1``
            (within 1e-4, as printed tables are rounded).
        post_crawford: ``(n,)`` MWCs in [0, 1] of the post-Crawford trailer ``k + 1`` away
            against the leader 1 away; the first (1 away each) is 0.5.
        name: what the table is called (``"Kazaross XG2 25 point MET"``).

    Raises :class:`~tavla.MatchEquityError` for arrays of the wrong shape, values outside
    [0, 1] or not finite, or a pre-Crawford table that is not symmetric as above.
    """

    def __init__(
        self, pre_crawford: npt.ArrayLike, post_crawford: npt.ArrayLike, *, name: str = ""
    ) -> None:
        pre = _probabilities(pre_crawford, "the pre-Crawford table")
        post = _probabilities(post_crawford, "the post-Crawford row")
        if pre.ndim != 2 or pre.shape[0] != pre.shape[1] or pre.shape[0] < 1:
            raise MatchEquityError(f"the pre-Crawford table is square, got shape {pre.shape}")
        if post.shape != (pre.shape[0],):
            raise MatchEquityError(
                f"the post-Crawford row has one value per away score ({pre.shape[0]}), got"
                f" shape {post.shape}"
            )
        if np.abs(pre + pre.T - 1).max() > _SYMMETRY_TOLERANCE:
            i, j = np.unravel_index(np.abs(pre + pre.T - 1).argmax(), pre.shape)
            raise MatchEquityError(
                f"the MWCs of {i + 1}-away against {j + 1}-away and back do not add up to 1:"
                f" {pre[i, j]} + {pre[j, i]}"
            )
        if abs(post[0] - 0.5) > _SYMMETRY_TOLERANCE:
            raise MatchEquityError(f"post-Crawford at 1-away each is 0.5, got {post[0]}")
        pre.setflags(write=False)
        post.setflags(write=False)
        self.pre_crawford = pre
        self.post_crawford = post
        self.name = name
        self._native: dict[bool, _core.MatchEquity] = {}

    @classmethod
    def default(cls) -> MatchEquityTable:
        """The default table, Kazaross-XG2 (read once a process)."""
        return cls.builtin(BUILTIN_TABLES[0])

    @classmethod
    def builtin(cls, name: str) -> MatchEquityTable:
        """A table shipped with tavla, by name: one of :data:`BUILTIN_TABLES` (read once a
        process).  Raises :class:`~tavla.MatchEquityError` for another name."""
        if name not in BUILTIN_TABLES:
            raise MatchEquityError(
                f"no built-in table {excerpt(name)}: there are {', '.join(BUILTIN_TABLES)}"
            )
        return _builtin(name)

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> MatchEquityTable:
        """Read a table from a GNU Backgammon MET XML file (its ``met.dtd`` format): a
        ``<pre-crawford-table type="explicit">`` of ``<row>``s of ``<me>`` values and a
        ``<post-crawford-table type="explicit">`` with one row (``player="both"``, or the
        first of two per-player rows).  Tables given by a formula (``type="zadeh"``, ...)
        are refused.  The name is the file's ``<info><name>``.

        Raises :class:`~tavla.MatchEquityError` for a file that cannot be read or parsed,
        a formula table, a row of the wrong length, a value that is not a number, and what
        the constructor refuses."""
        if not isinstance(path, (str, os.PathLike)):
            raise MatchEquityError(f"a table's path is a str or a path, got {type(path).__name__}")
        where = excerpt(os.fspath(path), 200)
        try:
            root = ElementTree.parse(os.fspath(path)).getroot()
        except (OSError, ElementTree.ParseError, LookupError, ValueError) as exc:
            # LookupError: an unknown encoding; ValueError: a multi-byte one, a NUL in the path
            raise MatchEquityError(
                f"cannot read a match equity table from {where}: {exc}"
            ) from None
        if root.tag != "met":
            raise MatchEquityError(f"{where}: the root element is <{root.tag}>, not <met>")
        pre = _explicit_rows(root, "pre-crawford-table", where)
        post = _explicit_rows(root, "post-crawford-table", where)
        if any(len(row) != len(pre) for row in pre):
            raise MatchEquityError(
                f"{where}: the pre-Crawford table has {len(pre)} rows of lengths"
                f" {sorted({len(row) for row in pre})}: it must be square"
            )
        name = (root.findtext("info/name") or "").strip()
        try:
            return cls(pre, post[0], name=name)
        except MatchEquityError as exc:
            raise MatchEquityError(f"{where}: {exc}") from None

    @property
    def length(self) -> int:
        """The longest away score the table holds (25 for the built-in tables)."""
        return int(self.pre_crawford.shape[0])

    def mwc(self, away: int, opponent_away: int, post_crawford: bool = False) -> float:
        """The MWC of the side ``away`` points away against one ``opponent_away`` away, at
        the start of a game.  Pre-Crawford (the default) a side 1 away plays the Crawford
        game; with ``post_crawford`` one side must be 1 away (the leader) and the other is
        the trailer.  Raises :class:`~tavla.MatchEquityError` for an away score that is not
        an int from 1 to :attr:`length`, or a post-Crawford score with neither side 1
        away."""
        away, opponent_away = self._aways(away, opponent_away)
        post_crawford = check_bool(post_crawford, "post_crawford", MatchEquityError)
        if post_crawford and min(away, opponent_away) != 1:
            raise MatchEquityError(
                f"post-Crawford, a side is 1 away (R24): got {away}-away, {opponent_away}-away"
            )
        return self._mwc(away, opponent_away, post_crawford)

    def mwc_after(
        self, away: int, opponent_away: int, points: int, *, crawford_rule: bool = True
    ) -> float:
        """The MWC of the side ``away`` after it wins ``points`` (> 0) or loses ``-points``
        (< 0) in this game: 1 or 0 when that ends the match.  The next game is post-Crawford
        if a side is 1 away now (this game is the Crawford game or after it), or when the
        match plays without the Crawford rule; else a side reaching 1 away plays the
        Crawford game.  Raises as :meth:`mwc`, and for ``points`` that is not a nonzero
        int."""
        away, opponent_away = self._aways(away, opponent_away)
        points = check_int(points, "points", MatchEquityError)
        if points == 0:
            raise MatchEquityError("a game moves points: give the points won (> 0) or lost (< 0)")
        crawford_rule = check_bool(crawford_rule, "crawford_rule", MatchEquityError)
        return self._after_points(away, opponent_away, points, crawford_rule)

    def _after_points(
        self, away: int, opponent_away: int, points: int, crawford_rule: bool
    ) -> float:
        post_next = min(away, opponent_away) == 1 or not crawford_rule
        if points > 0:
            return self._after(away - points, opponent_away, post_next)
        return self._after(away, opponent_away + points, post_next)

    def native(self, crawford_rule: bool = True) -> _core.MatchEquity:
        """The table as the core's cube model reads it (made once per Crawford rule): the
        MWC after every result of a game at every score, :meth:`mwc_after`'s values."""
        crawford_rule = check_bool(crawford_rule, "crawford_rule", MatchEquityError)
        if crawford_rule not in self._native:
            n = self.length
            values = np.empty((n, n, 2, n))
            for away in range(1, n + 1):
                for opponent_away in range(1, n + 1):
                    for points in range(1, n + 1):
                        for side, signed in ((0, points), (1, -points)):
                            values[away - 1, opponent_away - 1, side, points - 1] = (
                                self._after_points(away, opponent_away, signed, crawford_rule)
                            )
            self._native[crawford_rule] = _core.MatchEquity(values)
        return self._native[crawford_rule]

    def _after(self, away: int, opponent_away: int, post_crawford: bool) -> float:
        if away <= 0:
            return 1.0
        if opponent_away <= 0:
            return 0.0
        return self._mwc(away, opponent_away, post_crawford and min(away, opponent_away) == 1)

    def _mwc(self, away: int, opponent_away: int, post_crawford: bool) -> float:
        if not post_crawford:
            return float(self.pre_crawford[away - 1, opponent_away - 1])
        if away == 1:
            return 1.0 - float(self.post_crawford[opponent_away - 1])
        return float(self.post_crawford[away - 1])

    def _aways(self, away: object, opponent_away: object) -> tuple[int, int]:
        name = f"an away score (1 to the {self.length} of the table {self.name!r})"
        return (
            check_int(away, name, MatchEquityError, low=1, high=self.length),
            check_int(opponent_away, name, MatchEquityError, low=1, high=self.length),
        )

    def equity_to_mwc(
        self,
        equity: float,
        away: int,
        opponent_away: int,
        cube: int = 1,
        *,
        crawford_rule: bool = True,
    ) -> float:
        """The MWC that an equity in units of the cube stands for: ``L + (W - L)·(e + 1)/2``,
        ``W`` and ``L`` the MWC after the side ``away`` wins or loses ``cube`` points
        (GNU Backgammon's convention, :doc:`/cube`, "What follows at a score"): -1 is a loss
        of the cube, +1 a win of it.  Raises as :meth:`mwc_after`, and for a cube that is not
        a power of two from 1 to 32768."""
        win, lose = self._cube_outcomes(away, opponent_away, cube, crawford_rule)
        return lose + (win - lose) * (float(equity) + 1) / 2

    def mwc_to_equity(
        self,
        mwc: float,
        away: int,
        opponent_away: int,
        cube: int = 1,
        *,
        crawford_rule: bool = True,
    ) -> float:
        """The inverse of :meth:`equity_to_mwc`: ``2·(MWC - L)/(W - L) - 1``."""
        win, lose = self._cube_outcomes(away, opponent_away, cube, crawford_rule)
        return 2 * (float(mwc) - lose) / (win - lose) - 1

    def _cube_outcomes(
        self, away: int, opponent_away: int, cube: int, crawford_rule: bool
    ) -> tuple[float, float]:
        cube = _cube(cube)
        return (
            self.mwc_after(away, opponent_away, cube, crawford_rule=crawford_rule),
            self.mwc_after(away, opponent_away, -cube, crawford_rule=crawford_rule),
        )

    def take_point(
        self, away: int, opponent_away: int, cube: int = 1, *, post_crawford: bool = False
    ) -> float:
        """The dead-cube, gammonless take point of the side ``away`` when its opponent
        doubles the cube from ``cube`` to twice that: the least chance of winning the game
        at which taking is worth as much as dropping, risk over risk plus gain,
        ``(D - L)/(W - L)``, with ``D`` the MWC after a drop (the opponent wins ``cube``
        points) and ``W``, ``L`` after winning or losing ``2·cube`` points.  The live-cube
        take point, with gammons, is :func:`tavla.game.cubeful.take_point`.

        Raises as :meth:`mwc`, and for the Crawford game (a side 1 away, not post-Crawford:
        nobody doubles, R24) or a cube that is not a power of two from 1 to 16384."""
        away, opponent_away = self._aways(away, opponent_away)
        post_crawford = check_bool(post_crawford, "post_crawford", MatchEquityError)
        if min(away, opponent_away) == 1 and not post_crawford:
            raise MatchEquityError("a side is 1 away: the Crawford game, no doubling in it (R24)")
        self.mwc(away, opponent_away, post_crawford)  # checks the score
        cube = _cube(cube, high=MAX_CUBE_VALUE // 2)
        drop = self.mwc_after(away, opponent_away, -cube)
        win = self.mwc_after(away, opponent_away, 2 * cube)
        lose = self.mwc_after(away, opponent_away, -2 * cube)
        return (drop - lose) / (win - lose)

    def gammon_value(
        self, away: int, opponent_away: int, cube: int = 1, *, crawford_rule: bool = True
    ) -> float:
        """What winning a gammon rather than a single game is worth to the side ``away`` at
        ``cube``, in units of what a single game is worth (the usual definition):
        ``(G - W)/(W - L)``, with ``W``, ``G`` the MWC after winning ``cube`` or
        ``2·cube`` points and ``L`` after losing ``cube``.  1 in money play; 0 when a
        single win already wins the match.  What losing a gammon costs the side is the
        opponent's gammon value, ``gammon_value(opponent_away, away, cube)``.  Raises as
        :meth:`equity_to_mwc`."""
        win, lose = self._cube_outcomes(away, opponent_away, cube, crawford_rule)
        gammon = self.mwc_after(away, opponent_away, 2 * _cube(cube), crawford_rule=crawford_rule)
        return (gammon - win) / (win - lose)

    def free_drop_cost(self, trailer_away: int) -> float:
        """What the post-Crawford leader (1 away) loses in MWC by dropping the trailer's
        double at the start of a game rather than playing the game out: the trailer
        ``trailer_away`` away moves from ``post[k]`` to ``post[k - 1]``.  Small at an even
        away score, the **free drop** (2-away: 48.80% to 50.00%, 4-away: 31.00% to 32.26%
        with Kazaross-XG2), as the trailer needs as many 2-point games either way; large at
        an odd one (:doc:`/cube`, "What follows at a score").  Raises as :meth:`mwc` for a
        ``trailer_away`` from 2 to :attr:`length`."""
        trailer_away = check_int(
            trailer_away, "the trailer's away score", MatchEquityError, low=2, high=self.length
        )
        return self._mwc(trailer_away - 1, 1, True) - self._mwc(trailer_away, 1, True)

    def __getstate__(self) -> dict[str, object]:
        """What pickles: the tables and the name, not the core's copies (made again)."""
        return {**self.__dict__, "_native": {}}

    def __repr__(self) -> str:
        return f"<MatchEquityTable {self.name!r}, {self.length} points>"


def has_free_drop(trailer_away: int) -> bool:
    """True when the post-Crawford trailer is at an even away score: dropping its first
    double costs the leader little (:meth:`MatchEquityTable.free_drop_cost`)."""
    return check_int(trailer_away, "the trailer's away score", MatchEquityError, low=2) % 2 == 0


def dead_cube(away: int, cube: int) -> bool:
    """True when the side ``away`` points away gains nothing by doubling a cube at ``cube``:
    a single game won at that value already wins it the match, and doubling only raises
    what it loses.  So the post-Crawford leader never doubles, and the cube it owns after
    the trailer's double is dead; the trailer's own cube is dead once its value reaches
    the trailer's away score."""
    away = check_int(away, "an away score", MatchEquityError, low=1)
    return away <= _cube(cube)


def _cube(cube: object, high: int = MAX_CUBE_VALUE) -> int:
    return check_power_of_two(cube, "the cube value", MatchEquityError, high=high)


def _probabilities(values: npt.ArrayLike, what: str) -> npt.NDArray[np.float64]:
    try:
        array = np.array(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise MatchEquityError(f"{what} cannot be read as numbers: {exc}") from None
    if not np.isfinite(array).all() or (array < 0).any() or (array > 1).any():
        raise MatchEquityError(f"{what} holds values outside [0, 1]: MWCs are probabilities")
    return array


def _explicit_rows(root: ElementTree.Element, tag: str, path: str) -> list[list[float]]:
    table = root.find(tag)
    if table is None:
        raise MatchEquityError(f"{path}: no <{tag}>")
    kind = table.get("type", "explicit")
    if kind != "explicit":
        raise MatchEquityError(
            f"{path}: the <{tag}> is given by the formula {excerpt(kind)}: tavla reads"
            " explicit tables only"
        )
    rows = []
    for row in table.findall("row"):
        try:
            rows.append([float((me.text or "").strip()) for me in row.findall("me")])
        except ValueError as exc:
            raise MatchEquityError(
                f"{path}: a <me> of the <{tag}> is not a number: {exc}"
            ) from None
    if not rows or not rows[0]:
        raise MatchEquityError(f"{path}: the <{tag}> has no <row> of <me> values")
    return rows


@cache
def _builtin(name: str) -> MatchEquityTable:
    with resources.as_file(resources.files(__package__).joinpath(f"data/{name}.xml")) as path:
        return MatchEquityTable.read(Path(path))
