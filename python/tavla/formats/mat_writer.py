"""Jellyfish / GNU Backgammon ``.mat`` match files (:ref:`mat`): writing.

Writing produces gnubg's export form (:ref:`mat`), as GNU Backgammon 1.07 writes it and
reads it back: column widths, ``dd: moves`` cells, cube cells with one leading space,
``Wins N point(s)`` in the winner's column (on the line of the left player's last cell when
the right player wins after it), beavers as gnubg writes them.  Reading is
:mod:`tavla.formats.mat`'s.
"""

from __future__ import annotations

import re
from pathlib import Path

from .._validate import check_instance, excerpt
from ..board.position import Play
from ..errors import MatchFileError
from .match_files import unwritable_character
from .record import LEFT, RIGHT, ActionKind, GameRecord, MatchRecord, RecordedAction

_REDOUBLES = (ActionKind.BEAVER, ActionKind.RACCOON)

_SCORE_WIDTH = 30
"""gnubg pads ``name : n`` to 30 characters plus a space: the right name from column 32."""
_CELL_INDENT = 3
"""The left cell is 3 narrower than the left score: right cells from column 33 (gnubg's
export layout), one column right of the right name, where the reader looks for them."""
_QUOTED_WHOLE = 1000
"""A name or header value that cannot be written is quoted whole up to this many characters
(so that the fault, a trailing space say, shows), by an excerpt beyond."""
_SCORE_IN_NAME = re.compile(r":\s*\d+(?:\s|$)")
_WRITTEN_HEADERS = ("Site", "Event", "Round", "EventDate", "Variation", "Transcriber")


def plain_form(play: Play) -> str:
    """A play in the ``.mat`` plain form (:ref:`mat`): one ``from/to`` per die, ``25``
    for the bar, ``0`` for off, ``*`` after a move that hit, in playing order."""
    return " ".join(
        f"{start}/{end}{'*' if hit else ''}"
        for (start, end), hit in zip(play.moves, play.hit_flags, strict=True)
    )


def _cell_text(action: RecordedAction) -> str:
    kind = action.kind
    if kind is ActionKind.ROLL:
        play = "????" if action.play is None else action.play
        dice = "00" if action.dice is None else f"{action.dice[0]}{action.dice[1]}"
        return f"{dice}: {play}".rstrip()
    if kind in (ActionKind.DOUBLE, ActionKind.BEAVER, ActionKind.RACCOON):
        # gnubg writes a raccoon as the beaver of a beaver, and misreads "Raccoons".
        word = "Doubles" if kind is ActionKind.DOUBLE else "Beavers"
        return f" {word} => {action.value}" if action.value is not None else f" {word}"
    if kind in (ActionKind.TAKE, ActionKind.DROP):
        return f" {kind.value.capitalize()}s"
    word = {ActionKind.WIN: "Wins", ActionKind.LOSE: "Losses", ActionKind.RESIGN: "Resigns"}[kind]
    if action.value is None:
        return f" {word}"
    match = " and the match" if action.and_the_match else ""
    return f" {word} {action.value} point{'s' if action.value != 1 else ''}{match}"


def _check_name(name: str, side: int) -> None:
    """Raise MatchFileError for a name that would not read back from a score line."""
    which = "left" if side == LEFT else "right"
    if unwritable := unwritable_character(name):
        reason = unwritable
    elif name != name.strip():
        reason = "leading or trailing space would be lost on reading"
    elif side == LEFT and _SCORE_IN_NAME.search(name):
        reason = "':' and a number inside it would be read as the score"
    else:
        return
    shown = excerpt(name, _QUOTED_WHOLE)
    raise MatchFileError(f"the {which} player's name {shown} cannot be written: {reason}")


def _written_actions(actions: tuple[RecordedAction, ...]) -> list[RecordedAction]:
    """The actions that have a cell in gnubg's layout.  gnubg leaves out the take of a
    beaver or raccoon (the doubler's roll shows it; it loses its place in the game on
    reading one) and an accepted resignation: a ``Resigns`` cell offering the points the
    opponent's ``Wins`` that follows gives (the ``Wins`` alone says it, as GNU Backgammon
    1.07 exports a resigned game: tests/data/gnubg_exports)."""
    written = []
    for index, action in enumerate(actions):
        before = actions[index - 1] if index else None
        after = actions[index + 1] if index + 1 < len(actions) else None
        if action.kind is ActionKind.TAKE and before is not None and before.kind in _REDOUBLES:
            continue
        accepted = (
            after is not None
            and after.kind is ActionKind.WIN
            and after.player != action.player
            and after.value == action.value
        )
        if action.kind is ActionKind.RESIGN and action.value is not None and accepted:
            continue
        written.append(action)
    return written


def _game_lines(game: GameRecord, players: tuple[str, str]) -> list[str]:
    left = f"{players[0]} : {game.score[0]}"
    width = max(_SCORE_WIDTH, len(left))  # a long left name widens the columns, never joins
    cell_width = width - _CELL_INDENT
    lines = [f" Game {game.number}", f" {left:<{width}} {players[1]} : {game.score[1]}"]
    row: list[str | None] = [None, None]
    number = 0

    def flush(numbered: bool) -> None:
        nonlocal number
        if numbered:
            number += 1
        prefix = f"{number:3d}) " if numbered else "     "
        lines.append(f"{prefix}{row[0] or '':<{cell_width}} {row[1] or ''}".rstrip())
        row[:] = [None, None]

    actions = _written_actions(game.actions)
    for index, action in enumerate(actions):
        before_kind = actions[index - 1].kind if index else None
        ends_game = action.kind in (ActionKind.WIN, ActionKind.LOSE, ActionKind.RESIGN)
        joins_left = row[LEFT] is not None and row[RIGHT] is None
        if action.kind is ActionKind.WIN and action.player == RIGHT and joins_left:
            # gnubg's layout: the right player's win shares the line of the left player's
            # last cell, a drop or a roll left unplayed before resigning (gnubg writes it
            # without its indent after a roll).  On a line of its own, gnubg would read it
            # as a resignation in a game of its own and count the points twice.
            text = _cell_text(action)
            row[RIGHT] = text.lstrip() if before_kind is ActionKind.ROLL else text
            flush(True)
        else:
            if ends_game and any(row):
                flush(True)
            if row[action.player] is not None or (action.player == LEFT and row[RIGHT] is not None):
                flush(True)
            row[action.player] = _cell_text(action)
            if ends_game:
                flush(False)
    if any(cell is not None for cell in row):
        flush(True)
    return lines


def format_mat(record: MatchRecord) -> str:
    """The match in gnubg's ``.mat`` export form (:ref:`mat`), as text.

    Header tags kept are those gnubg writes (Site, Event, Round, EventDate, Variation,
    Transcriber).  Roll cells keep the play text of the record: give it plain-form plays
    (see :func:`plain_form`) for a file that gnubg reads back unchanged.  The lines are
    gnubg's (its exporter's, checked against GNU Backgammon 1.07): a ``Wins`` cell stands on
    a line of its own in the winner's column, except that the right player's win shares the
    line of the left player's drop, or of the roll the left player resigned after (gnubg
    reads a ``Wins`` line of its own there as a resignation in an extra game, and counts the
    points twice); a raccoon is written ``Beavers => N``, the beaver of a beaver, and the
    take of a beaver or raccoon is left out, as gnubg writes them (gnubg misreads
    ``Raccoons`` and loses its place on such a ``Takes``;
    :func:`~tavla.formats.mat.parse_mat` puts both back).  An accepted resignation is its
    ``Wins`` line alone, as gnubg exports it: a ``Resigns`` cell offering the points of the
    opponent's ``Wins`` that follows (as :func:`~tavla.replay.match_record` and an SGF
    result ``RE[B+2R]`` give) is left out.

    The games read back by :func:`~tavla.formats.mat.parse_mat` are the same as the
    record's (see :meth:`GameRecord.same_as`) but for such ``Resigns`` cells, and so are
    the players' names, of any length, when there is a game to hold its score line: a long
    left name widens the columns.

    Raises :class:`~tavla.MatchFileError` naming the name when a player's name cannot be
    read back from the score line ``name : n   name : n``: a control character (a line
    break, a tab), a line separator or a surrogate; a leading or trailing space; in the left
    name, a ``:`` followed by a number and a space or the name's end (``"Ann :3"``).  Raises
    it too for a header tag written with a control character or line separator, and for a
    ``record`` that is not a :class:`MatchRecord`.
    """
    check_instance(record, "the record", MatchFileError, MatchRecord)
    for side, name in enumerate(record.players):
        _check_name(name, side)
    headers = [(key, value) for key, value in record.headers if key in _WRITTEN_HEADERS and value]
    for key, value in headers:
        if unwritable := unwritable_character(value):
            raise MatchFileError(
                f"the {key} header {excerpt(value, _QUOTED_WHOLE)} cannot be written: {unwritable}"
            )
    lines = [f'; [{key} "{value}"]' for key, value in headers]
    if lines:
        lines.append("")
    lines += [f" {record.length} point match", ""]
    for game in record.games:
        lines += [*_game_lines(game, record.players), ""]
    return "\n".join(lines) + "\n"


def write_mat(record: MatchRecord, path: str | Path) -> None:
    """Write :func:`format_mat` of the record to a file (UTF-8).  Raises
    :class:`~tavla.MatchFileError` as :func:`format_mat` does, before the file is opened."""
    Path(path).write_text(format_mat(record), encoding="utf-8")
