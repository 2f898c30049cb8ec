"""Showing things to people: text diagrams of positions, what an ID holds beside the board,
and the Turkish names of rolls and terms."""

from .names import roll_label, roll_name, term_label
from .text import id_state_lines, text_board

__all__ = ["id_state_lines", "roll_label", "roll_name", "term_label", "text_board"]
