"""Nets judged on the held-out race positions (test-rollouts/): the divergence (cross-entropy
of the five outputs less the targets' own entropy, as training reports it), and the cubeless
equity's RMS and mean absolute error against the rollouts (their own noise included).

    python training/race1/compare.py net:tavla218-128 training/nets/race1-race205-128.npz
"""

import sys

import numpy as np

from tavla.eval.data import load_training_data
from tavla.eval.evaluators import cubeless_equity, resolve_net

EPS = 1e-7
data = load_training_data("training/race1/test-rollouts")
t = data.targets.astype(np.float64)
target_equity = cubeless_equity(t)


def divergence(p: np.ndarray) -> float:
    p = np.clip(p, EPS, 1 - EPS)
    tt = np.clip(t, EPS, 1 - EPS)
    ce = -(t * np.log(p) + (1 - t) * np.log(1 - p))
    h = -(t * np.log(tt) + (1 - t) * np.log(1 - tt))
    return float((ce - h).sum(axis=1).mean())


print(
    f"{len(data)} test positions; rollout equity SE (RMS of the win output's x2): "
    f"{np.sqrt(np.mean((2 * data.std_errors[:, 0]) ** 2)):.4f}"
)
print(f"{'net':50s} {'divergence':>10s} {'eq RMSE':>8s} {'eq MAE':>8s}")
for name in sys.argv[1:]:
    net = resolve_net(name if name.startswith("net:") else f"net:{name}")
    p = net.evaluate(data.boards)
    e = cubeless_equity(p)
    err = e - target_equity
    rmse, mae = np.sqrt(np.mean(err**2)), np.mean(np.abs(err))
    print(f"{name:50s} {divergence(p):10.5f} {rmse:8.4f} {mae:8.4f}")
