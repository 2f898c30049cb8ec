"""The cubeful side of the bear-off database: the exact money equities of the two-sided
table's positions in each cube state, the options of the side on roll and its cube action.
The public names are those of :mod:`tavla.eval.bearoff`, whose
:class:`~tavla.eval.bearoff.Database` methods call these with the core's database."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .. import _core
from ..board.position import Position
from ..errors import EvaluatorError
from ..game.cube_owner import CubeOwner
from ..game.cubeful import cube_action
from ._boards import boards_argument

Positions = Position | Sequence[Position] | npt.ArrayLike
Native = _core.BearoffDatabase

CUBE_STATES = tuple(CubeOwner)  # documented in bearoff
CUBE_ACTIONS = ("no double", "double/take", "double/pass")


def cubeful_equities(native: Native, positions: Positions) -> npt.NDArray[np.float64]:
    boards, single = _cube_boards(native, positions)
    values = np.asarray(native.cubeful_equities(boards))
    return values[0] if single else values


def cube_options(native: Native, positions: Positions, cube: str) -> npt.NDArray[np.float64]:
    owner = CubeOwner.parsed(cube, "cube", EvaluatorError)
    boards, single = _cube_boards(native, positions)
    no_double = np.asarray(native.no_double_equities(boards))
    options = np.full((len(boards), 3), np.nan)
    options[:, 0] = no_double[:, owner.number]
    if owner is not CubeOwner.OPPONENT:
        options[:, 1] = 2 * no_double[:, CubeOwner.OPPONENT.number]
        options[:, 2] = 1.0
    return options[0] if single else options


def cube_actions(native: Native, positions: Positions, cube: str) -> str | list[str]:
    if CubeOwner.parsed(cube, "cube", EvaluatorError) is CubeOwner.OPPONENT:
        raise EvaluatorError("the side on roll may not double a cube its opponent owns (R18)")
    options = cube_options(native, positions, cube)
    actions = [cube_action(*row)[0] for row in np.atleast_2d(options)]
    return actions[0] if options.ndim == 1 else actions


def _cube_boards(native: Native, positions: Positions) -> tuple[npt.NDArray[np.int8], bool]:
    if not native.cubeful:
        raise EvaluatorError(
            "this bear-off database was built without its cubeful table "
            "(build it with cubeful=True)"
        )
    boards, single = boards_argument(positions)
    exact = np.asarray(native.exact(boards))
    outside = np.flatnonzero(~exact)
    if len(outside):
        raise EvaluatorError(
            f"board {outside[0]}: not in the exact two-sided bear-off table (both sides "
            f"home with at most {native.checkers} checkers left each)"
        )
    return boards, single
