"""The move-generation corpus (tests/data/movegen.jsonl) as boards and rolls: the input of the
batch move-generation benchmarks (conftest.py) and of bench/peers.py's batch measurement."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from tavla import Position

CORPUS = Path(__file__).parent.parent / "tests" / "data" / "movegen.jsonl"


def corpus_lines() -> list[dict]:
    """The corpus's records, one a line."""
    return [json.loads(line) for line in CORPUS.read_text().splitlines()]


def load_corpus() -> tuple[list[Position], list[tuple[int, int]], np.ndarray, np.ndarray]:
    """(positions, rolls, boards (N, 2, 26) int8, dice (N, 2) int64) of the corpus."""
    lines = corpus_lines()
    positions = [Position.from_position_id(line["position_id"]) for line in lines]
    rolls = [tuple(line["dice"]) for line in lines]
    boards = np.stack([p.board for p in positions])
    dice = np.array(rolls, dtype=np.int64)
    return positions, rolls, boards, dice
