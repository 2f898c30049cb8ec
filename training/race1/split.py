"""The race positions of gen1 and gen1b, deduplicated, split into training positions
(positions.npz) and 1,000 held-out test positions (test-positions.npz), seed 1."""

import numpy as np

from tavla.eval.classes import CLASSES, classify
from tavla.eval.data import SOURCES, Positions, load_positions, save_positions

RACE = CLASSES.index("race")
boards, sources = [], []
for name in ("gen1", "gen1b"):
    made = load_positions(f"training/{name}/positions.npz")
    keep = made.classes == RACE
    boards.append(made.boards[keep])
    sources.append(made.sources[keep])
allb, alls = np.concatenate(boards), np.concatenate(sources)
_, first = np.unique(allb.reshape(len(allb), -1), axis=0, return_index=True)
first = np.sort(first)
allb, alls = allb[first], alls[first]
assert (classify(allb) == RACE).all()
order = np.random.default_rng(1).permutation(len(allb))
test, train = np.sort(order[:1000]), np.sort(order[1000:])
for rows, path in ((train, "positions.npz"), (test, "test-positions.npz")):
    b = np.ascontiguousarray(allb[rows])
    meta = {
        "made": "training/race1/split.py: the race positions of gen1 and gen1b, deduplicated",
        "part": "test (1,000 held out, seed 1)" if path.startswith("test") else "training",
    }
    save_positions(f"training/race1/{path}", Positions(b, classify(b), alls[rows], meta))
    print(
        path,
        len(b),
        {s: int((alls[rows] == i).sum()) for i, s in enumerate(SOURCES)},
    )
print("before dedup", sum(len(b) for b in boards), "after", len(allb))
