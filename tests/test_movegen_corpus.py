"""Acceptance test for legal plays: the whole GNU Backgammon-agreed corpus (tests/data)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tavla import Position, legal_results

CORPUS = Path(__file__).parent / "data" / "movegen.jsonl"


def corpus_lines() -> list[dict]:
    with CORPUS.open() as handle:
        return [json.loads(line) for line in handle]


LINES = corpus_lines()


def test_corpus_is_complete() -> None:
    # The corpus README's figures: 4,329 lines, 100,727 resulting positions of real plays;
    # the 394 lines where nothing moves add one unchanged result each.
    assert len(LINES) == 4329
    assert sum(line["plays"] for line in LINES) == 100_727
    assert sum(1 for line in LINES if line["plays"] == 0) == 394
    assert sum(len(line["results"]) for line in LINES) == 100_727 + 394


def test_every_line_through_legal_plays() -> None:
    mismatches = []
    for line in LINES:
        position = Position.from_position_id(line["position_id"])
        plays = position.legal_plays(line["dice"])
        forced_pass = len(plays) == 1 and plays[0].is_pass
        count = 0 if forced_pass else len(plays)
        results = sorted(play.position.position_id for play in plays)
        if count != line["plays"] or results != line["results"]:
            mismatches.append((line["position_id"], line["dice"], count, line["plays"]))
    assert mismatches == []


def test_every_line_through_the_batch() -> None:
    boards = np.stack([Position.from_position_id(line["position_id"]).board for line in LINES])
    dice = np.array([line["dice"] for line in LINES])
    results, offsets = legal_results(boards, dice)
    assert results.dtype == np.int8 and offsets.dtype == np.int64
    assert offsets.shape == (len(LINES) + 1,) and offsets[0] == 0
    assert results.shape == (offsets[-1], 2, 26)
    for i, line in enumerate(LINES):
        got = sorted(Position(board).position_id for board in results[offsets[i] : offsets[i + 1]])
        assert got == line["results"], (line["position_id"], line["dice"])


@pytest.mark.parametrize(
    ("position_id", "dice", "count"),
    [("vwAAAKc1AAAAAA", (2, 2), 19), ("Pz0AAGDfNgAAAA", (1, 1), 68)],
)
def test_doubles_in_the_bear_off(position_id: str, dice: tuple[int, int], count: int) -> None:
    assert len(Position.from_position_id(position_id).legal_plays(dice)) == count


def test_forced_play() -> None:
    # The 6 can only be played 8/2 and the 2 only 24/22: one play, written from the
    # highest starting point.
    plays = Position.from_position_id("8N4ZAAbg/xMAIA").legal_plays((6, 2))
    assert len(plays) == 1
    assert sorted(plays[0].moves) == [(8, 2), (24, 22)]
    assert plays[0].notation == "24/22 8/2"
