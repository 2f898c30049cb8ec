"""Evaluation: the evaluators (the exact bear-off databases, neural nets with their input
encodings, pubeval), the n-ply search over them, cube decisions, the policies that choose plays
(values played in C++, built-in names, and the Python protocols), and TD(λ) training of nets."""

from . import bearoff
from .cube_analysis import cube_decision
from .cube_policy import CubePolicy
from .encoding import encode, encodings
from .evaluators import OUTPUTS, EvaluatorLike, cubeless_equity
from .net import Net
from .policies import Policy, PolicyLike, ScoreFunction, TurnScorer, builtin_policies
from .pubeval import pubeval_scores
from .search import Evaluation, RankedPlay, evaluate, evaluate_boards, hint
from .train import TdSettings, TrainResult, read_checkpoint, td_errors, train_td

__all__ = [
    "OUTPUTS",
    "CubePolicy",
    "Evaluation",
    "EvaluatorLike",
    "Net",
    "Policy",
    "PolicyLike",
    "RankedPlay",
    "ScoreFunction",
    "TdSettings",
    "TrainResult",
    "TurnScorer",
    "bearoff",
    "builtin_policies",
    "cube_decision",
    "cubeless_equity",
    "encode",
    "encodings",
    "evaluate",
    "evaluate_boards",
    "hint",
    "pubeval_scores",
    "read_checkpoint",
    "td_errors",
    "train_td",
]
