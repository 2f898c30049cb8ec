"""Every exception that tavla raises on purpose.

All of them derive from :class:`TavlaError`.  Those caused by a bad argument (a malformed ID,
an impossible position, an illegal play) are also :class:`ValueError`, so code that already
catches ``ValueError`` keeps working.
"""

from __future__ import annotations


class TavlaError(Exception):
    """Base class of all tavla errors."""


class InvalidPositionError(TavlaError, ValueError):
    """A board that breaks R1-R4: wrong shape, negative counts, not 15 checkers a side,
    a point held by both sides."""


class InvalidIdError(TavlaError, ValueError):
    """A malformed Position ID, Match ID or XGID."""


class NotationError(TavlaError, ValueError):
    """Move notation or a roll that cannot be read."""


class IllegalPlayError(TavlaError, ValueError):
    """A play that R7-R13 do not allow for this position and roll."""


class TurnError(TavlaError):
    """An action out of turn: rolling twice, playing before rolling, answering no double."""


class CubeError(TavlaError):
    """A cube action the rules forbid (R18-R21, R24, R25)."""


class MatchFileError(TavlaError, ValueError):
    """A match file that cannot be understood; the message names the line."""


class RulesError(TavlaError, ValueError):
    """Contradictory rule options (RULES.md), e.g. raccoons without beavers, or a money-play
    option (Jacoby, beavers, automatic doubles) in a match."""


class PlayoutError(TavlaError, ValueError):
    """A self-play, rollout or duel that cannot run as asked: an unknown policy name, a bad
    number of games, seed or thread count, or a policy callable that returned bad scores."""


class InterruptedRunWarning(RuntimeWarning):
    """Ctrl-C stopped a self-play, rollout or duel: the results hold the games that finished
    first. Filter it (``warnings.simplefilter("ignore", InterruptedRunWarning)``) where the
    ``interrupted`` flag of the results is checked instead."""
