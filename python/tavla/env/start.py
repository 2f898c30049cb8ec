"""Where an episode starts: the ``options`` of ``reset`` (:doc:`/environments`).

``options={"position": ID, "dice": "31"}``, both optional:

- ``position``: a Position ID (or a :class:`~tavla.Position`), a GNUbg ID or an XGID (or
  their :class:`~tavla.formats.gnubg.GnubgId` and :class:`~tavla.formats.xgid.Xgid`).  The
  episode starts there instead of from the opening roll (R4, R5); a GNUbg ID or XGID also
  gives the cube (value, owner, a pending double), the score and the Crawford flag, and the
  dice when rolled.  Its match length must be the environment's (0 for money play); the rules
  are the environment's.
- ``dice``: the first roll (``"31"``, ``(3, 1)``), played by the side on roll; without a
  position, from the starting position (no opening roll).

Who is who: in the single-agent environments the side to act in the ID (on roll, or the
side answering a pending double) is the agent; in the AEC environment the ID's players 0 and
1 are ``player_0`` and ``player_1`` (:ref:`players`), a Position ID putting ``player_0`` on
roll.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from .._validate import excerpt
from ..board.dice import Roll, parse_roll
from ..board.position import Position
from ..errors import EnvError, InvalidIdError, NotationError
from ..formats.any_id import as_gnubg_id, parse_id
from ..formats.gnubg import GnubgId
from .settings import EnvSettings

OPTIONS = ("position", "dice")


@dataclass(frozen=True)
class EpisodeStart:
    """An episode's start as the core takes it; seats own the cube and the score."""

    board: bytes
    opening: bool = False
    on_roll: int = 0
    roll: tuple[int, int] = (0, 0)
    cube: int = 1
    owner: int = -1
    score: tuple[int, int] = (0, 0)
    crawford_game: bool = False
    double_offered: bool = False

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of ``_core.EnvCore.reset``."""
        return asdict(self)


OPENING = EpisodeStart(Position.initial().key, opening=True)
"""The start of every game: the starting position and the opening roll (R4, R5)."""


def episode_start(
    options: Mapping[str, Any] | None, settings: EnvSettings, *, players_are_seats: bool
) -> EpisodeStart:
    """The start ``options`` ask for (see the module).  ``players_are_seats``: an ID's
    player p is seat p (the AEC environment); otherwise the side to act is seat 0 (the
    agent).  Raises :class:`~tavla.EnvError` naming what is wrong."""
    if options is None:
        return OPENING
    if not isinstance(options, Mapping):
        raise EnvError(f"options is a dict or None, got {type(options).__name__}")
    unknown = sorted(str(key) for key in options if key not in OPTIONS)
    if unknown:  # ignored, as environments ignore options they do not know (PettingZoo's
        # api_test passes one), but not silently: a misspelt "position" would start elsewhere
        warnings.warn(
            f"reset ignores the unknown options {', '.join(unknown)}: it reads position and dice",
            UserWarning,
            stacklevel=3,
        )
    roll = _roll(options.get("dice"))
    given = options.get("position")
    if given is None:
        if roll is None:
            return OPENING
        return EpisodeStart(Position.initial().key, roll=roll)
    try:
        parsed = parse_id(given) if isinstance(given, str) else given
    except InvalidIdError as error:
        raise EnvError(f"position: {error}") from None
    if isinstance(parsed, Position):
        _check_playable(parsed)
        return EpisodeStart(parsed.key, roll=roll or (0, 0))
    gnubg_id = as_gnubg_id(parsed)  # None for what is no ID
    if gnubg_id is None:
        raise EnvError(
            "position is a Position ID, GNUbg ID or XGID (or a Position, GnubgId or Xgid), got "
            f"{excerpt(given)}"
        )
    return _from_gnubg_id(gnubg_id, roll, settings, players_are_seats)


def _roll(dice: object) -> tuple[int, int] | None:
    if dice is None:
        return None
    try:
        return parse_roll(dice)  # type: ignore[arg-type]
    except NotationError as error:
        raise EnvError(f"dice: {error}") from None


def _check_playable(position: Position) -> None:
    if position.is_over:
        raise EnvError(
            f"the position {position.position_id} is finished (a side has borne off all 15 "
            "checkers, R15): no game can start from it"
        )


def _from_gnubg_id(
    gnubg_id: GnubgId, roll: Roll | None, settings: EnvSettings, players_are_seats: bool
) -> EpisodeStart:
    position, match_id = gnubg_id.position, gnubg_id.match_id
    _check_playable(position)
    if match_id.game_over or match_id.resignation is not None:
        raise EnvError(
            "the ID's game is over or a resignation awaits an answer: no step can follow"
        )
    length = settings.match_length or 0
    if match_id.match_length != length:
        have = f"{match_id.match_length}-point match" if match_id.match_length else "money game"
        want = f"{length}-point matches" if length else "money games"
        raise EnvError(f"the ID is of a {have}, and this environment plays {want}")
    if not settings.cube and (match_id.cube_value > 1 or match_id.double_offered):
        raise EnvError(
            "the ID has a doubled cube or a pending double, and this environment "
            "plays without the cube (cube=False)"
        )
    if match_id.dice is not None:
        in_id = tuple(sorted(match_id.dice))
        if roll is not None and tuple(sorted(roll)) != in_id:
            raise EnvError(
                f"the dice {roll[0]}{roll[1]} differ from those of the ID, "
                f"{match_id.dice[0]}{match_id.dice[1]}"
            )
        roll = match_id.dice

    def seat(player: int) -> int:
        return player if players_are_seats else int(player != match_id.turn)

    score = [0, 0]
    if length:
        for player in (0, 1):
            score[seat(player)] = match_id.score[player]
    owner = -1 if match_id.cube_owner is None else seat(match_id.cube_owner)
    return EpisodeStart(
        position.key,
        on_roll=seat(match_id.dice_owner),
        roll=roll or (0, 0),
        cube=match_id.cube_value,
        owner=owner,
        score=(score[0], score[1]),
        crawford_game=match_id.crawford,
        double_offered=match_id.double_offered,
    )
