"""The net set of race1: tavla218-128 for contact and crashed positions, the race net given
for races (bear-offs: the database, as for any net).

    python training/race1/make_set.py RACE_NET OUT
"""

import sys

import numpy as np

from tavla.eval import Net, NetSet, nets

race = Net.load(sys.argv[1])
contact = nets.load("tavla218-128")
metadata = {
    "members": {
        "contact": "tavla218-128 (shipped)",
        "crashed": "tavla218-128 (shipped)",
        "race": f"{sys.argv[1]}: supervised on training/race1 (see training/README.md)",
    },
    "race": race.metadata,
}
made = NetSet({"contact": contact, "race": race}, metadata=metadata)
np.savez_compressed(sys.argv[2], format=np.array(made.FORMAT), **made.to_arrays())
again = Net.load(sys.argv[2])
assert again == made
print(again, sys.argv[2])
