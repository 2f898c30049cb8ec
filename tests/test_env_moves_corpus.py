"""The single-move actions (``action="move"``) against the whole move-generation corpus
(tests/data/movegen.jsonl, as tests/test_movegen_corpus.py reads it): from each line's position
and roll, a search over copies of the AEC environment (``copy.deepcopy``, as a tree search
makes them) through every masked move reaches exactly the line's results. So every sequence
of masked moves ends in a legal play (R7-R13, and R9: both dice if possible, else the larger;
as many of a double as possible) and every legal play is reachable."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import numpy as np
import pytest

from tavla import Position
from tavla.env import PASS, aec_env, move_action
from tavla.env.aec import BackgammonAEC

CORPUS = Path(__file__).parent / "data" / "movegen.jsonl"
LINES = [json.loads(line) for line in CORPUS.read_text().splitlines()]


def reached_results(env: BackgammonAEC) -> tuple[set[str], int]:
    """The Position IDs (seen by the opponent) of every end of the turn that the masked moves
    reach from ``env``, and how many moves were tried. Copies at the same position with the
    same dice left are searched once (the moves that led there differ only in order)."""
    results: set[str] = set()
    searched: set[tuple[bytes, tuple[int, ...]]] = set()
    mover = env.agent_selection
    tried = 0

    def search(state: BackgammonAEC) -> None:
        nonlocal tried
        for action in np.flatnonzero(state.observe(mover)["action_mask"]):
            tried += 1
            child = copy.deepcopy(state)
            child.step(int(action))
            if child.is_over or child.agent_selection != mover:  # the turn is played
                results.add(child.position.position_id)
                continue
            key = (child.position.key, child.dice_left)
            if key not in searched:
                searched.add(key)
                search(child)

    search(env)
    return results, tried


def corpus_chunk(index: int, chunks: int) -> list[dict]:
    return LINES[index::chunks]


@pytest.mark.parametrize("chunk", range(4))
def test_the_masked_moves_reach_exactly_the_legal_plays(chunk: int) -> None:
    env = aec_env(action="move")
    mismatches = []
    for line in corpus_chunk(chunk, 4):
        env.reset(seed=0, options={"position": line["position_id"], "dice": line["dice"]})
        assert env.agent_selection == "player_0" and env.dice == tuple(line["dice"])
        results, _ = reached_results(env)
        if sorted(results) != line["results"]:
            mismatches.append((line["position_id"], line["dice"], len(results), line["plays"]))
    assert mismatches == []


def test_a_forced_pass_is_the_only_action() -> None:
    line = next(line for line in LINES if line["plays"] == 0)
    env = aec_env(action="move")
    env.reset(options={"position": line["position_id"], "dice": line["dice"]})
    mask = env.observe("player_0")["action_mask"]
    assert np.flatnonzero(mask).tolist() == [PASS]


def test_only_the_larger_die_when_one_die_can_be_played() -> None:
    # R9: the lone checker on the 24-point moves 6 (to 18) or 5 (to 19), but then the other
    # die would land on the 13-point, which the opponent holds: either die but not both, so
    # the 6 must be played, and the mask offers 24/18 only.
    board = np.zeros((2, 26), np.int8)
    board[0, 24], board[0, 0] = 1, 14
    board[1, 25 - 13], board[1, 0] = 2, 13
    position = Position(board)
    assert [play.notation for play in position.legal_plays("65")] == ["24/18"]
    env = aec_env(action="move")
    env.reset(options={"position": position.position_id, "dice": "65"})
    mask = env.observe("player_0")["action_mask"]
    assert np.flatnonzero(mask).tolist() == [move_action(24, 6)]
    env.step(move_action(24, 6))
    assert env.agent_selection == "player_1"  # one die was all the turn could play
    assert env.position.swapped().board[0, 18] == 1
