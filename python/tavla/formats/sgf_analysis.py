"""The analysis GNU Backgammon stores in its SGF files (:ref:`sgf-analysis`): with each move
node the plays it ranked (``A``), with each roll or cube action the cube analysis before it
(``DA``), and the luck of the roll (``LU``).

``A[k][play E ver 3 p1 p2 p3 p4 p5 equity nC ...]...``: ``k`` is the index of the play made
in the list that follows, best first; each entry the play in SGF letters (as in the move
node), ``E`` for an evaluation (``R`` entries, rollouts, are kept without values), the
format version, the five cubeless probabilities (win, win gammon, win backgammon, lose
gammon, lose backgammon), the cubeful equity (normalised: EMG in a match), then the depth
with ``C`` when cubeful.  ``DA[E ver 3 nC a b c p1..p5 cubeless nd p1..p5 cubeless dt]``:
the depth, then for no double and for double/take the probabilities, the cubeless equity
and the cubeful value, which in a match is the match winning chance (MWC), in money play
the equity per unit of the cube.  Values are read as written; nothing is checked against
the rules here.
"""

from __future__ import annotations

from dataclasses import dataclass

from .._validate import excerpt
from ..errors import MatchFileError
from .sgf_syntax import SgfNode, parse_collection


@dataclass(frozen=True)
class SgfCandidate:
    """One play of gnubg's list: its SGF letters (``"lpab"``: from/to pairs, as in the
    move node), its five probabilities, cubeful equity (normalised) and depth; ``rollout``
    for an entry gnubg rolled out, whose values are not read (None)."""

    letters: str
    probabilities: tuple[float, float, float, float, float] | None
    equity: float | None
    plies: int | None
    rollout: bool = False


@dataclass(frozen=True)
class SgfCubeAnalysis:
    """gnubg's cube analysis before a roll or at a cube action: the depth, the cubeless
    probabilities, and the cubeful values of no double and double/take (MWC in a match,
    equity per unit of the cube in money play)."""

    plies: int
    probabilities: tuple[float, float, float, float, float]
    no_double: float
    double_take: float


@dataclass(frozen=True)
class SgfNodeAnalysis:
    """What gnubg stored with one node of a game: the node's line, its ranked plays and the
    index of the one made (None without ``A``), its cube analysis (None without ``DA``), and
    the luck of its roll (None without ``LU``)."""

    line: int
    candidates: tuple[SgfCandidate, ...] | None
    played: int | None
    cube: SgfCubeAnalysis | None
    luck: float | None


def _floats(words: list[str], line: int, what: str) -> list[float]:
    try:
        return [float(word) for word in words]
    except ValueError:
        raise MatchFileError(f"line {line}: {what} holds a number that is not one") from None


def _plies(word: str, line: int, what: str) -> int:
    digits = word.rstrip("Cc")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 2:
        raise MatchFileError(f"line {line}: {what} has no depth where it should: {excerpt(word)}")
    return int(digits)


def _candidate(text: str, line: int) -> SgfCandidate:
    words = text.split()
    if words[:1] in (["E"], ["R"]):  # a play that moves nothing: no letters
        words = ["", *words]
    if len(words) >= 2 and words[1] == "R":
        return SgfCandidate(words[0], None, None, None, rollout=True)
    if len(words) < 11 or words[1] != "E" or words[2] != "ver":
        raise MatchFileError(f"line {line}: A holds an entry gnubg does not write: {excerpt(text)}")
    values = _floats(words[4:10], line, "A")
    probabilities = (values[0], values[1], values[2], values[3], values[4])
    return SgfCandidate(words[0], probabilities, values[5], _plies(words[10], line, "A"))


def _cube(text: str, line: int) -> SgfCubeAnalysis | None:
    words = text.split()
    if words[:1] == ["R"]:
        return None  # a cube rollout: not read
    if len(words) < 21 or words[:2] != ["E", "ver"]:
        raise MatchFileError(f"line {line}: DA holds what gnubg does not write: {excerpt(text)}")
    values = _floats(words[-14:], line, "DA")
    probabilities = (values[0], values[1], values[2], values[3], values[4])
    return SgfCubeAnalysis(_plies(words[3], line, "DA"), probabilities, values[6], values[13])


def node_analysis(node: SgfNode) -> SgfNodeAnalysis | None:
    """What gnubg stored with ``node`` (None when nothing).  Raises
    :class:`~tavla.MatchFileError` naming the line for values gnubg does not write."""
    ranked = node.properties.get("A")
    cube = node.value("DA")
    luck = node.value("LU")
    if ranked is None and cube is None and luck is None:
        return None
    candidates = played = None
    if ranked:
        index = ranked[0].strip()
        if not (index.isascii() and index.isdigit()) or len(index) > 4:
            raise MatchFileError(f"line {node.line}: A's index is not a number: {excerpt(index)}")
        candidates = tuple(_candidate(entry, node.line) for entry in ranked[1:])
        played = int(index)
        if played >= len(candidates):
            raise MatchFileError(
                f"line {node.line}: A names play {played} of a list of {len(candidates)}"
            )
    luck_value = None
    if luck is not None and luck.strip() not in ("", "-inf", "inf", "nan"):
        luck_value = _floats([luck], node.line, "LU")[0]
    return SgfNodeAnalysis(
        node.line,
        candidates,
        played,
        None if cube is None else _cube(cube, node.line),
        luck_value,
    )


def parse_sgf_analysis(text: str) -> list[dict[int, SgfNodeAnalysis]]:
    """gnubg's analysis in SGF text: for each game tree, its analysed nodes by their line.
    Raises :class:`~tavla.MatchFileError` naming the line for text that is not SGF or
    analysis values gnubg does not write."""
    games = []
    for tree in parse_collection(text):
        found = {}
        for node in tree.nodes[1:]:
            analysis = node_analysis(node)
            if analysis is not None:
                found[node.line] = analysis
        games.append(found)
    return games
