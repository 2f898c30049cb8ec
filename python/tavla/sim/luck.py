"""Which rollouts can reduce their variance (:ref:`variance-reduction`): the core measures
the luck of every roll with the policy's own search, so the policy must be played in C++ by
a search with an evaluator everywhere."""

from __future__ import annotations

from .._validate import check_bool, excerpt
from ..errors import PlayoutError
from ..eval.net import Net
from ..eval.policies import Policy, PolicyLike, parsed_policy


def has_evaluator(policy: PolicyLike) -> bool:
    """Whether ``policy`` is played in C++ by a search with an evaluator everywhere (a net),
    which :ref:`variance-reduction` needs: not pubeval, random, ``"bearoff"`` (pubeval
    outside the bear-off), a Python callable or an external engine."""
    try:
        policy = parsed_policy(policy)
    except PlayoutError:  # no policy at all, reported by the run
        return False
    if isinstance(policy, Net):
        return True
    return isinstance(policy, Policy) and isinstance(policy.evaluator, Net)


def variance_reduction_for(policy: PolicyLike, asked: bool | None) -> bool:
    """Whether a rollout played by ``policy`` reduces the variance: ``asked``, or when None
    whenever the policy has an evaluator (:func:`has_evaluator`). Raises
    :class:`~tavla.PlayoutError` when it is asked of a policy without one."""
    if asked is None:
        return has_evaluator(policy)
    if not check_bool(asked, "variance_reduction", PlayoutError):
        return False
    if not has_evaluator(policy):
        raise PlayoutError(
            f"variance reduction needs a policy with an evaluator (a net, Policy(net)), got "
            f"{excerpt(policy)}: pubeval, random and Python policies give no probabilities to "
            "measure the luck of a roll by; give variance_reduction=False"
        )
    return True
