"""The shipped default evaluator ``tavla229-256`` (python/tavla/eval/nets/): the net set of
``runs/td229x256`` (TD self-play, contact229 inputs, 256 hidden) for contact and crashed
positions and ``nets/race1-race205-128`` (supervised on race1's rollouts) for races, with
the bear-off database where both sides are home. Its metadata is its model card's record:
how each member was made and what the set measured.

    python training/ship_default.py COMMIT
"""

import subprocess
import sys
from pathlib import Path

import numpy as np

from tavla.eval import Net, NetSet

NAME = "tavla229-256"
HERE = Path(__file__).parent
OUT = HERE.parent / "python" / "tavla" / "eval" / "nets" / f"{NAME}.npz"

contact = Net.load(HERE / "runs" / "td229x256.npz")
race = Net.load(HERE / "nets" / "race1-race205-128.npz")
commit = (
    sys.argv[1]
    if len(sys.argv) > 1
    else subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
)
metadata = {
    "name": NAME,
    "command": "python training/ship_default.py",
    "commit": commit,
    "members": {
        "contact": "td229x256: TD(0.7) self-play, contact229 inputs, 256 sigmoid hidden units",
        "crashed": "td229x256 (as contact)",
        "race": "race1-race205-128: supervised on 287,278 race positions rolled out (race1)",
        "bearoff": "the exact bear-off database where both sides are home",
    },
    "contact": {
        "command": (
            "tavla train td229x256.npz --games 4000000 --encoding contact229 --hidden 256 "
            "--alpha 0.1 --alpha-end 0.01 --lambda 0.7 --seed 4 --threads 1 "
            "--checkpoint-every 100000 --duel-every 1000000 --duel-games 4000"
        ),
        **contact.metadata,
    },
    "race": {
        "command": (
            "tavla train race1-race205-128.npz --supervised training/race1/rollouts "
            "--supervised training/race1/selfplay-rollouts --class race --encoding race205 "
            "--hidden 128 --epochs 120 --patience 10 --learning-rate 3e-3 --seed 1 -t 1"
        ),
        **race.metadata,
    },
    "results": {
        "against tavla218-128": "+0.0286 ppg, SE 0.0087 (20,000 duplicate cubeless games, 0-ply)",
        "against pubeval": "+0.5714 ppg, SE 0.0090 (20,000 duplicate cubeless games, 0-ply)",
    },
}
made = NetSet({"contact": contact, "race": race}, metadata=metadata)
np.savez_compressed(OUT, format=np.array(made.FORMAT), **made.to_arrays())
assert Net.load(OUT) == made
print(made, OUT, OUT.stat().st_size, "bytes")
