"""Valuing one decision of a replayed match (:class:`~tavla.replay.moments.Moment`): a play
against the best play, a cube decision or an answer against the proper action, and the luck
of a roll, all cubeful at the match score (:doc:`/analysis`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

import numpy as np

from .. import _core
from ..eval import Net, evaluate, evaluate_boards, hint
from ..eval.evaluators import DEFAULT_KEEP
from ..eval.play_values import result_values
from ..eval.roll_values import roll_values
from ..eval.search import RankedPlay
from ..game.cube_context import CubeContext
from ..game.cube_model import DEFAULT_CUBE_LIFE
from ..game.cubeful import CubeDecision
from ..game.equity import MatchEquityTable
from ..replay.moments import Moment, MomentKind
from .decisions import CLOSE, Candidate, CheckerPlay, CubeAnalysis, CubeErrorKind, Mark

FILTERS = ((8, 0.16), (2, 0.04))
"""The move filter between depths: from the plays at 0-ply the best 8 within 0.16 go on to
1-ply, from those the best 2 within 0.04 to 2-ply (and deeper); the play made always goes
to the full depth."""


class _CubeModel(TypedDict):
    """The keywords of the cube model in :func:`~tavla.eval.hint`, :func:`~tavla.evaluate`,
    :func:`~tavla.eval.roll_values.roll_values` and
    :func:`~tavla.eval.play_values.result_values`: the moment's context, the valuer's cube life
    and table."""

    context: CubeContext
    cube_life: float
    met: MatchEquityTable | None


@dataclass(frozen=True)
class Valuer:
    """How decisions are valued: the evaluator (a :class:`~tavla.eval.Net`; the bear-off
    database takes over where both sides are home), the depth of checker plays and cube
    decisions, the depth of the luck of rolls, the cube life, the match equity table (None:
    Kazaross-XG2) and the move filter of the searches below the plays ranked (``keep``:
    plays searched further at each of their choices)."""

    evaluator: Net
    plies: int = 2
    luck_plies: int = 0
    cube_life: float = DEFAULT_CUBE_LIFE
    met: MatchEquityTable | None = None
    keep: int = DEFAULT_KEEP

    def _model(self, moment: Moment) -> _CubeModel:
        """The cube model ``moment`` is valued with, as every valuation takes it."""
        return {"context": moment.context, "cube_life": self.cube_life, "met": self.met}

    def checker_play(self, moment: Moment) -> CheckerPlay:
        """The play of a :attr:`MomentKind.PLAY` moment against the best."""
        assert moment.kind is MomentKind.PLAY and moment.dice is not None
        assert moment.play is not None
        ranked = hint(moment.position, moment.dice, self.evaluator, 0, **self._model(moment))
        candidates = [_candidate(entry) for entry in ranked]
        for depth in range(1, self.plies + 1):
            keep, margin = FILTERS[min(depth, len(FILTERS)) - 1]
            candidates = self._deeper(moment, candidates, depth, keep, margin)
        chosen = next(i for i, entry in enumerate(candidates) if entry.play == moment.play)
        best, made = candidates[0], candidates[chosen]
        loss = max(0.0, best.equity - made.equity)
        mwc_loss = None if best.mwc is None or made.mwc is None else max(0.0, best.mwc - made.mwc)
        rolls = roll_values(
            moment.position,
            evaluator=self.evaluator,
            plies=self.luck_plies,
            opening=moment.opening,
            keep=self.keep,
            **self._model(moment),
        )
        luck, mwc_luck = rolls.luck(moment.dice)
        return CheckerPlay(
            game=moment.game,
            move_number=moment.move_number,
            player=moment.player,
            position=moment.position,
            cube=moment.context.cube.value,
            dice=moment.dice,
            play=moment.play,
            candidates=tuple(candidates),
            rank=chosen,
            loss=loss,
            mwc_loss=mwc_loss,
            mark=Mark.of(loss),
            forced=len(candidates) < 2,
            luck=luck,
            mwc_luck=mwc_luck,
        )

    def _deeper(
        self, moment: Moment, candidates: list[Candidate], depth: int, keep: int, margin: float
    ) -> list[Candidate]:
        """The candidates with the best ``keep`` of the previous depth within ``margin`` of
        the best (and the play made) valued again at ``depth``, placed first."""
        previous = [c for c in candidates if c.plies == depth - 1]
        chosen = [
            c
            for rank, c in enumerate(previous)
            if (rank < keep and c.equity >= previous[0].equity - margin) or c.play == moment.play
        ]
        if len(candidates) < 2:
            return candidates
        after = [c.play.position for c in chosen]
        results = np.array([position.board for position in after], dtype=np.int8)
        playing = results[:, 1, 0] != 15
        theirs = np.zeros((len(results), 5))
        if playing.any():
            theirs[playing] = evaluate_boards(
                results[playing], self.evaluator, depth, keep=self.keep
            )
        equities, mwcs = result_values(results, theirs, **self._model(moment))
        deeper = [
            Candidate(c.play, float(equities[k]), None if mwcs is None else float(mwcs[k]), depth)
            for k, c in enumerate(chosen)
        ]
        deeper.sort(key=lambda c: -c.equity)
        kept = {id(c) for c in chosen}
        return deeper + [c for c in candidates if id(c) not in kept]

    def cube_decision(self, moment: Moment) -> CubeAnalysis:
        """A :attr:`MomentKind.CUBE` or :attr:`MomentKind.ANSWER` moment against the proper
        action of the side that may double."""
        evaluation = evaluate(
            moment.position, self.evaluator, self.plies, keep=self.keep, **self._model(moment)
        )
        decision = evaluation.cube
        assert decision is not None and decision.double_take is not None
        assert decision.double_pass is not None
        if moment.kind is MomentKind.ANSWER:
            loss, error = _answer_error(decision, moment.action)
            close = True
        else:
            loss, error = _double_error(decision, moment.action)
            close = moment.action == "double" or decision.best - _doubled(decision) < CLOSE
        mwc_loss = None
        if decision.met is not None:
            mwc_loss = loss * (decision.mwc(1.0) - decision.mwc(-1.0)) / 2
        return CubeAnalysis(
            game=moment.game,
            move_number=moment.move_number,
            player=moment.player,
            position=moment.position,
            answer=moment.kind is MomentKind.ANSWER,
            action=moment.action,
            proper=decision.action,
            no_double=decision.no_double,
            double_take=decision.double_take,
            double_pass=decision.double_pass,
            loss=loss,
            mwc_loss=mwc_loss,
            error=error,
            close=close,
        )


def _candidate(entry: RankedPlay) -> Candidate:
    assert entry.cubeful_equity is not None
    return Candidate(entry.play, entry.cubeful_equity, entry.mwc, entry.plies)


def _doubled(decision: CubeDecision) -> float:
    """What a double is worth to the doubler, answered properly (beavers included)."""
    assert decision.double_take is not None and decision.double_pass is not None
    return _core.proper_equity(
        float("-inf"), decision.double_take, decision.double_pass, True, decision.context.beavers
    )


def _double_error(decision: CubeDecision, action: str) -> tuple[float, CubeErrorKind | None]:
    best = decision.best
    doubles = decision.action.startswith("double/")
    if action == "no double":
        loss = max(0.0, best - decision.no_double)
        if not doubles or loss == 0:
            return 0.0, None
        take = decision.action.startswith("double/take")
        return loss, (
            CubeErrorKind.MISSED_DOUBLE_BELOW_CASH
            if take
            else CubeErrorKind.MISSED_DOUBLE_ABOVE_CASH
        )
    loss = max(0.0, best - _doubled(decision))
    if doubles or loss == 0:
        return 0.0, None
    if decision.action.startswith("too good"):
        return loss, CubeErrorKind.WRONG_DOUBLE_TOO_GOOD
    return loss, CubeErrorKind.WRONG_DOUBLE_BELOW_DOUBLE


def _answer_error(decision: CubeDecision, action: str) -> tuple[float, CubeErrorKind | None]:
    """The taker's loss: what its answer leaves the doubler beyond the proper answer's."""
    assert decision.double_take is not None and decision.double_pass is not None
    left = {"take": decision.double_take, "drop": decision.double_pass}
    if decision.context.beavers:
        left["beaver"] = max(-2.0, 2 * decision.double_take)
    assert action in left, action  # the replay allows beavers only where the rules do
    loss = max(0.0, left[action] - min(left.values()))
    if loss == 0:
        return 0.0, None
    if action == "drop":
        return loss, CubeErrorKind.WRONG_PASS
    if decision.double_take > decision.double_pass:
        return loss, CubeErrorKind.WRONG_TAKE
    return loss, CubeErrorKind.WRONG_BEAVER if action == "beaver" else CubeErrorKind.MISSED_BEAVER
