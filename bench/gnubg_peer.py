"""GNU Backgammon's rollouts, timed as a separate program (``gnubg -t -q``, commands on
stdin, its output read through ``script`` since it prints rollouts only to a terminal): the
CPU seconds of the process, and the cubeless equity and its standard error as it reports them
(with five digits: its default three round a race's errors to 0.000 or 0.001)."""

from __future__ import annotations

import re
import resource
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

GNUBG = "/usr/games/gnubg"

# The final lines of a rollout: "Rollout done." and then the position's means, the last of
# them the cubeless equity, and in brackets their standard errors, the last the equity's.
_RESULT = re.compile(
    r"[-0-9. ]+-[-0-9. ]+CL\s+([-+]?[0-9.]+)\s*\n\s*\[\s*[-0-9. ]+-\s*[-0-9. ]+CL\s+([0-9.]+)\]"
)


@dataclass(frozen=True)
class GnubgRollout:
    games: int
    cpu_seconds: float
    equity: float
    std_error: float


def available() -> bool:
    return Path(GNUBG).exists() and shutil.which("script") is not None


def startup_cpu() -> float:
    """The CPU seconds gnubg takes to start and quit (taken off a rollout's)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        ["script", "-qc", f"{GNUBG} -t -q", "/dev/null"],
        input="quit\ny\n",
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def rollout(
    position_id: str, games: int, *, variance_reduction: bool, seed: int = 1
) -> GnubgRollout:
    """A cubeless rollout of ``position_id`` (the side on roll to roll) by gnubg at 0-ply on
    one thread, rotated, quasi-random dice, with or without its variance reduction (its
    other settings as it ships them: truncation at the one-sided bear-off database)."""
    commands = "\n".join(
        [
            "set output digits 5",
            "set automatic roll off",
            f"set rollout trials {games}",
            "set rollout cubeful off",
            f"set rollout varredn {'on' if variance_reduction else 'off'}",
            "set rollout quasirandom on",
            "set rollout rotate on",
            "set rollout truncation enable off",
            "set rollout chequerplay plies 0",
            "set rollout later chequerplay plies 0",
            "set rollout cubedecision plies 0",
            "set rollout threads 1",
            f"set rollout seed {seed}",
            "new session",
            f"set board {position_id}",
            "rollout",
            "quit",
            "y",
        ]
    )
    for _ in range(3):  # now and then `script` passes on no output at all: ask again
        found = _rollout_once(commands)
        if found is not None:
            cpu, equity, std_error = found
            return GnubgRollout(games, cpu, equity, std_error)
    raise RuntimeError(f"no rollout result in gnubg's output, three times: {commands!r}")


def _rollout_once(commands: str) -> tuple[float, float, float] | None:
    """The CPU seconds, equity and its standard error of gnubg running ``commands``, or None
    when its output holds no rollout result."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        ["script", "-qc", f"{GNUBG} -t -q", "/dev/null"],
        input=commands + "\n",
        capture_output=True,
        text=True,
        timeout=3600,
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    output = done.stdout.replace("\r", "")
    found = _RESULT.findall(output[output.rfind("Rollout done") :])
    if not found:
        return None
    equity, std_error = found[0]
    return cpu, float(equity), float(std_error)
