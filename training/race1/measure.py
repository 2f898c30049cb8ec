"""Variance-reduced rollouts of a few positions by each policy given: equity, its standard
error, the per-game SD (SE x sqrt(games)) and the CPU seconds, one thread (the least of
three runs, which give the same games: the machine is shared).

    python training/race1/measure.py net:tavla218-128 net:training/nets/race1-set.npz
"""

import json
import math
import sys
import time

import tavla

POSITIONS = {
    "d+YwDADbbWMAAA": "race (the brief's)",
    "4HPwARLgc/ABMA": "contact",
}
GAMES = 1296
extra = [a for a in sys.argv[1:] if not a.startswith("net:")]
for pid in extra:
    POSITIONS[pid] = "race (held out)"
rows = []
for pid, kind in POSITIONS.items():
    position = tavla.Position.from_position_id(pid)
    for policy in (a for a in sys.argv[1:] if a.startswith("net:")):
        tavla.rollout(position, policy, 36, threads=1, truncate_bearoff="one-sided", progress=False)
        cpu = math.inf
        for _ in range(3):
            began = time.process_time()
            r = tavla.rollout(
                position, policy, GAMES, threads=1, truncate_bearoff="one-sided", progress=False
            )
            cpu = min(cpu, time.process_time() - began)
        sd = r.equity_std_error * math.sqrt(GAMES)
        rows.append(
            {
                "position": pid,
                "kind": kind,
                "policy": policy,
                "equity": r.equity,
                "se": r.equity_std_error,
                "sd": sd,
                "cpu": cpu,
            }
        )
        print(
            f"{pid} {kind:20s} {policy:40s} eq {r.equity:+.4f} SE {r.equity_std_error:.5f} "
            f"SD/game {sd:.4f} CPU {cpu:.2f} s",
            flush=True,
        )
print(json.dumps(rows))
