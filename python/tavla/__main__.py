"""``python -m tavla``: the same command line as the ``tavla`` script (a Ctrl-C while it loads
ends it quietly once the package itself is loaded, as Python loads it first)."""

from _tavla_entry import main

main()
