"""Compare tavla's cubeful values of plays (tavla.eval.play_values) with GNU Backgammon's
0-ply cubeful hint, and write the cases as test data.

For positions from seeded random games, rolls and money and match contexts, asks gnubg (a
separate program, over a pipe: ``gnubg -t -q``) for its 0-ply hint, feeds the cubeless
probabilities it printed for each play to tavla's play values, and reports how far the
cubeful equities (EMG in a match) differ.  ``--write FILE`` saves one JSON line a case (the
GNUbg ID, the roll, and per play its notation, gnubg's probabilities and cubeful equity).
Usage: python dev/compare_play_values_gnubg.py [--gnubg PATH] [--positions 24] [--write F]
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import numpy as np
from compare_cube_gnubg import CONTEXTS, gnubg_output, positions  # beside this script

import tavla
from tavla.board.position import find_play
from tavla.eval.play_values import play_values
from tavla.formats.gnubg import MatchId

CANDIDATE = re.compile(
    r"^\s*\d+\. Cubeful 0-ply\s+(?P<play>.+?)\s+Eq\.:\s+(?P<equity>[+-]?[\d.]+)"
    r"(?: \([+-][\d.]+\))?\s*\n\s+(?P<p>[\d.]+) (?P<wg>[\d.]+) (?P<wbg>[\d.]+) - [\d.]+"
    r" (?P<lg>[\d.]+) (?P<lbg>[\d.]+)",
    re.MULTILINE,
)


def gnubg_hint(gnubg: str, gnubg_id: str, length: int) -> list[dict[str, object]]:
    """gnubg's 0-ply cubeful hint: each play's notation, probabilities and equity."""
    out = gnubg_output(gnubg, gnubg_id, length, "hint 40", ("set output mwc off",))
    return [
        {
            "play": found["play"],
            "probabilities": [float(found[key]) for key in ("p", "wg", "wbg", "lg", "lbg")],
            "equity": float(found["equity"]),
        }
        for found in CANDIDATE.finditer(out)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gnubg", default="/usr/games/gnubg")
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--write", type=Path)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    cases, worst = [], 0.0
    for index, position in enumerate(positions(args.positions, args.seed)):
        length, score, value, owner = CONTEXTS[index % len(CONTEXTS)]
        dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
        match_id = MatchId(cube_value=value, cube_owner=owner, match_length=length,
                           score=score, jacoby=not length, dice=dice)  # fmt: skip
        gnubg_id = f"{position.position_id}:{match_id}"
        plays = gnubg_hint(args.gnubg, gnubg_id, length)
        if len(plays) < 2:
            continue
        if length:
            context = tavla.CubeContext.for_match(length, score, cube=value, owner=owner)
        else:
            context = tavla.CubeContext.money(value, owner)
        ours = play_values(
            [find_play(position, dice, str(play["play"])).position for play in plays],
            np.array([play["probabilities"] for play in plays]),
            context,
        )
        difference = max(
            abs(value.equity - float(play["equity"]))  # type: ignore[arg-type]
            for value, play in zip(ours, plays, strict=True)
        )
        worst = max(worst, difference)
        where = f"{length}-point {score[0]}-{score[1]}" if length else "money"
        print(f"{gnubg_id}  {dice}  {where:<14} cube {value} {owner}  {difference:.5f}")
        cases.append({"gnubg_id": gnubg_id, "dice": list(dice), "plays": plays[:6]})
    print(f"{len(cases)} cases; largest difference {worst:.5f}")
    if args.write:
        args.write.write_text("".join(json.dumps(case) + "\n" for case in cases))


if __name__ == "__main__":
    main()
