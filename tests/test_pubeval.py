"""pubeval: the shared test vectors (scores, race flags, chosen plays), the NumPy version in
examples/ against the built-in one, and pubeval against random."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tavla
from tavla import Position
from tavla.eval.pubeval import pubeval_scores
from tests.helpers.examples import EXAMPLES, load_example

VECTORS = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "pubeval" / "vectors.jsonl")
    .read_text()
    .splitlines()
]
SCORES = [v for v in VECTORS if "score" in v]
CHOICES = [v for v in VECTORS if "best_after" in v]
numpy_pubeval = load_example("numpy_pubeval")


def as_candidates(after: list[list[int]]) -> np.ndarray:
    """One after-position (row 0 the mover) in the policy convention (the opponent in row 0)."""
    return np.array(after, dtype=np.int8)[np.newaxis, ::-1]


def test_vector_counts() -> None:
    assert (len(SCORES), len(CHOICES)) == (30, 23)


@pytest.mark.parametrize("vector", SCORES, ids=[v["note"] for v in SCORES])
def test_score_vectors(vector: dict) -> None:
    before = Position(vector["before"])
    assert before.is_race == vector["race"]
    assert pubeval_scores(before, as_candidates(vector["after"]))[0] == pytest.approx(
        vector["score"], abs=1e-4
    )


@pytest.mark.parametrize("vector", SCORES, ids=[v["note"] for v in SCORES])
def test_numpy_inputs_and_scores(vector: dict) -> None:
    after = np.array(vector["after"], dtype=np.int8)[np.newaxis]
    inputs = numpy_pubeval.pubeval_inputs(after)[0]
    nonzero = [[int(i), float(inputs[i])] for i in np.flatnonzero(inputs)]
    assert nonzero == vector["nonzero_inputs"]
    before = np.array(vector["before"], dtype=np.int8)[np.newaxis]
    score = numpy_pubeval.NumpyPubeval().score_turns(
        as_candidates(vector["after"]), before, np.array([0, 1])
    )
    assert score[0] == pytest.approx(vector["score"], abs=1e-4)


@pytest.mark.parametrize("vector", CHOICES, ids=[v["note"] for v in CHOICES])
def test_choice_vectors(vector: dict) -> None:
    position = Position(vector["position"])
    assert position.is_race == vector["race"]
    plays = position.legal_plays(vector["dice"])
    assert len(plays) == vector["plays"]
    candidates = np.stack([play.position.board for play in plays])
    best_after = np.array(vector["best_after"], dtype=np.int8)
    for scores in (
        pubeval_scores(position, candidates),
        numpy_pubeval.NumpyPubeval().score_turns(
            candidates, position.board[np.newaxis], np.array([0, len(plays)])
        ),
    ):
        best = int(np.argmax(scores))
        assert np.array_equal(candidates[best][::-1], best_after)
        assert scores[best] == pytest.approx(vector["best_score"], abs=1e-4)


def test_weights_are_the_original_numbers() -> None:
    race, contact = tavla.eval.pubeval.pubeval_weights()
    # First and last numbers of WT.race and WT.cntc (shared/data/pubeval/*.txt).
    assert (race[1], race[120], race[121]) == (-0.17160, 0.00000, 3.42040)
    assert contact[0] == 0.25696
    assert np.all(race[0:120:5] == 0.0)  # no opponent blot matters in a race


def test_numpy_pubeval_plays_like_the_builtin() -> None:
    builtin = tavla.selfplay("pubeval", 600, seed=11)
    numpy = tavla.selfplay(numpy_pubeval.NumpyPubeval(), 600, seed=11, batch=100)
    for name in ("winner", "kind", "first", "plies"):
        assert np.array_equal(getattr(builtin, name), getattr(numpy, name)), name


def test_pubeval_scores_rejects_bad_boards() -> None:
    with pytest.raises(tavla.InvalidPositionError):
        pubeval_scores(Position.initial(), np.zeros((1, 2, 25), dtype=np.int8))
    with pytest.raises(tavla.InvalidPositionError, match="board 0"):
        pubeval_scores(Position.initial(), np.zeros((1, 2, 26), dtype=np.int8))


def test_the_numpy_pubeval_example_prints_the_agreement() -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(tavla.__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "numpy_pubeval.py")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "NumPy pubeval and the built-in pubeval, 400 games of seed 1:",
        "  the same winner, result and length in 400 of 400 games",
        "  duplicate duel, NumPy against built-in: +0.0000 points per game",
    ]
