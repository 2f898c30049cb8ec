"""Match records and games: replaying match files against the rules (every play, cube action,
result and score), and the records of games played with tavla.

Each game of a :class:`~tavla.formats.record.MatchRecord` (read from a ``.mat`` file or an SGF
file, :mod:`tavla.formats.sgf`) is played again on a :class:`~tavla.Game` with the file's
dice: every play must be a legal play of its roll (R7-R14), every cube action must be
allowed (R18-R20, R24), every ``Wins N points`` (an SGF result ``RE``) must be what the game
is worth (R16, R19, R22) and every score line the sum of the games before it (R23).

What breaks a rule is a *mismatch*.  What real files record but no rule can check is a
*note*: plays or rolls hidden by the site (``????``, ``00: ????``), resignations and
abandoned games (``Losses``, Backgammon Studio's ``Concedes``: the points come from the
``Wins`` line that follows, else from the cube), points capped at what the match needed, a
last ``Wins N points and the match`` that gives the final match score instead of the points
won, a record that starts in the middle of a match (its first score line is taken as the
starting score), one-game sessions scored without gammons, unfinished matches.  A ``Wins``
line that fits none of these readings is a mismatch.
Neither ever raises: a file that cannot be read at all raises
:class:`~tavla.MatchFileError` from :func:`~tavla.formats.mat.read_mat` or
:func:`~tavla.formats.sgf.read_sgf` before any replay.

GNU Backgammon's analysis exports (:mod:`tavla.formats.gnubg_text`, one game each) replay
the same way (:func:`replay_analysis`), their Position and Match IDs checked against the
plays too; :func:`decisions` lists each decision with the error gnubg's analysis gives it.
"""

from .check import match_rules, replay_file, replay_record
from .gnubg_analysis import (
    Decision,
    analysis_record,
    decisions,
    replay_analysis,
    replay_analysis_file,
)
from .record import match_record, record_plays, save_games, save_record
from .reports import Finding, GameReplay, MatchReplay

__all__ = [
    "Decision",
    "Finding",
    "GameReplay",
    "MatchReplay",
    "analysis_record",
    "decisions",
    "match_record",
    "match_rules",
    "record_plays",
    "replay_analysis",
    "replay_analysis_file",
    "replay_file",
    "replay_record",
    "save_games",
    "save_record",
]
