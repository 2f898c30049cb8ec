"""Policies: what chooses a play in a playout.

A *policy* is either the name of a built-in C++ policy (``"random"``: uniform over the
distinct legal plays; ``"pubeval"``: Tesauro's public evaluator) or a Python object:

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

from collections.abc import Callable
from typing import Protocol

import numpy as np
import numpy.typing as npt

from .. import _core
from ..errors import PlayoutError

ScoreFunction = Callable[[npt.NDArray[np.int8]], npt.ArrayLike]


class TurnScorer(Protocol):
    """A Python policy that also sees the positions before the turns (see the module)."""

    def score_turns(
        self,
        candidates: npt.NDArray[np.int8],
        positions: npt.NDArray[np.int8],
        offsets: npt.NDArray[np.int64],
    ) -> npt.ArrayLike: ...


Policy = str | ScoreFunction | TurnScorer
"""A built-in policy name (see :func:`builtin_policies`), a callable scoring candidates, or
a :class:`TurnScorer`."""

def builtin_policies() -> tuple[str, ...]:
    """Names of the policies played in C++: ``("random", "pubeval")``."""
    return tuple(_core.builtin_policies())


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


def validated_policy(policy: object) -> str | Callable[..., npt.NDArray[np.float64]]:
    if isinstance(policy, str):
        if policy not in builtin_policies():
            known = ", ".join(builtin_policies())
            raise PlayoutError(f"unknown policy {policy!r}: the built-in ones are {known}")
        return policy
    score_turns = getattr(policy, "score_turns", None)
    if score_turns is None and not callable(policy):
        raise PlayoutError(
            "a policy is a built-in name, a callable or an object with score_turns, got "
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
