"""Input encodings of the neural nets (:doc:`/nets`): a board, seen from the side on roll,
as the numbers a net's first layer reads. The core computes them (``cpp/src/encoding.cpp``);
:class:`~tavla.eval.net.Net` uses the same code.

``"td198"`` (198 inputs)
    For the side on roll (inputs 0-97), then the opponent (98-195), each on its own side's
    numbering: for points 1..24, four units ``n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2``
    (point p at ``4 * (p - 1)``); then the bar count / 2 (96); then the borne-off count / 15
    (97). Finally two constant units ``1, 0`` (196, 197), kept so that the count is Tesauro's
    198.
``"gnubg200"`` (200 inputs)
    GNU Backgammon's base inputs: the opponent (0-99), then the side on roll (100-199); per
    side 25 slots of 4 units, points 1..24 then the bar. A point holding n checkers gives
    ``(0, 0, 0, 0)`` for 0, ``(1, 0, 0, 0)`` for 1, ``(0, 1, 0, 0)`` for 2 and
    ``(0, 0, 1, (n - 3) / 2)`` for 3 or more; the bar is cumulative, as in td198.
``"tavla218"`` (218 inputs)
    td198's inputs 0-195; then ``(1, 0)`` when the position still has contact and ``(0, 1)``
    in a race (196, 197); then ten features of the side on roll (198-207) and the same ten of
    the opponent (208-217), each on its own numbering:

    0. pip count / 167 (1.0 at the start, at most 2.25);
    1. checkers on home-board points 1..6, / 15;
    2. checkers on the outfield points 7..18, / 15;
    3. checkers back, on points 19..24 or the bar, / 15;
    4. blots (points 1..24 holding one checker), / 15;
    5. exposed blots: blots with an opponent checker 1 to 6 pips in front of them (on a point
       or the bar; direct shots, blocking ignored), / 15;
    6. home-board points made (two or more checkers), / 6;
    7. the longest run of made points (a prime), up to 6, / 6;
    8. anchors: points made in the opponent's home board (19..24), / 6;
    9. the rearmost checker: the highest point holding one (25 for the bar, 0 when all are
       off), / 25.
``"contact229"`` (229 inputs), for the contact and crashed nets of a net set
    td198's inputs 0-195, then 33 hand-made features in ten groups (:func:`feature_groups`),
    each side on its own numbering, the side on roll first: ``pips``, ``back``, ``escapes``,
    ``containment``, ``anchors``, ``points``, ``blots``, ``timing``, ``mobility``,
    ``backbone`` (the table in :doc:`/nets` gives every input, what it counts and its
    scale).
``"race205"`` (205 inputs), for race nets
    td198's inputs 0-195, then 9 race features in four groups: ``pips``, ``crossovers``,
    ``outside``, ``gaps``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import excerpt
from ..board.position import Position
from ..errors import InvalidPositionError, NetError
from ._boards import boards_argument

_ENCODINGS = dict(_core.encodings())


def encodings() -> dict[str, int]:
    """Every encoding's name and input count: ``{"td198": 198, "gnubg200": 200, ...}``."""
    return dict(_ENCODINGS)


def check_encoding(name: object) -> str:
    """``name`` when it names an encoding; raises :class:`~tavla.NetError` otherwise."""
    if isinstance(name, str) and name in _ENCODINGS:
        return name
    raise NetError(f"unknown encoding {excerpt(name)} (known: {', '.join(_ENCODINGS)})")


def feature_groups(name: str) -> dict[str, range]:
    """The hand-made feature groups of encoding ``name``, each the range of its inputs, in
    input order (``{"pips": range(196, 199), ...}`` for ``"contact229"``; empty for td198,
    gnubg200, tavla218). A net can be trained without a group
    (:func:`tavla.eval.train_supervised`'s ``without``) to measure its worth. Raises
    :class:`~tavla.NetError` for an unknown encoding."""
    name = check_encoding(name)
    return {
        group: range(first, first + count) for group, first, count in _core.feature_groups(name)
    }


def input_bounds(name: str) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The least and the greatest value each input of encoding ``name`` can take on a valid
    board (R1-R4), ``(low, high)`` two ``(k,)`` float32 arrays, from the definitions above and
    in :doc:`/nets`: a point's ``(n - 3) / 2`` up to 6, the bar / 2 up to 7.5, a pip count
    / 167 up to 375 / 167 (15 checkers on the bar), contact229's and race205's pip lead from
    -1 (the only input below 0), counts of points, blots or pips over a scale below their
    most (outfield points / 6 up to 7 / 6, blots / 6 up to 15 / 6, ...).  Raises
    :class:`~tavla.NetError` for an unknown encoding."""
    name = check_encoding(name)

    def floats(*values: float) -> npt.NDArray[np.float32]:
        return np.array(values, np.float32)

    def ratio(most: int, scale: int) -> float:  # as the core divides, in float32
        return float(np.float32(most) / np.float32(scale))

    side = np.ones(98, np.float32)  # td198's units of one side: n >= 1, 2, 3 at most 1
    side[3:96:4] = 6.0  # (15 - 3) / 2
    side[96] = 7.5  # the bar / 2
    slots = np.tile(floats(1.0, 1.0, 1.0, 6.0), 25)  # gnubg200's points 1..24 and bar
    high = [slots, slots] if name == "gnubg200" else [side, side]
    pips, seventh = ratio(375, 167), ratio(7, 6)
    if name == "td198":
        high.append(floats(1.0, 0.0))
    elif name == "tavla218":
        features = floats(pips, 1, 1, 1, 1, 1, 1, 1, 1, 1)
        high += [floats(1.0, 1.0), features, features]
    elif name == "contact229":  # m's features, then o's (docs/nets.rst's table)
        high += [
            floats(pips, pips, 1.0),  # the pip counts, then the lead
            np.ones(10, np.float32),  # back, escapes, containment
            floats(2.0, 1.0, 2.0, 1.0),  # anchors (6 points / 3), the best anchor
            floats(1.0, seventh, 1.0, 1.0, seventh, 1.0),  # home, outfield points, prime
            floats(2.5, 1.0, 2.5, 1.0),  # blots (15 / 6), shots
            floats(2.5, 2.5, 2.5, 2.5, seventh, seventh),  # timing 180 / 72, mobility
        ]  # 90 / 36, backbone
    elif name == "race205":
        crossovers = ratio(60, 45)
        high += [floats(pips, pips, 1.0), floats(crossovers, crossovers, 1, 1, 1, 1)]
    upper = np.concatenate(high).astype(np.float32)
    lower = np.zeros_like(upper)
    if name == "td198":
        lower[196] = 1.0  # the constant unit
    if name in ("contact229", "race205"):
        lower[198] = -1.0  # the pip lead
    return lower, upper


def encode(boards: Position | npt.ArrayLike, name: str = "td198") -> npt.NDArray[np.float32]:
    """The inputs of encoding ``name`` for boards seen from the side on roll.

    ``boards``: a :class:`~tavla.Position` or one ``(2, 26)`` board gives ``(k,)`` float32,
    an ``(N, 2, 26)`` integer array ``(N, k)``, k = ``encodings()[name]``. Finished games
    are encoded too. Raises :class:`~tavla.NetError` for an unknown encoding and
    :class:`~tavla.InvalidPositionError` for a bad shape or a board that breaks R1-R4 (the
    message names the row).
    """
    name = check_encoding(name)
    array, single = boards_argument(boards)
    inputs = _core.encode(array, name)
    return inputs[0] if single else inputs


def encode_sparse(
    position: Position, name: str = "td198"
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float32]]:
    """The inputs of ``position`` that are not zero, as a net's first layer reads them:
    ``(indices (m,) int32 increasing, values (m,) float32)``. Raises
    :class:`~tavla.NetError` for an unknown encoding."""
    name = check_encoding(name)
    if not isinstance(position, Position):
        raise InvalidPositionError(f"position must be a Position, got {type(position).__name__}")
    return _core.encode_sparse(position.key, name)
