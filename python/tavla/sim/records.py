"""The games a run kept (``keep_games=True`` of :func:`~tavla.selfplay`, :func:`~tavla.duel`,
:func:`~tavla.sim.play_matches`): each unit's steps as the core recorded them, and the same games
replayed on tavla's :class:`~tavla.Match` / :class:`~tavla.MoneySession` (every play and cube
action checked against the rules again), from which :func:`tavla.replay.save_games` writes
match files.

Policy ``a`` is player 0 (the left column of a ``.mat`` file, gnubg's player 0) and ``b``
player 1, whatever seat each had; a game's opening roll gives the higher die to the policy
that moved first, as R5 does.  Recording costs nothing in a run that does not ask for it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..board.position import Play, Position
from ..errors import PlayoutError, TavlaError
from ..game.game import Game
from ..game.match import Match, MoneySession
from ..game.rules import Rules

STEP_KINDS = ("play", "double", "take", "drop", "beaver", "raccoon")
"""What each code of :attr:`UnitSteps.kinds` means."""

_PLAY, _DOUBLE, _TAKE, _DROP, _BEAVER, _RACCOON = range(6)

KEPT_GAME_BYTES = 8 * 1024
"""Memory a kept game needs on top of its results (its steps in the core and in Python)."""


@dataclass(frozen=True, eq=False)
class UnitSteps:
    """One unit of a run (a game, or a whole match) step by step.

    Arrays have one entry a step, in order: ``kinds`` (``int8``, codes of
    :data:`STEP_KINDS`), ``policies`` (``int8``, who acted: 0 = a, 1 = b), ``rolls``
    (``(n, 2)`` int8, a play's roll; zero for a cube action) and ``boards``
    (``(n, 2, 26)`` int8, the position a play left, seen from the policy that moved; zero
    for a cube action).  ``match_length`` (0 for single games) and ``rules`` are the run's.
    """

    kinds: npt.NDArray[np.int8]
    policies: npt.NDArray[np.int8]
    rolls: npt.NDArray[np.int8]
    boards: npt.NDArray[np.int8]
    match_length: int
    rules: Rules

    @classmethod
    def from_core(
        cls, raw: tuple[npt.NDArray[np.int8], ...], match_length: int, rules: Rules
    ) -> UnitSteps:
        """One unit of the ``steps`` list the core fills."""
        kinds, policies, rolls, boards = raw
        return cls(kinds, policies, rolls, boards, match_length, rules)

    @property
    def plays(self) -> int:
        """The plays made (forced passes included)."""
        return int((self.kinds == _PLAY).sum())

    def session(self) -> Match | MoneySession:
        """The unit replayed on a :class:`~tavla.Match` (match play) or a
        :class:`~tavla.MoneySession` of one game; raises :class:`~tavla.PlayoutError` if a
        step breaks the rules (which would be a bug of the core)."""
        rules = self.rules
        session = (
            Match(self.match_length, rules, dice=[])
            if self.match_length
            else (MoneySession(rules, dice=[]))
        )
        game = session.new_game()
        for index in range(len(self.kinds)):
            if game.is_over:
                game = session.new_game()
            try:
                self._replay(game, index)
            except PlayoutError:
                raise
            except TavlaError as error:
                message = f"step {index} of a kept game breaks the rules: {error}"
                raise PlayoutError(message) from None
        return session

    def _replay(self, game: Game, index: int) -> None:
        kind, player = int(self.kinds[index]), int(self.policies[index])
        if kind == _PLAY:
            roll = (int(self.rolls[index, 0]), int(self.rolls[index, 1]))
            if game.turn is None:  # the opening roll (R5): the higher die is the starter's
                high, low = max(roll), min(roll)
                game.roll((high, low) if player == 0 else (low, high))
            else:
                game.roll(roll, player=player)
            game.play(_play_leaving(game, self.boards[index]), player=player)
        elif kind == _DOUBLE:
            game.double(player=player)
        elif kind == _TAKE:
            game.take(player=player)
        elif kind == _DROP:
            game.drop(player=player)
        elif kind == _BEAVER:
            game.beaver(player=player)
        elif kind == _RACCOON:
            game.raccoon(player=player)
        else:
            raise PlayoutError(f"step {index} of a kept game has the unknown kind {kind}")


def _play_leaving(game: Game, board: npt.NDArray[np.int8]) -> Play:
    """The legal play of ``game``'s roll that leaves ``board`` (seen from the mover)."""
    wanted = Position(board).swapped().key  # a Play's position has the opponent on roll
    for play in game.legal_plays:
        if play.position.key == wanted:
            return play
    raise PlayoutError("a kept play is not among the legal plays of its roll")
