"""External engines as policies (:doc:`/engines`): a program speaking UBGI (:class:`Ubgi`) or
GNU Backgammon itself (:class:`Gnubg`), each run as a separate process and asked for one
play at a time; and tavla's own UBGI engine (:mod:`tavla.engines.server`).

Both are Python policies (:class:`~tavla.eval.TurnScorer`): a playout hands them the
candidates of many turns at once, and they ask their engine about each turn in turn (with
``processes`` > 1, several engines answer turns side by side), then score the play the
engine chose 1 and the others 0.  The roll of a turn is the one whose legal plays are the
candidates (when several rolls allow the very same plays, the first in the order 11, 21,
22, 31 ...: any of them leaves the engine the same choice).  An engine's answer is
identified by its resulting position (:func:`tavla.board.position.find_play`).

Engines start when first asked (or on ``with engine:`` / :meth:`~Ubgi.start`) and stop on
:meth:`~Ubgi.close`, at the end of the ``with`` block, when garbage-collected and at exit.
A playout starts an engine that is not running for the run and stops it after
(:func:`tavla.eval.policies.opened`), so an engine named by text (``"ubgi:CMD"``,
``"gnubg"``: :func:`engine_policy`, which :func:`tavla.eval.policies.parse_policy` asks
once this package is imported) runs for that run only.  An engine that fails (dies, times
out, answers out of protocol) raises :class:`~tavla.EngineError` and is stopped; the next
question starts it again.  An engine pickles as its settings (a Dask worker starts its own).
"""

from .gnubg import MAX_GNUBG_PLIES, Gnubg, gnubg_program
from .names import GNUBG_NAME, UBGI_PREFIX, engine_policy
from .policy import DEFAULT_TIMEOUT, ROLLS, EnginePolicy, turn_dice
from .ubgi import Ubgi

__all__ = [
    "DEFAULT_TIMEOUT",
    "GNUBG_NAME",
    "MAX_GNUBG_PLIES",
    "ROLLS",
    "UBGI_PREFIX",
    "EnginePolicy",
    "Gnubg",
    "Ubgi",
    "engine_policy",
    "gnubg_program",
    "turn_dice",
]
