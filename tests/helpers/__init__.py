"""What several test modules share: hand-drawn boards, Hypothesis strategies, Ctrl-C on cue,
loading the example scripts."""
