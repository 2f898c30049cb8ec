"""The syntax of SGF (Smart Game Format, FF[4]) files, whatever game they record: a
collection of game trees, each a sequence of nodes (``;``) and variations (``(...)``), each
node a set of properties ``ID[value][value]`` (:ref:`sgf`).

The syntax is small and every node must be located by its line, so it is read here rather
than by a general SGF library (those on PyPI are built for Go).  :mod:`tavla.formats.sgf`
reads backgammon's properties from the trees.
"""

from __future__ import annotations

import bisect
import re
from array import array
from dataclasses import dataclass, field

from .._validate import excerpt
from ..errors import MatchFileError

_IDENT = re.compile(r"[A-Za-z]+")
_SPACE = re.compile(r"\s*")
_ESCAPE = re.compile(r"\\(\r\n|\n\r|\n|\r|.)", re.DOTALL)
_SGF_START = re.compile(r"\s*\(\s*;")


@dataclass
class SgfNode:
    """One node: its properties (identifier -> unescaped values) and where it starts."""

    line: int
    properties: dict[str, list[str]] = field(default_factory=dict)

    def value(self, key: str) -> str | None:
        values = self.properties.get(key)
        return values[0] if values else None


@dataclass
class SgfTree:
    """A top-level game tree: its line and the nodes of its main line."""

    line: int
    nodes: list[SgfNode] = field(default_factory=list)


@dataclass
class _Level:
    """An open ``(``: whether it is on the main line, and how many variations it holds."""

    main: bool
    children: int = 0


class _Scanner:
    """Reads the game trees of SGF text: ``(`` sequence of ``;`` nodes, variations ``)``.

    Only the main line of each tree is kept (the first variation at each branch, as SGF
    readers do): a match record holds one line of play.  Iterative, so that deep nesting
    cannot exhaust the stack.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        # 8 bytes a line break, not a Python int each
        self.newlines = array("q", (match.start() for match in re.finditer("\n", text)))
        self.trees: list[SgfTree] = []
        self.levels: list[_Level] = []
        self.node: SgfNode | None = None

    def line(self, position: int) -> int:
        return bisect.bisect_left(self.newlines, position) + 1

    def fail(self, position: int, reason: str) -> MatchFileError:
        return MatchFileError(f"line {self.line(position)}: {reason}")

    def scan(self) -> list[SgfTree]:
        text, position = self.text, 0
        while True:
            space = _SPACE.match(text, position)
            assert space is not None
            position = space.end()
            if position == len(text):
                break
            char = text[position]
            if char == "(":
                self.open(position)
                position += 1
            elif char == ")":
                self.close(position)
                position += 1
            elif char == ";":
                self.start_node(position)
                position += 1
            elif ident := _IDENT.match(text, position):
                position = self.property(ident.group(), ident.end())
            else:
                shown = excerpt(text[position : position + 20])
                raise self.fail(position, f"not SGF: unexpected {shown}")
        if self.levels:
            opened = self.trees[-1].line
            raise MatchFileError(
                f"line {self.line(len(text))}: the game tree opened on line {opened} is not"
                " closed: a ')' is missing"
            )
        return self.trees

    def open(self, position: int) -> None:
        if not self.levels:
            self.trees.append(SgfTree(self.line(position)))
            self.levels.append(_Level(main=True))
        else:
            parent = self.levels[-1]
            self.levels.append(_Level(main=parent.main and parent.children == 0))
            parent.children += 1
        self.node = None

    def close(self, position: int) -> None:
        if not self.levels:
            raise self.fail(position, "not SGF: a ')' closes no game tree")
        if self.node is None and not self.levels[-1].children:
            raise self.fail(position, "not SGF: a game tree without a node '(;'")
        self.levels.pop()
        self.node = None

    def start_node(self, position: int) -> None:
        if not self.levels:
            raise self.fail(position, "not SGF: a node ';' outside a game tree '(...)'")
        level = self.levels[-1]
        if level.children:
            raise self.fail(position, "not SGF: a node after a variation")
        self.node = SgfNode(self.line(position))
        if level.main:
            self.trees[-1].nodes.append(self.node)

    def property(self, ident: str, position: int) -> int:
        if self.node is None:
            raise self.fail(
                position, f"not SGF: the property {excerpt(ident)} stands outside a node"
            )
        # FF[3] allowed lower-case letters in identifiers, to be ignored (``GaMe`` = GM).
        key = "".join(char for char in ident if char.isupper()) or ident.upper()
        values = self.node.properties.setdefault(key, [])
        start = position
        while True:
            space = _SPACE.match(self.text, position)
            assert space is not None
            if not self.text.startswith("[", space.end()):
                break
            end = _value_end(self.text, space.end() + 1)
            if end < 0:
                raise self.fail(space.end(), f"the value of {key} has no closing ']'")
            values.append(_ESCAPE.sub(_unescape, self.text[space.end() + 1 : end]))
            position = end + 1
        if position == start:
            raise self.fail(position, f"not SGF: the property {excerpt(ident)} has no [value]")
        return position


def _value_end(text: str, start: int) -> int:
    """The index of the ``]`` that ends the value starting at ``start`` (after its ``[``):
    the first not escaped by a backslash (one preceded by an even run of them); -1 if none.
    Found with ``str.find``, in time and memory in proportion to the value."""
    at = start
    while (close := text.find("]", at)) >= 0:
        run = close
        while run > start and text[run - 1] == "\\":
            run -= 1
        if (close - run) % 2 == 0:
            return close
        at = close + 1
    return -1


def _unescape(match: re.Match[str]) -> str:
    """SGF escapes: ``\\`` keeps the next character; before a line break it removes it."""
    char = match.group(1)
    return "" if char in ("\r\n", "\n\r", "\n", "\r") else char


def looks_like_sgf(text: str) -> bool:
    """True when the text begins as an SGF collection does, with ``(;`` (spaces and a
    byte-order mark aside); a ``.mat`` file never does.  A True answer does not mean
    :func:`parse_sgf` can read it."""
    return bool(_SGF_START.match(text.lstrip("\ufeff")))


def parse_collection(text: str) -> list[SgfTree]:
    """The game trees of SGF text, each with the nodes of its main line (the first
    variation at each branch).  Raises :class:`~tavla.MatchFileError` naming the line for
    text that is not SGF: a stray character, a property outside a node or without a value,
    an unclosed ``[`` or ``(``, a ``)`` too many, a game tree without a node, a node after a
    variation."""
    return _Scanner(text).scan()


def escape(text: str) -> str:
    """``text`` as an SGF value: ``\\`` and ``]`` escaped with a backslash."""
    return text.replace("\\", "\\\\").replace("]", "\\]")
