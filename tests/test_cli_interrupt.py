"""Ctrl-C on the command line: any command exits with status 130 and prints nothing more, from
the first instant, while tavla's modules load (the ``tavla`` script starts in
:mod:`_tavla_entry`, outside the package), to the end of the command."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

import tavla
from tavla.cli import main

PYTHON_FOLDER = Path(tavla.__file__).parent.parent

# A Ctrl-C (a real SIGINT to the process) the moment a module starts to load.
INTERRUPT_WHILE_LOADING = """
import os, signal, sys

class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Interrupt())
sys.argv = ["tavla", "moves", "4HPwATDgc/ABMA", "31"]
"""


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(PYTHON_FOLDER)}
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
        check=False,
    )


@pytest.mark.parametrize("module", ["numpy", "tavla.eval", "tavla.cli.duel"])
def test_ctrl_c_while_the_modules_load(module: str) -> None:
    """Issue 18: a Ctrl-C in the first second printed a KeyboardInterrupt traceback."""
    setup = textwrap.dedent(INTERRUPT_WHILE_LOADING.format(module=module))
    done = run_python(setup + "from _tavla_entry import main\nmain()\n")
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "")
    # What the script did before: the import itself, outside anything that catches it.
    plain = run_python(setup + "from tavla.cli import main\nmain()\n")
    assert "Traceback" in plain.stderr and "KeyboardInterrupt" in plain.stderr


def test_ctrl_c_in_a_command_is_status_130_without_a_word(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """click said "Aborted!" and exited with status 1."""

    def interrupted(text: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(sys.modules["tavla.cli.show"], "parse_id", interrupted)
    result = CliRunner().invoke(main, ["show", "4HPwATDgc/ABMA"])
    assert (result.exit_code, result.stdout, result.stderr) == (130, "", "")


def test_the_tavla_script_starts_in_the_entry_module() -> None:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["tavla"] == "_tavla_entry:main"
    assert "python/_tavla_entry" in project["tool"]["scikit-build"]["wheel"]["packages"]
