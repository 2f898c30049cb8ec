"""Showing things to people: text diagrams of positions and the Turkish names of rolls and
terms."""

from ..board.diagram import text_board
from .names import roll_label, roll_name, term_label

__all__ = ["roll_label", "roll_name", "term_label", "text_board"]
