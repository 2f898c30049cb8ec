"""The opponent of a single-agent environment: any tavla policy (:mod:`tavla.eval.policies`).

- a built-in's name (``"random"``, ``"pubeval"``, ``"bearoff"``), a net (``"net:PATH"``,
  ``"net:td198-40@1"``, a :class:`~tavla.eval.Net`) or a :class:`~tavla.eval.Policy`: played in
  C++, its cube by its cube policy (:mod:`tavla.sim.cube_play`): a net's doubles, the
  built-ins ``random`` and ``pubeval`` never double and always take;
- a Python callable scoring candidates, or a :class:`~tavla.eval.TurnScorer`: asked in
  lockstep, once per step for every environment that waits for it (its cube: its
  ``cube_actions`` or ``cube_probabilities`` method, else never double, always take);
- an external engine (``"gnubg"``, ``"gnubg@2"``, ``"ubgi:COMMAND"`` or a
  :class:`~tavla.engines.Ubgi` / :class:`~tavla.engines.Gnubg`): a Python policy too;
  one named by text is started by the environment and stopped by its ``close()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import EnvError, PlayoutError
from ..eval.policies import PolicyLike, ProcessPolicy, parsed_policy, validated_policy
from ..sim.cube_play import cube_argument


@dataclass(frozen=True)
class Opponent:
    """An opponent as the core plays it."""

    policy: PolicyLike
    """What was given (an engine named by text: the engine)."""
    play: Any
    """A built-in's name, a ``_core.NativePolicy``, or a checked Python callable."""
    cube: Any
    """A ``_core.NativeCubePolicy`` or a checked Python callable."""
    owned: ProcessPolicy | None
    """The engine this opponent started (named by text), which ``close()`` stops."""

    def close(self) -> None:
        if self.owned is not None:
            self.owned.close()


def opponent(policy: PolicyLike, cube_play: Any) -> Opponent:
    """The opponent ``policy`` in an environment whose rules are ``cube_play`` (a
    ``_core.CubePlay``).  Raises :class:`~tavla.EnvError` for what is no policy."""
    if policy is None:
        raise EnvError("a single-agent environment needs an opponent (a policy)")
    try:
        played = parsed_policy(policy)
        owned = played if played is not policy and isinstance(played, ProcessPolicy) else None
        return Opponent(played, validated_policy(played), cube_argument(played, cube_play), owned)
    except PlayoutError as error:
        raise EnvError(f"opponent: {error}") from None
