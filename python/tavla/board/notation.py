"""Move notation (:ref:`notation`): writing plays in the standard display form, and
reading what people and programs type.

Points are the mover's: 24 down to 1, ``bar`` (25) and ``off`` (0).  A checker that moves on
is written as one chain (``24/14``), keeping an intermediate point only where it hit
(``13/7*/5``).  The moves are sorted from the highest starting point (then the highest
landing point) before they are joined, chains keep the order of their first moves, and equal
neighbouring chains are grouped with a count (``8/5(2)``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from numbers import Integral

import numpy as np

from .._validate import excerpt, is_int
from ..errors import NotationError

BAR = 25
OFF = 0

Segment = tuple[int, int]
"""One checker going from a point to a lower one, by one die or several: ``(24, 14)``."""

_POINT = r"(?:bar|b|off|\d+)"
_TOKEN = re.compile(rf"^({_POINT}\*?(?:[/-]{_POINT}\*?)+)(?:\((\d+)\))?$", re.IGNORECASE)
_BARE_POINT = re.compile(rf"^{_POINT}$", re.IGNORECASE)


def point_name(point: int) -> str:
    """``"bar"`` for 25, ``"off"`` for 0, the number otherwise."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


def _chains(moves: Sequence[tuple[int, int]], hits: Sequence[bool]) -> list[list[tuple[int, bool]]]:
    """Sort the moves from the highest starting point, then join each checker's moves.

    Each chain is ``[(start, False), (landing, hit), ...]``; chains come in the order of
    their first move.  This is GNU Backgammon's display order, checked against the
    candidate lists of its analysis exports: ``13/5 13/9(2)``, ``bar/24*/23 bar/24``.
    """
    order = sorted(range(len(moves)), key=lambda i: moves[i], reverse=True)
    used = [False] * len(moves)
    chains: list[list[tuple[int, bool]]] = []
    for position, first in enumerate(order):
        if used[first]:
            continue
        used[first] = True
        start, end = moves[first]
        chain = [(start, False), (end, hits[first])]
        for following in order[position + 1 :]:
            if not used[following] and end != OFF and moves[following][0] == end:
                used[following] = True
                end = moves[following][1]
                chain.append((end, hits[following]))
        chains.append(chain)
    return chains


def _chain_text(chain: list[tuple[int, bool]]) -> str:
    parts = [point_name(chain[0][0])]
    last = len(chain) - 1
    for index, (point, hit) in enumerate(chain[1:], start=1):
        if index == last or hit:
            parts.append(point_name(point) + ("*" if hit else ""))
    return "/".join(parts)


def format_play(moves: Sequence[tuple[int, int]], hits: Sequence[bool] | None = None) -> str:
    """Standard notation of a play given as ``(from, to)`` moves in playing order.

    ``hits[i]`` tells whether move i hit a blot (all False when omitted).  Returns ``""``
    for a pass.  Example: moves ``(13, 7), (7, 5)`` with a hit on 7 give ``"13/7*/5"``.

    Raises :class:`~tavla.NotationError` (a ValueError) when ``moves`` is not a sequence of
    ``(from, to)`` int pairs going from the bar (25) or a point 1..24 down to a lower point
    or off (0), or when ``hits`` is not a sequence of as many bools.
    """
    moves = _checked_moves(moves)
    hits = [False] * len(moves) if hits is None else _checked_hits(hits, len(moves))
    # Neighbouring chains along the same points are grouped; a point is starred when any
    # checker of the group hit there (gnubg: 13/7*/1* 13/7/1 ... give 13/7*/1*(2)).
    groups: list[tuple[list[tuple[int, bool]], int]] = []
    for chain in _chains(moves, hits):
        if groups and [p for p, _ in groups[-1][0]] == [p for p, _ in chain]:
            merged = [(p, h1 or h2) for (p, h1), (_, h2) in zip(groups[-1][0], chain, strict=True)]
            groups[-1] = (merged, groups[-1][1] + 1)
        else:
            groups.append((chain, 1))
    texts = [_chain_text(chain) for chain, _ in groups]
    return " ".join(
        text if count == 1 else f"{text}({count})"
        for text, (_, count) in zip(texts, groups, strict=True)
    )


def _checked_moves(moves: object) -> list[Segment]:
    """``moves`` as a list of (from, to) segments, each as :func:`_checked_segment` wants."""
    if isinstance(moves, np.ndarray):
        moves = moves.tolist()
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Sequence):
        raise NotationError(f"a play is a sequence of (from, to) moves, got {excerpt(moves)}")
    segments = []
    for move in moves:
        if (
            isinstance(move, (str, bytes))
            or not isinstance(move, Sequence)
            or len(move) != 2
            or not all(is_int(point) for point in move)
        ):
            raise NotationError(f"a move is a (from, to) pair of ints, got {excerpt(move)}")
        segments.append(_checked_segment(int(move[0]), int(move[1]), excerpt(move)))
    return segments


def _checked_hits(hits: object, count: int) -> list[bool]:
    """``hits`` as a list of ``count`` bools (NumPy bools too)."""
    if isinstance(hits, np.ndarray) and hits.dtype == bool:
        hits = hits.tolist()
    if isinstance(hits, (str, bytes)) or not isinstance(hits, Sequence):
        raise NotationError(f"hits must be a sequence of bools, got {excerpt(hits)}")
    if len(hits) != count:
        raise NotationError(f"hits must hold one bool per move: {count} moves, got {len(hits)}")
    if not all(isinstance(hit, (bool, np.bool_)) for hit in hits):
        raise NotationError(f"hits must be a sequence of bools, got {excerpt(hits)}")
    return [bool(hit) for hit in hits]


def parse_play(play: str | Sequence[Sequence[int]]) -> list[Segment]:
    """Read a typed play into segments ``(from, to)``, one per checker path (:ref:`notation`).

    ``play`` is text or a sequence of ``(from, to)`` int pairs (25 = bar, 0 = off).  Text is
    read in any case: moves are separated by spaces or commas; the points of a move by ``/``
    or ``-``; ``bar``, ``b`` or ``25`` is the bar, ``off`` or ``0`` is off; ``*`` marks are
    accepted and ignored (a play is identified by its result); ``(n)`` repeats a move n
    times; a chain ``13/7*/5`` gives one segment per step written, ``(13, 7), (7, 5)``.  Text
    made of bare points only (``"8 5 6 5"``) is read as from/to pairs.  A segment may need
    several dice (``24/14``): splitting it by the roll is left to
    :func:`tavla.board.position.find_play`.  ``""`` or an empty sequence is no move: ``[]``.

    Raises :class:`~tavla.NotationError` (a ValueError) naming the token that cannot be
    read, or a move that does not go from a higher point to a lower one.
    """
    if isinstance(play, str):
        return _parse_text(play)
    try:
        pairs = [tuple(pair) for pair in play]
    except TypeError:
        raise NotationError(
            f"a play is text or a sequence of (from, to) pairs, got {excerpt(play)}"
        ) from None
    segments = []
    for pair in pairs:
        if len(pair) != 2 or not all(
            isinstance(p, Integral) and not isinstance(p, bool) for p in pair
        ):
            raise NotationError(f"a move is a (from, to) pair of ints, got {excerpt(pair)}")
        segments.append(_checked_segment(int(pair[0]), int(pair[1]), excerpt(pair)))
    return segments


MOST_MOVES = 4
"""The most moves a roll plays (a double)."""


def written_moves(text: str) -> int:
    """How many moves typed play ``text`` writes at least, counted without reading them: one
    for each move token, one for each pair of bare points (a chain or a repeat count writes
    more).  For refusing a play of far too many moves before reading it."""
    tokens = _TOKEN_SEPARATOR.split(text.strip())
    bare = sum(1 for token in tokens if _BARE_POINT.match(token))
    return len(tokens) - bare + bare // 2 if text.strip() else 0


_TOKEN_SEPARATOR = re.compile(r"[\s,]+")


def _parse_text(text: str) -> list[Segment]:
    tokens = [token for token in _TOKEN_SEPARATOR.split(text.strip()) if token]
    if tokens and all(_BARE_POINT.match(token) for token in tokens):
        if len(tokens) % 2:
            raise NotationError(
                f"cannot read {excerpt(text)}: bare points pair up as from, to, and "
                f"{excerpt(tokens[-1])} has no partner"
            )
        tokens = [f"{start}/{end}" for start, end in zip(tokens[::2], tokens[1::2], strict=True)]
    segments: list[Segment] = []
    for token in tokens:
        match = _TOKEN.match(token)
        if match is None:
            raise NotationError(
                f"cannot read the move {excerpt(token)}: write from/to, e.g. 13/7, bar/22, "
                "6/off, 8/5(2)"
            )
        points = [_point_value(name.rstrip("*"), token) for name in re.split("[/-]", match[1])]
        chain = [_checked_segment(start, end, excerpt(token)) for start, end in pairwise(points)]
        count = _small_number(match[2] or "1")
        if not 1 <= count <= 4:
            raise NotationError(f"cannot read the move {excerpt(token)}: a roll plays 1 to 4 moves")
        segments.extend(chain * count)
    return segments


def _point_value(name: str, token: str) -> int:
    lowered = name.lower()
    if lowered in ("bar", "b"):
        return BAR
    if lowered == "off":
        return OFF
    value = _small_number(name)
    if value > BAR:
        point = name if len(name) <= 6 else f"of {len(name):,} digits"
        raise NotationError(
            f"cannot read the move {excerpt(token)}: no point {point} (24 is the highest, "
            "25 the bar)"
        )
    return value


_TOO_LARGE = 10**6
"""What :func:`_small_number` gives for a number of more than six digits: every such number
is out of range here (points and repeat counts are small)."""


def _small_number(digits: str) -> int:
    """The value of a run of decimal digits, leading zeros allowed; :data:`_TOO_LARGE` for one
    of more than six significant digits (never converted: Python refuses to convert more
    than 4,300 digits, and the range check that follows rejects it anyway)."""
    significant = digits.lstrip("0")
    return int(significant or "0") if len(significant) <= 6 else _TOO_LARGE


def _checked_segment(start: int, end: int, shown: str) -> Segment:
    if not (OFF < start <= BAR and OFF <= end < BAR and end < start):
        raise NotationError(
            f"cannot read the move {shown}: a checker moves from the bar or a point 1..24 "
            "down to a lower point or off"
        )
    return start, end
