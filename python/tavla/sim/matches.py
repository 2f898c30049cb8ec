"""Whole matches to N points played by the core with the cube (R23, R24): :func:`play_matches`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._run_options import RunOptions, RunShorthands, run_options
from .._validate import check_instance, check_int
from ..errors import PlayoutError, RulesError
from ..eval.policies import PolicyLike
from ..formats.context import MAX_MATCH_LENGTH, MatchContext
from ..game.cube_context import CubeContext
from ..game.equity import MatchEquityTable
from ..game.rules import Rules
from .cube_play import CubeRun
from .playout import run_units
from .results import MatchResults
from .run_checks import GamePlan, count_argument

if TYPE_CHECKING:
    from typing_extensions import Unpack


def play_matches(
    a: PolicyLike,
    b: PolicyLike,
    matches: int,
    length: int = 7,
    *,
    rules: Rules | None = None,
    met: MatchEquityTable | None = None,
    duplicate: bool = False,
    alternate: bool = True,
    first_match: int = 0,
    keep_games: bool = False,
    options: RunOptions | None = None,
    **run: Unpack[RunShorthands],
) -> MatchResults:
    """Play ``matches`` whole matches to ``length`` points of ``a`` against ``b`` with the
    cube, and return their :class:`~tavla.sim.results.MatchResults`.

    Every game starts from R4 with an R5 opening roll and the cube centred at 1; points won
    (R16, R19) add to the winner's score until a side reaches ``length`` (R23); the first
    time a side reaches ``length - 1`` the next game is the Crawford game, with no doubling
    (R24, with ``rules.crawford``); a 1-point match never uses the cube.  ``rules``: the
    match's rules (None: :meth:`Rules.standard_match`; ``backgammons``, ``max_cube`` and
    ``crawford`` are played; money-play options are refused).  Each side plays the cube by its
    cube policy (:mod:`tavla.sim.cube_play`), the model ones reading ``met`` (None:
    Kazaross-XG2, which holds matches up to 25 points).

    Match m's games draw their dice from stream m (m // 2 with ``duplicate``, where
    matches 2k and 2k + 1 share their dice, game for game); its game j from the seed
    derived for game j, so a cube action never shifts the dice of a later roll or game.
    ``alternate`` (the default): in odd matches the policies change seats (the seat decides
    which die of the opening roll is whose). ``threads``, ``batch``, ``progress``,
    ``first_match`` (play matches ``first_match ..`` of the seed's sequence), ``client`` and
    ``chunk`` (matches per Dask task) as for :func:`~tavla.sim.playout.play_games`: results do
    not depend on threads, batches or chunks; ``options`` (a :class:`~tavla.RunOptions`)
    holds ``seed``, ``threads``, ``batch``, ``progress``, ``client`` and ``chunk``, whose
    keywords are its shorthands (:ref:`run-options`). Ctrl-C keeps the matches finished first, with
    an :class:`~tavla.InterruptedRunWarning`.  ``keep_games``: keep each match's plays and
    cube actions in the results' ``steps`` (:mod:`tavla.sim.records`), for match files.

    Raises :class:`~tavla.PlayoutError` for bad arguments, :class:`~tavla.RulesError` for
    rules a match cannot have.

    >>> results = tavla.sim.play_matches("pubeval", "random", 20, 3, seed=1)
    >>> results.matches, results.win_rate > 0.5, bool((results.score.max(axis=1) >= 3).all())
    (20, True, True)
    """
    length = check_int(length, "the match length", PlayoutError, low=1, high=MAX_MATCH_LENGTH)
    rules = (
        Rules.standard_match()
        if rules is None
        else check_instance(rules, "rules", RulesError, Rules)
    )
    rules.check_match_play()
    context = CubeContext(MatchContext(length, crawford_rule=rules.crawford), rules=rules)
    cube = CubeRun(context, whole_matches=True, met=met)
    results = run_units(
        a,
        b,
        count_argument("matches", matches),
        first_match,
        GamePlan(duplicate=duplicate, alternate=alternate, cube=cube, keep_games=keep_games),
        run_options(options, **run),
    )
    assert isinstance(results, MatchResults)
    return results
