"""What the external engines of :mod:`tavla.engines` share (:class:`EnginePolicy`): a
pool of connections to an engine answering one turn at a time, the lockstep protocol over it
(the roll of each turn found from its candidates, :func:`turn_dice`), and the matching of the
engine's answers to legal plays."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_int, excerpt
from ..board.dice import Roll, parse_roll
from ..board.position import Play, Position, find_play
from ..errors import EngineError, PlayoutError, TavlaError

DEFAULT_TIMEOUT = 60.0
"""Seconds an engine may take over one answer (or to start and greet) by default."""

ROLLS: tuple[Roll, ...] = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 rolls, higher die first, in the order a turn's roll is looked for."""


def turn_dice(
    positions: npt.NDArray[np.int8],
    candidates: npt.NDArray[np.int8],
    offsets: npt.NDArray[np.int64],
) -> list[Roll]:
    """The roll of each turn of a lockstep call (:class:`~tavla.eval.TurnScorer`): the
    first of :data:`ROLLS` whose legal results from ``positions[t]`` are the candidates
    ``candidates[offsets[t]:offsets[t + 1]]`` (in any order).  Raises
    :class:`~tavla.PlayoutError` for a turn that no roll gives."""
    count = len(positions)
    boards = np.ascontiguousarray(np.repeat(positions, len(ROLLS), axis=0), dtype=np.int8)
    rolls = np.tile(np.array(ROLLS, dtype=np.int64), (count, 1))
    results, starts = _core.legal_results(boards, rolls)
    found = []
    for t in range(count):
        mine = candidates[offsets[t] : offsets[t + 1]]
        for r, roll in enumerate(ROLLS):
            row = t * len(ROLLS) + r
            theirs = results[starts[row] : starts[row + 1]]
            if len(theirs) == len(mine) and (
                np.array_equal(theirs, mine) or _same_boards(theirs, mine)
            ):
                found.append(roll)
                break
        else:
            raise PlayoutError(
                f"turn {t}: no roll has these {len(mine)} candidates as its legal plays from"
                f" {Position(positions[t]).position_id}"
            )
    return found


def _same_boards(a: npt.NDArray[np.int8], b: npt.NDArray[np.int8]) -> bool:
    return {row.tobytes() for row in a} == {row.tobytes() for row in b}


class Connection(Protocol):
    """One running engine: asked about one turn at a time."""

    pid: int

    def request(self, position: Position, dice: Roll) -> None: ...

    def answer(self) -> str: ...

    def close(self) -> None: ...


class EnginePolicy:
    """What :class:`~tavla.engines.Ubgi` and :class:`~tavla.engines.Gnubg` share:
    a pool of ``processes`` connections to the engine (made by :meth:`_connect`), the
    lockstep protocol, and the matching of answers to plays."""

    def __init__(self, name: str, timeout: float, processes: int) -> None:
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
            raise PlayoutError(f"timeout must be a number of seconds > 0, got {excerpt(timeout)}")
        self.name = name
        self.timeout = float(timeout)
        self.processes = check_int(processes, "processes", PlayoutError, low=1, high=256)
        self._watch_connections()

    def _watch_connections(self) -> None:
        """No connections yet; those made are closed with :meth:`close`, or when this
        object is collected or the interpreter exits."""
        self._connections: list[Connection] = []
        self._finalizer = weakref.finalize(self, close_all, self._connections)

    def _connect(self) -> Connection:
        raise NotImplementedError

    # -- life --------------------------------------------------------------------------

    def start(self) -> None:
        """Start the engine's processes (if they are not running) and greet them; raises
        :class:`~tavla.EngineError` when one cannot start or does not answer."""
        try:
            while len(self._connections) < self.processes:
                self._connections.append(self._connect())
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Stop the engine's processes and wait for them (idempotent)."""
        close_all(self._connections)

    @property
    def pids(self) -> tuple[int, ...]:
        """The process ids of the running engine processes (empty when stopped)."""
        return tuple(connection.pid for connection in self._connections)

    def __enter__(self) -> EnginePolicy:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __getstate__(self) -> dict[str, Any]:
        unpicklable = ("_connections", "_finalizer")
        return {key: value for key, value in self.__dict__.items() if key not in unpicklable}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._watch_connections()

    # -- questions ---------------------------------------------------------------------

    def play(self, position: Position, roll: str | Roll) -> Play:
        """The play the engine makes with ``roll`` in ``position`` (asked even when only one
        play is legal).  Raises :class:`~tavla.EngineError` as the class says, and what
        :meth:`~tavla.Position.legal_plays` raises for a finished game or a bad roll."""
        if not isinstance(position, Position):
            raise PlayoutError(f"position must be a Position, got {type(position).__name__}")
        dice = parse_roll(roll)
        position.legal_plays(dice)  # a finished game or a bad roll fails here, not in the engine
        (play,) = self._ask([(position, dice)])
        return play

    def score_turns(
        self,
        candidates: npt.NDArray[np.int8],
        positions: npt.NDArray[np.int8],
        offsets: npt.NDArray[np.int64],
    ) -> npt.NDArray[np.float64]:
        """The lockstep protocol (:class:`~tavla.eval.TurnScorer`): 1 for the play the
        engine chose in each turn, 0 for the others."""
        dice = turn_dice(positions, candidates, offsets)
        turns = [(Position(board), roll) for board, roll in zip(positions, dice, strict=True)]
        scores = np.zeros(len(candidates), dtype=np.float64)
        for t, play in enumerate(self._ask(turns)):
            mine = candidates[offsets[t] : offsets[t + 1]]
            rows = {row.tobytes(): k for k, row in enumerate(mine)}
            scores[offsets[t] + rows[play.position.key]] = 1.0
        return scores

    def _ask(self, turns: Sequence[tuple[Position, Roll]]) -> list[Play]:
        """The engine's plays of ``turns``, asked of the pool's processes side by side; any
        failure (or Ctrl-C) stops them all, as an answer may be on its way."""
        self.start()
        plays: list[Play] = []
        width = len(self._connections)
        try:
            for first in range(0, len(turns), width):
                batch = list(zip(self._connections, turns[first : first + width], strict=False))
                for connection, (position, dice) in batch:
                    connection.request(position, dice)
                for connection, (position, dice) in batch:
                    plays.append(self._play_of(connection.answer(), position, dice))
        except BaseException:
            self.close()
            raise
        return plays

    def _play_of(self, text: str, position: Position, dice: Roll) -> Play:
        try:
            return find_play(position, dice, text)
        except TavlaError as error:
            raise EngineError(
                f"{self.name} answered {excerpt(text)} to {position.position_id} with"
                f" {dice[0]}-{dice[1]}: {error}"
            ) from None


def close_all(connections: list[Connection]) -> None:
    while connections:
        connections.pop().close()
