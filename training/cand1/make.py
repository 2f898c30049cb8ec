"""The TOP best plays (by tavla229-256 at 0-ply) of a random roll of N positions of a positions
file, as a positions file of contact and crashed positions (issue 22, training/README.md):
python training/cand1/make.py POSITIONS.npz N TOP OUT.npz"""

import sys

import numpy as np

import tavla
from tavla.eval import cubeless_equity, evaluate_boards
from tavla.eval.data import Positions, classify, save_positions

source, n, top, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
d = np.load(source)
rng = np.random.default_rng(71)
pick = rng.permutation(len(d["boards"]))[:n]
boards = d["boards"][pick]
dice = rng.integers(1, 7, size=(n, 2))
kept = []
for start in range(0, n, 10000):
    results, offsets = tavla.legal_results(
        boards[start : start + 10000], dice[start : start + 10000]
    )
    over = results[:, 1, 0] == 15  # the side that played has borne off all 15
    values = evaluate_boards(np.where(over[:, None, None], boards[:1], results), "net:tavla229-256")
    mover = np.where(over, 3.0, -cubeless_equity(values))  # the side that played
    for i in range(len(offsets) - 1):
        a, b = offsets[i], offsets[i + 1]
        if b - a < 2:
            continue  # a forced play teaches no ranking
        if over[a:b].any():
            continue
        order = np.argsort(-mover[a:b], kind="stable")[:top]
        kept.append(results[a + order])
    print(start, sum(len(k) for k in kept), flush=True)
cands = np.concatenate(kept)
cands = np.unique(cands, axis=0)
cands = cands[np.random.default_rng(72).permutation(len(cands))]
classes = classify(cands)
keep = classes <= 1  # contact and crashed only
cands, classes = cands[keep], classes[keep]
save_positions(
    out,
    Positions(
        cands,
        classes.astype(np.int8),
        np.full(len(cands), 2, np.int8),
        {"made": "top candidates of " + source, "top": top},
    ),
)
print(len(cands), np.bincount(classes))
