"""Compare tavla's match analysis with GNU Backgammon's on real match files (docs/analysis.rst).

For each file, gnubg (a separate program) analyses it at --plies and prints its statistics
(tests/helpers/gnubg_analysis.py), and tavla.analysis.analyse does the same with its default
net.  Reports per player both checker-play error rates (mEMG per unforced move), whether
they agree within max(1.5 mEMG, 25%), whether both name the same better player, the share
of unforced plays where both find the same best play, and each program's CPU seconds.
Usage: python dev/compare_analysis_gnubg.py [--plies 2] [--files 20] [--seed 1] [PATHS...]
(the files are drawn from ../shared/realdata when no PATHS are given).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

from tavla.analysis import analyse  # noqa: E402
from tavla.replay.sgf_analysis import replay_sgf_analysis  # noqa: E402
from tests.helpers.gnubg_analysis import gnubg_analyse  # noqa: E402

SHARED = Path(__file__).parents[2] / "shared" / "realdata"
RATE = "Error rate mEMG (MWC)"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def candidates(count: int, seed: int) -> list[Path]:
    """Match files of 3 to 9 points from the shared real data, drawn by seed."""
    files = sorted(p for p in SHARED.rglob("*") if p.suffix in (".txt", ".mat") and p.is_file())
    random.Random(seed).shuffle(files)
    chosen = []
    for path in files:
        text = path.read_text(errors="replace")
        if " point match" not in text or "Move number" in text:  # no analysis exports
            continue
        length = next(
            (int(w) for line in text.splitlines() if "point match" in line
             for w in line.split()[:1] if w.isdigit()), 0,
        )  # fmt: skip
        if 3 <= length <= 9 and text.count("\n") < 200:
            chosen.append(path)
        if len(chosen) == count:
            break
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--plies", type=int, default=2)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write the per-file figures here")
    args = parser.parse_args()
    paths = args.paths or candidates(args.files, args.seed)
    rows = []
    agree = players = same_better = same_best = unforced = 0
    gnubg_cpu = tavla_cpu = 0.0
    for path in paths:
        with tempfile.TemporaryDirectory() as folder:
            sgf = Path(folder) / "analysed.sgf"
            before = children_cpu()
            theirs = gnubg_analyse(path, args.plies, sgf)
            gnubg_seconds = children_cpu() - before
            _, gnubg_decisions = replay_sgf_analysis(sgf)
        start = time.process_time()
        ours = analyse(path, plies=args.plies)
        tavla_seconds = time.process_time() - start
        gnubg_cpu += gnubg_seconds
        tavla_cpu += tavla_seconds
        their_rates = [abs(v) for v in theirs.checker[RATE]]
        our_rates = [p.checker.error_rate for p in ours.players]
        for a, b in zip(our_rates, their_rates, strict=True):
            players += 1
            agree += abs(a - b) <= max(1.5, 0.25 * b)
        same_better += (our_rates[0] < our_rates[1]) == (their_rates[0] < their_rates[1])
        plays = [p for p in ours.plays if not p.forced]
        gnubg_plays = [d for d in gnubg_decisions if d.kind == "play" and d.best is not None]
        by_position = {(d.position_id, d.dice and tuple(sorted(d.dice))): d for d in gnubg_plays}
        matched = 0
        for play in plays:
            key = (play.position.position_id, tuple(sorted(play.dice)))
            decision = by_position.get(key)
            if decision is None:
                continue
            matched += 1
            same_best += decision.best == play.best.play.notation
        unforced += matched
        row = {
            "file": str(path),
            "tavla": our_rates,
            "gnubg": their_rates,
            "tavla_cpu": tavla_seconds,
            "gnubg_cpu": gnubg_seconds,
            "plays": len(ours.plays),
        }
        rows.append(row)
        print(
            f"{path.name[:40]:<40} tavla {our_rates[0]:5.1f} {our_rates[1]:5.1f}"
            f"  gnubg {their_rates[0]:5.1f} {their_rates[1]:5.1f}"
            f"  cpu {tavla_seconds:5.1f} s / {gnubg_seconds:5.1f} s",
            flush=True,
        )
    print(
        f"{agree} of {players} players within max(1.5 mEMG, 25%); better player the same in"
        f" {same_better} of {len(paths)} matches; the same best play in {same_best} of"
        f" {unforced} unforced plays ({100 * same_best / max(unforced, 1):.1f}%);"
        f" CPU tavla {tavla_cpu:.1f} s, gnubg {gnubg_cpu:.1f} s"
    )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
