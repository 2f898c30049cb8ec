"""The text of match files, whatever their format (``.mat``, SGF, gnubg's analysis exports):
reading a file from disk, reading a number on one of its lines, and the characters no line
can hold.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .._validate import excerpt
from ..errors import MatchFileError

_Read = TypeVar("_Read")

_MAX_DIGITS = 9
"""The longest number a match file may hold (lengths, scores, game and move numbers, cube
values, points): every real one is far shorter, and longer ones are never converted (Python
refuses to convert more than 4,300 digits)."""


def line_error(number: int, line: str, reason: str) -> MatchFileError:
    """The error for line ``number``, quoting the line (an excerpt of a long one)."""
    return MatchFileError(f"line {number}: {reason}: {excerpt(line.strip())}")


def read_int(digits: str, number: int, line: str) -> int:
    """The value of a number read on line ``number`` of a match file (or of gnubg's analysis
    text): at most :data:`_MAX_DIGITS` digits, leading zeros aside, else a
    :class:`~tavla.MatchFileError` quoting the line."""
    if len(digits.lstrip("0")) > _MAX_DIGITS:
        raise line_error(
            number, line, f"the number {excerpt(digits)} is too long (at most {_MAX_DIGITS} digits)"
        )
    return int(digits)


def not_a_regular_file(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be read as a file, found without opening it (a FIFO would block
    until something writes to it, a device may never end): ``"not a regular file (a
    FIFO)"``, or None for a regular file (or a link to one).  Raises OSError when the path
    does not exist."""
    mode = os.stat(path).st_mode
    if stat.S_ISREG(mode):
        return None
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    kind = next((name for test, name in kinds if test(mode)), "of an unknown kind")
    return f"not a regular file ({kind})"


def read_match_file(
    path: str | os.PathLike[str], parse: Callable[[str], _Read], what: str = "a match file"
) -> _Read:
    """Read a match file from disk (UTF-8, a byte-order mark skipped; Latin-1 as a fallback
    for files that are not UTF-8) and ``parse`` its text (:func:`parse_mat`,
    :func:`~tavla.formats.sgf.parse_sgf`, :func:`~tavla.formats.gnubg_text.parse_analysis`);
    ``what`` names the kind of file in the error for a path of the wrong type.

    Raises :class:`~tavla.MatchFileError` naming the file, and the line where ``parse``
    names one; naming the file for an empty file, and, before opening it, for a path to
    something other than a regular file (a FIFO, a device such as ``/dev/null``, a
    directory), which could block or never end; and for a ``path`` that is neither a
    ``str`` nor a path object.  Raises OSError when the file cannot be opened (a missing
    file, no permission).
    """
    if not isinstance(path, (str, os.PathLike)):
        raise MatchFileError(
            f"the path of {what} must be a str or a path, got {type(path).__name__}"
        )
    if fault := not_a_regular_file(path):
        raise MatchFileError(f"{path}: {fault}")
    data = Path(path).read_bytes()
    if not data:
        raise MatchFileError(f"{path}: the file is empty")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    try:
        return parse(text)
    except MatchFileError as exc:
        raise MatchFileError(f"{path}: {exc}") from None


_UNWRITABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""Unicode categories a name or header cannot hold: control characters (line breaks among
them), surrogates (not UTF-8) and line or paragraph separators."""


def unwritable_character(text: str) -> str | None:
    """Why the text cannot stand on a line of a match file (.mat or SGF), or None: it holds
    a control character (a line break, a tab), a line or paragraph separator or a surrogate."""
    bad = next((c for c in text if unicodedata.category(c) in _UNWRITABLE), None)
    if bad is None:
        return None
    return f"it holds the character {bad!r}, which breaks the line or the encoding"
