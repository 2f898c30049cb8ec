"""tavla: backgammon with a C++ core.

The everyday nouns are here; the rest lives in the layers, each a sub-package that imports
only from those below it:

- :mod:`tavla.board`: positions, plays, dice, notation, batch move generation;
- :mod:`tavla.formats`: GNU Backgammon IDs, XGID, FIBS boards, match files, analysis exports;
- :mod:`tavla.game`: rules, cube, scoring, games, matches, match equity and the cube model;
- :mod:`tavla.eval`: policies, evaluators, cube decisions and training;
- :mod:`tavla.engines`: external engines as policies (UBGI, GNU Backgammon), tavla's UBGI
  engine;
- :mod:`tavla.sim`: self-play, rollouts, duels, Dask clusters;
- :mod:`tavla.env`: reinforcement-learning environments (Gymnasium, PettingZoo, a vector
  environment in C++), imported on its own (``import tavla.env``) as it needs the extra
  ``tavla[rl]``;
- :mod:`tavla.render`: text diagrams, SVG pictures of the board, Turkish names;
- :mod:`tavla.replay`: match records to games and back, the errors of analysed games;
- :mod:`tavla.cli`: the ``tavla`` command.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from . import board, engines, eval, formats, game, render, replay, sim
from ._run_options import RunOptions
from .board import Play, Position, ResultKind, legal_results, parse_roll
from .errors import (
    ArgumentError,
    CacheWarning,
    CubeError,
    CubeModelError,
    DataError,
    DiceError,
    EngineError,
    EnvError,
    EvaluatorError,
    IllegalActionError,
    IllegalPlayError,
    InterruptedRunWarning,
    InvalidBufferError,
    InvalidCubeError,
    InvalidIdError,
    InvalidPlayerError,
    InvalidPositionError,
    MatchEquityError,
    MatchFileError,
    NetError,
    NotationError,
    PlayoutError,
    RenderError,
    RulesError,
    RunOptionsError,
    TavlaError,
    TrainingError,
    TurnError,
)
from .eval import builtin_policies, cube_decision, evaluate
from .game import (
    Cube,
    CubeContext,
    Game,
    GameEnd,
    GameResult,
    Match,
    MatchEquityTable,
    MoneySession,
    Phase,
    Rules,
)
from .sim import (
    DuelResult,
    MatchDuelResult,
    PlayoutResults,
    RolloutResult,
    cube_rollout,
    duel,
    match_duel,
    rollout,
    rollout_plays,
    selfplay,
)

try:
    __version__ = version("tavla")
except PackageNotFoundError:  # a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "ArgumentError",
    "CacheWarning",
    "Cube",
    "CubeContext",
    "CubeError",
    "CubeModelError",
    "DataError",
    "DiceError",
    "DuelResult",
    "EngineError",
    "EnvError",
    "EvaluatorError",
    "Game",
    "GameEnd",
    "GameResult",
    "IllegalActionError",
    "IllegalPlayError",
    "InterruptedRunWarning",
    "InvalidBufferError",
    "InvalidCubeError",
    "InvalidIdError",
    "InvalidPlayerError",
    "InvalidPositionError",
    "Match",
    "MatchDuelResult",
    "MatchEquityError",
    "MatchEquityTable",
    "MatchFileError",
    "MoneySession",
    "NetError",
    "NotationError",
    "Phase",
    "Play",
    "PlayoutError",
    "PlayoutResults",
    "Position",
    "RenderError",
    "ResultKind",
    "RolloutResult",
    "Rules",
    "RulesError",
    "RunOptions",
    "RunOptionsError",
    "TavlaError",
    "TrainingError",
    "TurnError",
    "__version__",
    "board",
    "builtin_policies",
    "cube_decision",
    "cube_rollout",
    "duel",
    "engines",
    "eval",
    "evaluate",
    "formats",
    "game",
    "legal_results",
    "match_duel",
    "parse_roll",
    "render",
    "replay",
    "rollout",
    "rollout_plays",
    "selfplay",
    "sim",
]
