"""GNU Backgammon's text export of an analysed game (``export game text``,
:ref:`analysis-export`): the plays and cube actions of one game with gnubg's analysis of
each: candidate plays with equities, cube analysis, alerts and luck.

gnubg writes one file per game (``match.txt``, ``match_002.txt``, ...).  Reading gives a
plain :class:`GameAnalysis`: the numbers as the file prints them, no rule checked; checking
the plays against the rules and listing each decision's error is :mod:`tavla.replay`'s job.
Players are gnubg's (:ref:`players`): player 0 is ``O``, named first in the score line,
player 1 is ``X``.  Equities are in the file's units: EMG (normalised money equity) in match
play, as gnubg writes them unless told to show match winning chances (which this reader
does not read).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from .._validate import excerpt
from ..board.dice import Roll
from ..errors import MatchFileError, TavlaError
from .context import MAX_MATCH_LENGTH, MAX_SCORE
from .gnubg import GnubgId
from .match_files import read_int, read_match_file

Probabilities = tuple[float, float, float, float, float, float]
"""Win, win gammon, win backgammon, lose, lose gammon, lose backgammon, as gnubg prints
them (``0.515 0.163 0.007 - 0.485 0.131 0.005``) for the side on roll."""

EntryKind = Literal["roll", "cube", "offer"]

_NUMBER = r"[-+]?\d+\.\d+"
_SCORE = re.compile(
    r"^The score \(after (\d+) games?\) is: (.*) (\d+), (.*) (\d+)"
    r"(?: \(match to (\d+) points?\))?(, Crawford game|, post-Crawford play)?\s*$"
)
_MOVE_HEADER = re.compile(
    r"^Move number (\d+): +(.*?) (?:to play (\d)(\d)|(on roll, cube decision\?)|doubles to (\d+))$"
)
_POSITION_ID = re.compile(r"^ GNU Backgammon +Position ID: (\S+)\s*$")
_MATCH_ID = re.compile(r"^ +Match ID +: (\S+)\s*$")
_ACTION = re.compile(r"^\* (.*?) (moves (.*?)|cannot move|doubles|accepts|rejects)\s*$")
_ALERT = re.compile(rf"^Alert: ([a-z ]+?)!? \(\s*({_NUMBER})\)!?\s*$")
_MARK = re.compile(r"^ \[([a-z ]+)\]\s*$")
_CUBELESS = re.compile(rf"^(.+?) cubeless equity ({_NUMBER})(?: \(Money: ({_NUMBER})\))?\s*$")
_PROBABILITY = r"(-?\d\.\d+)"
_PROBABILITIES = re.compile(
    rf"^ +{_PROBABILITY} {_PROBABILITY} {_PROBABILITY} - {_PROBABILITY}"
    rf" {_PROBABILITY} {_PROBABILITY}\s*$"
)
_CUBEFUL = re.compile(
    rf"^\d\. (No double|Double, take|Double, pass) +({_NUMBER})(?: +\(({_NUMBER})\))?\s*$"
)
_PROPER = re.compile(r"^Proper cube action: (.+?)\s*$")
_ROLLED = re.compile(rf"^Rolled (\d)(\d)(?: \(({_NUMBER})\))?:\s*$")
_CANDIDATE = re.compile(
    rf"^(\*| ) +(\d+\.|\?\?) +(Cubeful \d+-ply|Cubeless \d+-ply) +(.+?) +Eq\.: ({_NUMBER})"
    rf"(?: \(({_NUMBER})\))?\s*$"
)
_NO_CANDIDATE = re.compile(r"^\* +Cannot move\s*$")
_WINS = re.compile(r"^(.*) wins (\d+) points?(?: and the match)?\s*$")
_STATISTICS = re.compile(r"^Game statistics for game (\d+)\s*$")
_PROGRAM = re.compile(r"^ by (GNU Backgammon .*?)\s*$")
_INFO = re.compile(r"^([A-Z][A-Za-z ]*): (.*?)\s*$")
_VERBS = {"roll": ("moves", "cannot move"), "cube": ("doubles",), "offer": ("accepts", "rejects")}


@dataclass(frozen=True)
class Candidate:
    """One play gnubg ranked for a roll.

    Attributes:
        rank: the place in gnubg's list (1 = best); None for ``??``: the play made, listed
            after the others because it ranked below them.
        played: the play made in the game (marked ``*``).
        evaluation: how gnubg evaluated it, as written (``"Cubeful 4-ply"``).
        play: the play in gnubg's display notation (:ref:`notation`).
        equity: its cubeful equity.
        difference: ``equity`` minus the best play's, as printed (0.0 for the best).
        probabilities: the six outcome probabilities, or None when not printed.
    """

    rank: int | None
    played: bool
    evaluation: str
    play: str
    equity: float
    difference: float
    probabilities: Probabilities | None


@dataclass(frozen=True)
class CubeAnalysis:
    """gnubg's analysis of a cube decision, from the side that decides: the player on roll
    before rolling (``No double``/``Double`` equities are the doubler's), or the player
    answering a double (the same three equities from the answerer's side).

    Attributes:
        evaluation: the evaluation, as written (``"4-ply"``).
        cubeless_equity: the cubeless equity in the match; ``money_equity`` the same for
            money play (None when not printed).
        probabilities: the six outcome probabilities.
        no_double, double_take, double_pass: the cubeful equities of the three outcomes.
        proper_action: gnubg's verdict as written (``"No double, take (53.9%)"``).
    """

    evaluation: str
    cubeless_equity: float
    money_equity: float | None
    probabilities: Probabilities
    no_double: float
    double_take: float
    double_pass: float
    proper_action: str


@dataclass(frozen=True)
class Alert:
    """An ``Alert:`` line: gnubg's mark of an error or of luck (``"bad move"``,
    ``"missed double"``, ``"lucky roll"``) and its size, as printed."""

    kind: str
    value: float


@dataclass(frozen=True)
class AnalysedMove:
    """One ``Move number N`` entry.

    Attributes:
        number: N.
        line: the line of the ``Move number`` header (1-based).
        kind: ``"roll"`` (``X to play 53``: a roll and its play, after the cube decision
            of the cube analysis when there is one), ``"cube"`` (``X on roll, cube
            decision?``: the player doubles) or ``"offer"`` (``X doubles to 2``: the other
            player answers).
        player: the gnubg player who acts on the ``*`` line (the Match ID's player to
            act): the roller, the doubler, or the player answering the double.
        name: that player's name as the ``*`` line writes it.
        gnubg_id: the position and Match ID printed, the position seen from the side on
            roll (the doubler while a double awaits an answer).
        dice: the roll of a ``"roll"`` entry, in the order written; None otherwise.
        action: ``"moves"``, ``"cannot move"``, ``"doubles"``, ``"accepts"`` or
            ``"rejects"``.
        play: the play made, in gnubg's display notation; ``""`` when it cannot move;
            None for a cube action.
        alerts: the ``Alert:`` lines, in order; ``marks`` the ``[doubtful]``-style marks.
        cube_analysis: the cube analysis, or None when gnubg printed none.
        luck: the luck of the roll (``Rolled 52 (+0.033):``) when printed, else None.
        candidates: the ranked plays; empty when none were printed or nothing could move.
    """

    number: int
    line: int
    kind: EntryKind
    player: int
    name: str
    gnubg_id: GnubgId
    dice: Roll | None
    action: str
    play: str | None
    alerts: tuple[Alert, ...] = ()
    marks: tuple[str, ...] = ()
    cube_analysis: CubeAnalysis | None = None
    luck: float | None = None
    candidates: tuple[Candidate, ...] = ()


@dataclass(frozen=True)
class GameAnalysis:
    """One exported game.

    Attributes:
        players: the names of gnubg players 0 and 1, from the score line.
        match_length: N of a match to N points; 0 for money play.
        score: the score (player 0, player 1) before the game.
        game: the game number: the games before it plus one.
        crawford: the score line says ``Crawford game``; ``post_crawford``: it says
            ``post-Crawford play`` (R24).
        info: the ``Match Information`` lines as (key, value): ``Date``, ``Place``, ...
        moves: the ``Move number`` entries in order.
        winner: the player of the ``X wins N points`` line, None when there is none;
            ``points`` the points it gives (0 without one).
        program: the ``by GNU Backgammon ...`` line at the end, or ``""``.
    """

    players: tuple[str, str]
    match_length: int
    score: tuple[int, int]
    game: int
    crawford: bool = False
    post_crawford: bool = False
    info: tuple[tuple[str, str], ...] = ()
    moves: tuple[AnalysedMove, ...] = ()
    winner: int | None = None
    points: int = 0
    program: str = ""


def looks_like_analysis(text: str) -> bool:
    """True when ``text`` (the whole file, or its first few kilobytes) starts as gnubg's
    text export of a whole game: a ``The score (after N games) is:`` line first, then the
    game from its first move (``Move number 1:``), unlike an export of one position."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    return bool(_SCORE.match(first.rstrip("\r"))) and "\nMove number 1: " in text


class _Lines:
    """The lines of a file with a cursor; numbers are 1-based."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.index = 0

    @property
    def number(self) -> int:
        return self.index + 1

    def peek(self) -> str | None:
        return self.lines[self.index] if self.index < len(self.lines) else None

    def next(self) -> str:
        line = self.peek()
        if line is None:
            raise self.fail("the file ends inside a move entry")
        self.index += 1
        return line

    def skip_blank(self) -> None:
        while (line := self.peek()) is not None and not line.strip():
            self.index += 1

    def fail(self, reason: str, line: str | None = None) -> MatchFileError:
        shown = f": {excerpt(line, 80)}" if line is not None else ""
        return MatchFileError(f"line {self.number}: {reason}{shown}")

    def expect(self, pattern: re.Pattern[str], what: str) -> re.Match[str]:
        self.skip_blank()
        line = self.next()
        match = pattern.match(line)
        if match is None:
            self.index -= 1
            raise self.fail(f"expected {what}", line)
        return match


def _probabilities(lines: _Lines) -> Probabilities | None:
    line = lines.peek()
    match = _PROBABILITIES.match(line or "")
    if match is None:
        return None
    lines.index += 1
    a, b, c, d, e, f = (float(group) for group in match.groups())
    return (a, b, c, d, e, f)


def _cube_analysis(lines: _Lines) -> CubeAnalysis:
    cubeless = lines.expect(_CUBELESS, "'N-ply cubeless equity ...'")
    probabilities = _probabilities(lines)
    if probabilities is None:
        raise lines.fail("expected the six probabilities of the cube analysis", lines.peek())
    lines.expect(re.compile(r"^Cubeful equities:\s*$"), "'Cubeful equities:'")
    equities: dict[str, float] = {}
    for _ in range(3):
        match = lines.expect(_CUBEFUL, "a cubeful equity (No double, Double, take/pass)")
        equities[match[1]] = float(match[2])
    if len(equities) != 3:
        raise lines.fail("the cubeful equities do not name all three outcomes")
    proper = lines.expect(_PROPER, "'Proper cube action: ...'")
    return CubeAnalysis(
        evaluation=cubeless[1],
        cubeless_equity=float(cubeless[2]),
        money_equity=float(cubeless[3]) if cubeless[3] is not None else None,
        probabilities=probabilities,
        no_double=equities["No double"],
        double_take=equities["Double, take"],
        double_pass=equities["Double, pass"],
        proper_action=proper[1],
    )


def _candidates(lines: _Lines) -> Iterator[Candidate]:
    while (line := lines.peek()) is not None:
        if _NO_CANDIDATE.match(line):
            lines.index += 1
            continue
        match = _CANDIDATE.match(line)
        if match is None:
            return
        rank = None if match[2] == "??" else read_int(match[2][:-1], lines.number, line)
        lines.index += 1
        difference = float(match[6]) if match[6] is not None else 0.0
        yield Candidate(
            rank=rank,
            played=match[1] == "*",
            evaluation=match[3],
            play=match[4],
            equity=float(match[5]),
            difference=difference,
            probabilities=_probabilities(lines),
        )


def _entry(lines: _Lines, players: tuple[str, str]) -> AnalysedMove:
    start = lines.number
    header = _MOVE_HEADER.match(first := lines.next())
    assert header is not None  # the caller looked
    move_number = read_int(header[1], start, first)
    kind: EntryKind = "roll" if header[3] else "cube" if header[5] else "offer"
    position_id = lines.expect(_POSITION_ID, "' GNU Backgammon  Position ID: ...'")[1]
    match_id = lines.expect(_MATCH_ID, "'Match ID   : ...'")[1]
    try:
        gnubg_id = GnubgId.parse(f"{position_id}:{match_id}")
    except TavlaError as exc:
        raise MatchFileError(f"line {start}: move {header[1]}: {exc}") from None
    while (line := lines.peek()) is not None and not line.startswith("Pip counts:"):
        lines.index += 1  # the board diagram: the Position ID holds the same checkers
    lines.next()
    action = lines.expect(_ACTION, "'* NAME moves ...' (cannot move, doubles, accepts, rejects)")
    verb = "moves" if action[2].startswith("moves") else action[2]
    if verb not in _VERBS[kind]:
        raise MatchFileError(
            f"line {start}: move {header[1]} is a {kind} entry, yet '* ... {verb}'"
        )
    player = gnubg_id.match_id.turn
    if players[0] != players[1] and action[1] != players[player]:
        raise MatchFileError(
            f"line {start}: move {header[1]}: {action[1]!r} acts, but the Match ID says player"
            f" {player} ({players[player]!r}) is to act"
        )
    alerts, marks = [], []
    cube_analysis: CubeAnalysis | None = None
    luck: float | None = None
    candidates: list[Candidate] = []
    while True:
        lines.skip_blank()
        line = lines.peek()
        if line is None or line.startswith("Move number ") or _ends_entries(line):
            break
        if match := _ALERT.match(line):
            alerts.append(Alert(match[1], float(match[2])))
        elif match := _MARK.match(line):
            marks.append(match[1])
        elif line.startswith("Cube analysis"):
            lines.index += 1
            cube_analysis = _cube_analysis(lines)
            continue
        elif (match := _ROLLED.match(line)) and kind == "roll":
            lines.index += 1
            luck = float(match[3]) if match[3] is not None else None
            candidates = list(_candidates(lines))
            continue
        else:
            raise lines.fail(f"move {header[1]}: a line no gnubg analysis holds", line)
        lines.index += 1
    return AnalysedMove(
        number=move_number,
        line=start,
        kind=kind,
        player=player,
        name=action[1],
        gnubg_id=gnubg_id,
        dice=(int(header[3]), int(header[4])) if kind == "roll" else None,
        action=verb,
        play=(action[3] or "") if kind == "roll" else None,
        alerts=tuple(alerts),
        marks=tuple(marks),
        cube_analysis=cube_analysis,
        luck=luck,
        candidates=tuple(candidates),
    )


def _ends_entries(line: str) -> bool:
    """The ``wins`` line or the statistics after the last entry."""
    return bool(_WINS.match(line) or _STATISTICS.match(line))


def parse_analysis(text: str) -> GameAnalysis:
    """Read the text of one exported game (see the module docstring).

    Raises :class:`~tavla.MatchFileError` naming the line: no score line first, an entry
    without its Position ID, Match ID or ``*`` line, an ID that does not read, a ``*`` line
    naming the player the Match ID does not put to act, an analysis line out of place or
    unknown (MWC output among them), a ``wins`` line naming neither player, a number of
    more than nine digits, a match length or score beyond what a Match ID holds (a score at
    least the match length among them).  The game statistics at the end are not read.
    """
    if not isinstance(text, str):
        raise MatchFileError(f"an analysis export is text, got {type(text).__name__}")
    lines = _Lines(text.lstrip("\ufeff"))
    score = _SCORE.match(lines.peek() or "")
    if score is None:
        raise lines.fail("expected 'The score (after N games) is: ...'", lines.peek())
    lines.index += 1
    players = (score[2], score[4])
    info: list[tuple[str, str]] = []
    moves: list[AnalysedMove] = []
    winner: int | None = None
    points, program = 0, ""
    while (line := lines.peek()) is not None:
        if _MOVE_HEADER.match(line):
            moves.append(_entry(lines, players))
            continue
        if line.startswith("Move number "):
            raise lines.fail("an entry that is neither a roll, a double nor an answer", line)
        lines.index += 1
        if match := _WINS.match(line):
            if match[1] not in players:
                raise lines.fail("the winner is neither player", line)
            winner, points = players.index(match[1]), read_int(match[2], lines.index, line)
        elif match := _PROGRAM.match(line):
            program = match[1]
        elif not moves and (match := _INFO.match(line)):
            info.append((match[1], match[2]))
    flag = score[7] or ""
    length, scores, game = _score_numbers(score)
    return GameAnalysis(
        players=players,
        match_length=length,
        score=scores,
        game=game,
        crawford=flag == ", Crawford game",
        post_crawford=flag == ", post-Crawford play",
        info=tuple(info),
        moves=tuple(moves),
        winner=winner,
        points=points,
        program=program,
    )


def _score_numbers(score: re.Match[str]) -> tuple[int, tuple[int, int], int]:
    """The match length (0 in money play), the score and the game's number (from 1) of the
    score line on line 1, checked against the limits of a Match ID."""
    line = score.string
    length = read_int(score[6], 1, line) if score[6] else 0
    scores = (read_int(score[3], 1, line), read_int(score[5], 1, line))
    if length > MAX_MATCH_LENGTH:
        raise MatchFileError(f"line 1: a match to {length} points: at most {MAX_MATCH_LENGTH:,}")
    highest = length - 1 if length else MAX_SCORE
    for value in scores:
        if value > highest:
            within = f"in a match to {length}" if length else "in money play"
            raise MatchFileError(f"line 1: a score of {value} {within}: at most {highest:,}")
    return length, scores, read_int(score[1], 1, line) + 1


def read_analysis(path: str | os.PathLike[str]) -> GameAnalysis:
    """Read an exported game from disk (UTF-8, Latin-1 as a fallback) as match files are
    read (:func:`~tavla.formats.match_files.read_match_file`).  Raises
    :class:`~tavla.MatchFileError` naming the file (and the line, see
    :func:`parse_analysis`), for an empty file, and before opening it for a path that is not
    a regular file; OSError when it cannot be opened."""
    return read_match_file(path, parse_analysis, "an analysis export")
