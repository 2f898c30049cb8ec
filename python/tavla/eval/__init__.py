"""Evaluation: the policies that choose plays (built-in names and the Python protocols),
Tesauro's public evaluator pubeval, and neural nets with their input encodings."""

from .encoding import encode, encodings
from .net import Net
from .policies import Policy, ScoreFunction, TurnScorer, builtin_policies
from .pubeval import pubeval_scores

__all__ = [
    "Net",
    "Policy",
    "ScoreFunction",
    "TurnScorer",
    "builtin_policies",
    "encode",
    "encodings",
    "pubeval_scores",
]
