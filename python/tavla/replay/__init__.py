"""Match records and games: replaying match files against the rules (every play, cube action,
result and score), and the records of games played with tavla.

Each game of a :class:`~tavla.formats.mat.MatchRecord` (read from a ``.mat`` file or an SGF
file, :mod:`tavla.formats.sgf`) is played again on a :class:`~tavla.Game` with the file's
dice: every play must be a legal play of its roll (R7-R14), every cube action must be
allowed (R18-R20, R24), every ``Wins N points`` (an SGF result ``RE``) must be what the game
is worth (R16, R19, R22) and every score line the sum of the games before it (R23).

What breaks a rule is a *mismatch*.  What real files record but no rule can check is a
*note*: plays hidden by the site (``????``), resignations and abandoned games, points capped
at what the match needed, one-game sessions scored without gammons, unfinished matches.
Neither ever raises: a file that cannot be read at all raises
:class:`~tavla.MatchFileError` from :func:`~tavla.formats.mat.read_mat` or
:func:`~tavla.formats.sgf.read_sgf` before any replay.
"""

from .check import match_rules, replay_file, replay_record
from .record import match_record, record_plays
from .reports import Finding, GameReplay, MatchReplay

__all__ = [
    "Finding",
    "GameReplay",
    "MatchReplay",
    "match_record",
    "match_rules",
    "record_plays",
    "replay_file",
    "replay_record",
]
