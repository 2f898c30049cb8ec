"""What the analysis found at each decision: a play, a cube decision or an answer to a
double, and the luck of each roll (:doc:`/analysis`).

Every equity here is cubeful and normalised to a cube of 1, as GNU Backgammon's EMG: money
points per unit of the cube, or in a match the match winning chance (MWC) mapped to
-1 .. +1 with the cube's value.  Losses are positive numbers of equity (or MWC) lost.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TypeVar

from ..board.dice import Roll
from ..board.position import Play, Position

DOUBTFUL, BAD, VERY_BAD = 0.04, 0.08, 0.16
"""GNU Backgammon's default thresholds for marking a decision by its loss in normalised
equity: doubtful from 0.04, bad from 0.08, very bad from 0.16."""

LUCKY, VERY_LUCKY = 0.3, 0.6
"""GNU Backgammon's default thresholds for marking a roll by its luck: lucky (unlucky) from
+0.3 (-0.3), very lucky (very unlucky) from +0.6 (-0.6)."""

_M = TypeVar("_M", bound=enum.Enum)

CLOSE = 0.16
"""A cube decision is *close* when doubling would not be a very bad error: the proper
action is worth less than ``CLOSE`` more than a double (answered properly).  Close
decisions, and every double, take and pass actually made, count in the cube error rate."""


class Mark(enum.Enum):
    """A decision's mark by its loss (:data:`DOUBTFUL`, :data:`BAD`, :data:`VERY_BAD`)."""

    NONE = ""
    DOUBTFUL = "doubtful"
    BAD = "bad"
    VERY_BAD = "very bad"

    @classmethod
    def of(cls, loss: float) -> Mark:
        """The mark of a loss in normalised equity."""
        return _marked(
            loss, ((VERY_BAD, cls.VERY_BAD), (BAD, cls.BAD), (DOUBTFUL, cls.DOUBTFUL)), cls.NONE
        )


class LuckMark(enum.Enum):
    """A roll's mark by its luck (:data:`LUCKY`, :data:`VERY_LUCKY`)."""

    VERY_LUCKY = "very lucky"
    LUCKY = "lucky"
    NONE = ""
    UNLUCKY = "unlucky"
    VERY_UNLUCKY = "very unlucky"

    @classmethod
    def of(cls, luck: float) -> LuckMark:
        """The mark of a roll's luck in normalised equity: bad luck is marked as good luck
        is, by its size."""
        if luck < 0:
            return _marked(-luck, ((VERY_LUCKY, cls.VERY_UNLUCKY), (LUCKY, cls.UNLUCKY)), cls.NONE)
        return _marked(luck, ((VERY_LUCKY, cls.VERY_LUCKY), (LUCKY, cls.LUCKY)), cls.NONE)


def _marked(value: float, marks: tuple[tuple[float, _M], ...], none: _M) -> _M:
    """The mark of the first threshold ``value`` reaches (thresholds from the highest), else
    ``none``."""
    return next((mark for threshold, mark in marks if value >= threshold), none)


class CubeErrorKind(enum.Enum):
    """The kinds of cube error: GNU Backgammon's six, and two for beavers (R20)."""

    MISSED_DOUBLE_BELOW_CASH = "missed double below cash point"  # a double/take not doubled
    MISSED_DOUBLE_ABOVE_CASH = "missed double above cash point"  # a double/pass not doubled
    WRONG_DOUBLE_BELOW_DOUBLE = "wrong double below double point"  # doubled at no double
    WRONG_DOUBLE_TOO_GOOD = "wrong double above too-good point"  # doubled when too good
    WRONG_TAKE = "wrong take"  # took (or beavered) a double that should be passed
    WRONG_PASS = "wrong pass"  # passed a double that should be taken
    WRONG_BEAVER = "wrong beaver"  # beavered a double that should be taken (money, R20)
    MISSED_BEAVER = "missed beaver"  # took a double that should be beavered (money, R20)


@dataclass(frozen=True)
class Candidate:
    """One play of a checker-play decision's list, best first.

    Attributes:
        play: the :class:`~tavla.Play`.
        equity: its cubeful equity (normalised; EMG in a match).
        mwc: its match winning chance (None in money play).
        plies: the depth it was valued at (the move filter's others are 0).
    """

    play: Play
    equity: float
    mwc: float | None
    plies: int


@dataclass(frozen=True)
class CheckerPlay:
    """A play and what the analysis found of it.

    Attributes:
        game: the game's index in the record; move_number the record's move number.
        player: who played (0 left, 1 right).
        position: the board before the play, seen from the player.
        cube: the cube's value when the play was made.
        dice: the roll.
        play: the play made.
        candidates: every legal play, best first (:class:`Candidate`).
        rank: the played play's place in ``candidates`` (0 for the best).
        loss: the normalised equity it lost against the best (>= 0).
        mwc_loss: the MWC it lost (match play; None in money play).
        mark: :class:`Mark` by ``loss``.
        forced: only one legal play (or none): excluded from error rates.
        luck: the roll's luck: the best play's equity with this roll minus the average of
            that over the rolls (normalised equity), at the luck depth.
        mwc_luck: the same in MWC (match play; None in money play).
    """

    game: int
    move_number: int | None
    player: int
    position: Position
    cube: int
    dice: Roll
    play: Play
    candidates: tuple[Candidate, ...]
    rank: int
    loss: float
    mwc_loss: float | None
    mark: Mark
    forced: bool
    luck: float
    mwc_luck: float | None

    @property
    def luck_mark(self) -> LuckMark:
        return LuckMark.of(self.luck)

    @property
    def best(self) -> Candidate:
        return self.candidates[0]


@dataclass(frozen=True)
class CubeAnalysis:
    """A cube decision (to double or not) or an answer to a double, and its analysis.

    Attributes:
        game, move_number, player: as :class:`CheckerPlay`'s; ``player`` decided (the
            doubler for a cube decision, the taker for an answer).
        position: the board before the roll, seen from the side that may double.
        answer: False for the decision to double, True for the answer to a double.
        action: what was done: ``"no double"``, ``"double"``, ``"take"``, ``"drop"`` or
            ``"beaver"``.
        proper: the proper action of the side that may double (``"no double"``,
            ``"double/take"``, ``"double/pass"``, ``"too good"``, with ``"/beaver"`` where
            the answer should be a beaver).
        no_double, double_take, double_pass: the doubler's cubeful equities (normalised).
        loss: the normalised equity the decider lost by its action (>= 0).
        mwc_loss: the same in MWC (match play; None in money play).
        error: the :class:`CubeErrorKind`, or None when the action was proper.
        close: close (:data:`CLOSE`) or actual: a double, take, pass or beaver made.
    """

    game: int
    move_number: int | None
    player: int
    position: Position
    answer: bool
    action: str
    proper: str
    no_double: float
    double_take: float
    double_pass: float
    loss: float
    mwc_loss: float | None
    error: CubeErrorKind | None
    close: bool

    @property
    def mark(self) -> Mark:
        return Mark.of(self.loss)
