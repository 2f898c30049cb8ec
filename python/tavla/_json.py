"""Values made ready for strict JSON (``allow_nan=False``), shared by the files tavla writes
and the command line's ``--json`` output."""

from __future__ import annotations

import math
from typing import Any


def json_safe(value: Any) -> Any:
    """``value`` with every float that is not finite (a rate over no games, a NaN loss) as
    None, inside dicts, lists and tuples too (tuples become lists)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: json_safe(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(item) for item in value]
    return value
