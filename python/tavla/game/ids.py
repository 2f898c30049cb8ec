"""A game's current state as interchange IDs: GNU Backgammon Match ID and GNUbg ID, XGID.

Players keep their numbers (:ref:`players`): :class:`~tavla.Game` player 0 is gnubg
player 0 and XGID's top side, player 1 gnubg player 1 and XGID's bottom side.  The position
is oriented as both formats expect: to the side on roll, or to the doubler while a double
awaits an answer (:ref:`match-id`).
"""

from __future__ import annotations

from typing import Literal, Protocol

from .. import _core
from ..board.dice import Roll
from ..board.position import Position, ResultKind
from ..formats.context import MAX_SCORE, MatchContext
from ..formats.gnubg import GnubgId, MatchId, MatchIdState
from ..formats.xgid import DOUBLE_OFFERED, Xgid
from .actions import (
    AcceptResignationAction,
    Action,
    RejectResignationAction,
    ResignAction,
    RollAction,
)
from .cube import Cube
from .rules import Rules
from .scoring import GameEnd, GameResult


class GameView(Protocol):
    """What the IDs read of a :class:`~tavla.Game` (structural, so that the game module can
    describe itself without an import loop; named apart from the class it describes)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def position(self) -> Position: ...
    @property
    def on_roll(self) -> int: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def dice(self) -> Roll | None: ...
    @property
    def cube(self) -> Cube: ...
    @property
    def offered_cube_value(self) -> int | None: ...
    @property
    def resignation_offered(self) -> ResultKind | None: ...
    @property
    def result(self) -> GameResult | None: ...
    @property
    def match_context(self) -> MatchContext: ...
    @property
    def history(self) -> tuple[Action, ...]: ...


_GAME_STATES = {
    GameEnd.BORNE_OFF: MatchIdState.OVER,
    GameEnd.RESIGNATION: MatchIdState.RESIGNED,
    GameEnd.DROP: MatchIdState.DROPPED,
}
_RESIGNATION_ACTIONS = (ResignAction, RejectResignationAction, AcceptResignationAction)
_XG_SIDE = {0: -1, 1: 1}  # gnubg player 0 = XGID top (-1), player 1 = bottom (1)
_XG_DEFAULT_MAX_CUBE = 1024  # XG writes log2 10 when no limit is set


def _cube_before_offer(game: GameView) -> tuple[int, int | None]:
    """Value and owner of the cube as the IDs store them: during a pending offer, as they
    were before it (a beaver or raccoon counts as taken by the player who made it)."""
    offered = game.offered_cube_value
    if offered is None or offered // 2 == game.cube.value:
        return game.cube.value, game.cube.owner
    assert game.turn is not None
    return offered // 2, 1 - game.turn


def match_id(game: GameView) -> MatchId:
    """The Match ID of ``game`` now (:ref:`match-id`).  Before the opening roll it is
    the new-game state gnubg shows (playing, player 0, no dice).  The dice are written
    higher die first, as gnubg writes them (:ref:`match-id`).  A resignation offer
    is kept; beavers and raccoons have no field of their own and show as a pending
    double.

    Once the game is over, the ID is the one GNU Backgammon shows at that moment (checked
    against gnubg 1.07): the score with the points just won, the Crawford flag of the next
    game, the player to act the one who dropped (after a drop) or who accepted the
    resignation (after one, whose kind stays in the resignation field, with the dice when
    it came after the roll).  One difference is tavla's choice: a match's final score is
    capped at the match length (gnubg writes the full 6-0 of a 5-point match, an ID its
    own decoder refuses; both read 5-0)."""
    result = game.result
    if result is not None:
        return _finished_match_id(game, result)
    value, owner = _cube_before_offer(game)
    match = game.match_context
    dice = game.dice
    return MatchId(
        cube_value=value,
        cube_owner=owner,
        dice_owner=game.on_roll,
        crawford=match.crawford,
        game_state=MatchIdState.PLAYING,
        turn=game.on_roll if game.turn is None else game.turn,
        double_offered=game.offered_cube_value is not None,
        resignation=game.resignation_offered,
        dice=None if dice is None else (max(dice), min(dice)),
        match_length=match.length,
        score=match.score,
        jacoby=match.is_money and game.rules.jacoby,
    )


def _finished_match_id(game: GameView, result: GameResult) -> MatchId:
    """The Match ID of a game that is over (see :func:`match_id`)."""
    after = _after_game(game.match_context, result, game.rules)
    turn = {
        GameEnd.BORNE_OFF: game.on_roll,  # the loser, to roll next
        GameEnd.DROP: 1 - result.winner,
        GameEnd.RESIGNATION: result.winner,
    }[result.end]
    resigned, dice = _accepted_resignation(game.history)
    return MatchId(
        cube_value=game.cube.value,
        cube_owner=game.cube.owner,
        dice_owner=game.on_roll,
        crawford=after.crawford,
        game_state=_GAME_STATES[result.end],
        turn=turn,
        resignation=resigned,
        dice=dice,
        match_length=after.length,
        score=after.score,
        jacoby=after.is_money and game.rules.jacoby,
    )


def _after_game(match: MatchContext, result: GameResult, rules: Rules) -> MatchContext:
    """The match after a game: the winner's points added (capped at the match length, or in
    money play at the most the ID holds) and the next game's Crawford flag (R24: the first
    game after a side reaches one point away)."""
    score = list(match.score)
    score[result.winner] = min(score[result.winner] + result.points, match.length or MAX_SCORE)
    length = match.length
    # A side one point away before this game: the Crawford game has come (this one or before).
    crawford_next = max(score) < length and _core.crawford_game_next(
        crawford_rule=rules.crawford,
        match_length=length,
        score=(score[0], score[1]),
        crawford_done=length - 1 in match.score,
    )
    return MatchContext(length, (score[0], score[1]), crawford_next, match.crawford_rule)


def _accepted_resignation(history: tuple[Action, ...]) -> tuple[ResultKind | None, Roll | None]:
    """The kind of the resignation that ended the game and, when it was offered after a
    roll, that roll (higher die first); (None, None) for a game that ended otherwise."""
    if not history or not isinstance(history[-1], AcceptResignationAction):
        return None, None
    offers = [item for item in history if isinstance(item, ResignAction)]
    before = next(
        (item for item in reversed(history) if not isinstance(item, _RESIGNATION_ACTIONS)),
        None,
    )
    rolled = before.dice if isinstance(before, RollAction) else None
    return offers[-1].kind, None if rolled is None else (max(rolled), min(rolled))


def gnubg_id(game: GameView) -> GnubgId:
    """``PositionID:MatchID`` of ``game`` now (:ref:`gnubg-id`)."""
    return GnubgId(game.position, match_id(game))


def xgid(game: GameView) -> Xgid:
    """The XGID of ``game`` now (:ref:`xgid`): ``D`` while a double awaits an
    answer, ``00`` before the roll, else the dice higher first as in the Match ID (XGID
    allows either order); the maximum cube is ``rules.max_cube``, else XG's 1024
    or, past it, the cube offered or held (so that the cube never exceeds the maximum).
    A resignation offer has no XGID field and is left out.  A beaver awaiting the
    doubler's answer (R20) has no XGID form tavla reads (XG's ``B``): it is written as
    what the doubler faces, the beaverer's redouble (``D`` with the beaverer on roll,
    owning the cube at the value before it; the position seen from the beaverer)."""
    value, owner = _cube_before_offer(game)
    rolled = game.dice
    dice: tuple[int, int] | Literal["D"] | None = (
        None if rolled is None else (max(rolled), min(rolled))
    )
    side, position = game.on_roll, game.position
    if game.offered_cube_value is not None:
        dice = DOUBLE_OFFERED
        assert game.turn is not None
        if game.turn == side:  # a beaver: the doubler answers the beaverer
            side, position = 1 - side, position.swapped()
    match = game.match_context
    money = match.is_money
    return Xgid(
        position,
        cube_value=value,
        cube_owner=0 if owner is None else _XG_SIDE[owner],
        turn=_XG_SIDE[side],
        dice=dice,
        score_bottom=match.score[1],
        score_top=match.score[0],
        crawford=match.crawford,
        jacoby=money and game.rules.jacoby,
        beavers=money and game.rules.beavers,
        match_length=match.length,
        max_cube=game.rules.max_cube
        or max(_XG_DEFAULT_MAX_CUBE, game.offered_cube_value or 1, game.cube.value),
    )
