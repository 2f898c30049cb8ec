"""Cube policies: what makes the cube actions when the core plays with the cube (:doc:`/cube`,
"Playing with the cube").

A cube policy answers three questions, each about the position before the doubler's roll:
does the side on roll double, does its opponent take, drop or (money play with beavers)
beaver, and does the doubler take a beaver.  Played in C++, it is a :class:`CubePolicy`:
"never double, always take", or the cube model (:func:`~tavla.game.cubeful.decide`: Janowski
in money play, the match model over the MET) on the probabilities of an evaluator searched
at a depth.  A Python policy plays the cube through a method (:mod:`tavla.sim.playout`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from .. import _core
from .._validate import check_bool, check_int
from ..errors import EvaluatorError
from ..game.cube_model import DEFAULT_CUBE_LIFE, check_cube_life
from . import bearoff
from .evaluators import (
    DEFAULT_KEEP,
    DEFAULT_MARGIN,
    MAX_PLIES,
    FieldsPickle,
    check_filter,
    load_net,
    make_search,
)
from .net import Net


@dataclass(frozen=True)
class CubePolicy(FieldsPickle):
    """A cube policy played in C++.

    ``evaluator`` None (the default): never doubles, always takes (and never beavers, always
    takes a beaver): play as if cubeless, for comparison.  Otherwise a
    :class:`~tavla.eval.Net`, ``"net:PATH"`` or ``"bearoff"``, whose probabilities at
    ``plies`` (0..3, with the move filter ``keep``, ``margin``) the cube model turns into
    actions with cube life ``cube_life``: the side doubles when the proper action is
    double/take or double/pass, the opponent takes when double/take is worth no more than
    the pass to the doubler and beavers where the model says so (R20), the doubler takes a
    beaver when twice double/take is worth -2 or more.  With ``bearoff`` (the default) the
    exact bear-off database gives the probabilities where both sides are home, and the exact
    cubeful equities of money bear-offs in its two-sided table (without a ``max_cube``)
    replace the model's there, as in :func:`~tavla.cube_decision`.  Where nothing answers
    (``"bearoff"`` alone, outside the bear-off) it never doubles and always takes.

    pubeval and the random policy give no probabilities, so they cannot drive the model: a
    policy named so plays the cube as ``CubePolicy()`` unless given one
    (``Policy("pubeval", cube=CubePolicy("net:td198-40"))``).

    A value: equal arguments give equal cube policies, and it pickles.  Raises
    :class:`~tavla.EvaluatorError` for bad arguments, :class:`~tavla.CubeModelError` for a bad
    cube life.
    """

    evaluator: Net | str | None = None
    plies: int = 0
    cube_life: float = DEFAULT_CUBE_LIFE
    bearoff: bool = True
    keep: int = DEFAULT_KEEP
    margin: float = DEFAULT_MARGIN

    def __post_init__(self) -> None:
        set_field = functools.partial(object.__setattr__, self)
        set_field("plies", check_int(self.plies, "plies", EvaluatorError, low=0, high=MAX_PLIES))
        set_field("cube_life", check_cube_life(self.cube_life))
        set_field("bearoff", check_bool(self.bearoff, "bearoff", EvaluatorError))
        keep, margin = check_filter(self.keep, self.margin)
        set_field("keep", keep)
        set_field("margin", margin)
        evaluator = self.evaluator
        if isinstance(evaluator, str):
            set_field("evaluator", load_net(evaluator) or "bearoff")
        elif evaluator is not None and not isinstance(evaluator, Net):
            raise EvaluatorError(
                "a CubePolicy's evaluator is None, a Net, 'net:PATH' or 'bearoff', got "
                f"{type(evaluator).__name__}"
            )

    @property
    def doubles(self) -> bool:
        """False for "never double, always take"."""
        return self.evaluator is not None

    @functools.cached_property
    def native(self) -> Any:
        """The C++ cube policy (a ``tavla._core.NativeCubePolicy``)."""
        if self.evaluator is None:
            return _core.never_double_cube_policy()
        net = self.evaluator if isinstance(self.evaluator, Net) else None
        search = make_search(net, self.bearoff or net is None, self.keep, self.margin)
        database = bearoff.database()
        exact = database.native if self.bearoff and database.cubeful else None
        return _core.model_cube_policy(search, self.plies, self.cube_life, exact)

    def __repr__(self) -> str:
        if self.evaluator is None:
            return "CubePolicy(never double, always take)"
        shown = self.evaluator if isinstance(self.evaluator, str) else repr(self.evaluator)
        extra = "" if self.bearoff else ", bearoff=False"
        return f"CubePolicy({shown}, plies={self.plies}, cube_life={self.cube_life}{extra})"


NEVER_DOUBLE = CubePolicy()
"""Never doubles, always takes."""
