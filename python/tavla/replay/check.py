"""Replaying match records on games: every play, cube action, result and score checked
against the rules."""

from __future__ import annotations

import os
import re
from dataclasses import replace

from .._validate import check_instance, excerpt
from ..board.dice import Roll
from ..board.position import Play, Position, ResultKind
from ..errors import IllegalPlayError, MatchFileError, TavlaError
from ..formats.context import MAX_CUBE_VALUE, crawford_games
from ..formats.mat import parse_mat
from ..formats.match_files import read_match_file
from ..formats.record import ActionKind, GameRecord, MatchRecord, RecordedAction
from ..formats.sgf import looks_like_sgf, parse_sgf
from ..game.cube_context import CubeContext
from ..game.equity import dead_cube
from ..game.game import Game, Phase
from ..game.rules import Rules
from ..game.scoring import GameEnd
from .moments import Moment, MomentKind
from .reports import Finding, GameReplay, MatchReplay

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
    records one was played with them) and ``[Jacoby "Off"]`` honoured; in both,
    ``[Backgammons "Off"]`` (the tag :func:`~tavla.replay.match_record` gives games played
    with R16's ``backgammons=False``) counts a backgammon as a gammon."""
    max_cube = _cube_limit(record.header("CubeLimit") or "")
    backgammons = (record.header("Backgammons") or "On").lower() != "off"
    if record.length == 0:
        jacoby = (record.header("Jacoby") or "On").lower() != "off"
        return Rules(jacoby=jacoby, beavers=True, max_cube=max_cube, backgammons=backgammons)
    crawford = (record.header("Crawford") or "On").lower() != "off"
    return Rules(crawford=crawford, max_cube=max_cube, backgammons=backgammons)


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
        moments: list[Moment] | None = None,
        index: int = 0,
    ) -> None:
        self.file = file
        self.moments = moments
        """Where the game's decisions go, when they are asked for (:mod:`.moments`)."""
        self.index = index
        self.doubling: CubeContext | None = None
        """The context of the double awaiting an answer, for its answer's moment."""
        self.record = record
        self.game_record = game
        self.report = GameReplay(game.number, game.score)
        self.game: Game | None = None
        self.checking = True
        self.hidden = False
        self.given_up: RecordedAction | None = None
        """The ``Losses`` or resignation cell of the game, if it has one."""
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
        if self.report.winner is None and self.given_up is not None:
            self.concession_without_points(self.given_up)
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
        if action.dice is None or action.play is None:
            what = (
                "roll and play hidden by the site (00: ????)"
                if action.dice is None
                else ("play hidden by the site (????)")
            )
            self.note(action, f"{what}: the rest of the game is unchecked")
            self.hidden, self.checking = True, False
            return
        opening = game.phase is Phase.OPENING
        if self.moments is not None and not opening and _cube_decision(game):
            self.moment(
                action, MomentKind.CUBE, game.position, CubeContext.from_game(game), "no double"
            )
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
            before_play = game.position
            before = before_play.position_id
            context = CubeContext.from_game(game)
            rolled = game.dice
            play = game.play(action.play, player=action.player)
            self.report.plays[-1] = play
            if self.moments is not None:
                self.moment(
                    action,
                    MomentKind.PLAY,
                    before_play,
                    context,
                    play.notation,
                    rolled,
                    play,
                    opening,
                )
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
                    self.file,
                    self.game_record.number,
                    action.move_number,
                    action.line,
                    before,
                    reason,
                )
            )

    def cube(self, action: RecordedAction) -> None:
        game = self.game
        if not self.checking or game is None:
            return
        if self.moments is not None:
            self.cube_moment(action, game)
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

    def moment(
        self,
        action: RecordedAction,
        kind: MomentKind,
        position: Position,
        context: CubeContext,
        done: str,
        dice: Roll | None = None,
        play: Play | None = None,
        opening: bool = False,
    ) -> None:
        assert self.moments is not None
        self.moments.append(
            Moment(
                self.index,
                action.move_number,
                action.line,
                action.player,
                kind,
                position,
                context,
                done,
                dice,
                play,
                opening,
            )
        )

    def cube_moment(self, action: RecordedAction, game: Game) -> None:
        """The moment of a double (the doubler's cube decision, where it may double) or of
        an answer to the double before it (replacing the 'no double' a roll would record)."""
        if action.kind is ActionKind.DOUBLE:
            self.doubling = None
            if game.phase is Phase.ROLL and _cube_decision(game):
                self.doubling = CubeContext.from_game(game)
                self.moment(action, MomentKind.CUBE, game.position, self.doubling, "double")
        elif self.doubling is not None and action.kind is not ActionKind.RACCOON:
            answer = {ActionKind.TAKE: "take", ActionKind.DROP: "drop", ActionKind.BEAVER: "beaver"}
            position = game.position
            self.moment(action, MomentKind.ANSWER, position, self.doubling, answer[action.kind])
            self.doubling = None

    def give_up(self, action: RecordedAction) -> None:
        """``Losses N point`` (Galaxy), ``Resigns`` or Backgammon Studio's ``Concedes``: the
        player gives the game up.  The points come from the ``Wins`` line that follows, else
        from the cell (see :meth:`concession_without_points`)."""
        self.given_up = action

    def concession_without_points(self, action: RecordedAction) -> None:
        """A game given up with no ``Wins`` line after it: the opponent is credited with the
        points the cell gives, else with a single game at the cube's value (R17)."""
        game = self.game
        if game is None:
            return
        value = game.cube.value if action.value is None else action.value
        source = "the cube's value" if action.value is None else "the points in the cell"
        winner = 1 - action.player
        self.note(action, f"no 'Wins' line: {_who(winner)} credited with {source}, {value}")
        self.win(replace(action, player=winner, kind=ActionKind.WIN, value=value))

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
        report.winner, report.points = winner, action.value
        if result is not None:
            if result.winner != winner:
                self.note(action, f"'Wins' stands in the loser's column: {_who(result.winner)} won")
                report.winner = winner = result.winner
            report.end, report.kind = result.end.value, result.kind
            self.check_points(action, result.points, result.cube_value, winner)
        else:
            given_up = self.given_up
            if given_up is not None and given_up.player == winner:
                # Galaxy writes an unnumbered "Losses" line without its column padding.
                self.note(
                    action, f"the {_GIVEN_UP[given_up.kind]} cell stands in the winner's column"
                )
            report.end = "resignation"
            self.resignation(action, winner)

    def resignation(self, action: RecordedAction, winner: int) -> None:
        """A game that ends neither by bearing off nor by a drop (R17): the written points
        must be a single, gammon or backgammon at the cube's value (or the points needed)."""
        assert action.value is not None
        game = self.game
        if game is None or (not self.checking and not self.hidden):
            return
        cube = game.cube.value
        points = self._points_of_resignation(action, winner, cube)
        kinds = [kind for kind in ResultKind if cube * kind == points]
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
            cell = "" if self.given_up is None else f" ({_GIVEN_UP[self.given_up.kind]} cell)"
            self.note(
                action,
                f"{_who(loser)} resigned or abandoned{cell}: {kinds[0].name.lower()},"
                f" {points} point(s) at cube {cube}",
            )
            self.check_points(action, result.points, cube, winner)
        elif kinds:
            self.note(action, f"the game ends while {game.phase.value}: {points} point(s)")
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

    def _points_of_resignation(self, action: RecordedAction, winner: int, cube: int) -> int:
        """The points a resignation's ``Wins`` cell gives: its number, unless no game at the
        cube is worth that and it is the last game's ``Wins N and the match`` whose N is the
        winner's final match score (:meth:`check_points` notes that reading)."""
        assert action.value is not None
        worths = {cube * kind for kind in ResultKind}
        length, before = self.record.length, self.game_record.score[winner]
        final_score = (
            length
            and action.and_the_match
            and self.game_record is self.record.games[-1]
            and action.value - before in worths
            and action.value >= length
        )
        return action.value - before if action.value not in worths and final_score else action.value

    def check_points(self, action: RecordedAction, worth: int, cube: int, winner: int) -> None:
        """Compare the written points with what the game is worth (R16, R19, R22), and read
        the two forms some writers give the last game of a match: the points capped at what
        the match needed, and (``Wins N points and the match``) the winner's final match
        score, capped at the match length or not, credited as the points that make it."""
        written = action.value
        assert written is not None
        if written == worth:
            return
        length = self.record.length
        before = self.game_record.score
        needed = length - before[winner]
        final = (length, before[winner] + worth)
        last = self.game_record is self.record.games[-1]
        if length and written == needed < worth:
            self.note(
                action,
                f"Wins {written}: the game is worth {worth}, capped at {needed}"
                " needed to win the match",
            )
        elif length and last and action.and_the_match and needed <= worth and written in final:
            score = list(before)
            score[winner] = written
            self.report.points = written - before[winner]
            self.note(
                action,
                f"Wins {written} and the match: the final match score {score[0]}-{score[1]},"
                f" not the points won (the game is worth {worth})",
            )
        elif length and len(self.record.games) == 1 and written == cube and worth > cube:
            self.note(
                action,
                f"Wins {written}: the game is worth {worth}; this one-game session counts no"
                " gammon without a turned cube (money play with the Jacoby rule, R22)",
            )
        else:
            self.mismatch(action, f"Wins {written}, but the game is worth {worth} (R16, R19)")


def _cube_decision(game: Game) -> bool:
    """The player to roll has a cube decision: it may double (R18, R19, R24, R25) and, in a
    match, the cube is not dead for it (its value below the points it needs, so a double can
    change what it wins), as GNU Backgammon's analysis counts them."""
    if not game.may_double:
        return False
    if not game.match_length:
        return True
    return not dead_cube(game.match_length - game.score[game.on_roll], game.cube.value)


_GIVEN_UP = {ActionKind.LOSE: "Losses", ActionKind.RESIGN: "resignation"}
"""How the notes name a cell that gives the game up (``Resigns``, or Backgammon Studio's
``Concedes``, is a resignation cell)."""


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


def _mid_match_start(game: GameRecord, length: int, rules: Rules) -> tuple[str, bool]:
    """The note for a record whose first game does not start at 0-0, and whether its first
    game comes after the Crawford game (R24).  The score line is taken as the starting
    score.  At a score with one side a point away, the game is taken as the Crawford game,
    as gnubg takes it from the score alone, unless it is marked otherwise by turning the
    cube (then it is post-Crawford); with both sides a point away it is post-Crawford."""
    score = game.score
    note = (
        f"the record starts at {score[0]}-{score[1]}, in the middle of the match: taken as"
        " the starting score"
    )
    if not rules.crawford or length < 2 or length - 1 not in score:
        return note, False
    if score[0] == score[1]:
        return f"{note}, after the Crawford game", True
    if not game.crawford_mark and any(action.kind in _CUBE_KINDS for action in game.actions):
        return f"{note}, and the game as post-Crawford (it turns the cube)", True
    return f"{note}, and the game as the Crawford game", False


def replay_record(
    record: MatchRecord, file: str = "", *, moments: list[Moment] | None = None
) -> MatchReplay:
    """Replay every game of a record (see the module docstring); never raises for what the
    record holds.  ``file`` names the record in findings.  With ``moments`` (a list), each
    decision of the games is appended to it (:class:`~tavla.replay.moments.Moment`) as far as
    each game could be replayed: cube decisions where the player may double, answers to
    doubles, and plays.  Raises
    :class:`~tavla.MatchFileError` (a ValueError) when ``record`` is not a
    :class:`~tavla.formats.record.MatchRecord` (:func:`~tavla.formats.mat.read_mat` makes one
    of a file's text) or ``file`` not a str."""
    check_instance(record, "record", MatchFileError, MatchRecord)
    check_instance(file, "file", MatchFileError, str)
    replay = MatchReplay(file, record)
    length = record.length
    rules = match_rules(record)
    crawford_rule = rules.crawford
    marks_hits = _marks_hits(record)
    expected: tuple[int, int] | None = (0, 0)
    start_note = None
    if length and record.games and record.games[0].score != (0, 0):
        expected = record.games[0].score
        start_note, past_crawford = _mid_match_start(record.games[0], length, rules)
        crawford_rule = crawford_rule and not past_crawford
    crawford_marks = crawford_games(length, (game.score for game in record.games), crawford_rule)
    for index, (game, crawford) in enumerate(zip(record.games, crawford_marks, strict=True)):
        replayer = _GameReplayer(file, record, game, rules, crawford, marks_hits, moments, index)
        report = replayer.run()
        if start_note is not None:
            report.notes.insert(0, Finding(file, game.number, None, game.line, None, start_note))
            start_note = None
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
    """Read a match file and replay it: an SGF file (:ref:`sgf`, told by its text, which
    begins ``(;``: :func:`~tavla.formats.sgf.looks_like_sgf`) or else a ``.mat`` file.
    Raises :class:`~tavla.MatchFileError` naming the line when the file cannot be read as
    a match file (naming the file when it is empty or not a regular file, refused before it
    is opened: see :func:`~tavla.formats.match_files.read_match_file`), OSError when it cannot be
    opened."""
    return replay_record(read_match_file(path, _parse_match_text), str(path))


def _parse_match_text(text: str) -> MatchRecord:
    return parse_sgf(text) if looks_like_sgf(text) else parse_mat(text)
