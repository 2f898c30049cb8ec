"""tavla."""
