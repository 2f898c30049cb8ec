"""Interchange formats, one module each: GNU Backgammon's Match ID and GNUbg ID
(:mod:`~tavla.formats.gnubg`), XGID (:mod:`~tavla.formats.xgid`), FIBS board strings
(:mod:`~tavla.formats.fibs`), match files (:mod:`~tavla.formats.mat` reads them,
:mod:`~tavla.formats.mat_writer` writes them; gnubg's SGF: :mod:`~tavla.formats.sgf`, its
syntax :mod:`~tavla.formats.sgf_syntax`) and gnubg's text exports of analysed games
(:mod:`~tavla.formats.gnubg_text`); the record of a match they read into and write from
(:mod:`~tavla.formats.record`) and the text of their files (:mod:`~tavla.formats.match_files`);
the match context they share with games and the limits every ID holds
(:mod:`~tavla.formats.context`).

Formats take and return values (positions, IDs, records), never a running game: turning a
record into games and back is :mod:`tavla.replay`'s job.
"""

from .any_id import parse_id

__all__ = ["parse_id"]
