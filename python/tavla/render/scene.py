"""What a board picture shows, whatever draws it: the position seen from the side at the
bottom, the dice, the cube and where it stands, the match, the names and the arrows of a play.

:func:`board_scene` reads a :class:`~tavla.Position`, a :class:`~tavla.Game`, a
:class:`~tavla.Match` or a :class:`~tavla.MoneySession` (its current game) together with
what the caller adds, checks it all and returns a :class:`BoardScene`.  The side on roll is
always at the bottom (row 0 of the board, :ref:`encoding`), as GNU Backgammon and eXtreme
Gammon draw a position to analyse; during a pending double that is the doubler.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from numbers import Integral

from .._validate import excerpt
from ..board.dice import Roll, parse_roll
from ..board.notation import parse_play
from ..board.position import Play, Position, find_play
from ..errors import RenderError, TavlaError
from ..formats.context import MatchContext
from ..formats.gnubg import GnubgId
from ..formats.xgid import Xgid
from ..game.cube import Cube
from ..game.cube_context import CubeContext
from ..game.game import Game
from ..game.match import Match, MoneySession
from .text import action_text

Drawable = Position | Game | Match | MoneySession | GnubgId | Xgid
"""What :func:`board_scene` (and :func:`tavla.render.svg.board_svg`) draws."""

PlayLike = Play | str | Sequence[tuple[int, int]]
"""A play to draw as arrows: a :class:`~tavla.Play`, notation or ``(from, to)`` moves."""


@dataclass(frozen=True)
class BoardScene:
    """Everything a board picture shows (see :func:`board_scene`).

    Attributes:
        position: the board, row 0 the side drawn at the bottom (on roll).
        dice: the roll shown in the bottom side's half, or None.
        cube_value: the cube's value, None when no cube is drawn.
        cube_owner: the row owning the cube (0 bottom, 1 top), None when centred.
        offered: the value of a double awaiting an answer (drawn in the taker's view),
            else None.
        names: the labels of the bottom and top sides.
        scores: the match (or session) points of the bottom and top sides, None without a
            match.
        match: ``"7-point match"``, ``"money game"`` or None, with ``Crawford game`` or
            ``post-Crawford`` after it where that holds.
        moves: the ``(from, to)`` moves of the play to draw as arrows, in the bottom side's
            numbering (25 the bar, 0 off), in playing order.
        status: a line on what happens next or how the game ended, or None.
    """

    position: Position
    dice: Roll | None = None
    cube_value: int | None = None
    cube_owner: int | None = None
    offered: int | None = None
    names: tuple[str, str] = ("X", "O")
    scores: tuple[int, int] | None = None
    match: str | None = None
    moves: tuple[tuple[int, int], ...] = ()
    status: str | None = None


def _match_text(match: MatchContext) -> str:
    if match.is_money:
        return "money game"
    text = f"{match.length}-point match"
    if match.crawford:
        return f"{text}, Crawford game"
    return f"{text}, post-Crawford" if match.is_post_crawford else text


def _game_of(item: Drawable) -> Game | None:
    if isinstance(item, Game):
        return item
    if isinstance(item, (Match, MoneySession)):
        return item.game
    return None


def _scores_before(item: Game | Match | MoneySession, game: Game) -> tuple[int, int] | None:
    """Players 0 and 1's points before ``game``: the match score, a money session's points
    from its finished games; None for a money game on its own."""
    if isinstance(item, MoneySession):
        won = [0, 0]
        for played in item.games:
            if played is not game and played.result is not None:
                won[played.result.winner] += played.result.points
        return won[0], won[1]
    return None if game.match_context.is_money else game.score


def _game_status(game: Game) -> str:
    """``player 0 to play 3-1``, ``player 1 won a gammon (2 points)``, ..."""
    result = game.result
    if result is not None:
        points = f"{result.points} point{'s' if result.points != 1 else ''}"
        return f"player {result.winner} won a {result.kind.name.lower()} ({points})"
    turn = game.turn
    if turn is None:
        return "opening roll"
    if game.offered_cube_value is not None:
        return f"player {turn} to take or drop the double to {game.offered_cube_value}"
    if game.resignation_offered is not None:
        kind = game.resignation_offered.name.lower()
        return f"player {turn} to accept or reject the resignation of a {kind}"
    if game.dice is not None:
        return f"player {turn} to play {max(game.dice)}-{min(game.dice)}"
    return f"player {turn} to roll or double"


def _from_session(item: Game | Match | MoneySession) -> BoardScene:
    """The scene of a game (a session's current one), before the caller's additions."""
    game = _game_of(item)
    if game is None:  # a session before its first game: the start, nobody on roll yet
        assert isinstance(item, (Match, MoneySession))
        length = item.length if isinstance(item, Match) else 0
        match = MatchContext(length, crawford_rule=item.rules.crawford)
        return BoardScene(
            Position.initial(),
            cube_value=1,
            names=("player 0", "player 1"),
            scores=(0, 0),
            match=_match_text(match),
            status="no game started",
        )
    bottom = game.on_roll
    names = (f"player {bottom}", f"player {1 - bottom}")
    score = _scores_before(item, game)
    scores = None if score is None else (score[bottom], score[1 - bottom])
    cube = game.cube
    owner = None if cube.owner is None else (0 if cube.owner == bottom else 1)
    return BoardScene(
        game.position,
        dice=game.dice,
        cube_value=cube.value if game.rules.cube else None,
        cube_owner=owner,
        offered=game.offered_cube_value,
        names=names,
        scores=scores,
        match=_match_text(game.match_context),
        status=_game_status(game),
    )


def _from_id(parsed: GnubgId | Xgid) -> BoardScene:
    """The scene of a GNUbg ID or an XGID: the position with the cube, dice, score and state
    the ID holds, the sides named ``X`` (on roll) and ``O`` as in the text diagram."""
    match_id = parsed.to_match_id() if isinstance(parsed, Xgid) else parsed.match_id
    bottom = match_id.dice_owner
    owner = match_id.cube_owner
    score = match_id.score
    return BoardScene(
        parsed.position,
        dice=match_id.dice,
        cube_value=match_id.cube_value,
        cube_owner=None if owner is None else (0 if owner == bottom else 1),
        offered=2 * match_id.cube_value if match_id.double_offered else None,
        scores=None if match_id.context.is_money else (score[bottom], score[1 - bottom]),
        match=_match_text(match_id.context),
        status=action_text(match_id, parsed.position),
    )


def _checked_cube(cube: object) -> Cube:
    if isinstance(cube, Cube):
        return cube
    if isinstance(cube, Integral) and not isinstance(cube, bool):
        try:
            return Cube(int(cube))
        except TavlaError as error:
            raise RenderError(f"cube: {error}") from None
    raise RenderError(f"cube is a Cube, a cube value or None, got {excerpt(cube)}")


def _moves(position: Position, dice: Roll | None, play: PlayLike) -> tuple[tuple[int, int], ...]:
    """The single-checker moves of ``play``: those of the legal play it means when the dice
    are known, else the moves as written (a move may then span several dice)."""
    if isinstance(play, Play):
        return play.moves
    try:
        if dice is not None and not position.is_over:
            return find_play(position, dice, play).moves
        return tuple(parse_play(play))
    except TavlaError as error:
        raise RenderError(f"play: {error}") from None


def board_scene(
    item: Drawable,
    *,
    dice: object = None,
    cube: object = None,
    context: CubeContext | None = None,
    play: PlayLike | None = None,
) -> BoardScene:
    """The scene of ``item``: a Position (nothing beside the board unless given), a Game,
    a Match or a MoneySession (the current game: its dice, cube, offered double, score and
    what happens next; before the first game, the starting position), or a GNUbg ID or
    XGID (:class:`~tavla.formats.gnubg.GnubgId`, :class:`~tavla.formats.xgid.Xgid`: what
    the ID holds, the sides named X and O).

    ``dice`` (a roll: ``(3, 1)``, ``"31"``) replaces the game's dice; ``cube`` (a
    :class:`~tavla.Cube`, or an int for a centred cube of that value) replaces its cube;
    for a Position, the cube's owner 0 is the side on roll and 1 the opponent.
    ``context`` (a :class:`~tavla.game.cube_context.CubeContext`, for a Position only)
    gives the cube, the match and score, its ``on_roll`` player being the side on roll.
    ``play`` draws arrows: a :class:`~tavla.Play` or the notation or moves of a play of
    the side on roll, resolved against the dice when they are known.

    Raises :class:`~tavla.RenderError` (a ValueError) for something else to draw, a bad
    roll, cube, context or play, a context given with a game or with a cube.
    """
    if isinstance(item, Position):
        scene = BoardScene(item)
        if context is not None:
            if not isinstance(context, CubeContext):
                raise RenderError(f"context is a CubeContext, got {type(context).__name__}")
            if cube is not None:
                raise RenderError("give the cube in the context, or no context")
            bottom = context.on_roll
            owner = context.cube.owner
            scene = BoardScene(
                item,
                cube_value=context.cube.value,
                cube_owner=None if owner is None else (0 if owner == bottom else 1),
                names=(f"player {bottom}", f"player {1 - bottom}"),
                scores=(context.match.score[bottom], context.match.score[1 - bottom]),
                match=_match_text(context.match),
            )
    elif isinstance(item, (Game, Match, MoneySession, GnubgId, Xgid)):
        if context is not None:
            raise RenderError("a game has its own context: give a context with a Position")
        scene = _from_id(item) if isinstance(item, (GnubgId, Xgid)) else _from_session(item)
    else:
        raise RenderError(
            "board_svg draws a Position, Game, Match, MoneySession, GnubgId or Xgid, got "
            f"{type(item).__name__}"
        )
    changes: dict[str, object] = {}
    if dice is not None:
        try:
            changes["dice"] = parse_roll(dice)  # type: ignore[arg-type]
        except TavlaError as error:
            raise RenderError(f"dice: {error}") from None
    if cube is not None:
        given = _checked_cube(cube)
        changes["cube_value"] = given.value
        changes["cube_owner"] = given.owner
    shown_dice = changes.get("dice", scene.dice)
    if play is not None:
        changes["moves"] = _moves(scene.position, shown_dice, play)  # type: ignore[arg-type]
    return replace(scene, **changes) if changes else scene  # type: ignore[arg-type]
