"""`tavla --help`, `tavla --version` and the help of the commands."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import tavla
from tavla.cli import main
from tavla.eval import builtin_policies, nets
from tests.helpers.cli import run_python


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_python_dash_m_version_names_tavla() -> None:
    done = run_python("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"tavla, version {tavla.__version__}\n"


def test_every_command_has_a_whole_summary() -> None:
    code, out, _ = run("--help")
    assert code == 0
    commands = out.split("Commands:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in commands] == [
        "analyse",
        "bench",
        "benchmark",
        "data",
        "duel",
        "eval",
        "hint",
        "ladder",
        "moves",
        "play",
        "replay",
        "rollout",
        "selfplay",
        "show",
        "train",
        "ubgi",
    ]
    assert commands[8] == "  moves      List every legal play of a roll, with its Position ID."
    assert all(line.endswith(".") and not line.endswith("...") for line in commands)


@pytest.mark.parametrize("command", ["selfplay", "duel"])
def test_the_help_of_a_playout_command_lists_the_policies(command: str) -> None:
    code, out, _ = run(command, "--help")
    assert code == 0
    epilog = " ".join(out.split("Policies: ", 1)[1].split())
    shipped = ", ".join(nets.available())
    assert epilog.startswith(
        f"{', '.join(builtin_policies())}, net:NAME (a shipped net: {shipped}), or net:PATH"
    )
    assert "add @N to search N plies (net:td198-40@1)." in epilog
    assert epilog.endswith(
        'External engines: ubgi:"COMMAND" (a program speaking UBGI), gnubg (GNU Backgammon'
        " at 0-ply, gnubg@N at N plies)."
    )


def test_the_evaluators_are_each_named_once() -> None:
    """hint and eval listed the default net twice; rollout's --evaluator left out net:NAME."""
    for command in ("hint", "eval"):
        text = " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())
        text = text[text.index("Evaluators:") :]
        for name in nets.available():
            assert text.count(name) == 1, (command, name)
    rollout = " ".join(CliRunner().invoke(main, ["rollout", "--help"]).output.split())
    assert "stops: net:NAME (a shipped net), net:PATH or bearoff" in rollout
