"""What a user can read of a game: a refused action must change none of it."""

from __future__ import annotations

from tavla import Game, Phase


def readable_state(game: Game) -> tuple[object, ...]:
    """Everything a user can read of ``game`` but its IDs (which the caller may check are
    writable)."""
    plays = game.legal_plays if game.phase is Phase.PLAY else None
    return (
        game.phase,
        game.turn,
        game.on_roll,
        game.dice,
        game.cube,
        game.offered_cube_value,
        game.resignation_offered,
        game.history,
        game.result,
        game.turns_played,
        game.position,
        game.may_double,
        plays,
    )
