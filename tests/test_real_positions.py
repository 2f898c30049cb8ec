"""Real positions: every checker play GNU Backgammon analysed in real matches.

tests/data/gnubg_analysis.jsonl holds 2,197 plays from 50 gnubg analysis exports of real
online matches (see tests/data/README.md).  For each, the play chosen in the match and every
candidate gnubg listed must be a legal play here, written exactly as gnubg writes it.
"""

from __future__ import annotations

import json
from pathlib import Path

from tavla import Position

RECORDS = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "gnubg_analysis.jsonl").read_text().splitlines()
]


def test_excerpt_size() -> None:
    assert len(RECORDS) == 2197
    assert sum(len(record["candidates"]) for record in RECORDS) == 9212


def test_played_and_candidate_plays_are_legal_and_written_alike() -> None:
    unknown = []
    for record in RECORDS:
        position = Position.from_position_id(record["position_id"])
        notations = {play.notation for play in position.legal_plays(record["dice"])}
        for text in [record["played"], *record["candidates"]]:
            if text not in notations:
                unknown.append((record["source"], record["position_id"], record["dice"], text))
    assert unknown == []
