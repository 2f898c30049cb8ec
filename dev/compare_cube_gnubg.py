"""Compare tavla's cube model with GNU Backgammon's 0-ply cube analysis (docs/cube.rst).

For positions from seeded random games and a list of money and match contexts, asks gnubg
(a separate program, over a pipe: ``gnubg -t -q``) for its 0-ply cube analysis, feeds the
probabilities it printed to tavla.cube_decision, and reports how far the cubeful equities of
no double and double/take differ.  Usage: python dev/compare_cube_gnubg.py [--gnubg PATH]
[--positions 28] (about a second a position).
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess

import tavla
from tavla.formats.gnubg import MatchId

# (match length, score of players 0 and 1, cube value, owner); player 0 is on roll.
CONTEXTS = [
    (0, (0, 0), 1, None), (0, (0, 0), 2, 0), (7, (0, 0), 1, None), (7, (2, 3), 1, None),
    (7, (4, 4), 2, 0), (5, (3, 1), 1, None), (3, (0, 0), 1, None), (2, (0, 0), 1, None),
    (7, (3, 6), 1, None), (11, (2, 5), 4, 0), (5, (0, 2), 2, 0), (25, (3, 8), 1, None),
]  # fmt: skip
PROBABILITIES = re.compile(r"\n\s+([\d.]+) ([\d.]+) ([\d.]+) - [\d.]+ ([\d.]+) ([\d.]+)")


def positions(count: int, seed: int) -> list[tavla.Position]:
    """Positions of random games, 4 to 30 plays in, the side on roll before its roll."""
    rng = random.Random(seed)
    found: list[tavla.Position] = []
    while len(found) < count:
        position = tavla.Position.initial()
        for _ in range(rng.randrange(4, 30)):
            plays = position.legal_plays((rng.randint(1, 6), rng.randint(1, 6)))
            following = rng.choice(plays).position if plays else position.swapped()
            if following.is_over:
                break
            position = following
        if not position.is_over:
            found.append(position)
    return found


def gnubg_output(
    gnubg: str, gnubg_id: str, length: int, command: str, settings: tuple[str, ...] = ()
) -> str:
    """What gnubg prints for ``command`` at 0-ply (cube and checker play) in the position and
    match (``length`` 0: money) of ``gnubg_id``, both players human, 5 digits, after its
    ``settings`` commands."""
    commands = [
        *settings, "set output digits 5", "set player 0 human",
        "set player 1 human", "set evaluation cubedecision evaluation plies 0",
        "set evaluation chequerplay evaluation plies 0",
        f"new match {length}" if length else "new session",
        f"set gnubgid {gnubg_id}", command,
    ]  # fmt: skip
    return subprocess.run(
        [gnubg, "-t", "-q"], input="\n".join(commands) + "\n", capture_output=True, text=True,
        timeout=120, check=True,
    ).stdout  # fmt: skip


def gnubg_analysis(gnubg: str, gnubg_id: str, length: int) -> tuple[list[float], dict[str, float]]:
    """gnubg's five probabilities and its no double / double, take equities (empty when it
    shows no cube analysis, as where the side may not double)."""
    out = gnubg_output(gnubg, gnubg_id, length, "hint")
    if "Cube analysis" not in out:
        return [], {}
    block = out[out.rindex("Cube analysis") :]
    found = PROBABILITIES.search(block)
    assert found, block
    equities = {}
    for label, key in (
        ("No (?:re)?double", "no_double"),
        ("(?:Re)?[Dd]ouble, take", "double_take"),
    ):
        if equity := re.search(label + r"\s+([+-][\d.]+)", block):
            equities[key] = float(equity.group(1))
    return [float(value) for value in found.groups()], equities


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gnubg", default="/usr/games/gnubg")
    parser.add_argument("--positions", type=int, default=28)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    differences = []
    for index, position in enumerate(positions(args.positions, args.seed)):
        length, score, value, owner = CONTEXTS[index % len(CONTEXTS)]
        match_id = MatchId(cube_value=value, cube_owner=owner, match_length=length,
                           score=score, jacoby=not length)  # fmt: skip
        probabilities, theirs = gnubg_analysis(
            args.gnubg, f"{position.position_id}:{match_id}", length
        )
        if not theirs:
            continue
        if length:
            context = tavla.CubeContext.for_match(length, score, cube=value, owner=owner)
        else:
            context = tavla.CubeContext.money(value, owner)
        ours = tavla.cube_decision(probabilities, context)
        difference = max(
            abs(ours.no_double - theirs["no_double"]),
            abs((ours.double_take or 0.0) - theirs.get("double_take", 0.0)),
        )
        differences.append(difference)
        where = f"{length}-point {score[0]}-{score[1]}" if length else "money"
        print(f"{position.position_id}  {where:<14} cube {value} {owner}  {difference:.5f}")
    within = sum(difference <= 2e-4 for difference in differences)
    print(f"{within} of {len(differences)} within 2e-4; largest {max(differences):.5f}")


if __name__ == "__main__":
    main()
