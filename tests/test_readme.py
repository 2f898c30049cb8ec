"""The README's Python examples run as written (in order, sharing one namespace)."""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_readme_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {}
    cwd = os.getcwd()
    os.chdir(ROOT)  # the examples name files under tests/data
    try:
        for block in blocks:
            exec(compile(block, "README.md", "exec"), namespace)
    finally:
        os.chdir(cwd)
