"""Duels: two policies compared over many games (cubeless, or money games with the cube) or
whole matches, with duplicate dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar, overload

import numpy as np
import numpy.typing as npt

from .._run_options import RunOptions, RunShorthands, run_options
from .._validate import check_bool, excerpt
from ..errors import PlayoutError
from ..eval.policies import PolicyLike
from ..game.cube_context import CubeContext
from ..game.equity import MatchEquityTable
from ..game.rules import Rules
from ._stats import Estimate, wilson_interval
from .cube_play import CubeRun
from .matches import play_matches
from .playout import play_games
from .results import MatchResults, PlayoutResults
from .run_checks import count_argument

if TYPE_CHECKING:
    from typing_extensions import Unpack

DEFAULT_GAMES = 10_000
"""Games of a duel when none are given."""

DEFAULT_MATCHES = 1000
"""Matches of a match duel when none are given."""


@dataclass(frozen=True, eq=False)
class DuelResult:
    """The outcome of :func:`duel`, from ``a``'s side.

    ``ppg``: points per game won by a (single 1, gammon 2, backgammon 3: R16), with its
    ``std_error`` and the 95% interval ``ci = (low, high)`` (together: :attr:`estimate`).
    ``win_rate``: fraction of games a won; ``gammon_win_rate`` / ``gammon_loss_rate``:
    fraction of games a won / lost by a gammon or backgammon; ``backgammon_win_rate`` /
    ``backgammon_loss_rate`` likewise for backgammons. ``games``: games played;
    ``duplicate``: whether dice were duplicated; ``results``: the per-game arrays (policy
    index 0 = a).
    """

    ppg: float
    std_error: float
    ci: tuple[float, float]
    win_rate: float
    gammon_win_rate: float
    gammon_loss_rate: float
    backgammon_win_rate: float
    backgammon_loss_rate: float
    games: int
    duplicate: bool
    results: PlayoutResults

    @classmethod
    def of(cls, results: PlayoutResults, duplicate: bool) -> DuelResult:
        """The duel of ``results`` (policy index 0 = a; with ``duplicate``, whole pairs of
        games on the same dice), its statistics as :func:`duel` explains them."""
        points = results.points.astype(np.float64)
        estimate = Estimate.of(points.reshape(-1, 2).mean(axis=1) if duplicate else points)
        won = results.winner == 0
        kind = results.kind

        def rate(mask: npt.NDArray[np.bool_]) -> float:
            return float(mask.mean()) if len(mask) else float("nan")

        return cls(
            ppg=estimate.mean,
            std_error=estimate.std_error,
            ci=estimate.ci,
            win_rate=rate(won),
            gammon_win_rate=rate(won & (kind >= 2)),
            gammon_loss_rate=rate(~won & (kind >= 2)),
            backgammon_win_rate=rate(won & (kind == 3)),
            backgammon_loss_rate=rate(~won & (kind == 3)),
            games=results.games,
            duplicate=duplicate,
            results=results,
        )

    @property
    def estimate(self) -> Estimate:
        """``ppg`` and ``std_error``: ``estimate.half_width`` is the half of ``ci``."""
        return Estimate(self.ppg, self.std_error)

    @property
    def interrupted(self) -> bool:
        """Ctrl-C stopped the duel early: ``games`` counts the games kept (whole pairs)."""
        return self.results.interrupted


@dataclass(frozen=True, eq=False)
class MatchDuelResult:
    """The outcome of :func:`match_duel`, from ``a``'s side.

    ``win_rate``: the fraction of the matches a won, with its ``std_error`` and 95% interval
    ``ci``: Wilson's score interval over the effective number of matches (the matches, or
    ``win_rate (1 - win_rate) / std_error**2`` when fewer), always within [0, 1] and never
    a point (10 matches won of 10: 72.2% .. 100%).  ``ppg``: points per game, a's points
    minus b's over every game played divided by the games, with ``ppg_std_error`` and
    ``ppg_ci``.  ``matches`` and ``games``: played;
    ``length``: the match length; ``duplicate``; ``results``: the per-match and per-game
    arrays (policy index 0 = a).
    """

    win_rate: float
    std_error: float
    ci: tuple[float, float]
    ppg: float
    ppg_std_error: float
    ppg_ci: tuple[float, float]
    matches: int
    games: int
    length: int
    duplicate: bool
    results: MatchResults

    @classmethod
    def of(cls, results: MatchResults, duplicate: bool) -> MatchDuelResult:
        """The match duel of ``results`` (policy index 0 = a; with ``duplicate``, whole
        pairs of matches on the same dice), its statistics as :func:`duel` explains them."""
        per_game = results.game_results.points.astype(np.float64)
        net = np.add.reduceat(per_game, results.offsets[:-1]) if len(per_game) else per_game
        wins = (results.winner == 0).astype(np.float64)
        played = results.games.astype(np.float64)
        if duplicate:
            net, wins, played = (v.reshape(-1, 2).sum(axis=1) for v in (net, wins, played))
            wins = wins / 2
        won = Estimate.of(wins)
        units = len(played)
        ppg = float(net.sum() / played.sum()) if units else float("nan")
        ppg_error = float("nan")
        if units >= 2:
            residuals = net - ppg * played
            ppg_error = float(np.sqrt((residuals**2).sum() / (units * (units - 1))) / played.mean())
        return cls(
            win_rate=won.mean,
            std_error=won.std_error,
            ci=wilson_interval(won.mean, won.std_error, results.matches),
            ppg=ppg,
            ppg_std_error=ppg_error,
            ppg_ci=Estimate(ppg, ppg_error).ci,
            matches=results.matches,
            games=int(results.games.sum()),
            length=results.length,
            duplicate=duplicate,
            results=results,
        )

    @property
    def interrupted(self) -> bool:
        """Ctrl-C stopped the duel early: ``matches`` counts the matches kept (whole pairs)."""
        return self.results.interrupted


@overload
def duel(
    a: PolicyLike,
    b: PolicyLike,
    games: int | None = ...,
    *,
    duplicate: bool = ...,
    cubeful: bool = ...,
    rules: Rules | None = ...,
    keep_games: bool = ...,
    first_game: int = ...,
    options: RunOptions | None = ...,
    **run: Unpack[RunShorthands],
) -> DuelResult: ...
@overload
def duel(
    a: PolicyLike,
    b: PolicyLike,
    games: None = ...,
    *,
    match_length: int,
    matches: int = ...,
    met: MatchEquityTable | None = ...,
    duplicate: bool = ...,
    rules: Rules | None = ...,
    keep_games: bool = ...,
    options: RunOptions | None = ...,
    **run: Unpack[RunShorthands],
) -> MatchDuelResult: ...
def duel(
    a: PolicyLike,
    b: PolicyLike,
    games: int | None = None,
    *,
    duplicate: bool = True,
    cubeful: bool = False,
    rules: Rules | None = None,
    keep_games: bool = False,
    first_game: int = 0,
    options: RunOptions | None = None,
    match_length: int | None = None,
    matches: int = DEFAULT_MATCHES,
    met: MatchEquityTable | None = None,
    **run: Unpack[RunShorthands],
) -> DuelResult | MatchDuelResult:
    """Compare policy ``a`` with ``b`` over ``games`` (None: 10,000) cubeless games from the
    start (R4, R5); with ``cubeful=True`` over money games with the cube (R26; ``rules``:
    None for :meth:`Rules.standard_money`, Jacoby on), returning a :class:`DuelResult`.
    Each side plays the cube by its cube policy (:mod:`tavla.sim.cube_play`: a net's model
    on its own evaluator, "never double, always take" for pubeval).  Whole matches are
    :func:`match_duel`'s; the older spelling ``match_length=N`` (with ``matches`` and
    ``met``) forwards there and returns its :class:`MatchDuelResult`.

    Policies are built-in names or Python policies (:mod:`tavla.sim.playout`). With
    ``duplicate=True`` (``games`` must then be even) the games come in pairs that use the
    same dice stream, one with a in seat 0 and one with the seats swapped: both policies face
    exactly the same dice, which removes most of the luck from the comparison. Without it,
    every game has its own dice and a takes seat 0 in even games, seat 1 in odd ones.
    ``first_game``: play games ``first_game ..`` of the seed's dice streams (even with
    ``duplicate``), so that a duel extends another one: ``duel(a, b, 200, first_game=200)``
    is the second half of ``duel(a, b, 400)``, game for game.

    Statistics: the unit is the pair when duplicate (its mean points for a), the game
    otherwise; with n units of values x, ``ppg`` is their mean, ``std_error`` is
    ``s / sqrt(n)`` (s the sample standard deviation, n - 1 in the denominator) and ``ci`` is
    ``ppg -+ 1.96 * std_error``, the normal-approximation 95% interval (valid by the central
    limit theorem for the thousands of games a duel needs; NaN below two units). A policy
    against itself with duplicate dice scores exactly 0 when it is deterministic given the
    dice (both built-ins are: random draws its choices from the dice stream's own key).

    Whole matches (:func:`match_duel`): with ``duplicate``, matches 2k and 2k + 1 share
    their dice, game for game, with the seats swapped (``matches`` must be even), and the
    unit is the pair; otherwise the match.  ``win_rate``'s error is that of the mean over
    the units of a's match wins (as ``ppg``'s above); ``ppg`` is a ratio, the units' points
    over their games, whose error is the delta method's:
    ``sqrt(sum (x_i - ppg g_i)^2 / (n (n - 1))) / mean(g)`` with ``x_i`` a's net points and
    ``g_i`` the games of unit i.

    Built-in policies run on ``threads`` threads (None = every core); with ``client`` (a
    ``distributed.Client``) the games run on a Dask cluster in chunks of ``chunk`` games
    (matches), with the same results (:func:`~tavla.sim.playout.play_games`). Ctrl-C stops
    the duel and reports the complete pairs played. ``keep_games``: keep every game's (match's)
    plays and cube actions in ``results.steps`` (:mod:`tavla.sim.records`). ``options``: a
    :class:`~tavla.RunOptions` of ``seed``, ``threads``, ``batch``, ``progress``, ``client``
    and ``chunk``, whose keywords are its shorthands (:ref:`run-options`). Raises
    :class:`~tavla.PlayoutError` for bad arguments; a Python policy's own exceptions pass
    through, as do Dask's on a cluster.
    """
    cubeful = check_bool(cubeful, "cubeful", PlayoutError)
    if match_length is not None:
        if games is not None or cubeful or first_game:
            raise PlayoutError(
                "a match duel counts matches: give matches=, not games, cubeful or first_game"
            )
        return match_duel(
            a,
            b,
            match_length,
            matches,
            rules=rules,
            met=met,
            duplicate=duplicate,
            keep_games=keep_games,
            options=run_options(options, **run),
        )
    if met is not None or matches != DEFAULT_MATCHES:
        raise PlayoutError("matches and met are for match duels: give match_length")
    duplicate = _in_pairs(duplicate, "games", DEFAULT_GAMES if games is None else games)
    _in_pairs(duplicate, "first_game", first_game)
    cube = None
    if cubeful:
        cube = CubeRun(CubeContext(rules=Rules.standard_money() if rules is None else rules))
    elif rules is not None:
        raise PlayoutError("rules are for duels with the cube: give cubeful=True or match_length")
    results = play_games(
        a,
        b,
        DEFAULT_GAMES if games is None else games,
        duplicate=duplicate,
        alternate=True,
        cube=cube,
        first_game=first_game,
        keep_games=keep_games,
        options=run_options(options, **run),
    )
    return DuelResult.of(_whole_pairs(results, results.games, duplicate), duplicate)


def match_duel(
    a: PolicyLike,
    b: PolicyLike,
    length: int,
    matches: int = DEFAULT_MATCHES,
    *,
    duplicate: bool = True,
    rules: Rules | None = None,
    met: MatchEquityTable | None = None,
    keep_games: bool = False,
    first_match: int = 0,
    options: RunOptions | None = None,
    **run: Unpack[RunShorthands],
) -> MatchDuelResult:
    """Compare policy ``a`` with ``b`` over ``matches`` whole matches to ``length`` points
    (:func:`~tavla.sim.matches.play_matches`; ``rules`` None for
    :meth:`Rules.standard_match`, ``met`` the table the cube policies read), from ``a``'s
    side: a :class:`MatchDuelResult`, whose statistics :func:`duel` explains.  With
    ``duplicate`` matches 2k and 2k + 1 share their dice, game for game, with the seats
    swapped (``matches`` and ``first_match`` must be even).  ``first_match``: play matches
    ``first_match ..`` of the seed's sequence, so that a match duel extends another on the
    same dice.  ``keep_games``, ``options`` and the run's shorthands (``seed``, ``threads``,
    ``batch``, ``progress``, ``client``, ``chunk``: :ref:`run-options`) as for :func:`duel`,
    whose ``match_length=`` spelling forwards here.  Raises :class:`~tavla.PlayoutError` for
    bad arguments, :class:`~tavla.RulesError` for rules a match cannot have.
    """
    duplicate = _in_pairs(duplicate, "matches", matches)
    _in_pairs(duplicate, "first_match", first_match)
    results = play_matches(
        a,
        b,
        matches,
        length,
        rules=rules,
        met=met,
        duplicate=duplicate,
        alternate=True,
        first_match=first_match,
        keep_games=keep_games,
        options=run_options(options, **run),
    )
    return MatchDuelResult.of(_whole_pairs(results, results.matches, duplicate), duplicate)


Played = TypeVar("Played", PlayoutResults, MatchResults)


def _whole_pairs(results: Played, count: int, duplicate: bool) -> Played:
    """``results`` of ``count`` games (matches) without the last one when it has no pair:
    Ctrl-C may stop a duplicate duel inside a pair."""
    return results.head(count - 1) if duplicate and count % 2 else results


def _in_pairs(duplicate: object, name: str, count: int) -> bool:
    """``duplicate`` as a bool, having checked that ``count`` (an int ``>= 0``) comes in
    pairs when it is True: :class:`~tavla.PlayoutError` otherwise."""
    if not isinstance(duplicate, (bool, np.bool_)):
        raise PlayoutError(f"duplicate must be True or False, got {excerpt(duplicate)}")
    if duplicate and count_argument(name, count) % 2:
        raise PlayoutError(f"a duplicate duel plays in pairs: {name} must be even: {count}")
    return bool(duplicate)
