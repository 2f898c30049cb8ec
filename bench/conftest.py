"""Shared inputs for the benchmarks: the move-generation corpus as boards and rolls."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tavla import Position

CORPUS = Path(__file__).parent.parent / "tests" / "data" / "movegen.jsonl"


@pytest.fixture(scope="session")
def corpus() -> tuple[list[Position], list[tuple[int, int]], np.ndarray, np.ndarray]:
    """(positions, rolls, boards (N, 2, 26) int8, dice (N, 2) int64) of the corpus."""
    lines = [json.loads(line) for line in CORPUS.open()]
    positions = [Position.from_position_id(line["position_id"]) for line in lines]
    rolls = [tuple(line["dice"]) for line in lines]
    boards = np.stack([p.board for p in positions])
    dice = np.array(rolls, dtype=np.int64)
    return positions, rolls, boards, dice
