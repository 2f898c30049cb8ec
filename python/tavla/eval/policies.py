"""Policies: what chooses a play in a playout.

A *policy* is played in C++ or in Python.  In C++: a :class:`~tavla.eval.Policy` (an
evaluator searched at a depth), or a name: ``"random"`` (uniform over the distinct legal
plays), ``"pubeval"`` (Tesauro's public evaluator), ``"bearoff"`` (the exact bear-off
database where both sides are home, pubeval elsewhere), ``"net:PATH"`` or a path ending in
``.npz`` (a net at 0-ply, the bear-off database taking over in bear-offs).  In Python:

- a callable ``score(candidates) -> scores``: ``candidates`` is an ``int8`` array of shape
  ``(K, 2, 26)``, the positions after each legal play seen by the opponent (who is on roll
  next, row 0); it returns ``K`` finite real scores, higher = better for the side that just
  moved; the play with the highest score (the first on a tie) is made;
- a :class:`TurnScorer`, an object with a method ``score_turns(candidates, positions,
  offsets)``, for a policy that needs the positions before the plays too (pubeval decides race
  or contact on them): ``positions`` ``(T, 2, 26)`` int8 holds the T positions before the
  turns (the side on roll in row 0) and ``offsets`` ``(T + 1,)`` int64 says that turn t's
  candidates are rows ``offsets[t]:offsets[t + 1]``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_bool, check_int, excerpt
from ..errors import EvaluatorError, PlayoutError
from . import nets
from .cube_policy import NEVER_DOUBLE, CubePolicy
from .evaluators import (
    DEFAULT_KEEP,
    DEFAULT_MARGIN,
    MAX_PLIES,
    NET_PREFIX,
    FieldsPickle,
    check_filter,
    load_net,
    make_search,
)
from .net import Net

ScoreFunction = Callable[[npt.NDArray[np.int8]], npt.ArrayLike]


class TurnScorer(Protocol):
    """A Python policy that also sees the positions before the turns (see the module)."""

    def score_turns(
        self,
        candidates: npt.NDArray[np.int8],
        positions: npt.NDArray[np.int8],
        offsets: npt.NDArray[np.int64],
    ) -> npt.ArrayLike: ...


@dataclass(frozen=True)
class Policy(FieldsPickle):
    """A policy played in C++ (self-play, rollouts, duels, Dask): the play with the highest
    cubeless equity by ``evaluator`` searched at ``plies``.

    ``evaluator`` is a :class:`~tavla.eval.Net`, ``"net:PATH"``, ``"bearoff"`` (the exact
    bear-off database where both sides are home, ``fallback`` elsewhere), or a built-in
    name (``"pubeval"``, ``"random"``: they give no probabilities, so only at 0-ply, with
    the bear-off database taking over in bear-offs when ``bearoff`` is set).  ``plies``
    0..3, ``keep`` and ``margin`` the move filter (module docs).  ``fallback`` is the
    built-in policy that plays where only the bear-off database is given and it does not
    apply (default ``"pubeval"``).

    A policy is a value: equal arguments give equal policies, and it pickles (the net by
    its weights).  Raises :class:`~tavla.EvaluatorError` for bad arguments.
    """

    evaluator: Net | str
    plies: int = 0
    bearoff: bool = True
    keep: int = DEFAULT_KEEP
    margin: float = DEFAULT_MARGIN
    fallback: str = "pubeval"
    cube: CubePolicy | None = None

    def __post_init__(self) -> None:
        set_field = functools.partial(object.__setattr__, self)
        set_field("plies", check_int(self.plies, "plies", EvaluatorError, low=0, high=MAX_PLIES))
        set_field("bearoff", check_bool(self.bearoff, "bearoff", EvaluatorError))
        keep, margin = check_filter(self.keep, self.margin)
        set_field("keep", keep)
        set_field("margin", margin)
        builtins = tuple(_core.builtin_policies())
        if self.fallback not in builtins:
            raise EvaluatorError(
                f"fallback must be a built-in policy ({', '.join(builtins)}), got "
                f"{excerpt(self.fallback)}"
            )
        if self.cube is not None and not isinstance(self.cube, CubePolicy):
            raise EvaluatorError(
                f"a Policy's cube is a CubePolicy or None, got {type(self.cube).__name__}"
            )
        evaluator = self.evaluator
        if isinstance(evaluator, str) and evaluator in builtins:
            if self.plies > 0:
                raise EvaluatorError(
                    f"{evaluator} gives no probabilities, so it plays at 0-ply only"
                )
        elif isinstance(evaluator, str):
            set_field("evaluator", load_net(evaluator) or "bearoff")
        elif not isinstance(evaluator, Net):
            raise EvaluatorError(
                "a Policy's evaluator is a Net, 'net:PATH', 'bearoff', 'pubeval' or 'random', "
                f"got {type(evaluator).__name__}"
            )

    @functools.cached_property
    def native(self) -> Any:
        """The C++ policy (a ``tavla._core.NativePolicy``) the playout engine runs."""
        evaluator = self.evaluator
        if isinstance(evaluator, str) and evaluator != "bearoff":
            if not self.bearoff:
                return evaluator  # the built-in by name
            return _core.search_policy(
                make_search(None, True, self.keep, self.margin), 0, evaluator
            )
        net = evaluator if isinstance(evaluator, Net) else None
        search = make_search(net, self.bearoff or net is None, self.keep, self.margin)
        return _core.search_policy(search, self.plies, self.fallback if net is None else "")

    @property
    def cube_policy(self) -> CubePolicy:
        """The cube policy it plays: ``cube``, or the default described above."""
        if self.cube is not None:
            return self.cube
        if isinstance(self.evaluator, str) and self.evaluator != "bearoff":
            return NEVER_DOUBLE
        return CubePolicy(
            self.evaluator, self.plies, bearoff=self.bearoff, keep=self.keep, margin=self.margin
        )

    def __repr__(self) -> str:
        shown = self.evaluator if isinstance(self.evaluator, str) else repr(self.evaluator)
        extra = "" if self.bearoff else ", bearoff=False"
        if self.cube is not None:
            extra += f", cube={self.cube!r}"
        return f"Policy({shown}, plies={self.plies}{extra})"


PolicyLike = Policy | Net | str | ScoreFunction | TurnScorer
"""A :class:`~tavla.eval.Policy`, a :class:`~tavla.eval.Net` (played at 0-ply, the bear-off
database taking over in bear-offs), a policy name (see :func:`builtin_policies`) or a net
path, a callable scoring candidates, or a :class:`TurnScorer`."""


def default_policy() -> Policy:
    """The policy played when none is given: the strongest shipped net
    (:data:`tavla.eval.nets.DEFAULT`) at 0-ply, the bear-off database in bear-offs."""
    return Policy(nets.default())


def builtin_policies() -> tuple[str, ...]:
    """Names of the policies played in C++: ``("random", "pubeval", "bearoff")``."""
    return (*_core.builtin_policies(), "bearoff")


PolicyReader = Callable[[str], "PolicyLike | None"]
"""Reads the names of policies of a higher layer: the policy a text names, or None for a
text it does not know."""

_READERS: list[tuple[PolicyReader, str]] = []


def register_policy_reader(reader: PolicyReader, names: str) -> None:
    """Teach :func:`parse_policy` the names ``reader`` reads, asked before the built-in
    names; ``names`` describes them in the message of an unknown name.  The external
    engines (``ubgi:COMMAND``, ``gnubg``: :mod:`tavla.engines`) register theirs when
    imported, which ``import tavla`` does, so that every layer reads them without importing
    the engines (:doc:`/dev/architecture`)."""
    _READERS.append((reader, names))


def parse_policy(text: str) -> PolicyLike:
    """A policy named on the command line or in a call: a built-in's name (``"pubeval"``),
    ``"bearoff"``, ``"net:PATH"`` or a path ending in ``.npz``, each optionally followed by
    ``@N`` for an N-ply search (``"net:model.npz@1"``), or a name a reader registered
    (:func:`register_policy_reader`): an external engine, ``ubgi:COMMAND``, ``gnubg`` or
    ``gnubg@N``, not started.  Returns the built-in's name, the :class:`~tavla.eval.Policy`
    or the engine the text stands for, a value that pickles; raises
    :class:`~tavla.PlayoutError` for an unknown name, a missing net file, a bad net or a bad
    depth (and what a reader raises: :class:`~tavla.EngineError` for gnubg when it is not
    installed)."""
    for reader, _ in _READERS:
        found = reader(text)
        if found is not None:
            return found
    name, plies = text, 0
    head, at, depth = text.rpartition("@")
    if at and depth.isascii() and depth.isdigit():
        name, plies = head, int(depth)
    if name in _core.builtin_policies() and plies == 0:
        return name
    if name in builtin_policies() or name.startswith(NET_PREFIX) or name.endswith(".npz"):
        try:
            return Policy(name, plies=plies)
        except EvaluatorError as error:
            raise PlayoutError(str(error)) from None
    known = ", ".join(builtin_policies())
    others = "".join(f"; {names}" for _, names in _READERS)
    raise PlayoutError(
        f"unknown policy {excerpt(text)}: the built-in ones are {known}; a net is 'net:PATH', "
        f"and '@N' searches N plies ('net:PATH@1'){others}"
    )


def parsed_policy(policy: PolicyLike) -> PolicyLike:
    """``policy`` as a value: a text read by :func:`parse_policy`, except a built-in's name
    (``"pubeval"``, ``"random"``), which is its own value and is handed on as it is, as is
    any policy that is no text.  A function that takes text calls this once, where the text
    comes in, and passes the value on, so that a policy is read once on its way to the core."""
    if isinstance(policy, str) and policy not in _core.builtin_policies():
        return parse_policy(policy)
    return policy


@runtime_checkable
class ProcessPolicy(Protocol):
    """A policy that runs programs of its own (an external engine, :mod:`tavla.engines`):
    started and stopped, its running processes' ids in ``pids`` (empty when stopped)."""

    @property
    def pids(self) -> tuple[int, ...]: ...

    def start(self) -> None: ...

    def close(self) -> None: ...


@contextmanager
def opened(policy: PolicyLike) -> Iterator[PolicyLike]:
    """``policy`` for a run: a :class:`ProcessPolicy` that is not running is started for the
    block and stopped after it (one running already is its owner's to stop); any other
    policy is itself."""
    if not isinstance(policy, ProcessPolicy) or policy.pids:
        yield policy
        return
    policy.start()
    try:
        yield policy
    finally:
        policy.close()


def real_numbers(raw: object, source: str) -> npt.NDArray[np.float64]:
    """What ``source`` ("a policy", "an evaluator") returned, as float64, when it holds real
    numbers (bools, integers, floats); raises :class:`~tavla.PlayoutError` otherwise (text,
    complex numbers, dates, ragged lists)."""
    try:
        array = np.asarray(raw)
    except (TypeError, ValueError) as error:
        message = f"{source} must return numbers, got {type(raw).__name__}: {error}"
        raise PlayoutError(message) from None
    if array.dtype.kind not in "biuf":
        raise PlayoutError(
            f"{source} must return real numbers, got {type(raw).__name__} of dtype {array.dtype}"
        )
    return array.astype(np.float64)


def probability_rows(
    raw: object, boards: npt.NDArray[np.int8], source: str
) -> npt.NDArray[np.float64]:
    """What ``source`` ("an evaluator") returned for ``boards`` ``(M, 2, 26)``: ``(M, 5)``
    probabilities in [0, 1] (:data:`~tavla.eval.OUTPUTS` order), a win including its gammons
    and a gammon its backgammons (within 1e-9), as float64; raises
    :class:`~tavla.PlayoutError` naming the fault otherwise."""
    estimates = real_numbers(raw, source)
    if estimates.shape != (len(boards), 5):
        raise PlayoutError(
            f"{source} must return shape ({len(boards)}, 5) for boards of shape "
            f"{boards.shape}, got {estimates.shape}"
        )
    if not np.all((estimates >= 0) & (estimates <= 1)):
        raise PlayoutError(f"{source} returned a probability outside 0..1 (or NaN)")
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = estimates.T
    slack = 1e-9  # for sums rounded by the evaluator
    consistent = (
        (win_backgammon <= win_gammon + slack)
        & (win_gammon <= win + slack)
        & (lose_backgammon <= lose_gammon + slack)
        & (lose_gammon <= 1 - win + slack)
    )
    if not consistent.all():
        row = int(np.argmin(consistent))
        raise PlayoutError(
            f"{source} returned impossible probabilities {estimates[row].tolist()} for "
            f"board {row}: a win includes its gammons and a gammon its backgammons, so "
            "win >= win gammon >= win backgammon and 1 - win >= lose gammon >= lose backgammon"
        )
    return estimates


def validated_policy(policy: object) -> Any:
    """What the core plays: a built-in's name, a ``_core.NativePolicy``, or a checked
    callable ``(candidates, positions, offsets) -> scores`` for the lockstep loop."""
    if isinstance(policy, str):
        policy = parsed_policy(policy)
    if isinstance(policy, str):
        return policy
    if isinstance(policy, Net):
        policy = Policy(policy)
    if isinstance(policy, Policy):
        try:
            return policy.native
        except EvaluatorError as error:
            raise PlayoutError(str(error)) from None
    score_turns = getattr(policy, "score_turns", None)
    if score_turns is None and not callable(policy):
        raise PlayoutError(
            "a policy is a Policy, a Net, a policy name, a callable or an object with "
            "score_turns, got "
            f"{type(policy).__name__}"
        )

    def checked(
        candidates: npt.NDArray[np.int8],
        positions: npt.NDArray[np.int8],
        offsets: npt.NDArray[np.int64],
    ) -> npt.NDArray[np.float64]:
        if score_turns is not None:
            raw = score_turns(candidates, positions, offsets)
        else:
            raw = policy(candidates)  # type: ignore[operator]
        scores = real_numbers(raw, "a policy")
        if scores.shape != (len(candidates),):
            raise PlayoutError(
                f"a policy must return {len(candidates)} scores for candidates of shape "
                f"{candidates.shape}, got shape {scores.shape}"
            )
        if not np.all(np.isfinite(scores)):
            raise PlayoutError("a policy returned a score that is NaN or infinite")
        return scores

    return checked
