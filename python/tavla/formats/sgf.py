"""SGF for backgammon (``GM[6]``), GNU Backgammon's native save format (:ref:`sgf`):
reading and writing whole matches and money sessions.

A file is a collection of game trees, one per game.  Each game's root node holds the match
(``MI[length:5][game:0][ws:0][bs:0]``: gnubg counts games from 0; White = gnubg player 0 =
the ``.mat`` left column, Black = player 1), the players (``PW``, ``PB``), the rules
(``RU[Crawford]``, ``RU[Crawford:CrawfordGame]``, ``RU[Jacoby]``) and the result
(``RE[W+2]``, ``RE[B+1R]`` for a resignation); each later node one turn: ``B[32qtqs]`` (a
roll, then one from/to pair of letters per die: ``a``-``x`` are White's points 1-24 and
Black's 24-1, ``y`` the bar, ``z`` off), ``W[21]`` (a roll that moves nothing),
``B[double]``, ``W[take]``, ``W[drop]`` (a beaver is written ``double`` by the taker).

A file becomes the same :class:`~tavla.formats.record.MatchRecord` a ``.mat`` file does, so
that :mod:`tavla.replay` checks both alike; nothing is checked against the rules here.  The
SGF syntax itself is :mod:`tavla.formats.sgf_syntax`.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterator
from pathlib import Path

from .._validate import check_instance, excerpt
from ..errors import MatchFileError
from .context import crawford_games
from .match_files import read_match_file, unwritable_character
from .record import LEFT, RIGHT, ActionKind, GameRecord, MatchRecord, RecordedAction
from .sgf_syntax import SgfNode, SgfTree, escape, parse_collection
from .sgf_syntax import looks_like_sgf as looks_like_sgf

_COLOURS = {"W": LEFT, "B": RIGHT}
_COLOUR_OF = {LEFT: "W", RIGHT: "B"}
_BAR, _OFF = "y", "z"
_SETUP = ("AB", "AW", "AE", "PL", "DI", "CO", "CP")
"""Set-up properties: an edited position, which a match record cannot hold."""
_DICE_SETUP = ("PL", "DI")
"""Set-up properties that leave the position as it is: the side to play and its dice, which
gnubg writes in a node of their own for a roll left unplayed at the end of a game."""
_HEADERS = (("EV", "Event"), ("RO", "Round"), ("PC", "Site"), ("AN", "Transcriber"))
"""SGF game-info properties and the ``.mat`` header tags that mean the same."""
_MAX_DIGITS = 9
"""The longest number read (match length, scores, points of a result), as in ``.mat``."""

_ROLL = re.compile(r"([1-6])([1-6])((?:[a-z][a-z]){0,4})")
_RESULT = re.compile(r"([WB])\+(\d+)(R?)", re.IGNORECASE)
_NO_RESULT = re.compile(r"\??|void|0|draw", re.IGNORECASE)
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_MAT_DATE = re.compile(r"(\d{4})\.(\d{2})\.(\d{2})")
_MOVE_TOKEN = re.compile(r"((?:bar|b|off|\d{1,2})\*?(?:/(?:bar|b|off|\d{1,2})\*?)+)(?:\((\d)\))?")


# -- reading -------------------------------------------------------------------------------


def _number(text: str, what: str, line: int) -> int:
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        raise MatchFileError(f"line {line}: {what} is not a number: {excerpt(text)}")
    if len(text.lstrip("0")) > _MAX_DIGITS:
        raise MatchFileError(
            f"line {line}: {what} {excerpt(text)} is too long (at most {_MAX_DIGITS} digits)"
        )
    return int(text)


def _match_info(node: SgfNode) -> dict[str, str]:
    """``MI[length:5][game:0][ws:0][bs:0]`` as a dict with lower-case tags."""
    info = {}
    for item in node.properties.get("MI", []):
        tag, _, value = item.partition(":")
        info[tag.strip().lower()] = value
    return info


def _rule_words(node: SgfNode) -> set[str]:
    """The words of ``RU[Crawford:CrawfordGame]``, lower case."""
    return {
        word.strip().lower() for value in node.properties.get("RU", []) for word in value.split(":")
    }


def _point(letter: str, player: int) -> int:
    """The mover's point of an SGF point letter: 25 the bar, 0 off."""
    if letter == _BAR:
        return 25
    if letter == _OFF:
        return 0
    index = ord(letter) - ord("a")
    return index + 1 if player == LEFT else 24 - index


def play_text(letters: str, player: int) -> str:
    """The moves of SGF letters (``"qtqs"``: from/to pairs, as a move node and gnubg's ``A``
    lists write them) in plain notation from the mover's side (``"8/5 8/6"``).  Raises
    ValueError for letters that are not pairs of points, or a move that leaves the tray or
    enters the bar."""
    if len(letters) % 2 or not all("a" <= letter <= "z" for letter in letters):
        raise ValueError(f"the moves {excerpt(letters)!r} are not pairs of point letters a-z")
    moves = []
    for start, end in zip(letters[::2], letters[1::2], strict=True):
        if start == _OFF or end == _BAR:
            raise ValueError(f"the move {start + end!r} leaves the tray or enters the bar")
        moves.append(f"{_point(start, player)}/{_point(end, player)}")
    return " ".join(moves)


def _letter(point: int, player: int) -> str:
    """The SGF letter of the mover's point (25 the bar, 0 off)."""
    if point == 25:
        return _BAR
    if point == 0:
        return _OFF
    return chr(ord("a") + (point - 1 if player == LEFT else 24 - point))


class _GameReader:
    """Turns the nodes of one game tree into a :class:`GameRecord`."""

    def __init__(self, tree: SgfTree, number: int) -> None:
        self.tree = tree
        self.number = number
        self.actions: list[RecordedAction] = []
        self.cube = 1
        self.offer: tuple[ActionKind, int, int] | None = None  # kind, player, value

    def fail(self, line: int, reason: str) -> MatchFileError:
        return MatchFileError(f"line {line}: game {self.number}: {reason}")

    def read(self, score: tuple[int, int], crawford: bool) -> GameRecord:
        for index, node in enumerate(self.tree.nodes):
            self.read_node(node, index or None)
        self.read_result(self.tree.nodes[0])
        return GameRecord(
            self.number, score, tuple(self.actions), self.tree.line, crawford_mark=crawford
        )

    def read_node(self, node: SgfNode, move: int | None) -> None:
        board_setup = [key for key in _SETUP if key in node.properties and key not in _DICE_SETUP]
        if not board_setup and any(key in node.properties for key in _DICE_SETUP):
            return  # gnubg's record of a roll: one left unplayed as the game ended
        for key in _SETUP:
            if key in node.properties:
                raise self.fail(
                    node.line,
                    f"the set-up property {key} (an edited position) cannot be read into a"
                    " match record",
                )
        cube = node.value("CV")
        if cube is not None and cube.strip() not in ("", "1"):
            raise self.fail(
                node.line,
                f"the set-up property CV[{cube}] (a cube already turned) is not supported",
            )
        colours = [colour for colour in _COLOURS if colour in node.properties]
        if not colours:
            return
        if len(colours) == 2:
            raise self.fail(node.line, "one node holds both a B and a W move")
        colour = colours[0]
        values = node.properties[colour]
        if len(values) != 1:
            raise self.fail(node.line, f"{colour} holds {len(values)} moves, not one")
        self.read_move(_COLOURS[colour], values[0].strip(), node.line, move)

    def read_move(self, player: int, text: str, line: int, move: int | None) -> None:
        word = text.lower()
        if word == "double":
            self.actions.append(self.double(player, line, move))
        elif word in ("take", "drop"):
            kind = ActionKind.TAKE if word == "take" else ActionKind.DROP
            if kind is ActionKind.TAKE and self.offer is not None:
                self.cube = self.offer[2]
            self.offer = None
            self.actions.append(RecordedAction(player, kind, line=line, move_number=move))
        elif roll := _ROLL.fullmatch(word):
            self.offer = None
            dice = (int(roll.group(1)), int(roll.group(2)))
            try:
                moves = play_text(roll.group(3), player)
            except ValueError as exc:
                raise self.fail(line, str(exc)) from None
            self.actions.append(
                RecordedAction(
                    player,
                    ActionKind.ROLL,
                    (max(dice), min(dice)),
                    moves,
                    line=line,
                    move_number=move,
                )
            )
        else:
            raise self.fail(
                line,
                f"cannot read the move {_COLOUR_OF[player]}[{excerpt(text)}]: a roll and its"
                " moves (31hefe), double, take or drop",
            )

    def double(self, player: int, line: int, move: int | None) -> RecordedAction:
        """``double``: a double, or from the player who is to answer one a beaver (R20),
        or, answering a beaver, a raccoon; the value is the cube value it offers."""
        kind, value = ActionKind.DOUBLE, 2 * self.cube
        if self.offer is not None and self.offer[1] != player:
            kind = ActionKind.BEAVER if self.offer[0] is ActionKind.DOUBLE else ActionKind.RACCOON
            value = 2 * self.offer[2]
        self.offer = (kind, player, value)
        return RecordedAction(player, kind, value=value, line=line, move_number=move)

    def read_result(self, root: SgfNode) -> None:
        text = root.value("RE")
        if text is None or _NO_RESULT.fullmatch(text.strip()):
            return
        result = _RESULT.fullmatch(text.strip())
        if result is None:
            raise self.fail(
                root.line,
                f"cannot read the result RE[{excerpt(text)}]: gnubg writes W+2, or B+1R"
                " for a resignation",
            )
        winner = _COLOURS[result.group(1).upper()]
        points = _number(result.group(2), "the points of the result", root.line)
        if result.group(3):
            self.actions.append(
                RecordedAction(1 - winner, ActionKind.RESIGN, value=points, line=root.line)
            )
        self.actions.append(RecordedAction(winner, ActionKind.WIN, value=points, line=root.line))


def _headers(root: SgfNode, length: int) -> list[tuple[str, str]]:
    """The ``.mat`` header tags of the first game's root: game information and rules."""
    headers = [(tag, value) for key, tag in _HEADERS if (value := root.value(key))]
    date = root.value("DT")
    if date:
        day = _DATE.fullmatch(date.strip())
        headers.append(("EventDate", ".".join(day.groups()) if day else date))
    words = _rule_words(root)
    if length:
        headers.append(("Crawford", "On" if "crawford" in words else "Off"))
    else:
        headers.append(("Jacoby", "On" if "jacoby" in words else "Off"))
    if "nackgammon" in words:
        headers.append(("Variation", "NackGammon"))
    for size in "123":
        if f"hypergammon{size}" in words:
            headers.append(("Variation", f"HyperGammon ({size})"))
    return headers


def parse_sgf(text: str) -> MatchRecord:
    """Read the text of an SGF backgammon file (``GM[6]``, :ref:`sgf`) into a match
    record, the same record a ``.mat`` file gives.

    White is player 0 (the left player), Black player 1.  Games are numbered 1, 2, ... in
    file order (gnubg's ``MI[game:0]`` counts from 0).  Each turn becomes a roll action with
    its play in the plain form (``8/5 6/5``, 25 the bar, 0 off); ``double`` becomes a
    double, or a beaver or raccoon when the player doubled is the one who writes it (R20),
    with the cube value it offers; ``RE[W+2]`` becomes a ``Wins 2 points`` action,
    ``RE[B+1R]`` a resignation by White, then the win.  ``RU[Crawford]`` gives the header
    ``Crawford: On`` (Off without it), ``RU[Jacoby]`` in money play ``Jacoby: On``, and
    ``RU[...:CrawfordGame]`` marks the Crawford game; ``EV``, ``RO``, ``PC``, ``AN`` and
    ``DT`` become the headers Event, Round, Site, Transcriber and EventDate.  Other
    properties, gnubg's private ones among them (its analysis ``A``, ``DA``, statistics
    ``GS``, marks ``BM``, ``DO``...), and comments are skipped; so are variations (only the
    main line of each game is read).  Actions are located by line (the line of the node's
    ``;``) and by ``move_number``, the node's place in its game (1 for the node after the
    root; None for the root, which holds the result).

    Raises :class:`~tavla.MatchFileError` (a ValueError) naming the line for text that is
    not SGF (an unclosed ``(`` or ``[``, a stray character), no game tree, a game that is
    not backgammon (``GM`` other than 6, or none in the first game), games of different
    match lengths, a move that is not a roll with from/to letters, ``double``, ``take`` or
    ``drop``, a result other than ``W+n``, ``B+nR`` (or ``?``, ``Void``: no result), a
    set-up property (an edited position: ``AB``, ``AW``, ``AE``, ``PL``, ``DI``, ``CO``,
    ``CP``, a ``CV`` other than 1), a number of more than nine digits; and for ``text`` that
    is not a ``str``.  Rules are not checked (see :mod:`tavla.replay`).
    """
    if isinstance(text, (bytes, bytearray)):
        raise MatchFileError(
            "the text of an SGF file must be a str, got bytes: decode them, or read the file"
            " with read_sgf"
        )
    check_instance(text, "the text of an SGF file", MatchFileError, str)
    trees = parse_collection(text.lstrip("\ufeff"))
    if not trees:
        raise MatchFileError("line 1: not an SGF file: no game tree '(;...)'")
    first = trees[0].nodes[0]
    length: int | None = None
    games = []
    for number, tree in enumerate(trees, start=1):
        root = tree.nodes[0]
        game = root.value("GM")
        if (game is None and number == 1) or (game is not None and game.strip() != "6"):
            found = "no GM property" if game is None else f"GM[{excerpt(game)}]"
            raise MatchFileError(
                f"line {root.line}: not a backgammon SGF file: {found} (backgammon is GM[6])"
            )
        info = _match_info(root)
        game_length = _number(info.get("length", "0"), "the match length", root.line)
        if length is None:
            length = game_length
        elif game_length != length:
            raise MatchFileError(
                f"line {root.line}: game {number} is of a {game_length}-point match, game 1"
                f" of a {length}-point match"
            )
        score = (
            _number(info.get("ws", "0"), "White's score", root.line),
            _number(info.get("bs", "0"), "Black's score", root.line),
        )
        crawford = "crawfordgame" in _rule_words(root)
        games.append(_GameReader(tree, number).read(score, crawford))
    assert length is not None
    players = (first.value("PW") or "", first.value("PB") or "")
    return MatchRecord(length, players, tuple(_headers(first, length)), tuple(games))


def read_sgf(path: str | os.PathLike[str]) -> MatchRecord:
    """Read an SGF backgammon file from disk: :func:`parse_sgf` of its text, read and
    checked as :func:`~tavla.formats.match_files.read_match_file` says (its errors:
    :class:`~tavla.MatchFileError` naming the file and the line, OSError when the file
    cannot be opened)."""
    return read_match_file(path, parse_sgf)


# -- writing -------------------------------------------------------------------------------


def _checked_text(text: str, what: str) -> str:
    if unwritable := unwritable_character(text):
        raise MatchFileError(f"{what} {excerpt(text, 1000)} cannot be written: {unwritable}")
    return escape(text)


def _move_points(token: str) -> list[int]:
    return [
        25 if part in ("bar", "b") else 0 if part == "off" else int(part)
        for part in token.replace("*", "").split("/")
    ]


def _moves(game: GameRecord, action: RecordedAction) -> Iterator[tuple[int, int]]:
    """The (from, to) moves of a roll's play text, one per die: a chain ``13/7*/5`` is its
    links, ``8/5(2)`` two moves, and a move of several dice of a double its single steps."""
    assert action.dice is not None and action.play is not None
    for token in action.play.lower().split():
        parsed = _MOVE_TOKEN.fullmatch(token)
        if parsed is None:
            raise _unwritable_play(game, action, f"cannot read the move {excerpt(token)}")
        points = _move_points(parsed.group(1))
        for _ in range(int(parsed.group(2) or 1)):
            for start, end in itertools.pairwise(points):
                yield from _steps(game, action, start, end)


def _steps(
    game: GameRecord, action: RecordedAction, start: int, end: int
) -> Iterator[tuple[int, int]]:
    assert action.dice is not None
    high, low = action.dice
    if not 0 <= end < start <= 25:
        raise _unwritable_play(game, action, f"{start}/{end} is not a move")
    if high == low:  # a move of several fours of 44 is its single steps
        while start - end > high:
            yield start, start - high
            start -= high
    distance = start - end
    if distance in (high, low) or (end == 0 and distance < high):
        yield start, end
    else:
        raise _unwritable_play(
            game,
            action,
            f"{start}/{end} is not one move per die: give the record plays in the plain form"
            " (tavla.replay.record_plays)",
        )


def _unwritable_play(game: GameRecord, action: RecordedAction, reason: str) -> MatchFileError:
    assert action.dice is not None
    dice = f"{action.dice[0]}{action.dice[1]}"
    return MatchFileError(
        f"game {game.number}: the play {dice}: {excerpt(action.play)} cannot be written: {reason}"
    )


def _node(game: GameRecord, action: RecordedAction) -> str:
    colour = _COLOUR_OF[action.player]
    if action.kind is ActionKind.ROLL:
        assert action.dice is not None
        moves = [] if action.play is None else list(_moves(game, action))
        if len(moves) > 4:
            raise _unwritable_play(game, action, f"{len(moves)} moves: a roll plays at most 4")
        letters = "".join(_letter(a, action.player) + _letter(b, action.player) for a, b in moves)
        return f";{colour}[{action.dice[0]}{action.dice[1]}{letters}]"
    if action.kind in (ActionKind.DOUBLE, ActionKind.BEAVER, ActionKind.RACCOON):
        return f";{colour}[double]"
    return f";{colour}[{action.kind.value}]"


def _result(game: GameRecord) -> str | None:
    """``W+2``, ``B+1R``: the game's win, ``R`` when its loser gave up (a resignation)."""
    ends = [
        a for a in game.actions if a.kind in (ActionKind.WIN, ActionKind.LOSE, ActionKind.RESIGN)
    ]
    wins = [a for a in ends if a.kind is ActionKind.WIN]
    if not wins:
        return None
    if len(wins) > 1:
        raise MatchFileError(f"game {game.number} has {len(wins)} results: SGF holds one")
    win = wins[0]
    if win.value is None:
        raise MatchFileError(f"game {game.number}: a win without points cannot be written")
    resigned = any(a.kind is not ActionKind.WIN for a in ends)
    return f"{_COLOUR_OF[win.player]}+{win.value}{'R' if resigned else ''}"


def _rules(record: MatchRecord, crawford_game: bool) -> str | None:
    if record.length:
        if (record.header("Crawford") or "On").lower() == "off":
            return None
        return "Crawford:CrawfordGame" if crawford_game else "Crawford"
    return None if (record.header("Jacoby") or "On").lower() == "off" else "Jacoby"


def _game_info(record: MatchRecord) -> str:
    """The first game's game-information properties, from the record's headers."""
    found = []
    for key, tag in _HEADERS:
        if value := record.header(tag):
            found.append(f"{key}[{_checked_text(value, f'the {tag} header')}]")
    date = record.header("EventDate")
    if date:
        day = _MAT_DATE.fullmatch(date.strip())
        text = "-".join(day.groups()) if day else date
        found.insert(0, f"DT[{_checked_text(text, 'the EventDate header')}]")
    return "".join(found)


def format_sgf(record: MatchRecord) -> str:
    """The match or money session as SGF text (``GM[6]``, :ref:`sgf`), laid out as gnubg
    saves it: one game tree per game, its root on the first line, then one node a line.

    Each root holds ``FF[4]GM[6]CA[UTF-8]AP[tavla]``, ``MI`` (the length, 0 for money
    play; the game counted from 0; the scores before it, White = player 0), ``PW``,
    ``PB``, on the first game the headers Event, Round, Site, Transcriber and EventDate
    (as ``EV``, ``RO``, ``PC``, ``AN``, ``DT``), the rules (``RU[Crawford]`` unless the
    header ``Crawford`` is Off, ``RU[Crawford:CrawfordGame]`` on the Crawford game, marked
    or, as in :class:`~tavla.Match`, the first game with a side one point from the length;
    ``RU[Jacoby]`` in money play unless the header ``Jacoby`` is Off) and the result
    (``RE[W+2]`` from the ``Wins`` action, ``R`` added when a resignation or loss action
    precedes it).  Plays are written one from/to pair per die: plain-form text (``8/5 6/5``)
    as :func:`~tavla.replay.match_record` and :func:`~tavla.replay.record_plays` give, and
    chains (``13/7*/5``), counts (``8/5(2)``), ``bar``/``off`` and moves of several dice of
    a double.  A hidden play (``????``) is written as the roll alone; cube values are not
    written (SGF derives them), nor hit marks.  :func:`parse_sgf` reads the same games back:
    the same rolls, plays in the plain form without hit marks, cube actions (a beaver or
    raccoon as such, with its value), results and scores.  The ``Variation`` header
    (Nackgammon, Hypergammon) is not written: tavla plays backgammon only.

    Raises :class:`~tavla.MatchFileError` for a record without games (the match is stored in
    each game's root), a play that cannot be written one move per die (``24/14`` for 64, a
    backward move, more than four moves), a game with two wins or a win without points,
    a name or header holding a control character or line separator; and for a ``record``
    that is not a :class:`~tavla.formats.record.MatchRecord`.
    """
    check_instance(record, "the record", MatchFileError, MatchRecord)
    if not record.games:
        raise MatchFileError(
            "a record without games cannot be written as SGF: the match length and players"
            " are stored in each game's root"
        )
    white = _checked_text(record.players[0], "White's (the left player's) name")
    black = _checked_text(record.players[1], "Black's (the right player's) name")
    info = _game_info(record)
    crawford_rule = (record.header("Crawford") or "On").lower() != "off"
    inferred = crawford_games(record.length, (game.score for game in record.games), crawford_rule)
    trees = []
    for index, game in enumerate(record.games):
        root = (
            f"(;FF[4]GM[6]CA[UTF-8]AP[tavla]MI[length:{record.length}][game:{index}]"
            f"[ws:{game.score[0]}][bs:{game.score[1]}]PW[{white}]PB[{black}]"
        )
        if index == 0:
            root += info
        if rules := _rules(record, game.crawford_mark or inferred[index]):
            root += f"RU[{rules}]"
        if result := _result(game):
            root += f"RE[{result}]"
        nodes = [
            _node(game, action)
            for action in game.actions
            if action.kind not in (ActionKind.WIN, ActionKind.LOSE, ActionKind.RESIGN)
        ]
        trees.append("\n".join([root, *nodes]) + ")\n")
    return "".join(trees)


def write_sgf(record: MatchRecord, path: str | Path) -> None:
    """Write :func:`format_sgf` of the record to a file (UTF-8).  Raises
    :class:`~tavla.MatchFileError` as :func:`format_sgf` does, before the file is opened."""
    Path(path).write_text(format_sgf(record), encoding="utf-8")
