"""The doubling cube (R18-R21, R24, R25): its value, its owner, and who may double.

Players are numbered 0 and 1 as in :class:`~tavla.Game` (0 = GNU Backgammon player 0, the
left column of a ``.mat`` file; :ref:`players`).  Where the game stands in its match
(length, score, Crawford) is a :class:`~tavla.formats.context.MatchContext`, the same value
the IDs are written from.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import _core
from .._validate import check_optional_player, check_power_of_two
from ..errors import InvalidCubeError
from ..formats.context import MAX_CUBE_VALUE, MatchContext
from .rules import Rules

_MONEY = MatchContext()


@dataclass(frozen=True)
class Cube:
    """The doubling cube: ``value`` (1, 2, 4, ... :data:`MAX_CUBE_VALUE`) and ``owner``
    (0, 1, or None when centred).  Immutable; actions return a new cube.

    The rules put no limit on redoubles (R19); tavla stops at 2**15 = 32768, the largest
    value GNU Backgammon's Match ID and the XGID can hold (:ref:`match-id`, :ref:`xgid`),
    so that every state of a game can be written.

    Raises :class:`~tavla.errors.InvalidCubeError` (a :class:`~tavla.CubeError` and a
    ValueError) when built with a value that is not a power of two from 1 to 32768 (a
    NumPy integer is taken as an int), an owner other than None, 0 and 1, or an owner of
    a cube at 1: the cube starts centred at 1 (R18), a take leaves it at 2 or more (R19)
    and automatic doubles leave it centred (R21), so a cube of 1 is never owned.
    """

    value: int = 1
    owner: int | None = None

    def __post_init__(self) -> None:
        value = check_power_of_two(
            self.value, "a cube value", InvalidCubeError, high=MAX_CUBE_VALUE
        )
        owner = check_optional_player(self.owner, "a cube owner (None = centred)", InvalidCubeError)
        if value == 1 and owner is not None:
            raise InvalidCubeError(
                f"a cube of 1 owned by player {owner}: the cube starts centred at 1, a take"
                " leaves it at 2 or more and automatic doubles leave it centred (R18, R19, R21)"
            )
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "owner", owner)

    @property
    def is_centred(self) -> bool:
        return self.owner is None

    def refusal(
        self,
        player: int,
        rules: Rules,
        match: MatchContext = _MONEY,
        turns_played: tuple[int, int] = (0, 0),
    ) -> str | None:
        """Why ``player`` may not double now, or None if the rules allow it.

        ``match`` is where the game stands (default: money play); ``turns_played`` the
        plays made so far in this game by players 0 and 1, forced passes included (for the
        Holland rule).  Checks the rules and the cube only, not whose turn it is: R18 (cube
        in use, centred or owned by ``player``), R19 (``max_cube``, and the 32768 every ID
        can hold), R24 (a 1-point match, the Crawford game), R25 (Holland: the trailer
        waits until both sides have played two turns).
        """
        refusal = _core.double_refusal(
            side=player,
            cube=rules.cube,
            match_length=match.length,
            score=match.score,
            crawford_game=match.crawford,
            crawford_rule=match.crawford_rule,
            holland=rules.holland,
            cube_value=self.value,
            cube_owner=-1 if self.owner is None else self.owner,
            max_cube=rules.max_cube or MAX_CUBE_VALUE,
            fewest_turns_played=min(turns_played),
        )
        if refusal == 0:
            return None
        return _REFUSALS[refusal - 1].format(cube=self, rules=rules)

    def may_double(
        self,
        player: int,
        rules: Rules,
        match: MatchContext = _MONEY,
        turns_played: tuple[int, int] = (0, 0),
    ) -> bool:
        """True if ``player`` may offer a double now under ``rules`` (see :meth:`refusal`)."""
        return self.refusal(player, rules, match, turns_played) is None


_REFUSALS = (
    "these rules play without the cube (R18)",
    "a 1-point match never uses the cube (R24)",
    "no doubling in the Crawford game (R24)",
    "player {cube.owner} owns the cube: only the owner may redouble (R18)",
    "the cube is at {cube.value}, the highest value the Match ID and the XGID can hold: no"
    " double (R19)",
    "the cube is at {cube.value}: max_cube {rules.max_cube} allows no double (R19)",
    "Holland rule: the trailer may not double before both sides have played two turns (R25)",
)
"""The wording of the core's refusals (``_core.double_refusal`` codes 1 to 7, rules.hpp)."""
