"""Search: the n-ply probabilities of a position and the plays of a roll ranked by equity (a
hint, as GNU Backgammon gives it), by any evaluator (:mod:`tavla.eval.evaluators`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .._validate import check_bool, check_int
from ..board.dice import Roll, parse_roll
from ..board.position import Play, Position
from ..errors import EvaluatorError, InvalidPositionError
from . import bearoff as bearoff_tables
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
    """

    probabilities: npt.NDArray[np.float64]
    plies: int
    exact: bool

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
        difference: its equity minus the best play's (0 for the best, negative otherwise).
    """

    play: Play
    probabilities: npt.NDArray[np.float64]
    plies: int
    difference: float

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
    return make_search(resolve_net(evaluator), use_bearoff, keep, margin), plies, use_bearoff


def _playable(position: object, search: Any) -> Position:
    position = _position(position)
    if position.is_over:
        raise EvaluatorError("the game is over: there is nothing to evaluate")
    if not search.answers(position.key):
        raise EvaluatorError(
            "the bear-off database answers only where both sides are home: give a net "
            "(evaluator=Net or 'net:PATH') for this position"
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
) -> Evaluation:
    """The probabilities of the side on roll of ``position`` (before it rolls) at ``plies``.

    ``evaluator`` is a :class:`~tavla.eval.Net`, ``"net:PATH"``, or None / ``"bearoff"`` for
    the bear-off database alone; with ``bearoff`` the database takes over wherever both
    sides are home.  ``plies`` is 0..3 (:mod:`tavla.eval.evaluators`), ``keep`` and
    ``margin`` the move filter.  Raises :class:`~tavla.EvaluatorError` for a bad evaluator,
    depth or filter, a finished game, or a position no evaluator given answers for (not a
    bear-off without a net), and :class:`~tavla.InvalidPositionError` for an invalid board.
    """
    search, plies, use_bearoff = _prepare(evaluator, plies, bearoff, keep, margin)
    position = _playable(position, search)
    probabilities = np.asarray(search.position(position.key, plies), dtype=np.float64)
    exact = use_bearoff and bool(bearoff_tables.covered(position))
    return Evaluation(probabilities, 0 if exact else plies, exact)


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
    try:
        values = np.asarray(search.positions(array, plies))
    except ValueError as exc:
        error = EvaluatorError if "does not apply" in str(exc) else InvalidPositionError
        raise error(str(exc)) from None
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
) -> list[RankedPlay]:
    """Every legal play of ``roll`` in ``position``, ranked by cubeless equity at ``plies``
    (best first; equal equities keep the order of :meth:`~tavla.Position.legal_plays`), as
    GNU Backgammon's hint lists them.  At 1-ply and deeper the plays the move filter searched
    come first, then those it left at 0-ply (their :attr:`RankedPlay.plies` is 0), whose
    values are not comparable with the deeper ones; a policy chooses among the first.
    Arguments and errors as :func:`evaluate`; a bad roll raises
    :class:`~tavla.NotationError`."""
    dice = parse_roll(roll)
    search, plies, _ = _prepare(evaluator, plies, bearoff, keep, margin)
    position = _playable(position, search)
    results, probabilities, searched = search.plays(position.key, dice[0], dice[1], plies)
    legal = position.legal_plays(dice)
    index = {play.position.key: i for i, play in enumerate(legal)}
    found = {index[Position(board).swapped().key]: k for k, board in enumerate(results)}
    equities = np.atleast_1d(cubeless_equity(probabilities))
    order = sorted(
        range(len(legal)), key=lambda i: (searched[found[i]] != plies, -equities[found[i]])
    )
    best = equities[found[order[0]]]
    ranked = []
    for i in order:
        k = found[i]
        difference = float(equities[k] - best)
        ranked.append(RankedPlay(legal[i], probabilities[k], int(searched[k]), difference))
    return ranked
