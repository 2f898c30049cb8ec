"""The record of a match, whatever file it was read from or is written to: its games, each
game's actions (rolls and plays, cube actions, results) and the columns of the two players.

A :class:`MatchRecord` is what a ``.mat`` file (:mod:`tavla.formats.mat`), an SGF file
(:mod:`tavla.formats.sgf`) and a GNU Backgammon analysis export (through
:func:`tavla.replay.analysis_record`) become, and what :mod:`tavla.replay` checks against the
rules, makes from games played with tavla and writes back.  It is a plain value: no rule is
checked here.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

LEFT = 0
"""The left column's player: gnubg player 0, XG ``Player 1`` (:ref:`players`)."""
RIGHT = 1
"""The right column's player: gnubg player 1, XG ``Player 2``."""


class ActionKind(enum.Enum):
    """What one cell of a move line records (:ref:`mat`)."""

    ROLL = "roll"
    """A roll and the play made with it (R7-R14); the play may be empty or hidden."""
    DOUBLE = "double"
    """An offer to double (R18); ``value`` is the cube value offered."""
    TAKE = "take"
    """The double is taken (R19)."""
    DROP = "drop"
    """The double is dropped (R19): the game ends."""
    BEAVER = "beaver"
    """Take and redouble at once (R20); ``value`` is the new cube value when written."""
    RACCOON = "raccoon"
    """Take a beaver and redouble again (R20); ``value`` as for a beaver."""
    WIN = "win"
    """``Wins N point(s)``: the game ends, ``value`` points to this player."""
    LOSE = "lose"
    """``Losses N point`` (Galaxy): this player gives up the game, ``value`` points."""
    RESIGN = "resign"
    """A resignation cell (``Resigns``, Backgammon Studio's ``Concedes``); ``value`` the
    points offered when written."""


@dataclass(frozen=True)
class RecordedAction:
    """One cell of a move line.

    Attributes:
        player: ``LEFT`` (0) or ``RIGHT`` (1), the column the cell stands in.
        kind: the :class:`ActionKind`.
        dice: for a roll, the two dice with the higher first (files differ in order);
            ``None`` otherwise, and for a roll the site hid with its play (``00: ????``).
        play: for a roll, the moves as written (any dialect); ``""`` when no move is written
            (``53:`` or ``Cannot Move``); ``None`` when the site hid the play (``????``).
        value: the cube value of a double, beaver or raccoon, or the points of a win, loss
            or resignation; ``None`` when the file does not give one.
        line: the line number in the file (1-based), 0 for actions not read from a file.
        move_number: the ``NN)`` number of the line, ``None`` on an unnumbered line.
        and_the_match: a ``Wins`` cell that ends ``and the match`` (Galaxy, XG).
    """

    player: int
    kind: ActionKind
    dice: tuple[int, int] | None = None
    play: str | None = None
    value: int | None = None
    line: int = 0
    move_number: int | None = None
    and_the_match: bool = False

    def same_as(self, other: RecordedAction) -> bool:
        """True when both record the same thing, whatever line they were read from."""
        return (
            self.player,
            self.kind,
            self.dice,
            self.play,
            self.value,
            self.and_the_match,
        ) == (other.player, other.kind, other.dice, other.play, other.value, other.and_the_match)


@dataclass(frozen=True)
class GameRecord:
    """One game of a match file.

    Attributes:
        number: the game number as written (``Game 3``).
        score: the score (left, right) before the game, from its score line.
        actions: the cells in order.
        line: the line number of the ``Game`` line.
        crawford_mark: True when the game line is marked ``Crawford`` (rare: no common
            dialect marks it, :ref:`mat`; the rule is inferred from the scores).
    """

    number: int
    score: tuple[int, int]
    actions: tuple[RecordedAction, ...]
    line: int = 0
    crawford_mark: bool = False

    def same_as(self, other: GameRecord) -> bool:
        """True when both games have the same number, score and actions."""
        return (
            self.number == other.number
            and self.score == other.score
            and len(self.actions) == len(other.actions)
            and all(a.same_as(b) for a, b in zip(self.actions, other.actions, strict=True))
        )


@dataclass(frozen=True)
class MatchRecord:
    """A whole match file.

    Attributes:
        length: the match length in points; 0 for money play.
        players: the names (left, right), from the first score line, else the
            ``Player 1`` / ``Player 2`` headers, else ``""``.
        headers: the ``; [Key "value"]`` header tags in file order.
        games: the games in file order.
        comments: other comment lines, without their ``;`` or ``#``.
    """

    length: int
    players: tuple[str, str]
    headers: tuple[tuple[str, str], ...] = ()
    games: tuple[GameRecord, ...] = ()
    comments: tuple[str, ...] = ()

    def header(self, key: str) -> str | None:
        """The value of a header tag (case-insensitive key), or None."""
        for name, value in self.headers:
            if name.lower() == key.lower():
                return value
        return None
