"""The whole suite keeps its caches (the bear-off databases) in a temporary folder of its own,
so that it neither reads nor changes the user's cache: subprocesses inherit the setting."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest

_CACHE = tempfile.mkdtemp(prefix="tavla-test-cache-")
os.environ["TAVLA_CACHE_DIR"] = _CACHE


@pytest.fixture(scope="session", autouse=True)
def _remove_cache() -> Iterator[None]:
    yield
    shutil.rmtree(_CACHE, ignore_errors=True)
