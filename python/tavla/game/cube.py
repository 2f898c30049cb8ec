"""The doubling cube (R18-R21, R24, R25): its value, its owner, and who may double.

Players are numbered 0 and 1 as in :class:`~tavla.Game` (0 = GNU Backgammon player 0, the
left column of a ``.mat`` file; FORMATS.md section 0.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import CubeError
from .rules import Rules


@dataclass(frozen=True)
class CubeContext:
    """What the cube rules need to know about the game being played.

    Attributes:
        match_length: N of a match to N points (R23), 0 for money play (R26).
        score: points of players 0 and 1 before this game (match play).
        crawford: True when this game is the Crawford game (R24).
        turns_played: plays (turns) made so far in this game by players 0 and 1, forced
            passes included; used by the Holland rule (R25).
    """

    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    turns_played: tuple[int, int] = (0, 0)

    @property
    def is_money(self) -> bool:
        return self.match_length == 0

    def is_post_crawford(self, rules: Rules) -> bool:
        """True in a match game after the Crawford game: a side is one point away and this
        is not the Crawford game (R24; FORMATS.md section 2.1 derives it the same way)."""
        return (
            rules.crawford
            and not self.is_money
            and not self.crawford
            and self.match_length - 1 in self.score
        )


@dataclass(frozen=True)
class Cube:
    """The doubling cube: ``value`` (1, 2, 4, ...) and ``owner`` (0, 1, or None when
    centred).  Immutable; actions return a new cube.

    Raises :class:`~tavla.CubeError` (when built) for a value that is not a power of two
    ≥ 1 or an owner other than None, 0 and 1.
    """

    value: int = 1
    owner: int | None = None

    def __post_init__(self) -> None:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise CubeError(f"a cube value is a power of two ≥ 1, got {value!r}")
        if value & (value - 1):
            raise CubeError(f"a cube value is a power of two ≥ 1, got {value}")
        if self.owner not in (None, 0, 1) or isinstance(self.owner, bool):
            raise CubeError(f"a cube owner is None (centred), 0 or 1, got {self.owner!r}")

    @property
    def is_centred(self) -> bool:
        return self.owner is None

    def refusal(self, player: int, rules: Rules, context: CubeContext) -> str | None:
        """Why ``player`` may not double now, or None if the rules allow it.

        Checks the rules and the cube only, not whose turn it is: R18 (cube in use, centred
        or owned by ``player``), R19 (``max_cube``), R24 (a 1-point match, the Crawford
        game), R25 (Holland: the trailer waits until both sides have played two turns).
        """
        if not rules.cube:
            return "these rules play without the cube (R18)"
        if context.match_length == 1:
            return "a 1-point match never uses the cube (R24)"
        if context.crawford:
            return "no doubling in the Crawford game (R24)"
        if self.owner is not None and self.owner != player:
            return f"player {self.owner} owns the cube: only the owner may redouble (R18)"
        if rules.max_cube is not None and self.value * 2 > rules.max_cube:
            return f"the cube is at {self.value}: max_cube {rules.max_cube} allows no double (R19)"
        if rules.holland and context.is_post_crawford(rules):
            trailer = _trailer(context.score)
            if trailer == player and min(context.turns_played) < 2:
                return (
                    "Holland rule: the trailer may not double before both sides"
                    " have played two turns (R25)"
                )
        return None

    def may_double(self, player: int, rules: Rules, context: CubeContext | None = None) -> bool:
        """True if ``player`` may offer a double now under ``rules`` (see :meth:`refusal`)."""
        return self.refusal(player, rules, context or CubeContext()) is None


def _trailer(score: tuple[int, int]) -> int | None:
    if score[0] == score[1]:
        return None
    return 0 if score[0] < score[1] else 1
