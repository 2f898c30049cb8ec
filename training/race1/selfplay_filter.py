"""selfplay-positions.npz: the self-play race positions of

    python -m tavla data positions selfplay-all.npz -n 250000 --shares race=1 \
        --disagreement 0 --seed 11 -t 1 --json

less those already in positions.npz or test-positions.npz (so that the test set stays
held out)."""

import sys

import numpy as np

from tavla.eval.data import Positions, load_positions, save_positions

made = load_positions(sys.argv[1])
seen = {
    b.tobytes()
    for path in ("training/race1/positions.npz", "training/race1/test-positions.npz")
    for b in load_positions(path).boards
}
keep = np.array([b.tobytes() not in seen for b in made.boards])
meta = {
    **made.metadata,
    "filtered": "training/race1/selfplay_filter.py: positions.npz and test-positions.npz left out",
}
kept = Positions(
    np.ascontiguousarray(made.boards[keep]), made.classes[keep], made.sources[keep], meta
)
save_positions("training/race1/selfplay-positions.npz", kept)
print(f"{len(made)} made, {int((~keep).sum())} already there, {len(kept)} kept")
