"""Move notation (FORMATS.md section 4): writing plays in the standard display form.

Points are the mover's: 24 down to 1, ``bar`` (25) and ``off`` (0).  A checker that moves on
is written as one chain (``24/14``), keeping an intermediate point only where it hit
(``13/7*/5``); chains are sorted from the highest starting point (then the highest landing
point), and equal chains are grouped with a count (``8/5(2)``).
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
    """Join moves of one checker: each chain is [(start, False), (landing, hit), ...]."""
    chains: list[list[tuple[int, bool]]] = []
    for (start, end), hit in zip(moves, hits, strict=True):
        for chain in chains:
            if chain[-1][0] == start and start != OFF:
                chain.append((end, hit))
                break
        else:
            chains.append([(start, False), (end, hit)])
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
    chains = _chains(moves, hits)
    chains.sort(key=lambda chain: (chain[0][0], chain[-1][0]), reverse=True)
    groups: list[tuple[str, int]] = []
    for chain in chains:
        text = _chain_text(chain)
        if groups and groups[-1][0].replace("*", "") == text.replace("*", ""):
            # gnubg keeps the star when any checker of the group hit: 13/5*(2).
            kept = groups[-1][0] if "*" in groups[-1][0] else text
            groups[-1] = (kept, groups[-1][1] + 1)
        else:
            groups.append((text, 1))
    return " ".join(text if count == 1 else f"{text}({count})" for text, count in groups)
