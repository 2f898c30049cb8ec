"""What several test modules share: hand-drawn boards, what a user can read of a game,
Hypothesis strategies, Ctrl-C on cue, loading the example scripts."""
