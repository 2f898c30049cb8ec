"""Showing things to people: text diagrams of positions, what an ID holds beside the board,
SVG pictures of the board (also what notebooks show for positions, games and matches), and
the Turkish names of rolls and terms."""

from . import notebook as notebook
from .names import roll_label, roll_name, term_label
from .svg import board_svg
from .text import id_state_lines, text_board

__all__ = ["board_svg", "id_state_lines", "roll_label", "roll_name", "term_label", "text_board"]
