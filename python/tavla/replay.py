"""Match records and games: replaying match files against the rules (every play, cube action,
result and score), and the records of games played with tavla.

Each game of a :class:`~tavla.formats.mat.MatchRecord` is played again on a :class:`~tavla.Game`
with the file's dice: every play must be a legal play of its roll (R7-R14), every cube action
must be allowed (R18-R20, R24), every ``Wins N points`` must be what the game is worth (R16,
R19, R22) and every score line the sum of the games before it (R23).

What breaks a rule is a *mismatch*.  What real files record but no rule can check is a
*note*: plays hidden by the site (``????``), resignations and abandoned games, points capped
at what the match needed, one-game sessions scored without gammons, unfinished matches.
Neither ever raises: a file that cannot be read at all raises
:class:`~tavla.MatchFileError` from :func:`~tavla.formats.mat.read_mat` before any replay.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ._validate import excerpt
from .board.position import Play, ResultKind
from .errors import IllegalPlayError, TavlaError
from .formats.context import MAX_CUBE_VALUE
from .formats.mat import (
    ActionKind,
    GameRecord,
    MatchRecord,
    RecordedAction,
    plain_form,
    read_mat,
)
from .game import actions as played
from .game.game import Game, Phase
from .game.match import Match, MoneySession
from .game.rules import Rules
from .game.scoring import GameEnd


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
        points: the points credited, as written in the ``Wins`` line (0 if unfinished).
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


_CUBE_KINDS = (
    ActionKind.DOUBLE,
    ActionKind.TAKE,
    ActionKind.DROP,
    ActionKind.BEAVER,
    ActionKind.RACCOON,
)
_END_KINDS = (ActionKind.WIN, ActionKind.LOSE, ActionKind.RESIGN)
_LONGEST_PLAY = 100
"""Characters of play text beyond which a cell cannot hold the play of one roll (at most
four moves, each at most ``bar/24*`` or a chain of them, as ``24/20*/16*/12*/8*``): such
text is a mismatch named by an excerpt, never echoed whole."""


def match_rules(record: MatchRecord) -> Rules:
    """The rules a file was played under: :meth:`Rules.standard_match` for a match, with
    ``[Crawford "Off"]`` honoured and ``[CubeLimit]`` as ``max_cube``; for money play
    (length 0) :meth:`Rules.standard_money` with beavers and raccoons allowed (a file that
    records one was played with them) and ``[Jacoby "Off"]`` honoured."""
    max_cube = _cube_limit(record.header("CubeLimit") or "")
    if record.length == 0:
        jacoby = (record.header("Jacoby") or "On").lower() != "off"
        return Rules(jacoby=jacoby, beavers=True, max_cube=max_cube)
    crawford = (record.header("Crawford") or "On").lower() != "off"
    return Rules(crawford=crawford, max_cube=max_cube)


def _cube_limit(text: str) -> int | None:
    """The ``[CubeLimit]`` header as ``max_cube``: a power of two from 2 to
    :data:`~tavla.formats.context.MAX_CUBE_VALUE`; None (no limit) for anything else: no
    header, text that is not a plain number (never converted when longer than the limit's
    digits), a value that is not a power of two, or one above the highest cube."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_CUBE_VALUE)):
        return None
    value = int(text)
    return value if 2 <= value <= MAX_CUBE_VALUE and not value & (value - 1) else None


class _GameReplayer:
    """Drives one :class:`Game` through the actions of one game record."""

    def __init__(
        self,
        file: str,
        record: MatchRecord,
        game: GameRecord,
        rules: Rules,
        crawford: bool,
        marks_hits: bool,
    ) -> None:
        self.file = file
        self.record = record
        self.game_record = game
        self.report = GameReplay(game.number, game.score)
        self.game: Game | None = None
        self.checking = True
        self.hidden = False
        self.loser: int | None = None
        self.record_marks_hits = marks_hits
        try:
            self.game = Game(
                rules,
                match_length=record.length,
                score=game.score if record.length else (0, 0),
                crawford=crawford,
            )
        except TavlaError as exc:
            self.mismatch(None, f"the game cannot be played: {exc}")

    # -- findings ----------------------------------------------------------------------

    def _finding(self, action: RecordedAction | None, reason: str) -> Finding:
        board = None
        if self.game is not None and not self.hidden:
            board = self.game.position.position_id
        line = action.line if action is not None else self.game_record.line
        move = action.move_number if action is not None else None
        return Finding(self.file, self.game_record.number, move, line, board, reason)

    def mismatch(self, action: RecordedAction | None, reason: str) -> None:
        self.report.mismatches.append(self._finding(action, reason))
        self.checking = False

    def note(self, action: RecordedAction | None, reason: str) -> None:
        self.report.notes.append(self._finding(action, reason))

    # -- actions -----------------------------------------------------------------------

    def run(self) -> GameReplay:
        actions = self.game_record.actions
        # The last action that does not end the game: a roll there is followed only by the
        # end (found once, so that long games replay in linear time).
        last_before_end = max(
            (index for index, action in enumerate(actions) if action.kind not in _END_KINDS),
            default=-1,
        )
        for index, action in enumerate(actions):
            if action.kind is ActionKind.ROLL:
                self.roll(action, last_roll=index == last_before_end)
            elif action.kind in _CUBE_KINDS:
                self.report.cube_actions += 1
                self.cube(action)
            elif action.kind is ActionKind.WIN:
                self.win(action)
            else:
                self.give_up(action)
        result = self.game.result if self.game is not None else None
        if self.report.winner is None and result is not None:
            report = self.report
            report.winner, report.points, report.end, report.kind = (
                result.winner,
                result.points,
                result.end.value,
                result.kind,
            )
            self.note(None, f"no 'Wins' line: {_who(result.winner)} won {result.points} point(s)")
        elif self.report.winner is None:
            self.note(None, "the game is unfinished: no 'Wins' line")
        return self.report

    def roll(self, action: RecordedAction, last_roll: bool) -> None:
        self.report.plays.append(None)
        game = self.game
        if not self.checking or game is None:
            return
        assert action.dice is not None
        if action.play is None:
            self.note(action, "play hidden by the site (????): the rest of the game is unchecked")
            self.hidden, self.checking = True, False
            return
        try:
            if game.phase is Phase.OPENING:
                high, low = action.dice
                game.roll((high, low) if action.player == 0 else (low, high))
                if game.turn != action.player:
                    reason = f"{high}{low} cannot open a game (R5: a tie is rolled again)"
                    self.mismatch(action, reason)
                    return
            else:
                game.roll(action.dice, player=action.player)
            if action.play == "" and not game.legal_plays[0].is_pass and last_roll:
                self.note(action, "rolled and gave up without playing: a resignation follows")
                return
            if len(action.play) > _LONGEST_PLAY:
                raise IllegalPlayError(
                    "too long to be the play of one roll (it plays at most 4 moves)"
                )
            before = game.position.position_id
            play = game.play(action.play, player=action.player)
            self.report.plays[-1] = play
            self.check_stars(action, play, before)
        except TavlaError as exc:
            shown = action.play or "no move"
            if len(shown) > _LONGEST_PLAY:
                shown = excerpt(shown)
            dice = f"{action.dice[0]}{action.dice[1]}"
            self.mismatch(action, f"{_who(action.player)} {dice}: {shown}: {exc}")

    def check_stars(self, action: RecordedAction, play: Play, before: str) -> None:
        """In a file that marks hits with ``*`` (gnubg, Studio; Galaxy marks none), the
        starred landing points must be the points where the play hits: a note otherwise,
        as stars are notation, not rules (a play is identified by its result)."""
        assert action.play is not None
        if not self.record_marks_hits:
            return
        starred = _starred_points(action.play)
        hit = {end for (_, end), was_hit in zip(play.moves, play.hit_flags, strict=True) if was_hit}
        if starred != hit:
            written = ", ".join(map(str, sorted(starred))) or "none"
            made = ", ".join(map(str, sorted(hit))) or "none"
            reason = f"{action.play}: the stars mark hits on {written}, the play hits on {made}"
            self.report.notes.append(
                Finding(
                    self.file, self.game_record.number, action.move_number, action.line,
                    before, reason,
                )
            )  # fmt: skip

    def cube(self, action: RecordedAction) -> None:
        game = self.game
        if not self.checking or game is None:
            return
        method = {
            ActionKind.DOUBLE: game.double,
            ActionKind.TAKE: game.take,
            ActionKind.DROP: game.drop,
            ActionKind.BEAVER: game.beaver,
            ActionKind.RACCOON: game.raccoon,
        }[action.kind]
        try:
            method(player=action.player)
        except TavlaError as exc:
            self.mismatch(action, f"{_who(action.player)} {action.kind.value}: {exc}")
            return
        offered = game.offered_cube_value
        if action.value is not None and offered is not None and action.value != offered:
            self.mismatch(
                action, f"{action.kind.value} to {action.value}, but the cube goes to {offered}"
            )

    def give_up(self, action: RecordedAction) -> None:
        """``Losses N point`` (Galaxy) or a resignation cell: the player gives the game up."""
        self.loser = action.player

    def win(self, action: RecordedAction) -> None:
        report = self.report
        if report.winner is not None:
            self.mismatch(action, "a second 'Wins' line in one game")
            return
        if action.value is None:
            self.mismatch(action, "the 'Wins' line gives no points")
            return
        game = self.game
        result = game.result if game is not None else None
        winner = action.player
        if result is not None:
            if result.winner != winner:
                self.note(action, f"'Wins' stands in the loser's column: {_who(result.winner)} won")
                winner = result.winner
            report.end, report.kind = result.end.value, result.kind
            self.check_points(action, result.points, result.cube_value, winner)
        else:
            if self.loser == winner:
                # Galaxy writes an unnumbered "Losses" line without its column padding.
                self.note(action, "'Losses' stands in the winner's column")
            report.end = "resignation"
            self.resignation(action, winner)
        report.winner, report.points = winner, action.value

    def resignation(self, action: RecordedAction, winner: int) -> None:
        """A game that ends neither by bearing off nor by a drop (R17): the written points
        must be a single, gammon or backgammon at the cube's value (or the points needed)."""
        assert action.value is not None
        game = self.game
        if game is None or (not self.checking and not self.hidden):
            return
        cube = game.cube.value
        kinds = [kind for kind in ResultKind if cube * kind == action.value]
        needed = self.record.length - self.game_record.score[winner]
        if kinds and game.phase in (Phase.ROLL, Phase.PLAY):
            loser = 1 - winner
            try:
                game.resign(kinds[0], player=loser)
                game.accept_resignation(player=winner)
            except TavlaError as exc:
                self.mismatch(action, f"resignation of {action.value} points: {exc}")
                return
            result = game.result
            assert result is not None and result.end is GameEnd.RESIGNATION
            self.report.kind = result.kind
            self.note(
                action,
                f"{_who(loser)} resigned or abandoned"
                f"{' (Losses)' if self.loser is not None else ''}: {kinds[0].name.lower()},"
                f" {action.value} point(s) at cube {cube}",
            )
            self.check_points(action, result.points, cube, winner)
        elif kinds:
            self.note(action, f"the game ends while {game.phase.value}: {action.value} point(s)")
        elif self.record.length and action.value == needed:
            self.note(
                action,
                f"{_who(1 - winner)} conceded the match: {action.value} points, all the"
                " winner needed",
            )
        else:
            self.mismatch(
                action,
                f"Wins {action.value} points, but a game at cube {cube} is worth"
                f" {cube}, {2 * cube} or {3 * cube}",
            )

    def check_points(self, action: RecordedAction, worth: int, cube: int, winner: int) -> None:
        """Compare the written points with what the game is worth (R16, R19, R22)."""
        written = action.value
        assert written is not None
        if written == worth:
            return
        length = self.record.length
        needed = length - self.game_record.score[winner]
        if length and needed <= written < worth:
            self.note(
                action,
                f"Wins {written}: the game is worth {worth}, capped at {needed}"
                " needed to win the match",
            )
        elif length and len(self.record.games) == 1 and written == cube and worth > cube:
            self.note(
                action,
                f"Wins {written}: the game is worth {worth}; this one-game session counts no"
                " gammon without a turned cube (money play with the Jacoby rule, R22)",
            )
        else:
            self.mismatch(action, f"Wins {written}, but the game is worth {worth} (R16, R19)")


def _marks_hits(record: MatchRecord) -> bool:
    """True for a file whose plays mark hits with ``*`` anywhere."""
    return any("*" in (action.play or "") for game in record.games for action in game.actions)


def _starred_points(play_text: str) -> set[int]:
    """The points written with a ``*`` in a play: ``13/7*/1*(2) bar/20*`` gives {7, 1, 20}."""
    return {
        int(point.rstrip("*"))
        for token in play_text.split()
        for point in re.sub(r"\(\d\)$", "", token).split("/")
        if point.endswith("*") and _is_point_number(point.rstrip("*"))
    }


def _is_point_number(text: str) -> bool:
    """ASCII digits short enough to be a point (``int`` refuses some digits ``isdigit``
    accepts, such as ``²``, and numbers of more than 4,300 digits)."""
    return text.isascii() and text.isdigit() and len(text) <= 2


def _who(player: int) -> str:
    return "left player" if player == 0 else "right player"


def replay_record(record: MatchRecord, file: str = "") -> MatchReplay:
    """Replay every game of a record (see the module docstring); never raises for what the
    record holds.  ``file`` names the record in findings."""
    replay = MatchReplay(file, record)
    length = record.length
    rules = match_rules(record)
    crawford_seen = not rules.crawford
    marks_hits = _marks_hits(record)
    expected: tuple[int, int] | None = (0, 0)
    for game in record.games:
        crawford = False
        if length > 1 and length - 1 in game.score and not crawford_seen:
            crawford = crawford_seen = True
        report = _GameReplayer(file, record, game, rules, crawford, marks_hits).run()
        faults = []
        if length and expected is not None and game.score != expected:
            faults.append(
                f"the score line says {game.score[0]}-{game.score[1]}, the games before"
                f" give {expected[0]}-{expected[1]} (R23)"
            )
        if game.crawford_mark and not crawford:
            faults.append("marked Crawford, but it is not the Crawford game (R24)")
        report.mismatches += [
            Finding(file, game.number, None, game.line, None, fault) for fault in faults
        ]
        replay.games.append(report)
        replay.mismatches += report.mismatches
        replay.notes += report.notes
        expected = None
        if report.winner is not None:
            score = list(game.score)
            score[report.winner] += report.points
            expected = (score[0], score[1])
    if record.games:
        replay.final_score = expected or record.games[-1].score
    if length and max(replay.final_score) < length:
        replay.notes.append(
            Finding(
                file,
                record.games[-1].number if record.games else 0,
                None,
                0,
                None,
                f"the match ends at {replay.final_score[0]}-{replay.final_score[1]},"
                f" short of {length} points: unfinished or conceded",
            )
        )
    return replay


def replay_file(path: str | os.PathLike[str]) -> MatchReplay:
    """Read a ``.mat`` file and replay it.  Raises :class:`~tavla.MatchFileError` naming the
    line when the file cannot be read as a match file (naming the file when it is empty or
    not a regular file, refused before it is opened: see :func:`~tavla.formats.mat.read_mat`),
    OSError when it cannot be opened."""
    return replay_record(read_mat(path), str(path))


# -- games to records ---------------------------------------------------------------


def record_plays(record: MatchRecord, plays: Sequence[Sequence[Play | None]]) -> MatchRecord:
    """The record with each roll's play text replaced by the plain form of a resolved play.

    ``plays[g]`` lists, for game ``g``, one :class:`Play` (or None to keep the text) per roll
    action in order, as :mod:`tavla.replay` resolves them.  Raises ValueError when the
    counts differ.
    """
    if len(plays) != len(record.games):
        raise ValueError(f"{len(plays)} lists of plays for {len(record.games)} games")
    games = []
    for game, game_plays in zip(record.games, plays, strict=True):
        rolls = [i for i, action in enumerate(game.actions) if action.kind is ActionKind.ROLL]
        if len(rolls) != len(game_plays):
            raise ValueError(f"game {game.number}: {len(game_plays)} plays for {len(rolls)} rolls")
        actions = list(game.actions)
        for index, play in zip(rolls, game_plays, strict=True):
            if play is not None:
                actions[index] = replace(actions[index], play=plain_form(play))
        games.append(replace(game, actions=tuple(actions)))
    return replace(record, games=tuple(games))


def match_record(
    session: Match | MoneySession, players: tuple[str, str] = ("Player 1", "Player 2")
) -> MatchRecord:
    """The record of a played :class:`~tavla.Match` or :class:`~tavla.MoneySession`, ready
    for :func:`format_mat`: each play in the plain form, each cube action, a ``Wins`` line
    for each finished game, and a roll left unplayed (a resignation after rolling) as
    ``dd:`` (:ref:`mat`).  Rejected resignations have no cell in the format and are
    left out.  Money sessions get length 0 and the running points as their scores.
    """
    length = session.length if isinstance(session, Match) else 0
    games = []
    won = [0, 0]
    for number, game in enumerate(session.games, start=1):
        actions: list[RecordedAction] = []
        rolled: played.RollAction | None = None
        for item in game.history:
            if isinstance(item, played.RollAction):
                rolled = item
            elif isinstance(item, played.PlayAction):
                dice = (max(item.dice), min(item.dice))
                play = plain_form(item.play)
                actions.append(RecordedAction(item.player, ActionKind.ROLL, dice, play))
                rolled = None
            elif isinstance(item, (played.DoubleAction, played.BeaverAction, played.RaccoonAction)):
                kind = _CUBE_OFFERS[type(item)]
                actions.append(RecordedAction(item.player, kind, value=item.value))
            elif isinstance(item, played.TakeAction):
                actions.append(RecordedAction(item.player, ActionKind.TAKE))
            elif isinstance(item, played.DropAction):
                actions.append(RecordedAction(item.player, ActionKind.DROP))
        if rolled is not None:  # rolled, then resigned without playing
            dice = (max(rolled.dice), min(rolled.dice))
            actions.append(RecordedAction(rolled.player, ActionKind.ROLL, dice, ""))
        score = game.score if length else (won[0], won[1])
        result = game.result
        if result is not None:
            actions.append(RecordedAction(result.winner, ActionKind.WIN, value=result.points))
            won[result.winner] += result.points
        games.append(GameRecord(number, score, tuple(actions)))
    return MatchRecord(length, players, games=tuple(games))


_CUBE_OFFERS: dict[type, ActionKind] = {
    played.DoubleAction: ActionKind.DOUBLE,
    played.BeaverAction: ActionKind.BEAVER,
    played.RaccoonAction: ActionKind.RACCOON,
}
