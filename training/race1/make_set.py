"""The net set of race1: the race net given for races, and for contact and crashed positions
tavla218-128 or the net given (bear-offs: the database, as for any net). Its metadata keeps
each member's own and says where it came from.

    python training/race1/make_set.py RACE_NET OUT [CONTACT_NET]
"""

import sys

import numpy as np

from tavla.eval import Net, NetSet, nets

race_path, out = sys.argv[1], sys.argv[2]
contact_path = sys.argv[3] if len(sys.argv) > 3 else None
race = Net.load(race_path)
contact = Net.load(contact_path) if contact_path else nets.load("tavla218-128")
contact_named = (
    f"{contact_path}: TD(0.7) self-play (see training/README.md)"
    if contact_path
    else "tavla218-128 (shipped)"
)
metadata = {
    "members": {
        "contact": contact_named,
        "crashed": contact_named,
        "race": f"{race_path}: supervised on training/race1 (see training/README.md)",
    },
    "contact": contact.metadata,
    "race": race.metadata,
}
made = NetSet({"contact": contact, "race": race}, metadata=metadata)
np.savez_compressed(out, format=np.array(made.FORMAT), **made.to_arrays())
again = Net.load(out)
assert again == made
print(again, out)
