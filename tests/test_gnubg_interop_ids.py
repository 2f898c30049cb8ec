"""Game.gnubg_id is the GNUbg ID that GNU Backgammon shows after every action of a match, the
match played again in gnubg move by move with the same dice (issue 12): in play, and once a
game has ended (the score with the points just won, the next game's Crawford flag, the
player who dropped or accepted the resignation, the resignation accepted).  The one
difference is tavla's choice: a match's final score is capped at the match length, where
gnubg writes the full value (an ID its own decoder refuses).

Skipped when gnubg is not installed; CI installs Debian's package (.ci/run)."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from tavla import Game, Match
from tavla.game import actions as played_actions
from tests.helpers.gnubg import gnubg_ids_of_match, needs_gnubg
from tests.helpers.random_sessions import played

_SCORE_BITS = ((1 << 30) - 1) << 36  # the Match ID's two 15-bit scores (docs/formats.rst)


def ids_after_each_action(game: Game) -> list[str]:
    """tavla's GNUbg ID after each action of ``game``, played again on a new game."""
    again = Game(
        game.rules, match_length=game.match_length, score=game.score, crawford=game.is_crawford
    )
    ids = []
    for action in game.history:
        if isinstance(action, (played_actions.OpeningRoll, played_actions.RollAction)):
            again.roll(action.dice)
        elif isinstance(action, played_actions.PlayAction):
            again.play(action.play)
        elif isinstance(action, played_actions.ResignAction):
            again.resign(action.kind)
        else:
            answer = {
                played_actions.DoubleAction: again.double,
                played_actions.TakeAction: again.take,
                played_actions.DropAction: again.drop,
                played_actions.AcceptResignationAction: again.accept_resignation,
                played_actions.RejectResignationAction: again.reject_resignation,
            }[type(action)]
            answer()
        ids.append(str(again.gnubg_id))
    return ids


def scores_of(match_id: str) -> tuple[int, int]:
    bits = int.from_bytes(base64.b64decode(match_id), "little")
    return (bits >> 36) & 0x7FFF, (bits >> 51) & 0x7FFF


def without_scores(match_id: str) -> int:
    return int.from_bytes(base64.b64decode(match_id), "little") & ~_SCORE_BITS


@needs_gnubg
@pytest.mark.parametrize(("length", "seed"), [(3, 2), (5, 3), (7, 2), (9, 4), (9, 11)])
def test_gnubg_ids_after_every_action_are_gnubgs(length: int, seed: int, tmp_path: Path) -> None:
    match = played(Match(length, dice=seed), seed)
    assert isinstance(match, Match) and match.is_over and match.crawford_game
    theirs = gnubg_ids_of_match(match, tmp_path / "home")
    for number, game in enumerate(match.games):
        history = game.history
        for index, ours in enumerate(ids_after_each_action(game)):
            shown, action = theirs[number][index], history[index]
            if isinstance(action, played_actions.OpeningRoll) and action.starter is None:
                assert shown is None  # a tie: gnubg asks for the dice again at once
                continue
            after = history[index + 1] if index + 1 < len(history) else None
            if isinstance(after, played_actions.PlayAction) and after.play.is_pass:
                continue  # gnubg passes a roll that cannot be played as soon as it is rolled
            assert shown is not None, (number + 1, index)
            if after is None and number == len(match.games) - 1 and max(match.score) > length:
                # The match's last action: gnubg's score is the full one, tavla's capped.
                position, match_id = shown.split(":")
                assert scores_of(match_id) == match.score
                assert max(scores_of(ours.split(":")[1])) == length
                assert (position, without_scores(match_id)) == (
                    ours.split(":")[0],
                    without_scores(ours.split(":")[1]),
                )
            else:
                assert (number + 1, index, shown) == (number + 1, index, ours)
