"""What a replay finds: mismatches and notes per place, and the reports of games and matches."""

from __future__ import annotations

from dataclasses import dataclass, field

from .._validate import excerpt
from ..board.position import Play, ResultKind
from ..formats.record import MatchRecord


@dataclass(frozen=True)
class Finding:
    """A mismatch or a note about one place of a match file.

    Attributes:
        file: the file's path as given ("" for a record not read from a file).
        game: the game number as written (``Game 3``).
        move: the ``NN)`` move number of the line, None when the finding is about the game
            as a whole or an unnumbered line.
        line: the line number in the file (1-based), 0 when not tied to a line.
        position_id: GNU Backgammon Position ID of the board at that moment, seen from the
            player on roll, or None when no board is known (after a hidden play).
        reason: what is wrong (mismatch) or what could not be checked (note).
    """

    file: str
    game: int
    move: int | None
    line: int
    position_id: str | None
    reason: str

    def __str__(self) -> str:
        where = f"{self.file or '<record>'}:{self.line}:" if self.line else f"{self.file}:"
        where += f" game {self.game}"
        if self.move is not None:
            where += f", move {self.move}"
        board = f" [{self.position_id}]" if self.position_id else ""
        return f"{where}{board}: {self.reason}"


@dataclass
class GameReplay:
    """What replaying one game found.

    Attributes:
        number: the game number as written.
        score: the score (left, right) before the game, as its score line gives it.
        plays: for each roll of the game in order, the legal :class:`Play` it was matched
            to, or None when it was not checked (hidden, after a mismatch, or a roll left
            unplayed before a resignation).
        cube_actions: doubles, beavers, raccoons, takes and drops recorded.
        winner: the player credited with the game (0 left, 1 right), None if unfinished.
        points: the points credited: as written in the ``Wins`` line, except that a last
            ``Wins N points and the match`` that gives the final match score is credited as
            the points that make that score; from the cube for a game given up without a
            ``Wins`` line; 0 if unfinished.
        end: how the game ended: ``"borne off"``, ``"drop"``, ``"resignation"`` or
            ``"unfinished"``.
        kind: single, gammon or backgammon as the rules count the result (R16; a drop is
            single), None when the game is unfinished or its end is not known.
        mismatches: rule violations found (at most one per game for plays: the board is
            unknown after an illegal play, so the rest of the game is not checked).
        notes: what could not be checked.
    """

    number: int
    score: tuple[int, int]
    plays: list[Play | None] = field(default_factory=list)
    cube_actions: int = 0
    winner: int | None = None
    points: int = 0
    end: str = "unfinished"
    kind: ResultKind | None = None
    mismatches: list[Finding] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)

    @property
    def checked_plays(self) -> int:
        """Plays matched to a legal play."""
        return sum(play is not None for play in self.plays)

    def __repr__(self) -> str:
        """A summary, not the plays and findings themselves."""
        kind = None if self.kind is None else self.kind.name.lower()
        return (
            f"GameReplay(number={self.number}, score={self.score}, plays={len(self.plays)}, "
            f"winner={self.winner}, points={self.points}, end={self.end!r}, kind={kind}, "
            f"mismatches={len(self.mismatches)}, notes={len(self.notes)})"
        )


@dataclass
class MatchReplay:
    """What replaying one match file found.

    Attributes:
        file: the path as given.
        record: the match as read.
        games: one :class:`GameReplay` per game.
        final_score: the score after the last game, from its score line and ``Wins`` line.
        mismatches: every rule violation, game by game, then the match-level ones.
        notes: everything that could not be checked, in the same order.
    """

    file: str
    record: MatchRecord
    games: list[GameReplay] = field(default_factory=list)
    final_score: tuple[int, int] = (0, 0)
    mismatches: list[Finding] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)

    @property
    def plays(self) -> int:
        """Rolls recorded (played, passed or hidden) in all games."""
        return sum(len(game.plays) for game in self.games)

    @property
    def cube_actions(self) -> int:
        return sum(game.cube_actions for game in self.games)

    def __repr__(self) -> str:
        """A summary, not the record, games and findings themselves."""
        players = tuple(excerpt(name) for name in self.record.players)
        return (
            f"MatchReplay(file={excerpt(self.file, 200)}, length={self.record.length}, "
            f"players=({players[0]}, {players[1]}), games={len(self.games)}, "
            f"plays={self.plays}, final_score={self.final_score}, "
            f"mismatches={len(self.mismatches)}, notes={len(self.notes)})"
        )
