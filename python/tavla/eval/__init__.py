"""Evaluation: the policies that choose plays (built-in names and the Python protocols) and
Tesauro's public evaluator, pubeval."""

from .policies import Policy, ScoreFunction, TurnScorer, builtin_policies
from .pubeval import pubeval_scores

__all__ = ["Policy", "ScoreFunction", "TurnScorer", "builtin_policies", "pubeval_scores"]
