"""The example that learns (examples/train_vector_env.py), in short: TD(0) on afterstates in
NumPy against the random opponent on tavla.env.VectorEnv, 4,000 games, then a duplicate duel
against random."""

from __future__ import annotations

from tests.helpers.examples import load_example


def test_the_example_learns_to_beat_random() -> None:
    example = load_example("train_vector_env")
    _, (before, after) = example.train(games=4000, checkpoints=2, duel_games=1000, seed=1)
    assert before.games == 0 and after.games >= 4000
    # Untrained, every value is 0.5 and the first legal play is made: better than random
    # already; trained, it wins nearly every game, and clearly more than before.
    assert after.ci[0] > before.ci[1]
    assert after.win_rate > 0.9 and after.ci[0] > 1.5
