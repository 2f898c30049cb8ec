"""The cube model: what the cube options are worth, from the cubeless probabilities
(:doc:`/cube` gives the formulas and their sources).

Every value is a function of the side on roll's chance ``p`` of winning the game, the way its
wins and losses split into single games, gammons and backgammons held fixed (Janowski's
assumption), and each is a :class:`Piecewise` linear function of ``p``:

- **dead cube**: nobody doubles again; the value is linear in ``p``.
- **fully live cube**: the game's chances move continuously, so every double comes exactly
  at a take or cash point, and the value is linear in ``p`` between them (an optional
  stopping argument: ``p`` is a martingale).
- **cubeful** = ``x · live + (1 - x) · dead``, ``x`` the **cube life** (Rick Janowski,
  "Take-Points in Money Games", 1993; carried over to match winning chances as in GNU
  Backgammon's manual, "Cubeful equities").

Money values are in points per unit of the cube.  Match values are match winning chances
(MWC) from a :class:`~tavla.game.equity.MatchEquityTable`, the live cube's take and cash
points found level by level up to the value where the cube is dead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from .._validate import excerpt
from ..errors import CubeModelError
from ..formats.context import MAX_CUBE_VALUE
from .equity import MatchEquityTable

DEFAULT_CUBE_LIFE = 0.68
"""The default cube life ``x``: 0.68, the cube efficiency GNU Backgammon uses for contact
positions (Janowski's own estimates for typical positions lie between 0.6 and 0.8)."""

_SLACK = 1e-9  # rounding allowed in given probabilities


@dataclass(frozen=True)
class Piecewise:
    """A continuous, piecewise linear function on [0, 1] through the points ``(xs[i],
    ys[i])``, ``xs`` increasing from 0 to 1."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]

    @classmethod
    def through(cls, *points: tuple[float, float]) -> Piecewise:
        xs = tuple(float(x) for x, _ in points)
        if xs[0] != 0 or xs[-1] != 1 or any(b <= a for a, b in pairwise(xs)):
            raise AssertionError(f"the model's points are out of order: {points}")
        return cls(xs, tuple(float(y) for _, y in points))

    @classmethod
    def line(cls, at_zero: float, at_one: float) -> Piecewise:
        return cls((0.0, 1.0), (float(at_zero), float(at_one)))

    def __call__(self, p: float) -> float:
        return float(np.interp(p, self.xs, self.ys))

    def mixed(self, dead: Piecewise, life: float) -> Piecewise:
        """``life · self + (1 - life) · dead``."""
        xs = tuple(sorted(set(self.xs) | set(dead.xs)))
        return Piecewise(xs, tuple(life * self(x) + (1 - life) * dead(x) for x in xs))

    def affine(self, scale: float, offset: float) -> Piecewise:
        return Piecewise(self.xs, tuple(scale * y + offset for y in self.ys))

    def solve(self, value: float) -> float:
        """The least ``p`` where this nondecreasing function reaches ``value`` (0 below its
        range, 1 above)."""
        if value <= self.ys[0]:
            return 0.0
        for (x0, y0), (x1, y1) in pairwise(zip(self.xs, self.ys, strict=True)):
            if y0 < value <= y1:
                return x0 + (x1 - x0) * (value - y0) / (y1 - y0)
        return 1.0


@dataclass(frozen=True)
class Outcomes:
    """How the side on roll's game ends: ``win`` its chance of winning, ``wins`` and
    ``losses`` the shares (single, gammon, backgammon) of its wins and of its losses, each
    summing to 1 (all single when the chance is 0)."""

    win: float
    wins: tuple[float, float, float]
    losses: tuple[float, float, float]

    @classmethod
    def from_probabilities(cls, probabilities: npt.ArrayLike, backgammons: bool = True) -> Outcomes:
        """From the five cumulative probabilities (:data:`tavla.eval.OUTPUTS`) of
        :func:`check_probabilities`; without ``backgammons`` (R16) they count as gammons."""
        win, win_gammon, win_bg, lose_gammon, lose_bg = check_probabilities(probabilities)
        if not backgammons:
            win_bg = lose_bg = 0.0
        return cls(win, _shares(win, win_gammon, win_bg), _shares(1 - win, lose_gammon, lose_bg))

    @property
    def win_value(self) -> float:
        """Points a win is worth on average, in units of the cube (1 to 3)."""
        return self.wins[0] + 2 * self.wins[1] + 3 * self.wins[2]

    @property
    def loss_value(self) -> float:
        """Points a loss costs on average, in units of the cube (1 to 3)."""
        return self.losses[0] + 2 * self.losses[1] + 3 * self.losses[2]


def _shares(total: float, gammons: float, backgammons: float) -> tuple[float, float, float]:
    if total <= 0:
        return (1.0, 0.0, 0.0)
    return ((total - gammons) / total, (gammons - backgammons) / total, backgammons / total)


def check_probabilities(probabilities: npt.ArrayLike) -> tuple[float, float, float, float, float]:
    """Five cumulative probabilities in :data:`tavla.eval.OUTPUTS` order, checked: numbers
    in [0, 1] with ``win_gammon <= win``, ``win_backgammon <= win_gammon``, ``lose_gammon
    <= 1 - win`` and ``lose_backgammon <= lose_gammon`` (within 1e-9).  Raises
    :class:`~tavla.CubeModelError` naming the fault."""
    try:
        array = np.asarray(probabilities, dtype=np.float64)
    except (TypeError, ValueError):
        raise CubeModelError(
            f"probabilities are five numbers, got {excerpt(probabilities)}"
        ) from None
    if array.shape != (5,):
        raise CubeModelError(f"probabilities are five numbers, got shape {array.shape}")
    if not np.isfinite(array).all() or (array < -_SLACK).any() or (array > 1 + _SLACK).any():
        raise CubeModelError(f"probabilities are in [0, 1], got {excerpt(array.tolist())}")
    win, win_gammon, win_bg, lose_gammon, lose_bg = (float(v) for v in np.clip(array, 0, 1))
    for part, whole, what in (
        (win_gammon, win, "the gammon wins exceed the wins"),
        (win_bg, win_gammon, "the backgammon wins exceed the gammon wins"),
        (lose_gammon, 1 - win, "the gammon losses exceed the losses (1 - win)"),
        (lose_bg, lose_gammon, "the backgammon losses exceed the gammon losses"),
    ):
        if part > whole + _SLACK:
            raise CubeModelError(f"inconsistent probabilities: {what} ({part} > {whole})")
    return (
        win,
        min(win_gammon, win),
        min(win_bg, win_gammon),
        min(lose_gammon, 1 - win),
        min(lose_bg, lose_gammon),
    )


def check_cube_life(cube_life: object) -> float:
    """A cube life ``x``: a number from 0 (dead cube) to 1 (fully live)."""
    if isinstance(cube_life, bool) or not isinstance(cube_life, (int, float, np.number)):
        raise CubeModelError(f"the cube life is a number from 0 to 1, got {excerpt(cube_life)}")
    if not 0 <= float(cube_life) <= 1:
        raise CubeModelError(f"the cube life is a number from 0 to 1, got {excerpt(cube_life)}")
    return float(cube_life)


@dataclass(frozen=True)
class Options:
    """The cube options of the side on roll as functions of its winning chance, in units of
    the current cube: ``no_double``, and ``double_take`` (its value after the opponent
    takes; passing is worth +1).  ``scale`` turns them into MWC in a match
    (``MWC = lose + (win - lose)·(e + 1)/2``; None in money play)."""

    no_double: Piecewise
    double_take: Piecewise
    scale: tuple[float, float] | None = None


def money_options(outcomes: Outcomes, owner: str, jacoby: bool, life: float) -> Options:
    """Janowski's money model.  With ``W``, ``L`` the average win and loss values, the fully
    live cube's take point is ``(L - 1/2)/(W + L + 1/2)`` and cash point ``(L + 1)/(W + L +
    1/2)``; the live value runs through ``(0, -L)``, the opponent's cash at the take point
    (-1), the side's own cash at the cash point (+1), ``(1, W)``, through the points each
    owner can use.  ``owner`` is ``"centred"``, ``"on roll"`` or ``"opponent"``.  With the
    Jacoby rule (R22) and a centred cube, gammons count single until the cube is turned:
    the dead value is ``2p - 1`` and the live one runs from -1 to +1."""
    win, loss = outcomes.win_value, outcomes.loss_value
    take = (loss - 0.5) / (win + loss + 0.5)
    cash = (loss + 1) / (win + loss + 0.5)
    dead = Piecewise.line(-loss, win)
    opponent = Piecewise.through((0, -loss), (take, -1), (1, win))
    if owner == "opponent":
        live, dead_now = opponent, dead
    elif owner == "on roll":
        live, dead_now = Piecewise.through((0, -loss), (cash, 1), (1, win)), dead
    elif jacoby:
        live = Piecewise.through((0, -1), (take, -1), (cash, 1), (1, 1))
        dead_now = Piecewise.line(-1, 1)
    else:
        live = Piecewise.through((0, -loss), (take, -1), (cash, 1), (1, win))
        dead_now = dead
    return Options(live.mixed(dead_now, life), opponent.mixed(dead, life).affine(2, 0))


class MatchModel:
    """The match model of one game: ``away`` and ``opponent_away`` the away scores of the
    side on roll and its opponent, the MWC after each result from ``met``, the Crawford
    rule as played (R24), and ``max_cube`` the highest cube a double may reach (R19).

    A side's cube is live at value ``v`` when it may still gain by doubling: it needs more
    than ``v`` points and ``2v`` is allowed (:func:`~tavla.game.equity.dead_cube`).  At
    value ``v``, with ``W(v)``, ``L(v)`` the average MWC after a win or a loss at ``v``:

    - the side's own cube: ``(0, L(v))``, ``(C(v), MWC after winning v)``, ``(1, W(v))``;
    - the opponent's cube: ``(0, L(v))``, ``(T(v), MWC after losing v)``, ``(1, W(v))``;
    - a centred cube: both inner points, each while that side's cube is live;

    each the dead line when its inner points are gone, and each point left out where the
    side it serves would rather play on (too good to cash: :meth:`_live`).  ``C(v)``, the
    cash point, is where
    the opponent's take of a double to ``2v`` (its cube at ``2v``) is worth the drop;
    ``T(v)``, the take point, is where the side's own take of a double to ``2v`` (its cube
    at ``2v``) is worth the drop.  Both come from the level above, so the points are found
    from the top, where both cubes are dead.
    """

    def __init__(
        self,
        outcomes: Outcomes,
        away: int,
        opponent_away: int,
        met: MatchEquityTable,
        *,
        crawford_rule: bool = True,
        max_cube: int = MAX_CUBE_VALUE,
    ) -> None:
        self.outcomes = outcomes
        self.away = away
        self.opponent_away = opponent_away
        self.met = met
        self.crawford_rule = crawford_rule
        self.max_cube = max_cube
        self._memo: dict[tuple[str, int], float] = {}
        met.mwc(away, opponent_away)  # checks both away scores against the table

    def after(self, points: int) -> float:
        """The MWC of the side on roll after it wins ``points`` (< 0: loses them)."""
        return self._cached(
            "after",
            points,
            lambda: self.met.mwc_after(
                self.away, self.opponent_away, points, crawford_rule=self.crawford_rule
            ),
        )

    def scale(self, value: int) -> tuple[float, float]:
        """The MWC after losing and after winning ``value`` points: equity -1 and +1."""
        return self.after(-value), self.after(value)

    def dead(self, value: int) -> Piecewise:
        wins, losses = self.outcomes.wins, self.outcomes.losses
        win = sum(share * self.after(k * value) for k, share in enumerate(wins, 1) if share)
        lose = sum(share * self.after(-k * value) for k, share in enumerate(losses, 1) if share)
        return Piecewise.line(lose, win)

    def live(self, away: int, value: int) -> bool:
        return away > value and 2 * value <= self.max_cube

    def own(self, value: int) -> Piecewise:
        return self._live(value, None, self._cash(value))

    def opponent(self, value: int) -> Piecewise:
        return self._live(value, self._drop(value), None)

    def centred(self, value: int) -> Piecewise:
        return self._live(value, self._drop(value), self._cash(value))

    def _drop(self, value: int) -> tuple[float, float] | None:
        """Where the opponent doubles the side out: its take point, and the MWC of a drop."""
        if not self.live(self.opponent_away, value):
            return None
        return self._take_point(value), self.after(-value)

    def _cash(self, value: int) -> tuple[float, float] | None:
        """Where the side doubles the opponent out: its cash point, and the MWC of a drop."""
        if not self.live(self.away, value):
            return None
        return self._cash_point(value), self.after(value)

    def _live(
        self, value: int, drop: tuple[float, float] | None, cash: tuple[float, float] | None
    ) -> Piecewise:
        """The fully live value: linear between the points where a side cashes, each used
        only where cashing is better for that side than playing on (a side too good to cash
        plays on).  Of the ways to use the points, the one where neither side would rather
        change: the side cashes only above the value it would get by playing on, the
        opponent only below it."""
        dead = self.dead(value)
        ends = ((0.0, dead.ys[0]), (1.0, dead.ys[1]))
        # A point at an end of [0, 1] (a side that always drops or always takes) adds nothing.
        drop = drop if drop is not None and 0 < drop[0] < 1 else None
        cash = cash if cash is not None and 0 < cash[0] < 1 else None
        for used_drop, used_cash in ((drop, cash), (drop, None), (None, cash), (None, None)):
            inner = [point for point in (used_drop, used_cash) if point is not None]
            value_function = Piecewise.through(ends[0], *inner, ends[1])
            without_drop = Piecewise.through(ends[0], *inner[1:], ends[1])
            without_cash = Piecewise.through(ends[0], *inner[:-1], ends[1])
            if drop is not None:
                worse = without_drop if used_drop else value_function
                if (drop[1] <= worse(drop[0])) != bool(used_drop):
                    continue
            if cash is not None:
                better = without_cash if used_cash else value_function
                if (cash[1] >= better(cash[0])) != bool(used_cash):
                    continue
            return value_function
        raise AssertionError(f"no consistent live cube at {drop}, {cash}")

    def _cash_point(self, value: int) -> float:
        return self._cached(
            "cash", value, lambda: self.opponent(2 * value).solve(self.after(value))
        )

    def _take_point(self, value: int) -> float:
        return self._cached("take", value, lambda: self.own(2 * value).solve(self.after(-value)))

    def _cached(self, kind: str, value: int, compute: Callable[[], float]) -> float:
        key = (kind, value)
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def options(self, value: int, owner: str, crawford_game: bool, life: float) -> Options:
        """The options at cube ``value`` (``owner`` as for :func:`money_options`); in the
        Crawford game nobody doubles, so the value is the dead line."""
        if crawford_game:
            live = self.dead(value)
        elif owner == "centred":
            live = self.centred(value)
        elif owner == "on roll":
            live = self.own(value)
        else:
            live = self.opponent(value)
        lose, win = self.scale(value)
        to_equity = (2 / (win - lose), -2 * lose / (win - lose) - 1)
        no_double = live.mixed(self.dead(value), life).affine(*to_equity)
        doubled = self.opponent(2 * value).mixed(self.dead(2 * value), life).affine(*to_equity)
        return Options(no_double, doubled, (lose, win))
