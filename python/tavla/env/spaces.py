"""The actions and observations of tavla's RL environments (:doc:`/environments`).

**Actions** are one :class:`gymnasium.spaces.Discrete` space.  With ``action="play"`` an
action is a whole turn: index ``i`` is the ``i``-th play of
:meth:`tavla.Position.legal_plays` for the roll (their order: by the moves from the highest
starting point), and the indices run to :data:`MAX_PLAYS` - 1 (or the ``max_plays`` given).
With ``action="move"`` an action is one checker moved by one die:
``6 * source + (die - 1)`` (:func:`move_action`), ``source`` 1..24 a point of the side to
act (its own numbering), 25 the bar; action 0 (:data:`PASS`) is the pass, legal only when
no die can be played, and actions 1..5 are never legal: :data:`MOVE_ACTIONS` = 156 in all.
With ``cube=True`` six more follow the play actions, in the order of :data:`CUBE_ACTIONS`:
roll (no double), double, take, drop, beaver, raccoon (:func:`cube_action` gives their
indices).

**Observations** are a :class:`gymnasium.spaces.Dict`, every array seen from the side to act
(for PettingZoo's ``observe(agent)``: from that agent):

``board`` (2, 26) int8
    the board (:ref:`encoding`): row 0 the side to act, row 1 its opponent, each on its own
    numbering; mid-turn with single moves, the moves made so far.
``dice`` (2,) int8
    the roll as rolled, ``0 0`` before the roll (cube decisions).
``dice_left`` (4,) int8
    the dice still to play, highest first, zeros after (a double counts four).
``cube`` (3,) int32
    the cube's value (before a pending double), its owner (0 centred, 1 the side to act, 2
    the opponent), and 1 when a double, 2 when a beaver, 3 when a raccoon awaits an answer
    (else 0).
``match`` (4,) int32
    the match length (0 in money play), the side to act's and the opponent's away scores,
    1 in the Crawford game (R24).
``plays`` () int32
    how many legal plays the roll has (0 before the roll): with ``action="play"`` the legal
    actions are exactly ``0 .. plays - 1``.
``action_mask`` (actions,) int8
    1 for every legal action, as Gymnasium's ``Discrete.sample(mask=...)`` and PettingZoo
    take it; all zeros once the episode is over.
``encoded`` (inputs,) float32, with an ``observation`` naming an encoding
    the board's net inputs (:func:`tavla.eval.encode`), each within its bounds
    (:func:`tavla.eval.input_bounds`, the space's ``low`` and ``high``; td198's constants
    within [0, 1]): all in [-1, 7.5], below 0 only contact229's and race205's pip lead.
``afterstates`` (max_plays, inputs) float32, with ``afterstates=True``
    row ``i`` is the encoding of play ``i``'s result seen by the opponent, as a net values
    the candidates of a turn; zero rows past the plays.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from .. import _core
from ..errors import EnvError
from ..eval.encoding import input_bounds
from ..formats.context import MAX_CUBE_VALUE, MAX_MATCH_LENGTH

MAX_PLAYS: int = _core.MAX_PLAYS
"""The most distinct legal plays a roll can have, the default number of play actions: a play is
fixed by how many steps each checker makes, checkers on one point being alike, so a double's
four steps are at most the C(18, 4) = 3,060 multisets of 4 of the 15 checkers (two different
dice: 15 * 14 + 2 * 15 = 240).  The most seen in practice is lower (:doc:`/environments`)."""

MOVE_ACTIONS: int = _core.MOVE_ACTIONS
"""Single-move actions: 26 sources (the pass, points 1..24, the bar) times 6 dice."""

PASS = 0
"""The single-move action that passes, legal only when no die can be played."""

CUBE_ACTIONS = ("roll", "double", "take", "drop", "beaver", "raccoon")
"""The cube actions, in their order after the play actions: before the roll the side on roll
rolls (no double) or doubles (R18); a doubled side takes, drops (R19) or, in money play with
beavers, beavers (R20); the doubler answers a beaver by take, drop or, with raccoons,
raccoon (R20), and the beaverer a raccoon by take or drop."""

ACTION_MODES = ("play", "move")


def move_action(source: int, die: int) -> int:
    """The single-move action of moving a checker from ``source`` (1..24, 25 the bar) by
    ``die`` (1..6)."""
    if not (1 <= source <= 25 and 1 <= die <= 6):
        raise EnvError(f"a move is a source 1..25 and a die 1..6, got {source!r}, {die!r}")
    return 6 * source + die - 1


def move_of(action: int) -> tuple[int, int] | None:
    """The ``(source, die)`` of a single-move action, None for the pass."""
    if not 0 <= action < MOVE_ACTIONS or 1 <= action <= 5:
        raise EnvError(f"no single-move action {action!r} (0 passes, 6..155 move)")
    if action == PASS:
        return None
    return action // 6, action % 6 + 1


def play_actions(action: str, max_plays: int) -> int:
    """How many actions play the roll: ``max_plays`` whole plays or :data:`MOVE_ACTIONS`."""
    return max_plays if action == "play" else MOVE_ACTIONS


def cube_action(name: str, action: str = "play", max_plays: int = MAX_PLAYS) -> int:
    """The index of the cube action ``name`` (one of :data:`CUBE_ACTIONS`) in an environment
    with the cube, ``action`` and ``max_plays`` as given."""
    if name not in CUBE_ACTIONS:
        raise EnvError(f"no cube action {name!r}: they are {', '.join(CUBE_ACTIONS)}")
    return play_actions(action, max_plays) + CUBE_ACTIONS.index(name)


def observation_space(
    actions: int, encoding: str | None, max_plays: int, afterstates: bool
) -> spaces.Dict:
    """The observation space of one environment (see the module) with ``actions`` actions and
    the inputs of ``encoding`` (None for none)."""
    entries: dict[str, spaces.Space[np.ndarray]] = {
        "board": spaces.Box(0, 15, (2, 26), np.int8),
        "dice": spaces.Box(0, 6, (2,), np.int8),
        "dice_left": spaces.Box(0, 6, (4,), np.int8),
        "cube": spaces.Box(
            np.array([1, 0, 0], np.int32),
            np.array([MAX_CUBE_VALUE, 2, 3], np.int32),
            (3,),
            np.int32,
        ),
        "match": spaces.Box(
            np.zeros(4, np.int32),
            np.array([MAX_MATCH_LENGTH] * 3 + [1], np.int32),
            (4,),
            np.int32,
        ),
        "plays": spaces.Box(0, MAX_PLAYS, (), np.int32),
        "action_mask": spaces.MultiBinary(actions),
    }
    if encoding is not None:
        # Widened to [0, 1] where a range is a point (td198's constant units: Gymnasium warns
        # of those) and to 0 for the afterstates' zero rows past the plays.
        least, most = input_bounds(encoding)
        low, high = np.minimum(least, 0.0), np.maximum(most, 1.0)
        entries["encoded"] = spaces.Box(low, high, low.shape, np.float32)
        if afterstates:
            rows = (max_plays, low.size)
            entries["afterstates"] = spaces.Box(
                np.broadcast_to(low, rows), np.broadcast_to(high, rows), rows, np.float32
            )
    return spaces.Dict(entries)
