"""Fuzzing the readers (nets, bear-off databases, MET files, SGF, gnubg's analysis text, UBGI)
with Hypothesis: a valid input is damaged at random (bytes changed, inserted, cut out, the end
cut off), and the reader must either read it or raise a tavla error, nothing else.

The suite runs a few examples of each, derandomized (the same every run).  The long run:
``TAVLA_FUZZ_EXAMPLES=5000 python -m pytest -q -k fuzz tests``, random and that many examples
a reader.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

_LONG_RUN = os.environ.get("TAVLA_FUZZ_EXAMPLES")

F = TypeVar("F", bound=Callable[..., object])


def fuzz_settings(examples: int) -> Callable[[F], F]:
    """``examples`` examples, derandomized, in the suite; ``$TAVLA_FUZZ_EXAMPLES`` random
    ones in the long run."""
    chosen = settings(
        max_examples=int(_LONG_RUN) if _LONG_RUN else examples,
        derandomize=not _LONG_RUN,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )
    return chosen  # type: ignore[return-value]


_TRICKY = (b"9" * 5000, b"1" * 12, b"[" * 300, b"]", b"\\", b"(", b";", b"????", b"\x00", b"\xff")
"""Chunks readers have tripped on: numbers too long to convert, deep nesting, escapes, NUL."""

_NUMBERS = (b"9" * 5000, b"1" * 31, b"40000", b"0", b"00000000007")
"""What a number of the file may become: too long to convert, too large, zero."""

_EDIT = st.tuples(
    st.sampled_from(["replace", "insert", "delete", "number"]),
    st.floats(0, 1, exclude_max=True),
    st.one_of(st.binary(min_size=1, max_size=8), st.sampled_from(_TRICKY)),
)


@st.composite
def damaged(draw: st.DrawFn, data: bytes, focus: tuple[int, int] | None = None) -> bytes:
    """``data`` with 1 to 8 random edits (bytes changed, inserted or cut out, a number made
    another), maybe its end cut off.  With ``focus`` = (head,
    tail), edits fall in the first ``head`` or the last ``tail`` bytes (where a zip keeps its
    headers and its central directory), not in the bulk of a large file."""
    out = bytearray(data)
    for kind, where, chunk in draw(st.lists(_EDIT, min_size=1, max_size=8)):
        size = len(out)
        if focus is not None and size > sum(focus):
            head, tail = focus
            at = int(where * (head + tail))
            at = at if at < head else size - tail + (at - head)
        else:
            at = int(where * max(size, 1))
        if kind == "number":  # a run of digits made another number
            runs = list(re.finditer(rb"\d+", out))
            if runs:
                run = runs[int(where * len(runs))]
                out[run.start() : run.end()] = _NUMBERS[len(chunk) % len(_NUMBERS)]
        elif kind == "replace":
            out[at : at + len(chunk)] = chunk
        elif kind == "insert":
            out[at:at] = chunk
        else:
            del out[at : at + len(chunk)]
    if draw(st.booleans()) and draw(st.booleans()):
        out = out[: draw(st.integers(0, len(out)))]
    return bytes(out)


def damaged_text(text: str) -> st.SearchStrategy[str]:
    """``text`` damaged as :func:`damaged` does its UTF-8 bytes, read back with errors
    replaced."""
    return damaged(text.encode()).map(lambda raw: raw.decode("utf-8", "replace"))


def read_or_refuse(
    read: Callable[[Path], object], content: bytes, error: type[Exception], path: Path
) -> None:
    """Write ``content`` to ``path`` and ``read`` it: it may succeed or raise ``error``; any
    other exception fails the test."""
    path.write_bytes(content)
    try:
        read(path)
    except error:
        pass
