"""Extract the checker plays of GNU Backgammon analysis exports into tests/data.

Reads gnubg's "export match text" files (shared/realdata: bglab's 4-ply analyses and
gnubg-scripts' output) and writes one JSON line per analysed checker play: the Position ID,
the roll, the play chosen in the match, and every candidate play gnubg listed, all in
gnubg's display notation.  Usage: python dev/extract_gnubg_analysis.py ../shared/realdata
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

POSITION_ID = re.compile(r"Position ID: (\S{14})")
ROLLED = re.compile(r"Rolled (\d)(\d)")
PLAYED = re.compile(r"^\* \S+ moves (.*?)\s*$")
CANDIDATE = re.compile(r"^\*?\s+\d+\. .*?ply\s+(.*?)\s+Eq\.:")


def analysed_plays(path: Path) -> list[dict]:
    records: list[dict] = []
    record: dict | None = None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if match := POSITION_ID.search(line):
            record = {"source": path.name, "position_id": match[1], "dice": None, "played": None,
                      "candidates": []}
            records.append(record)
        elif record is None:
            continue
        elif (match := ROLLED.search(line)) and record["dice"] is None:
            record["dice"] = [int(match[1]), int(match[2])]
        elif match := PLAYED.match(line):
            record["played"] = match[1]
        elif (match := CANDIDATE.match(line)) and record["dice"]:
            record["candidates"].append(match[1])
    return [r for r in records if r["dice"] and r["played"] is not None]


def main(realdata: Path) -> None:
    files = sorted(realdata.glob("lassehjorthmadsen__bglab/data-raw/*/analyzed/*/*.txt"))
    files += sorted(realdata.glob("lassehjorthmadsen__gnubg-scripts/output/*.txt"))
    out = Path(__file__).parent.parent / "tests" / "data" / "gnubg_analysis.jsonl"
    with out.open("w") as handle:
        for path in files:
            for record in analysed_plays(path):
                handle.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
