"""GNU Backgammon as an opponent (tavla.engines.Gnubg): its program driven over its
external-player socket plays the standard opening moves, beats random, gives the same games
from a pool of processes and through ``tavla ubgi --policy gnubg``, and a gnubg killed under
it is reported and reaped.  A few dozen games each, to stay fast; the measured duel of
pubeval against gnubg is in docs/engines.rst.  Skipped when gnubg is not installed."""

from __future__ import annotations

import json
import os
import signal
import sys
import time

import numpy as np
import pytest
from click.testing import CliRunner

from tavla import EngineError, Position, duel
from tavla.cli import main
from tavla.engines import Gnubg, Ubgi
from tests.helpers.gnubg import needs_gnubg, not_under_the_sanitizer

pytestmark = [needs_gnubg, not_under_the_sanitizer]


def same_games(a: object, b: object) -> bool:
    return all(
        np.array_equal(getattr(a, name), getattr(b, name))
        for name in ("winner", "kind", "first", "plies")
    )


def test_gnubg_plays_the_standard_openings() -> None:
    with Gnubg() as gnubg:
        assert gnubg.play(Position.initial(), "31").notation == "8/5 6/5"
        assert gnubg.play(Position.initial(), "65").notation == "24/13"
        assert gnubg.play(Position.initial(), "42").notation == "8/4 6/4"
        home = gnubg._connections[0]._home  # type: ignore[attr-defined]
        assert os.path.isdir(home)
    assert not os.path.exists(home)  # its temporary home is removed


def test_gnubg_at_one_ply() -> None:
    with Gnubg(1) as gnubg:
        assert gnubg.name.endswith("at 1-ply)")
        assert gnubg.play(Position.initial(), "31").notation == "8/5 6/5"


def test_gnubg_beats_random() -> None:
    result = duel("gnubg", "random", 20, seed=1)
    assert result.win_rate > 0.8 and result.ppg > 1.0


def test_a_pool_of_gnubgs_gives_the_same_games() -> None:
    one = duel(Gnubg(), "pubeval", 20, seed=2)
    with Gnubg(processes=2) as pool:
        assert len(pool.pids) == 2
        two = duel(pool, "pubeval", 20, seed=2)
    assert same_games(one.results, two.results)


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux's /proc)."""
    with open(f"/proc/{pid}/task/{pid}/children") as listing:
        return [int(child) for child in listing.read().split()]


def gone(pid: int) -> bool:
    """True once ``pid`` has exited and been reaped, within a few seconds."""
    deadline = time.monotonic() + 5
    while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
        time.sleep(0.05)
    return not os.path.exists(f"/proc/{pid}")


linux_only = pytest.mark.skipif(
    not os.path.exists("/proc/self/task"), reason="needs Linux's /proc to see grandchildren"
)


@linux_only
def test_gnubg_through_tavla_ubgi_gives_the_same_games() -> None:
    with Ubgi([sys.executable, "-m", "tavla", "ubgi", "--policy", "gnubg"]) as engine:
        through = duel(engine, "pubeval", 10, seed=3)
        (tavla_ubgi,) = engine.pids
        (gnubg,) = children(tavla_ubgi)
    assert same_games(through.results, duel("gnubg", "pubeval", 10, seed=3).results)
    assert gone(gnubg)  # tavla ubgi stopped its gnubg when told to quit


@linux_only
def test_tavla_ubgi_stops_its_gnubg_on_sigterm() -> None:
    with Ubgi([sys.executable, "-m", "tavla", "ubgi", "--policy", "gnubg"]) as engine:
        assert engine.play(Position.initial(), "31").notation == "8/5 6/5"
        (tavla_ubgi,) = engine.pids
        (gnubg,) = children(tavla_ubgi)
        os.kill(tavla_ubgi, signal.SIGTERM)
        assert gone(gnubg)
        with pytest.raises(EngineError, match="exited with status 130"):
            engine.play(Position.initial(), "31")


def test_cli_duel_against_gnubg() -> None:
    result = CliRunner().invoke(main, ["duel", "pubeval", "gnubg", "-n", "20", "--json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["b"] == "gnubg" and record["ppg"] == duel("pubeval", "gnubg", 20).ppg


def test_a_killed_gnubg_is_reported_and_reaped() -> None:
    gnubg = Gnubg()
    gnubg.start()
    (pid,) = gnubg.pids
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(EngineError, match=r"GNU Backgammon .* closed its socket"):
        gnubg.play(Position.initial(), "31")
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def test_bad_gnubg_arguments() -> None:
    with pytest.raises(EngineError, match=r"no gnubg at '/no/such/gnubg'"):
        Gnubg(program="/no/such/gnubg")
    with pytest.raises(ValueError, match="gnubg's plies must be"):
        Gnubg(8)
