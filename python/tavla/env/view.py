"""What the single-agent and the AEC environments show of their game (:class:`EnvView`): the
position, the dice, the cube and the score, the legal actions, the board as text."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..board.dice import Roll
from ..board.position import Play, Position
from ..game.cube import Cube
from .native import NativeEnvs


class EnvView:
    """The state of the one game of ``self._native``; seats are numbered as the environment
    numbers them (the agent 0 and the opponent 1; or ``player_0`` and ``player_1``)."""

    _native: NativeEnvs

    @property
    def position(self) -> Position:
        """The position seen from the side to act (mid-turn with single moves: with the moves
        made so far).  After a turn's last move it is the position the play made, seen from
        the opponent (as :attr:`tavla.Play.position` is), and so once the play has won the
        game; after a drop, the position of the double, seen from the side that did not
        drop."""
        return Position._trusted(self._native.core.position(0))

    @property
    def dice(self) -> Roll | None:
        """The roll being played, None before the roll (a cube decision) or once over."""
        dice: Roll | None = self._native.core.dice(0)
        return dice

    @property
    def dice_left(self) -> tuple[int, ...]:
        """The dice still to play, highest first (a double four times); mid-turn with single
        moves, those not played yet; ``()`` before the roll."""
        left: tuple[int, ...] = self._native.core.dice_left(0)
        return left

    @property
    def legal_plays(self) -> list[Play]:
        """The legal plays of the roll being played, in action order (with ``action="play"``,
        action ``i`` makes ``legal_plays[i]``: :meth:`tavla.Position.legal_plays`'s order);
        ``[]`` before the roll, once over, and with ``action="move"``."""
        dice = self.dice
        if dice is None or self.is_over or self._native.settings.action == "move":
            return []
        return self.position.legal_plays(dice)

    @property
    def is_over(self) -> bool:
        """The episode has ended."""
        return bool(self._native.core.over(0))

    @property
    def to_act(self) -> int | None:
        """The seat that decides now, None once over."""
        seat = self._native.core.to_act(0)
        return None if seat < 0 else int(seat)

    @property
    def action_mask(self) -> npt.NDArray[np.int8]:
        """1 for each legal action of the side to act (the observation's ``action_mask``)."""
        seat = self.to_act
        masks = self._native.observe(0 if seat is None else seat)["action_mask"]
        mask: npt.NDArray[np.int8] = masks[0]
        return mask

    @property
    def cube(self) -> Cube:
        """The cube (its owner a seat; during a pending double its value before it)."""
        value, owner, _ = self._native.core.cube(0)
        return Cube(value, None if owner < 0 else owner)

    @property
    def is_crawford(self) -> bool:
        """This game is the Crawford game of the match (R24)."""
        return bool(self._native.core.cube(0)[2])

    @property
    def score(self) -> tuple[int, int]:
        """The match score of seats 0 and 1 (money play: 0, 0); once the match is won, with
        the points of its last game."""
        first, second = self._native.core.score(0)
        return int(first), int(second)

    def end_info(self, names: tuple[str, str]) -> dict[str, Any]:
        """The info of the episode's end, the seats called ``names``: ``result`` (the last
        game's ``winner``, ``kind`` "single", "gammon" or "backgammon", ``cube``, ``points``,
        ``dropped``) and in a match ``score``, the final score of seats 0 and 1."""
        info: dict[str, Any] = {}
        game = self._native.core.last_game(0)
        if game is not None:
            winner, kind, cube, points, dropped = game
            info["result"] = {
                "winner": names[winner],
                "kind": ("single", "gammon", "backgammon")[kind - 1],
                "cube": cube,
                "points": points,
                "dropped": dropped >= 0,
            }
        if self._native.settings.match_length:
            info["score"] = self.score
        return info

    def text(self) -> str:
        """The board from the side to act, with the dice, the cube and the match."""
        lines = [str(self.position)]
        dice = self.dice
        facts = [f"dice {dice[0]}-{dice[1]}" if dice else "before the roll"]
        left = self.dice_left
        if dice and len(left) != (4 if dice[0] == dice[1] else 2):
            facts.append(f"left {' '.join(map(str, left))}")
        cube = self.cube
        owner = "centred" if cube.owner is None else f"owned by seat {cube.owner}"
        facts.append(f"cube {cube.value} {owner}")
        length = self._native.settings.match_length
        if length:
            facts.append(f"{length}-point match, score {self.score[0]}-{self.score[1]}")
            if self.is_crawford:
                facts.append("Crawford game")
        if self.is_over:
            facts.append("over")
        lines.append(", ".join(facts))
        return "\n".join(lines)
