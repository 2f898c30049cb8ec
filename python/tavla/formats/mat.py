"""Jellyfish / GNU Backgammon ``.mat`` match files (:ref:`mat`): reading.

Reading is liberal: it accepts the dialects of gnubg, eXtreme Gammon, Backgammon Galaxy and
Backgammon Studio (``25/22`` or ``bar/22``, ``6/0`` or ``6/off``, ``*`` or no hit marks,
``(2)`` repeat counts, chained moves such as ``63: 22/13``, ``Cannot Move``, ``????`` for
plays a site hid after a resignation and ``00: ????`` (or ``????`` alone) for a hidden roll,
low-first rolls, cells that overflow their column, ``Losses N point``, ``Concedes`` (Backgammon
Studio's ``32: Concedes`` after a roll: the roller concedes), ``Wins N points and the
match``).  The file becomes a plain :class:`MatchRecord`: no rule is checked here;
:mod:`tavla.replay` checks the games against the rules.

Writing is :mod:`tavla.formats.mat_writer`'s (:func:`format_mat`, :func:`write_mat`,
:func:`plain_form`, importable from here too).
"""

from __future__ import annotations

import os
import re
from dataclasses import replace

from .._validate import check_instance, excerpt
from ..errors import MatchFileError
from .mat_writer import format_mat as format_mat
from .mat_writer import plain_form as plain_form
from .mat_writer import write_mat as write_mat
from .match_files import line_error
from .match_files import not_a_regular_file as not_a_regular_file
from .match_files import read_int as read_int
from .match_files import read_match_file as read_match_file
from .match_files import unwritable_character as unwritable_character
from .record import LEFT as LEFT
from .record import RIGHT as RIGHT
from .record import ActionKind as ActionKind
from .record import GameRecord as GameRecord
from .record import MatchRecord as MatchRecord
from .record import RecordedAction as RecordedAction

_MATCH_LINE = re.compile(r"^\s*(\d+)\s+point\s+match\b", re.IGNORECASE)
_GAME_LINE = re.compile(r"^\s*Game\s+(\d+)\b(.*)$", re.IGNORECASE)
_SCORE_LINE = re.compile(r"^(\s*)(.*?)\s*:\s*(\d+)(\s+)(.*?)\s*:\s*(\d+)\s*$")
_HEADER_TAG = re.compile(r'^\s*\[\s*([^"\]]+?)\s+"(.*)"\s*\]\s*$')
_MOVE_LINE = re.compile(r"^\s*(\d+)\)(.*)$")
# Where a cell begins: a roll, a cube or end-of-game word, or a stray repeated "NN)".
_CELL_START = re.compile(
    r"(?<!\S)(?:\d\d:|\d+\)|(?:double|beaver|raccoon|take|drop|win|loss|lose|resign|concede)\w*)",
    re.IGNORECASE,
)
_STRAY_NUMBER = re.compile(r"^\d+\)$")
_ROLL_CELL = re.compile(r"^(\d)(\d):\s*(.*)$")
_MOVE_TOKEN = re.compile(r"^(?:bar|b|\d{1,2})(?:/(?:\d{1,2}|off)\*?)+(?:\(\d\))?$", re.IGNORECASE)
_CUBE_CELL = re.compile(r"^(double|beaver|raccoon)s?\w*\s*(?:=>\s*(\d+))?$", re.IGNORECASE)
_ANSWER_CELL = re.compile(r"^(take|drop)s?$", re.IGNORECASE)
_POINTS_CELL = re.compile(
    r"^(win|loss|lose|resign|concede)\w*\s*(?:(\d+)\s+points?)?(\s+and\s+the\s+match)?$",
    re.IGNORECASE,
)
_POINTS_KINDS = {"win": ActionKind.WIN, "resign": ActionKind.RESIGN, "concede": ActionKind.RESIGN}
_HIDDEN = re.compile(r"^\?{3,}$")
_NO_MOVE = re.compile(r"^(?:cannot\s+move|can't\s+move)?$", re.IGNORECASE)
_DEFAULT_RIGHT_COLUMN = 32
_REDOUBLES = (ActionKind.BEAVER, ActionKind.RACCOON)


def _parse_roll_cell(
    text: str, number: int, line: str
) -> tuple[tuple[int, int] | None, str | None]:
    match = _ROLL_CELL.match(text)
    assert match is not None
    d1, d2 = int(match.group(1)), int(match.group(2))
    rest = match.group(3).strip()
    if d1 == d2 == 0 and _HIDDEN.match(rest):
        return None, None  # the site hid the roll with the play
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise line_error(number, line, f"a roll has two dice 1 to 6, got {d1}{d2}")
    dice = (max(d1, d2), min(d1, d2))
    if _HIDDEN.match(rest):
        return dice, None
    if _NO_MOVE.match(rest):
        return dice, ""
    for token in rest.split():
        if not _MOVE_TOKEN.match(token):
            raise line_error(number, line, f"cannot read the move {excerpt(token)}")
    return dice, " ".join(rest.split())


def _parse_cell(text: str, player: int, number: int, line: str, move: int | None) -> RecordedAction:
    if _HIDDEN.match(text):  # a roll hidden with its play, without the 00: of 00: ????
        return RecordedAction(player, ActionKind.ROLL, None, None, None, number, move)
    if _ROLL_CELL.match(text):
        dice, play = _parse_roll_cell(text, number, line)
        return RecordedAction(player, ActionKind.ROLL, dice, play, None, number, move)
    if match := _CUBE_CELL.match(text):
        kind = ActionKind(match.group(1).lower())
        value = read_int(match.group(2), number, line) if match.group(2) else None
        return RecordedAction(player, kind, None, None, value, number, move)
    if match := _ANSWER_CELL.match(text):
        kind = ActionKind(match.group(1).lower())
        return RecordedAction(player, kind, None, None, None, number, move)
    if match := _POINTS_CELL.match(text):
        kind = _POINTS_KINDS.get(match.group(1).lower(), ActionKind.LOSE)
        value = read_int(match.group(2), number, line) if match.group(2) else None
        ends_match = kind is ActionKind.WIN and match.group(3) is not None
        return RecordedAction(player, kind, None, None, value, number, move, ends_match)
    raise line_error(number, line, f"cannot read the cell {excerpt(text)}")


def _cells(body: str, offset: int) -> list[tuple[int, str]]:
    """Split the text after the move number into (column, cell text) pairs.

    Text before the first recognised cell start is kept as a cell of its own, so that
    reading it fails with the line named.
    """
    starts = [m.start() for m in _CELL_START.finditer(body)]
    ends = [*starts[1:], len(body)] if starts else []
    bounds = list(zip(starts, ends, strict=True))
    if body[: starts[0] if starts else len(body)].strip():
        bounds.insert(0, (len(body) - len(body.lstrip()), starts[0] if starts else len(body)))
    cells = [(offset + start, body[start:end].strip()) for start, end in bounds]
    return [(column, text) for column, text in cells if not _STRAY_NUMBER.match(text)]


def _with_redouble_answers(actions: list[RecordedAction]) -> tuple[RecordedAction, ...]:
    """The actions in tavla's terms where a file is written as gnubg writes beavers
    (:ref:`mat`): a ``Beavers`` cell answering a beaver is a raccoon, and the take of a
    beaver or raccoon, which gnubg leaves out, is put back before the cell that follows
    (a roll of the doubler), on that cell's line."""
    result: list[RecordedAction] = []
    for action in actions:
        previous = result[-1] if result else None
        if previous is not None and previous.kind in _REDOUBLES:
            if action.kind is ActionKind.BEAVER and previous.kind is ActionKind.BEAVER:
                action = replace(action, kind=ActionKind.RACCOON)
            elif action.kind not in (ActionKind.TAKE, ActionKind.DROP, ActionKind.RACCOON):
                answer = RecordedAction(1 - previous.player, ActionKind.TAKE)
                result.append(replace(answer, line=action.line, move_number=action.move_number))
        result.append(action)
    return tuple(result)


class _Reader:
    """Line-by-line state of one file being read."""

    def __init__(self) -> None:
        self.length: int | None = None
        self.headers: list[tuple[str, str]] = []
        self.comments: list[str] = []
        self.games: list[GameRecord] = []
        self.players: tuple[str, str] | None = None
        self.game_number = 0
        self.game_line = 0
        self.crawford_mark = False
        self.score: tuple[int, int] | None = None
        self.actions: list[RecordedAction] = []
        self.right_column = _DEFAULT_RIGHT_COLUMN

    def finish_game(self) -> None:
        if self.game_line and self.score is not None:
            self.games.append(
                GameRecord(
                    self.game_number,
                    self.score,
                    _with_redouble_answers(self.actions),
                    self.game_line,
                    self.crawford_mark,
                )
            )
        self.actions = []

    def read_line(self, number: int, line: str) -> None:
        stripped = line.strip()
        if not stripped:
            return
        if self.game_line and self.score is None and _SCORE_LINE.match(line):
            # Before the comment and header checks: a name may read "Game 2" or "; x".
            self.read_score(number, line)
            return
        if stripped[0] in ";#":
            self.read_comment(stripped[1:].strip())
            return
        if match := _MATCH_LINE.match(line):
            if self.length is not None:
                raise line_error(number, line, "a second match-length line")
            self.length = read_int(match.group(1), number, line)
            return
        if match := _GAME_LINE.match(line):
            if self.length is None:
                raise line_error(number, line, "a game before the ' N point match' line")
            if self.game_line and self.score is None:
                raise line_error(number, line, f"game {self.game_number} has no score line")
            self.finish_game()
            self.game_number, self.game_line = read_int(match.group(1), number, line), number
            self.crawford_mark = "crawford" in match.group(2).lower()
            self.score = None
            return
        if self.game_line == 0:
            raise line_error(number, line, "expected a header, ' N point match' or 'Game N'")
        if self.score is None:
            self.read_score(number, line)
            return
        self.read_cells(number, line)

    def read_comment(self, text: str) -> None:
        if match := _HEADER_TAG.match(text):
            self.headers.append((match.group(1), match.group(2)))
        elif text:
            self.comments.append(text)

    def read_score(self, number: int, line: str) -> None:
        match = _SCORE_LINE.match(line)
        if match is None:
            raise line_error(number, line, "expected the score line 'name : n   name : n'")
        self.score = (
            read_int(match.group(3), number, line),
            read_int(match.group(6), number, line),
        )
        self.right_column = match.start(5) if match.group(5) else match.end(4)
        if self.players is None:
            self.players = (match.group(2), match.group(5))

    def read_cells(self, number: int, line: str) -> None:
        move: int | None = None
        body, offset = line, 0
        if match := _MOVE_LINE.match(line):
            move, body, offset = (
                read_int(match.group(1), number, line),
                match.group(2),
                match.start(2),
            )
        threshold = self.right_column // 2 + 3
        player: int | None = None
        for column, text in _cells(body, offset):
            side = RIGHT if column >= threshold else LEFT
            action = _parse_cell(text.strip(), side, number, line, move)
            if player is not None and not self._concedes_after_rolling(action, player):
                action = replace(action, player=1 - player)
            player = action.player
            self.actions.append(action)

    def _concedes_after_rolling(self, action: RecordedAction, player: int) -> bool:
        """Backgammon Studio's ``32: Concedes``: a resignation cell (``action``, its player
        the column it stands in) in the column of ``player``, whose roll without a play comes
        just before it on the line."""
        previous = self.actions[-1] if self.actions else None
        return (
            action.kind is ActionKind.RESIGN
            and action.player == player
            and previous is not None
            and (previous.kind, previous.play, previous.line) == (ActionKind.ROLL, "", action.line)
        )


def looks_like_mat(text: str) -> bool:
    """True when the text has a `` N point match`` line or a ``Game N`` line, as every match
    file does (:ref:`mat`); False for text that is plainly something else, such as
    prose.  A True answer does not mean :func:`parse_mat` can read it."""
    lines = text.splitlines()
    return any(_MATCH_LINE.match(line) or _GAME_LINE.match(line) for line in lines)


def parse_mat(text: str) -> MatchRecord:
    """Read the text of a ``.mat`` match file (:ref:`mat`) into a record.

    Raises :class:`~tavla.MatchFileError` (a ValueError) naming the line number and the line
    when the text is not a match file: no `` N point match`` line before the first game, a
    game without a score line, a cell that is not a roll, cube action or result, a move
    token that is not ``from/to``, a number of more than nine digits; and for ``text`` that
    is not a ``str`` (bytes among them: decode them, or read the file with
    :func:`read_mat`).  Rules are not checked (see :mod:`tavla.replay`).  Beavers written
    as gnubg writes them read in tavla's terms: a ``Beavers`` cell answering a beaver is a
    raccoon, and the take of a beaver or raccoon, which gnubg leaves out, is put back.
    """
    if isinstance(text, (bytes, bytearray)):
        raise MatchFileError(
            "the text of a match file must be a str, got bytes: decode them, or read the file"
            " with read_mat"
        )
    check_instance(text, "the text of a match file", MatchFileError, str)
    reader = _Reader()
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        reader.read_line(number, line)
    if reader.length is None:
        raise MatchFileError("line 1: not a match file: no ' N point match' line")
    if reader.game_line and reader.score is None:
        raise MatchFileError(
            f"line {reader.game_line}: game {reader.game_number} has no score line"
        )
    reader.finish_game()
    players = reader.players
    if players is None:
        tags = dict((key.lower(), value) for key, value in reader.headers)
        players = (tags.get("player 1", ""), tags.get("player 2", ""))
    return MatchRecord(
        reader.length, players, tuple(reader.headers), tuple(reader.games), tuple(reader.comments)
    )


def read_mat(path: str | os.PathLike[str]) -> MatchRecord:
    """Read a ``.mat`` match file from disk: :func:`parse_mat` of its text, read and
    checked as :func:`read_match_file` says (its errors: :class:`~tavla.MatchFileError`
    naming the file and the line, OSError when the file cannot be opened)."""
    return read_match_file(path, parse_mat)
