"""Argument checks shared by the whole package, and safe quotes of user input for messages.

Every check takes the value, a ``name`` for the message (``"the match length"``) and the
``error`` class to raise (a :mod:`tavla.errors` class, normally also a ValueError), and
returns the value normalised to a plain Python type: a NumPy integer becomes an ``int``, a
sequence of two dice a tuple.  Messages quote the offending value with :func:`excerpt`, so
that a huge or unprintable input never makes a huge or failing message.

This module imports only :mod:`tavla.errors`; every layer may use it.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from numbers import Integral, Real
from typing import TypeVar

from .errors import TavlaError

T = TypeVar("T")

ErrorClass = type[TavlaError]

_DIE_FACES = range(1, 7)


def excerpt(text: object, limit: int = 40) -> str:
    """A bounded, printable quote of ``text`` (any user input) for an error message.

    A string (or bytes) longer than ``limit`` is cut to its first ``limit`` characters,
    quoted with ``repr`` (so control characters and lone surrogates show as escapes), then
    followed by ``...`` and its total length: ``'AAAA'... (100000 characters)``.  Another
    object is shown by its ``repr``, cut the same way; an int too long for ``repr`` (Python's
    4,300-digit limit) is described by its size, and a ``repr`` that fails by the type name.
    Never raises.
    """
    if isinstance(text, (str, bytes)):
        if len(text) <= limit:
            return repr(text)
        unit = "characters" if isinstance(text, str) else "bytes"
        return f"{text[:limit]!r}... ({len(text):,} {unit})"
    if isinstance(text, int) and not isinstance(text, bool) and text.bit_length() > 4 * limit:
        return f"<an int of {text.bit_length():,} bits>"
    try:
        shown = repr(text)
    except Exception:  # a repr that fails must not hide the real error
        return f"<{type(text).__name__} object>"
    if len(shown) <= limit:
        return shown
    return f"{shown[:limit]}... ({len(shown):,} characters)"


def is_int(value: object) -> bool:
    """True for a Python or NumPy integer that is not a bool."""
    return isinstance(value, Integral) and not isinstance(value, bool)


def _integer(value: object) -> int | None:
    """``value`` as a plain int when :func:`is_int`, else None."""
    if isinstance(value, Integral) and not isinstance(value, bool):
        return int(value)
    return None


def check_int(
    value: object,
    name: str,
    error: ErrorClass,
    *,
    low: int | None = None,
    high: int | None = None,
) -> int:
    """``value`` as an int, when it is an integer (Python or NumPy, not a bool) within
    ``low .. high`` (either bound may be None).  Raises ``error``: "``name`` must be an int
    from low to high, got ...".
    """
    number = _integer(value)
    if number is not None and (low is None or number >= low) and (high is None or number <= high):
        return number
    raise error(f"{name} must be {_int_range(low, high)}, got {excerpt(value)}")


def check_count(value: object, name: str, error: ErrorClass, *, high: int | None = None) -> int:
    """A count: an int ≥ 0 (at most ``high``), as :func:`check_int`."""
    return check_int(value, name, error, low=0, high=high)


def check_seed(value: object, name: str, error: ErrorClass, *, bits: int = 64) -> int:
    """A seed: an int from 0 to ``2**bits - 1``, as :func:`check_int`."""
    number = _integer(value)
    if number is not None and 0 <= number < 1 << bits:
        return number
    raise error(f"{name} must be an int from 0 to 2**{bits} - 1, got {excerpt(value)}")


def check_real(
    value: object,
    name: str,
    error: ErrorClass,
    low: float,
    high: float = math.inf,
    *,
    open_low: bool = False,
) -> float:
    """``value`` as a float, when it is a finite real number (int or float, not a bool) from
    ``low`` (excluded when ``open_low``) to ``high``.  Raises ``error``: "``name`` must be a
    finite number >= low and <= high, got ..."."""
    try:
        number = (
            float(value) if isinstance(value, Real) and not isinstance(value, bool) else math.nan
        )
    except OverflowError:  # an int too large for a float
        number = math.nan
    if (
        not math.isfinite(number)
        or not (number > low if open_low else number >= low)
        or number > high
    ):
        bounds = f"{'>' if open_low else '>='} {low:g}" + (
            f" and <= {high:g}" if high < math.inf else ""
        )
        raise error(f"{name} must be a finite number {bounds}, got {excerpt(value)}")
    return number


def check_power_of_two(
    value: object, name: str, error: ErrorClass, *, low: int = 1, high: int | None = None
) -> int:
    """An int that is a power of two from ``low`` to ``high`` (cube values, R18-R19)."""
    number = _integer(value)
    if number is not None and number >= low and (high is None or number <= high):
        if number & (number - 1) == 0:
            return number
    bounds = f"≥ {low}" if high is None else f"from {low} to {high}"
    raise error(f"{name} must be a power of two {bounds}, got {excerpt(value)}")


def check_player(value: object, name: str, error: ErrorClass) -> int:
    """A player number: 0 or 1 (an int or NumPy int, not a bool)."""
    number = _integer(value)
    if number in (0, 1):
        return number
    raise error(f"{name} must be 0 or 1, got {excerpt(value)}")


def check_optional_player(value: object, name: str, error: ErrorClass) -> int | None:
    """None, or a player number as :func:`check_player`."""
    if value is None:
        return None
    number = _integer(value)
    if number in (0, 1):
        return number
    raise error(f"{name} must be None, 0 or 1, got {excerpt(value)}")


def check_roll(value: object, name: str, error: ErrorClass) -> tuple[int, int]:
    """Two dice: a sequence or 1-D array (not text) of two ints 1..6 (R1), returned as a
    tuple of ints in the order given.  Text such as ``"31"`` is
    :func:`tavla.board.dice.parse_roll`'s job."""
    roll = _roll(value)
    if roll is None:
        raise error(f"{name} must be two dice 1 to 6, got {excerpt(value)}")
    return roll


def check_optional_roll(value: object, name: str, error: ErrorClass) -> tuple[int, int] | None:
    """None (not rolled), or two dice as :func:`check_roll`."""
    roll = _roll(value)
    if roll is None and value is not None:
        raise error(f"{name} must be None or two dice 1 to 6, got {excerpt(value)}")
    return roll


def _roll(value: object) -> tuple[int, int] | None:
    """``value`` as two dice 1..6, or None when it is not."""
    if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__getitem__"):
        return None
    try:
        if len(value) != 2:  # type: ignore[arg-type]
            return None
    except TypeError:  # a 0-d array, say
        return None
    first, second = _integer(value[0]), _integer(value[1])
    if first is None or second is None or first not in _DIE_FACES or second not in _DIE_FACES:
        return None
    return first, second


def check_bool(value: object, name: str, error: ErrorClass) -> bool:
    """True or False (a bool or a NumPy bool, not 0 or 1), as a bool."""
    if isinstance(value, bool):
        return value
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_"):
        return bool(value)
    raise error(f"{name} must be True or False, got {excerpt(value)}")


def check_choice(value: T, name: str, error: ErrorClass, choices: Collection[T]) -> T:
    """One of ``choices`` (compared with ``==``; bools are never taken for 0 and 1)."""
    if not isinstance(value, bool) or any(isinstance(c, bool) for c in choices):
        try:
            if value in choices:
                return value
        except TypeError:  # an unhashable value against a set of choices
            pass
    shown = ", ".join(excerpt(choice) for choice in choices)
    raise error(f"{name} must be one of {shown}; got {excerpt(value)}")


def check_instance(value: object, name: str, error: ErrorClass, kind: type[T]) -> T:
    """An instance of ``kind``; the message names the type that was given."""
    if isinstance(value, kind):
        return value
    raise error(f"{name} must be a {kind.__name__}, got {type(value).__name__}")


def check_ascii(
    value: object, name: str, error: ErrorClass, *, max_length: int | None = None
) -> str:
    """A string of printable ASCII (of at most ``max_length`` characters, when given) once
    stripped of surrounding white space, as the Position ID, Match ID and XGID are
    (docs/formats.rst); returned stripped.  The message quotes the input with :func:`excerpt`
    and names the first character that is not printable ASCII, with its index."""
    if not isinstance(value, str):
        raise error(f"{name} must be a string, got {type(value).__name__}")
    text = value.strip()
    bad = next((i for i, char in enumerate(text) if not " " <= char <= "~"), None)
    if bad is not None:
        raise error(
            f"{name} {excerpt(text)} holds {text[bad]!r} at {bad}, not a printable ASCII character"
        )
    if max_length is not None and len(text) > max_length:
        raise error(f"{name} {excerpt(text)} is too long: at most {max_length} characters")
    return text


def _int_range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"an int from {low} to {high}"
    if low is not None:
        return f"an int ≥ {low}"
    if high is not None:
        return f"an int ≤ {high}"
    return "an int"
