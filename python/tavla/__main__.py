"""``python -m tavla``: the same command line as the ``tavla`` script."""

from tavla.cli import main

main()
