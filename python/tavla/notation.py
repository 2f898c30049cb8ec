"""Move notation (FORMATS.md section 4): writing plays in the standard display form, and
reading what people and programs type.

Points are the mover's: 24 down to 1, ``bar`` (25) and ``off`` (0).  A checker that moves on
is written as one chain (``24/14``), keeping an intermediate point only where it hit
(``13/7*/5``).  The moves are sorted from the highest starting point (then the highest
landing point) before they are joined, chains keep the order of their first moves, and equal
neighbouring chains are grouped with a count (``8/5(2)``).
"""

from __future__ import annotations

from collections.abc import Sequence

BAR = 25
OFF = 0


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
    """
    if hits is None:
        hits = [False] * len(moves)
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
