"""What a run of the playout engine returns: per-game arrays (:class:`PlayoutResults`) and,
for whole matches, per-match arrays (:class:`MatchResults`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from .records import UnitSteps

CUBE_COLUMNS = ("cube", "scored", "cube_owner", "doubler", "dropped", "crawford")
"""The per-game arrays a run with the cube adds (see :class:`PlayoutResults`)."""


@dataclass(frozen=True, eq=False)
class PlayoutResults:
    """Per-game results of a run between policy ``a`` (index 0) and ``b`` (index 1).

    Arrays have one entry per finished game, in game order: ``winner`` (``int8``, 0 = a,
    1 = b), ``kind`` (``int8``, 1 single, 2 gammon, 3 backgammon on the board, R16; 1 for a
    drop), ``first`` (``int8``, the policy that made the first play) and ``plies``
    (``int32``, plays made by both sides, forced passes included). ``interrupted`` is True
    when Ctrl-C stopped the run: the arrays then hold the games that finished first (games
    ``0..n-1``).

    A run with ``truncate`` also stops games unfinished after that many plies: those have
    ``winner`` -1 and ``kind`` 0, ``on_roll`` (``int8``) names the policy on roll at the stop
    (-1 for a game played out), and ``final_boards`` (``(n, 2, 26)`` int8) holds each stopped
    game's board seen from that side (rows of games played out are zero). Without
    ``truncate`` every game is played out and ``final_boards`` is None.

    A run with the cube adds (None otherwise): ``cube`` (``int32``, the value the game was
    scored at; for a drop the value before the refused double), ``scored`` (``int32``, what
    the winner scored: R16 with the ``backgammons`` option, R19, R22), ``cube_owner``
    (``int8``, the policy owning the cube at the end, -1 centred), ``doubler`` (``int8``,
    the policy that made the last double, -1 for none), ``dropped`` (``int8``, the policy
    that passed a double or a beaver, -1 for none: the game ended by the drop) and
    ``crawford`` (``bool``, the game was a match's Crawford game, R24).

    A run with ``variance_reduction`` adds ``luck`` (None otherwise): per game, the summed
    luck of its rolls from ``a``'s side (:ref:`variance-reduction`): cubeless ``(n, 5)``
    float64 in the order of the five probabilities; with the cube ``(n,)`` float64, in
    cubeful points (a match: MWC). A run with the cube whose games stop unfinished adds
    ``stop_values`` (``(n,)`` float64, NaN-free, 0 for games played out): a stopped game's
    value for ``a`` where it stopped, in the same unit as ``luck``; its ``scored`` is 0.

    A run with ``keep_games=True`` keeps each game's plays and cube actions in ``steps``
    (one :class:`~tavla.sim.records.UnitSteps` a game, None otherwise).
    """

    winner: npt.NDArray[np.int8]
    kind: npt.NDArray[np.int8]
    first: npt.NDArray[np.int8]
    plies: npt.NDArray[np.int32]
    interrupted: bool = False
    on_roll: npt.NDArray[np.int8] | None = None
    final_boards: npt.NDArray[np.int8] | None = None
    cube: npt.NDArray[np.int32] | None = None
    scored: npt.NDArray[np.int32] | None = None
    cube_owner: npt.NDArray[np.int8] | None = None
    doubler: npt.NDArray[np.int8] | None = None
    dropped: npt.NDArray[np.int8] | None = None
    crawford: npt.NDArray[np.bool_] | None = None
    steps: tuple[UnitSteps, ...] | None = None
    luck: npt.NDArray[np.float64] | None = None
    stop_values: npt.NDArray[np.float64] | None = None

    @classmethod
    def from_core(cls, arrays: dict[str, Any], interrupted: bool) -> PlayoutResults:
        """The per-game arrays of ``_core.play_games`` or ``_core.play_cube`` (the cube's
        columns when the run had the cube)."""
        columns = {name: arrays[name] for name in ("winner", "kind", "first", "plies")}
        cube: dict[str, Any] = {}
        if "cube" in arrays:
            cube = {name: arrays[name] for name in ("cube", "dropped", "doubler")}
            cube.update(
                scored=arrays["points"],
                cube_owner=arrays["owner"],
                crawford=arrays["crawford"].astype(bool),
            )
        return cls(
            **columns,
            interrupted=interrupted,
            **cube,
            luck=arrays.get("luck"),
            on_roll=arrays.get("on_roll"),
            final_boards=arrays.get("final_boards"),
            stop_values=arrays.get("stop_values"),
        )

    @classmethod
    def joined(
        cls, parts: Sequence[PlayoutResults], interrupted: bool, *, truncated: bool
    ) -> PlayoutResults:
        """The results of consecutive runs as one run (``truncated``: the runs stopped games
        after a number of plies, so ``on_roll`` and ``final_boards`` are kept; the cube's
        columns are kept when the parts have them)."""

        def column(name: str, empty: npt.NDArray[Any]) -> npt.NDArray[Any]:
            arrays = [getattr(part, name) for part in parts]
            return np.concatenate(arrays) if arrays else empty

        int8 = np.zeros(0, np.int8)
        cubeful = bool(parts) and parts[0].cube is not None
        cube = (
            {
                name: column(name, np.zeros(0, getattr(parts[0], name).dtype))
                for name in CUBE_COLUMNS
            }
            if cubeful
            else {}
        )
        luck = stop_values = None
        if parts and parts[0].luck is not None:
            luck = column("luck", np.zeros((0, *parts[0].luck.shape[1:])))
        if cubeful and truncated:
            stop_values = column("stop_values", np.zeros(0))
        return cls(
            column("winner", int8),
            column("kind", int8),
            column("first", int8),
            column("plies", np.zeros(0, np.int32)),
            interrupted,
            column("on_roll", int8) if truncated else None,
            column("final_boards", np.zeros((0, 2, 26), np.int8)) if truncated else None,
            **cube,
            steps=_joined_steps(parts),
            luck=luck,
            stop_values=stop_values,
        )

    def head(self, count: int) -> PlayoutResults:
        """The first ``count`` games."""
        kept = slice(0, count)
        arrays = {
            field.name: getattr(self, field.name)[kept]
            for field in fields(self)
            if isinstance(getattr(self, field.name), np.ndarray)
        }
        steps = None if self.steps is None else self.steps[:count]
        return replace(self, **arrays, steps=steps)

    @property
    def stopped(self) -> npt.NDArray[np.bool_]:
        """Per game: True when ``truncate`` stopped it unfinished."""
        if self.on_roll is None:
            return np.zeros(self.games, dtype=bool)
        return self.on_roll >= 0

    @property
    def games(self) -> int:
        """Number of finished games."""
        return int(self.winner.shape[0])

    @property
    def units(self) -> int:
        """What a Dask chunk counts (:mod:`tavla.sim.cluster`): the games."""
        return self.games

    @property
    def points(self) -> npt.NDArray[np.signedinteger[Any]]:
        """Points won by ``a`` in each game: +kind when a won, -kind when b won (``int8``);
        with the cube, ``±scored`` (``int32``)."""
        if self.scored is not None:
            return np.where(self.winner == 0, self.scored, -self.scored).astype(np.int32)
        return np.where(self.winner == 0, self.kind, -self.kind).astype(np.int8)

    @property
    def win_rate(self) -> float:
        """Fraction of the games won by ``a``."""
        return _mean(self.winner == 0)

    @property
    def gammon_rate(self) -> float:
        """Fraction of the games, won by either side, that ended in a gammon or backgammon."""
        return _mean(self.kind >= 2)

    @property
    def backgammon_rate(self) -> float:
        """Fraction of the games, won by either side, that ended in a backgammon."""
        return _mean(self.kind == 3)

    @property
    def ppg(self) -> float:
        """Points per game won by ``a`` (mean of :attr:`points`)."""
        return _mean(self.points)

    def __repr__(self) -> str:
        """The counts and rates, not the arrays: ``PlayoutResults(games=10000,
        win_rate=0.5123, ppg=+0.0456, interrupted=False)`` (and the games ``truncate``
        stopped, for such a run; the drops, with the cube)."""
        stopped = f", stopped={int(self.stopped.sum())}" if self.on_roll is not None else ""
        dropped = f", dropped={int((self.dropped >= 0).sum())}" if self.dropped is not None else ""
        return (
            f"PlayoutResults(games={self.games}, win_rate={self.win_rate:.4f}, "
            f"ppg={self.ppg:+.4f}{stopped}{dropped}, interrupted={self.interrupted})"
        )


@dataclass(frozen=True, eq=False)
class MatchResults:
    """Whole matches to ``length`` points between policy ``a`` (index 0) and ``b`` (index 1).

    Per match, in match order: ``winner`` (``int8``, the policy that reached the length,
    R23), ``games`` (``int32``, the games it lasted) and ``score`` (``(M, 2)`` int32, the
    final score of a and b, points beyond the length kept). ``game_results``: every game of
    those matches, one match after another (:class:`PlayoutResults` with the cube's columns;
    match m's games are rows ``offsets[m]:offsets[m + 1]``). ``interrupted``: Ctrl-C
    stopped the run, and the matches kept are the first ones finished.  ``steps``: with
    ``keep_games=True``, each match's plays and cube actions (one
    :class:`~tavla.sim.records.UnitSteps` a match), else None.
    """

    length: int
    winner: npt.NDArray[np.int8]
    games: npt.NDArray[np.int32]
    score: npt.NDArray[np.int32]
    game_results: PlayoutResults
    interrupted: bool = False
    steps: tuple[UnitSteps, ...] | None = None

    @classmethod
    def from_core(cls, length: int, arrays: dict[str, Any], interrupted: bool) -> MatchResults:
        """The arrays of ``_core.play_cube`` for whole matches."""
        return cls(
            length,
            arrays["match_winner"],
            arrays["match_games"],
            arrays["score"],
            PlayoutResults.from_core(arrays, interrupted),
            interrupted,
        )

    @classmethod
    def joined(cls, parts: Sequence[MatchResults], interrupted: bool) -> MatchResults:
        """The results of consecutive runs of matches as one run."""
        games = PlayoutResults.joined([p.game_results for p in parts], interrupted, truncated=False)
        if not parts:
            games = PlayoutResults.from_core(_EMPTY_CORE, interrupted)
        length = parts[0].length if parts else 0
        return cls(
            length,
            np.concatenate([p.winner for p in parts]) if parts else np.zeros(0, np.int8),
            np.concatenate([p.games for p in parts]) if parts else np.zeros(0, np.int32),
            np.concatenate([p.score for p in parts]) if parts else np.zeros((0, 2), np.int32),
            games,
            interrupted,
            _joined_steps(parts),
        )

    def head(self, count: int) -> MatchResults:
        """The first ``count`` matches."""
        kept = slice(0, count)
        return replace(
            self,
            winner=self.winner[kept],
            games=self.games[kept],
            score=self.score[kept],
            game_results=self.game_results.head(int(self.games[kept].sum())),
            steps=None if self.steps is None else self.steps[kept],
        )

    @property
    def matches(self) -> int:
        """Number of finished matches."""
        return int(self.winner.shape[0])

    @property
    def units(self) -> int:
        """What a Dask chunk counts (:mod:`tavla.sim.cluster`): the matches."""
        return self.matches

    @property
    def offsets(self) -> npt.NDArray[np.int64]:
        """``(M + 1,)`` int64: match m's games are rows ``offsets[m]:offsets[m + 1]`` of
        :attr:`game_results`."""
        return np.concatenate([[0], np.cumsum(self.games, dtype=np.int64)])

    @property
    def win_rate(self) -> float:
        """Fraction of the matches won by ``a``."""
        return _mean(self.winner == 0)

    @property
    def ppg(self) -> float:
        """Points per game won by ``a``: the mean, over every game played, of the points a
        won minus the points b won in it."""
        return self.game_results.ppg

    def __repr__(self) -> str:
        return (
            f"MatchResults(matches={self.matches}, length={self.length}, "
            f"win_rate={self.win_rate:.4f}, games={int(self.games.sum())}, "
            f"ppg={self.ppg:+.4f}, interrupted={self.interrupted})"
        )


def _joined_steps(parts: Sequence[PlayoutResults | MatchResults]) -> tuple[UnitSteps, ...] | None:
    """The kept steps of consecutive runs, in order (None when the runs kept none)."""
    if not parts or parts[0].steps is None:
        return None
    return tuple(unit for part in parts for unit in part.steps or ())


def _mean(values: npt.NDArray[Any]) -> float:
    return float(np.mean(values)) if len(values) else float("nan")


_EMPTY_CORE: dict[str, Any] = {
    name: np.zeros(0, np.int32 if name in ("plies", "cube", "points") else np.int8)
    for name in (
        "winner",
        "kind",
        "first",
        "plies",
        "cube",
        "points",
        "owner",
        "doubler",
        "dropped",
        "crawford",
    )
}
