"""Every exception that tavla raises on purpose.

All of them derive from :class:`TavlaError`.  Those caused by a bad argument (a malformed ID,
an impossible position, an illegal play) are also :class:`ValueError`, so code that already
catches ``ValueError`` keeps working.
"""

from __future__ import annotations


class TavlaError(Exception):
    """Base class of all tavla errors."""


class ArgumentError(TavlaError, ValueError):
    """A bad argument that no more precise class names, refused by the C++ core (each fault of
    the core is raised as the class of what it is in: a board's as
    :class:`InvalidPositionError`, a Position ID's as :class:`InvalidIdError`, ...)."""


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


class InvalidPlayerError(TurnError, ValueError):
    """A player number other than 0 and 1 given to an action (``player=5``).  A
    :class:`TurnError`, so that code catching turn errors still catches it, and a
    ValueError, as every bad argument is."""


class CubeError(TavlaError):
    """A cube action the rules forbid (R18-R21, R24, R25), or a double that would take the
    cube beyond the largest value the IDs can hold (2**15: :ref:`match-id`, :ref:`xgid`).
    """


class InvalidCubeError(CubeError, ValueError):
    """A cube that cannot exist: a value that is not a power of two from 1 to 2**15, an
    owner other than None, 0 and 1 (R18, R19).  Also a :class:`CubeError`."""


class DiceError(TavlaError, ValueError):
    """Dice that cannot be had: a dice source that is none of the accepted kinds (a
    ``random.Random``, an int seed, None, an iterable of rolls; text is refused, as
    ``"31"`` would be read die by die), or given rolls that have run out before the game
    needed another.  A roll that cannot be read is a :class:`NotationError`."""


class InvalidBufferError(TavlaError, ValueError):
    """An ``out=`` buffer that cannot take the results of :func:`tavla.legal_results`: not
    a writable, C-contiguous ``int8`` array of shape ``(K, 2, 26)``, sharing memory with
    the input, or with fewer rows than the results."""


class MatchFileError(TavlaError, ValueError):
    """A match file that cannot be understood; the message names the line."""


class RulesError(TavlaError, ValueError):
    """Contradictory rule options (:ref:`rules`), e.g. raccoons without beavers, or a money-play
    option (Jacoby, beavers, automatic doubles) in a match."""


class PlayoutError(TavlaError, ValueError):
    """A self-play, rollout or duel that cannot run as asked: an unknown policy name, a bad
    number of games, seed or thread count, or a policy callable that returned bad scores."""


class EngineError(TavlaError, RuntimeError):
    """An external engine played as a policy (:doc:`/engines`) that failed: its program
    could not be started, it died, it did not answer in time, or it answered out of
    protocol (a line that is not an answer, an illegal play).  The message names the engine
    and quotes what it sent.  A RuntimeError, not a ValueError: the fault is the other
    program's, met while running, not the caller's argument (a malformed engine text, such
    as ``ubgi:`` without a command, is a :class:`PlayoutError`)."""


class EvaluatorError(TavlaError, ValueError):
    """An evaluation or search that cannot run as asked: an unknown evaluator, a bad depth or
    move filter, or a position the evaluators given do not answer for (the bear-off database
    alone outside a bear-off)."""


class TrainingError(TavlaError, ValueError):
    """A training run that cannot start as asked (:doc:`/training`): a bad setting (games,
    layer sizes, lambda, step size, threads), a checkpoint that is not one, or settings that
    differ from those of the checkpoint a run resumes."""


class RunOptionsError(PlayoutError, TrainingError):
    """Run options (:class:`~tavla.RunOptions`, :ref:`run-options`) that cannot be taken: a
    bad seed, thread count, batch, progress or chunk, an unknown option, or a field given
    both as a keyword shorthand and in ``options``.  Both a :class:`PlayoutError` and a
    :class:`TrainingError`, since the runs of both take the options."""


class MatchEquityError(TavlaError, ValueError):
    """A match equity table (:doc:`/cube`) that cannot be read (a file that is not an XML
    table of GNU Backgammon's format, a table given by a formula, values that are not match
    winning chances), or a look-up it cannot answer: an away score that is not an int from 1
    to the table's length, a post-Crawford score with neither side 1 away."""


class CubeModelError(TavlaError, ValueError):
    """A cube decision (:doc:`/cube`) that cannot be made as asked: probabilities that are
    not five numbers in [0, 1] consistent with each other (a gammon chance above the win
    chance, a backgammon chance above the gammon chance, ...), a cube life outside [0, 1],
    a context that is not a :class:`~tavla.game.cube_context.CubeContext`."""


class AnalysisError(TavlaError, ValueError):
    """A match analysis (:doc:`/analysis`) asked for with bad arguments: a depth outside
    0..3, a thread count below 1, a record that is neither a match record nor a path."""


class InterruptedRunWarning(RuntimeWarning):
    """Ctrl-C stopped a self-play, rollout or duel: the results hold the games that finished
    first. Filter it (``warnings.simplefilter("ignore", InterruptedRunWarning)``) where the
    ``interrupted`` flag of the results is checked instead."""


class CacheWarning(RuntimeWarning):
    """A cache folder (the bear-off databases', :doc:`/evaluation`) cannot be written: what
    would have been kept there is built in memory, for this process only."""


class NetError(EvaluatorError):
    """A neural net that cannot be built or read (:doc:`/nets`): a file that is not a tavla net
    (not an ``.npz``, a missing or unknown key, a pickled object array, the wrong format
    name), an unknown encoding or activation, layers whose shapes do not chain from the
    encoding's inputs to 1 or 5 outputs, weights that are not float32 in a file or not finite.
    The message names the fault."""


class EnvError(TavlaError, ValueError):
    """An RL environment (:doc:`/environments`) that cannot be built or stepped as asked: an
    unknown action mode, observation or opponent, rules the environments do not play, a reset
    option that cannot start a game, a roll with more legal plays than ``max_plays``, an
    action given after the episode ended."""


class IllegalActionError(EnvError):
    """An action of an RL environment that the action mask does not allow: a play index past
    the legal plays, a move that does not lead to a legal play (R7-R13), a cube action out of
    turn (R18-R20).  The message names the rule; the environment is left as it was."""


class DataError(TrainingError):
    """Training data (:doc:`/supervised`) that cannot be made or read as asked: a positions
    file or rollout shard that is not one (a missing or unknown key, another format, wrong
    dtypes or shapes, invalid boards, probabilities that are not consistent), a bad setting
    of a data run, or a run resumed into a folder made with other settings."""


class RenderError(TavlaError, ValueError):
    """A board picture (:doc:`/board`, "Pictures of the board") that cannot be drawn as
    asked: something other than a position, game or match, a bad roll, cube, play, theme,
    size or point numbering."""
