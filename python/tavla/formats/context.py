"""The match context that games and IDs share: match length, score and Crawford state, checked
once, and the limits of the values every ID format can hold."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .. import _core
from .._validate import check_bool, check_count, check_int, excerpt
from ..errors import InvalidIdError, RulesError

MAX_CUBE_VALUE: int = _core.MAX_CUBE_VALUE
"""The highest cube value tavla allows, 2**15 = 32768: the most the Match ID's 4-bit cube
field (log2 of the value, :ref:`match-id`) and the XGID can hold.  The rules set no
limit (R19); a double beyond it is refused with :class:`~tavla.CubeError`.  The core's
constant, which its own double rule reads."""

_MAX_CUBE_LOG2 = MAX_CUBE_VALUE.bit_length() - 1  # the Match ID's 4-bit cube field: 15

MAX_MATCH_LENGTH = (1 << 15) - 1
"""The longest match tavla allows, 32767 points: the most the Match ID's 15-bit match
length field holds (:ref:`match-id`).  Scores are held to the same 15 bits."""

MAX_SCORE = MAX_MATCH_LENGTH

CHECKERS = 15
"""Checkers a side (R1)."""


def fill_borne_off(row: list[int], side: str) -> None:
    """Set index 0 (off) of a board row (:ref:`encoding`) read from an ID to the checkers not
    on the board; :class:`~tavla.InvalidIdError` naming ``side`` when more than 15 are (R1)."""
    on_board = sum(row[1:])
    if on_board > CHECKERS:
        raise InvalidIdError(f"{on_board} {side} checkers on the board (at most 15)")
    row[0] = CHECKERS - on_board


@dataclass(frozen=True)
class MatchContext:
    """Where a game stands in its match: the part of the state that the Match ID, the XGID,
    a :class:`~tavla.Game` and the cube share (R23-R26).  Immutable, checked once when
    built.

    Attributes:
        length: N of a match to N points (R23), 1 to :data:`MAX_MATCH_LENGTH`; 0 for money
            play (R26).
        score: points of players 0 and 1 (gnubg's players, :ref:`players`) before
            the game, each 0 to :data:`MAX_SCORE` and, in a match, at most ``length``.
            Money play may carry a session score (gnubg writes one in its IDs).
        crawford: this game is the Crawford game (R24); match play only.
        crawford_rule: the match plays the Crawford rule (R24, ``Rules.crawford``); the IDs
            do not store it and assume it.  Post-Crawford is derived from it.

    Raises :class:`~tavla.RulesError` (a ValueError) for a length, score or flag of the
    wrong type or out of range, a score above the length, the Crawford flag in money play
    or without the Crawford rule, the Crawford flag with both sides one point away (R24:
    that score comes only after the Crawford game, so the game is post-Crawford).  The
    formats re-raise it as :class:`~tavla.InvalidIdError`.  Whether a game can be played at
    all (nobody has won, the Crawford flag at a score one point away) is :meth:`game_fault`;
    whether a cube fits the match (R24) is :meth:`cube_fault`.
    """

    length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    crawford_rule: bool = True

    def __post_init__(self) -> None:
        length = check_int(
            self.length, "the match length", RulesError, low=0, high=MAX_MATCH_LENGTH
        )
        score = self.score
        if not isinstance(score, tuple) or len(score) != 2:
            raise RulesError(f"the score is a pair (player 0, player 1), got {excerpt(score)}")
        checked = (
            check_count(score[0], "the score of player 0", RulesError, high=MAX_SCORE),
            check_count(score[1], "the score of player 1", RulesError, high=MAX_SCORE),
        )
        check_bool(self.crawford, "the Crawford flag", RulesError)
        check_bool(self.crawford_rule, "the Crawford rule", RulesError)
        object.__setattr__(self, "length", length)
        object.__setattr__(self, "score", checked)
        if length and max(checked) > length:
            raise RulesError(f"a score of {max(checked)} is above the match length {length}")
        if self.crawford and not length:
            raise RulesError(
                "the Crawford flag is set in money play (R24: the Crawford game is a match game)"
            )
        if self.crawford and not self.crawford_rule:
            raise RulesError("a Crawford game without the Crawford rule (R24)")
        if self.crawford and checked[0] == checked[1] == length - 1:
            raise RulesError(
                f"the Crawford flag is set at {checked[0]}-{checked[1]}, both sides one point"
                f" from {length}: that score comes only after the Crawford game (R24)"
            )

    @property
    def is_money(self) -> bool:
        """Money play (R26): no match length."""
        return self.length == 0

    @property
    def is_over(self) -> bool:
        """A side has reached the match length (R23); never in money play."""
        return bool(self.length) and max(self.score) >= self.length

    @property
    def is_post_crawford(self) -> bool:
        """A match game after the Crawford game (R24): the Crawford rule is played, a side is
        one point away, this is not the Crawford game and the match is longer than 1 point
        (a 1-point match has no Crawford game).  Derived, as gnubg derives it
        (:ref:`match-id`)."""
        return not self.is_over and _core.post_crawford(
            crawford_rule=self.crawford_rule,
            match_length=self.length,
            score=self.score,
            crawford_game=self.crawford,
        )

    def game_fault(self) -> str | None:
        """Why no game can be played in this context, or None: the score has already won the
        match (R23), or the Crawford flag is set with neither side one point away (R24)."""
        if self.is_over:
            return (
                f"the score {self.score[0]}-{self.score[1]} has already won the"
                f" {self.length}-point match (R23)"
            )
        if self.crawford and self.length - 1 not in self.score:
            return (
                f"the Crawford flag is set at {self.score[0]}-{self.score[1]}, with neither"
                f" side one point from {self.length}: no Crawford game (R24)"
            )
        return None

    def cube_fault(self, cube_value: int, double_offered: bool = False) -> str | None:
        """Why a cube at ``cube_value`` (during a pending double, its value before it) or a
        pending double cannot be part of a game in this context, or None.  R24: the
        Crawford game and a 1-point match never use the cube, so their cube stays at 1 and
        nobody doubles in them."""
        if self.crawford:
            where = "the Crawford game"
        elif self.length == 1:
            where = "a 1-point match"
        else:
            return None
        if cube_value > 1:
            return f"the cube is at {cube_value} in {where}, which never uses the cube (R24)"
        if double_offered:
            return f"a double is offered in {where}, which never uses the cube (R24)"
        return None


def match_context(length: object, score: object, crawford: object) -> MatchContext:
    """The :class:`MatchContext` of an ID's fields, its faults as :class:`~tavla.InvalidIdError`."""
    try:
        return MatchContext(length, score, crawford)  # type: ignore[arg-type]
    except RulesError as exc:
        raise InvalidIdError(str(exc)) from None


def crawford_games(
    length: int, scores: Iterable[tuple[int, int]], crawford_rule: bool = True
) -> list[bool]:
    """For each game of a match, given the score before it, whether it is the Crawford game
    (R24): under the Crawford rule, the first game that begins with a side one point from
    ``length``; never in a 1-point match or money play (``length`` 0).  At most one True.
    This is how :class:`~tavla.Match` marks it, how match files are read (no ``.mat``
    dialect marks it, :ref:`mat`) and how SGF files are written (gnubg needs the mark,
    :ref:`sgf`)."""
    marks = []
    seen = False
    for score in scores:
        crawford = _core.crawford_game_next(
            crawford_rule=crawford_rule, match_length=length, score=score, crawford_done=seen
        )
        seen = seen or crawford
        marks.append(crawford)
    return marks
