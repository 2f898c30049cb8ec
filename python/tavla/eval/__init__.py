"""Evaluation: the evaluators (the exact bear-off databases, neural nets with their input
encodings, net sets of a net per position class, pubeval), the n-ply search over them, cube
decisions, the policies that choose plays (values played in C++, built-in names, and the Python
protocols), TD(λ) training of nets, and supervised training of nets and net sets on
rolled-out positions."""

from . import bearoff
from .cube_analysis import cube_decision
from .cube_policy import CubePolicy
from .encoding import encode, encodings, feature_groups, input_bounds
from .evaluators import OUTPUTS, EvaluatorLike, cubeless_equity
from .net import Net
from .net_set import NetSet
from .policies import Policy, PolicyLike, ScoreFunction, TurnScorer, builtin_policies
from .pubeval import pubeval_scores
from .search import Evaluation, RankedPlay, evaluate, evaluate_boards, hint
from .strength import Benchmark, BenchmarkResult, benchmark
from .supervised import SupervisedResult, SupervisedSettings, train_supervised
from .supervised_set import NetSetResult, train_net_set
from .train import TdSettings, TrainResult, read_checkpoint, td_errors, train_td

__all__ = [
    "OUTPUTS",
    "Benchmark",
    "BenchmarkResult",
    "CubePolicy",
    "Evaluation",
    "EvaluatorLike",
    "Net",
    "NetSet",
    "NetSetResult",
    "Policy",
    "PolicyLike",
    "RankedPlay",
    "ScoreFunction",
    "SupervisedResult",
    "SupervisedSettings",
    "TdSettings",
    "TrainResult",
    "TurnScorer",
    "bearoff",
    "benchmark",
    "builtin_policies",
    "cube_decision",
    "cubeless_equity",
    "encode",
    "encodings",
    "evaluate",
    "evaluate_boards",
    "feature_groups",
    "hint",
    "input_bounds",
    "pubeval_scores",
    "read_checkpoint",
    "td_errors",
    "train_net_set",
    "train_supervised",
    "train_td",
]
