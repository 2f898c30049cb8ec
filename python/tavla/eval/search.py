"""Search: the n-ply probabilities of a position and the plays of a roll ranked by equity (a
hint, as GNU Backgammon gives it), by any evaluator (:mod:`tavla.eval.evaluators`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from .._validate import check_bool, check_int
from ..board.dice import Roll, parse_roll
from ..board.position import Play, Position
from ..errors import EvaluatorError
from ..game.cube_context import CubeContext
from ..game.cube_model import DEFAULT_CUBE_LIFE
from ..game.cubeful import CubeDecision, decide
from ..game.equity import MatchEquityTable
from . import bearoff as bearoff_tables
from . import nets
from ._boards import boards_argument
from .evaluators import (
    DEFAULT_KEEP,
    DEFAULT_MARGIN,
    MAX_PLIES,
    EvaluatorLike,
    check_filter,
    cubeless_equity,
    make_search,
    resolve_net,
)
from .exact_cube import with_exact_values
from .play_values import PlayValue, play_values


def _position(position: object) -> Position:
    if isinstance(position, Position):
        return position
    if isinstance(position, np.ndarray):
        return Position(position)
    raise EvaluatorError(
        f"a position is a tavla.Position or a (2, 26) int8 board, got {type(position).__name__}"
    )


@dataclass(frozen=True)
class Evaluation:
    """What :func:`evaluate` found for the side on roll of a position, before it rolls.

    Attributes:
        probabilities: ``(5,)`` float64, in :data:`OUTPUTS` order (cumulative: the gammon
            chances include backgammons).
        plies: the depth searched.
        exact: True when the exact two-sided bear-off database gave the value.
        cube: with a context, the cube decision of the side on roll
            (:class:`~tavla.game.cubeful.CubeDecision`: its cubeful equity is
            ``cube.best``, and in a match its MWC ``cube.mwc(cube.best)``); None without.
    """

    probabilities: npt.NDArray[np.float64]
    plies: int
    exact: bool
    cube: CubeDecision | None = None

    @property
    def cubeful_equity(self) -> float | None:
        """With a context, the cubeful equity of the proper cube action per unit of the
        cube (a match's MWC as an equity); None without."""
        return None if self.cube is None else self.cube.best

    @property
    def mwc(self) -> float | None:
        """With a match context, the match winning chance of the side on roll; else None."""
        if self.cube is None or self.cube.met is None:
            return None
        return self.cube.mwc(self.cube.best)

    @property
    def equity(self) -> float:
        """Cubeless money equity, ``2·win - 1 + wg - lg + wbg - lbg``."""
        return float(cubeless_equity(self.probabilities))

    def __repr__(self) -> str:
        shown = ", ".join(f"{value:.4f}" for value in self.probabilities)
        return f"<Evaluation ({shown}) equity {self.equity:+.4f} at {self.plies}-ply>"


@dataclass(frozen=True)
class RankedPlay:
    """One play of a hint (:func:`hint`), best first.

    Attributes:
        play: the :class:`~tavla.Play`.
        probabilities: ``(5,)`` float64 for the side that plays, after the play.
        plies: the depth this play was judged at (plays the move filter dropped keep 0).
        difference: its equity minus the best play's (0 for the best, negative otherwise):
            the cubeful equity when the hint was given a context, else the cubeless one.
        cubeful_equity: with a context, the cubeful equity after the play per unit of the
            cube (money points, or a match's MWC as an equity: EMG), as
            :func:`~tavla.eval.play_values.play_values` gives it; None without.
        mwc: in a match, the match winning chance after the play; None otherwise.
    """

    play: Play
    probabilities: npt.NDArray[np.float64]
    plies: int
    difference: float
    cubeful_equity: float | None = None
    mwc: float | None = None

    @property
    def equity(self) -> float:
        """Cubeless money equity after the play, for the side that plays."""
        return float(cubeless_equity(self.probabilities))


def _prepare(
    evaluator: object, plies: object, use_bearoff: object, keep: object, margin: object
) -> tuple[Any, int, bool]:
    """The ``_core.Search`` the arguments ask for, the depth and the bear-off switch, each
    checked (EvaluatorError)."""
    plies = check_int(plies, "plies", EvaluatorError, low=0, high=MAX_PLIES)
    use_bearoff = check_bool(use_bearoff, "bearoff", EvaluatorError)
    keep, margin = check_filter(keep, margin)
    net = nets.default() if evaluator is None else resolve_net(evaluator)
    return make_search(net, use_bearoff, keep, margin), plies, use_bearoff


def _playable(position: object, search: Any) -> Position:
    position = _position(position)
    if position.is_over:
        raise EvaluatorError("the game is over: there is nothing to evaluate")
    if not search.answers(position.key):
        raise EvaluatorError(
            "the bear-off database answers only where both sides are home: give a net "
            "(evaluator=Net or 'net:PATH', or None for the default net) for this position"
        )
    return position


def evaluate(
    position: Position | npt.ArrayLike,
    evaluator: EvaluatorLike | None = None,
    plies: int = 0,
    *,
    bearoff: bool = True,
    keep: int = DEFAULT_KEEP,
    margin: float = DEFAULT_MARGIN,
    context: CubeContext | None = None,
    cube_life: float = DEFAULT_CUBE_LIFE,
    met: MatchEquityTable | None = None,
) -> Evaluation:
    """The probabilities of the side on roll of ``position`` (before it rolls) at ``plies``.

    ``evaluator`` is a :class:`~tavla.eval.Net` (or net set), ``"net:PATH"``, ``"bearoff"``
    for the bear-off database alone, or None for the strongest shipped net
    (:data:`tavla.eval.nets.DEFAULT`); with ``bearoff`` the database takes over wherever
    both sides are home.  ``plies`` is 0..3 (:mod:`tavla.eval.evaluators`), ``keep`` and
    ``margin`` the move filter.  With a ``context``
    (:class:`~tavla.game.cube_context.CubeContext`) the evaluation also holds the cube
    decision there (``cube``, as :func:`~tavla.cube_decision` makes it, with ``cube_life``
    and ``met``), so its cubeful equity and, in a match, its MWC.  Raises
    :class:`~tavla.EvaluatorError` for a bad evaluator, depth or filter, a finished game,
    or a position no evaluator given answers for (not a bear-off without a net),
    :class:`~tavla.InvalidPositionError` for an invalid board, and what
    :func:`~tavla.cube_decision` raises for a bad context.
    """
    search, plies, use_bearoff = _prepare(evaluator, plies, bearoff, keep, margin)
    position = _playable(position, search)
    probabilities = np.asarray(search.position(position.key, plies), dtype=np.float64)
    exact = use_bearoff and bool(bearoff_tables.covered(position))
    plies = 0 if exact else plies
    cube = None
    if context is not None:
        cube = decide(probabilities, context, cube_life=cube_life, met=met)
        cube = replace(cube, plies=plies, probabilities_exact=exact)
        cube = with_exact_values(cube, position, bearoff=use_bearoff)
    return Evaluation(probabilities, plies, exact, cube)


def evaluate_boards(
    boards: npt.ArrayLike,
    evaluator: EvaluatorLike | None = None,
    plies: int = 0,
    *,
    bearoff: bool = True,
    keep: int = DEFAULT_KEEP,
    margin: float = DEFAULT_MARGIN,
) -> npt.NDArray[np.float64]:
    """:func:`evaluate` for a batch: ``(N, 2, 26)`` boards (each seen from its side on roll)
    to ``(N, 5)`` float64 probabilities, in C++ with the GIL released (one position or a
    ``(2, 26)`` board gives ``(5,)``).  Raises as :func:`evaluate`, the message naming the
    first bad board: :class:`~tavla.InvalidPositionError` for an invalid or finished one."""
    search, plies, _ = _prepare(evaluator, plies, bearoff, keep, margin)
    array, single = boards_argument(boards)
    values = np.asarray(search.positions(array, plies))
    return values[0] if single else values


def hint(
    position: Position | npt.ArrayLike,
    roll: str | Roll,
    evaluator: EvaluatorLike | None = None,
    plies: int = 0,
    *,
    bearoff: bool = True,
    keep: int = DEFAULT_KEEP,
    margin: float = DEFAULT_MARGIN,
    context: CubeContext | None = None,
    cube_life: float = DEFAULT_CUBE_LIFE,
    met: MatchEquityTable | None = None,
) -> list[RankedPlay]:
    """Every legal play of ``roll`` in ``position``, ranked by equity at ``plies`` (best
    first; equal equities keep the order of :meth:`~tavla.Position.legal_plays`), as GNU
    Backgammon's hint lists them.  At 1-ply and deeper the plays the move filter searched
    come first, then those it left at 0-ply (their :attr:`RankedPlay.plies` is 0), whose
    values are not comparable with the deeper ones; a policy chooses among the first.

    Without ``context`` the ranking is by cubeless money equity.  With a
    :class:`~tavla.game.cube_context.CubeContext` (money with the cube's value and owner, or
    a match at its score, the side on roll playing) it is by cubeful equity, and in a match
    by MWC (the same order): each play's cubeless probabilities at ``plies`` go through the
    cube model with ``cube_life`` and ``met`` (None: Kazaross-XG2), as
    :mod:`tavla.eval.play_values` describes.  Arguments and errors as :func:`evaluate`; a
    bad roll raises :class:`~tavla.NotationError`, a bad context
    :class:`~tavla.CubeModelError`."""
    dice = parse_roll(roll)
    search, plies, _ = _prepare(evaluator, plies, bearoff, keep, margin)
    position = _playable(position, search)
    results, probabilities, searched = search.plays(position.key, dice[0], dice[1], plies)
    legal = position.legal_plays(dice)
    index = {play.position.key: i for i, play in enumerate(legal)}
    found = {index[Position(board).swapped().key]: k for k, board in enumerate(results)}
    equities = np.atleast_1d(cubeless_equity(probabilities))
    values: Sequence[PlayValue | None] = [None] * len(legal)
    if context is not None:
        cubeful = play_values(
            [Position(board).swapped() for board in results],
            probabilities,
            context,
            cube_life=cube_life,
            met=met,
        )
        equities = np.array([value.equity for value in cubeful])
        values = cubeful
    order = sorted(
        range(len(legal)), key=lambda i: (searched[found[i]] != plies, -equities[found[i]])
    )
    best = equities[found[order[0]]]
    ranked = []
    for i in order:
        k = found[i]
        value = values[k]
        ranked.append(
            RankedPlay(
                legal[i],
                probabilities[k],
                int(searched[k]),
                float(equities[k] - best),
                None if value is None else value.equity,
                None if value is None else value.mwc,
            )
        )
    return ranked
