"""The positions of real matches: every position a player was on roll in, from replayed match
files (to seed training data, :func:`tavla.sim.data_positions.make_positions`)."""

from __future__ import annotations

import os
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from ..errors import MatchFileError
from .check import replay_file


def match_positions(
    paths: Iterable[str | os.PathLike[str]],
) -> tuple[npt.NDArray[np.int8], list[tuple[str, str]]]:
    """The distinct positions, seen from the side on roll and not finished, after every play
    that replayed legally in the match files ``paths`` (``.mat`` or SGF), as ``(N, 2, 26)``
    int8 boards in the order first met; and the files that could not be read, with why.

    A file that cannot be read (:class:`~tavla.MatchFileError`, OSError) is listed and
    skipped; the plays of a game after a mismatch are not known, so only those before it
    count."""
    seen: dict[bytes, None] = {}
    failed: list[tuple[str, str]] = []
    for path in paths:
        try:
            replay = replay_file(path)
        except (MatchFileError, OSError) as exc:
            failed.append((os.fspath(path), str(exc)))
            continue
        for game in replay.games:
            for play in game.plays:
                if play is not None and not play.position.is_over:
                    seen.setdefault(play.position.key, None)
    boards = np.frombuffer(b"".join(seen), dtype=np.int8).reshape(-1, 2, 26).copy()
    return boards, failed
