"""The records of games played with tavla, and records whose plays are written out in full."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from .._validate import check_instance, excerpt
from ..board.position import Play
from ..errors import MatchFileError
from ..formats.mat_writer import format_mat, plain_form
from ..formats.record import ActionKind, GameRecord, MatchRecord, RecordedAction
from ..formats.sgf import format_sgf
from ..game import actions as played
from ..game.match import Match, MoneySession
from ..game.rules import Rules
from ..game.scoring import GameEnd
from ..sim.records import UnitSteps


def record_plays(record: MatchRecord, plays: Sequence[Sequence[Play | None]]) -> MatchRecord:
    """The record with each roll's play text replaced by the plain form of a resolved play.

    ``plays[g]`` lists, for game ``g``, one :class:`Play` (or None to keep the text) per roll
    action in order, as :mod:`tavla.replay` resolves them.  Raises ValueError when the
    counts differ, :class:`~tavla.MatchFileError` (a ValueError) when ``record`` is not a
    MatchRecord.
    """
    check_instance(record, "record", MatchFileError, MatchRecord)
    if len(plays) != len(record.games):
        raise ValueError(f"{len(plays)} lists of plays for {len(record.games)} games")
    games = []
    for game, game_plays in zip(record.games, plays, strict=True):
        rolls = [i for i, action in enumerate(game.actions) if action.kind is ActionKind.ROLL]
        if len(rolls) != len(game_plays):
            raise ValueError(f"game {game.number}: {len(game_plays)} plays for {len(rolls)} rolls")
        actions = list(game.actions)
        for index, play in zip(rolls, game_plays, strict=True):
            if play is not None:
                actions[index] = replace(actions[index], play=plain_form(play))
        games.append(replace(game, actions=tuple(actions)))
    return replace(record, games=tuple(games))


def match_record(
    session: Match | MoneySession, players: tuple[str, str] = ("Player 1", "Player 2")
) -> MatchRecord:
    """The record of a played :class:`~tavla.Match` or :class:`~tavla.MoneySession`, ready
    for :func:`~tavla.formats.mat_writer.format_mat` and :func:`~tavla.formats.sgf.format_sgf`:
    each play in the plain form, each cube action, a ``Wins`` action for each finished game
    after a ``Resigns`` action when the game ended by a resignation (format_mat leaves it
    out, as gnubg does; format_sgf writes it as the ``R`` of the result), and a roll left
    unplayed (a resignation after rolling) as ``dd:`` (:ref:`mat`).  Rejected resignations
    have no cell in the formats and are left out.  Money sessions get length 0 and the
    running points as their scores.  The headers give the rules that
    :func:`~tavla.replay.match_rules` reads: ``Crawford`` (On or Off) in a match, ``Jacoby``
    in money play, ``CubeLimit`` when the cube has a limit, ``Backgammons`` Off when
    backgammons count as gammons (R16's option; tavla's own tag, which no file holds).

    Raises :class:`~tavla.MatchFileError` (a ValueError) when ``session`` is not a Match or
    MoneySession, or ``players`` not a pair of names (two str).
    """
    if not isinstance(session, (Match, MoneySession)):
        raise MatchFileError(
            f"session must be a Match or a MoneySession, got {type(session).__name__}"
        )
    players = _checked_players(players)
    length = session.length if isinstance(session, Match) else 0
    games = []
    won = [0, 0]
    for number, game in enumerate(session.games, start=1):
        actions: list[RecordedAction] = []
        rolled: played.RollAction | None = None
        for item in game.history:
            if isinstance(item, played.RollAction):
                rolled = item
            elif isinstance(item, played.PlayAction):
                dice = (max(item.dice), min(item.dice))
                play = plain_form(item.play)
                actions.append(RecordedAction(item.player, ActionKind.ROLL, dice, play))
                rolled = None
            elif isinstance(item, (played.DoubleAction, played.BeaverAction, played.RaccoonAction)):
                kind = _CUBE_OFFERS[type(item)]
                actions.append(RecordedAction(item.player, kind, value=item.value))
            elif isinstance(item, played.TakeAction):
                actions.append(RecordedAction(item.player, ActionKind.TAKE))
            elif isinstance(item, played.DropAction):
                actions.append(RecordedAction(item.player, ActionKind.DROP))
        if rolled is not None:  # rolled, then resigned without playing
            dice = (max(rolled.dice), min(rolled.dice))
            actions.append(RecordedAction(rolled.player, ActionKind.ROLL, dice, ""))
        score = game.score if length else (won[0], won[1])
        result = game.result
        if result is not None and result.end is GameEnd.RESIGNATION:
            loser = 1 - result.winner
            actions.append(RecordedAction(loser, ActionKind.RESIGN, value=result.points))
        if result is not None:
            actions.append(RecordedAction(result.winner, ActionKind.WIN, value=result.points))
            won[result.winner] += result.points
        games.append(GameRecord(number, score, tuple(actions)))
    return MatchRecord(length, players, _rule_headers(session.rules, length), tuple(games))


def _rule_headers(rules: Rules, length: int) -> tuple[tuple[str, str], ...]:
    """The header tags that :func:`~tavla.replay.match_rules` reads back as ``rules``."""
    on_off = {True: "On", False: "Off"}
    headers = (
        [("Crawford", on_off[rules.crawford])] if length else [("Jacoby", on_off[rules.jacoby])]
    )
    if rules.max_cube is not None:
        headers.append(("CubeLimit", str(rules.max_cube)))
    if not rules.backgammons:
        headers.append(("Backgammons", "Off"))
    return tuple(headers)


def _checked_players(players: object) -> tuple[str, str]:
    """``players`` as a tuple of two names, when it is a sequence (not text) of two str."""
    if (
        isinstance(players, (str, bytes))
        or not isinstance(players, Sequence)
        or len(players) != 2
        or not all(isinstance(name, str) for name in players)
    ):
        raise MatchFileError(f"players must be a pair of names (two str), got {excerpt(players)}")
    return players[0], players[1]


_CUBE_OFFERS: dict[type, ActionKind] = {
    played.DoubleAction: ActionKind.DOUBLE,
    played.BeaverAction: ActionKind.BEAVER,
    played.RaccoonAction: ActionKind.RACCOON,
}


MATCH_FILE_SUFFIXES = (".mat", ".txt", ".sgf")
"""The suffixes :func:`save_record` writes: SGF for ``.sgf``, else the ``.mat`` form."""


def save_record(record: MatchRecord, path: str | Path) -> None:
    """Write ``record`` to ``path`` as SGF (``.sgf``, :func:`~tavla.formats.sgf.format_sgf`)
    or as a ``.mat`` file (``.mat`` or ``.txt``, :func:`~tavla.formats.mat_writer.format_mat`).
    Raises :class:`~tavla.MatchFileError` for another suffix or a record the format cannot
    hold (before the file is opened: among them games played without backgammons, which
    neither format can say), OSError when the file cannot be written."""
    suffix = Path(path).suffix.lower()
    if suffix not in MATCH_FILE_SUFFIXES:
        raise MatchFileError(
            f"a match file is .mat, .txt or .sgf, got {excerpt(str(path))}: its suffix"
            " chooses the format"
        )
    if (record.header("Backgammons") or "On").lower() == "off":
        raise MatchFileError(
            "games played without backgammons (R16) cannot be saved: neither a .mat nor an"
            " SGF file can say so, and GNU Backgammon would count their backgammons"
        )
    text = format_sgf(record) if suffix == ".sgf" else format_mat(record)
    Path(path).write_text(text, encoding="utf-8")


def save_games(
    steps: Sequence[UnitSteps],
    folder: str | Path,
    players: tuple[str, str] = ("a", "b"),
    *,
    suffix: str | None = None,
    first: int = 1,
) -> list[Path]:
    """Write each unit a run kept (:mod:`tavla.sim.records`) as a match file in ``folder``
    (created if missing): ``game-000001.sgf`` for a single game, ``match-000001.mat`` for a
    whole match, numbered from ``first``; ``players`` name policies a and b.  Returns the
    paths written.

    ``suffix`` ``.mat`` or ``.sgf`` chooses the format (:func:`save_record`); None: ``.sgf``
    for cubeless games, ``.mat`` otherwise.  A cubeless game counts its gammons whole, as
    money play without the Jacoby rule (R22): SGF says so (no ``RU[Jacoby]``) and GNU
    Backgammon reads it so, but a ``.mat`` file has no way to, and gnubg would read it
    with the Jacoby rule (a gammon worth 1): cubeless games are therefore not written as
    ``.mat``.

    Raises :class:`~tavla.MatchFileError` for another suffix, ``.mat`` for cubeless
    games, or names a match file cannot hold; OSError when a file cannot be written.
    """
    if suffix not in (None, ".mat", ".sgf"):
        raise MatchFileError(f"kept games are saved as .mat or .sgf, got {excerpt(suffix)}")
    directory = Path(folder)
    written: list[Path] = []
    for number, unit in enumerate(steps, start=first):
        cubeless = not unit.rules.cube
        chosen = suffix or (".sgf" if cubeless else ".mat")
        if cubeless and chosen == ".mat":
            raise MatchFileError(
                "cubeless games count gammons without the Jacoby rule, which a .mat file"
                " cannot say (GNU Backgammon would read them with it): save them as .sgf"
            )
        stem = "match" if unit.match_length else "game"
        path = directory / f"{stem}-{number:06d}{chosen}"
        if not written:
            directory.mkdir(parents=True, exist_ok=True)
        save_record(match_record(unit.session(), players), path)
        written.append(path)
    return written
