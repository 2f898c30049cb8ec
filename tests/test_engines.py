"""External engines as policies (tavla.engines): tavla's own UBGI engine played through
the protocol makes the same games as the policy played directly; engines that die, hang,
refuse or answer out of protocol give a clear EngineError and leave no process behind."""

from __future__ import annotations

import gc
import json
import os
import pickle
import stat
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from tavla import EngineError, PlayoutError, Position, _core, duel
from tavla.cli import main
from tavla.engines import ROLLS, Ubgi, _process, engine_policy, gnubg, turn_dice, ubgi
from tests.helpers.fuzz import fuzz_settings

# tavla ubgi serving pubeval (its default is the shipped net); a later --policy wins.
TAVLA_UBGI = [sys.executable, "-m", "tavla", "ubgi", "--policy", "pubeval"]
FAKE = Path(__file__).parent / "helpers" / "fake_ubgi.py"


# Under dev/sanitize a Python engine takes seconds to start (AddressSanitizer is preloaded into
# it too), not a fraction of one: the timeouts that must let it start are longer there.
SANITIZED = "libasan" in os.environ.get("LD_PRELOAD", "")
# Time enough to start on a busy machine (a Python engine may take a second or two), and for
# an engine chattering each 10 ms to write hundreds of lines.
PATIENT = 20.0 if SANITIZED else 3.0


def fake(mode: str, **options: float) -> Ubgi:
    return Ubgi([sys.executable, str(FAKE), mode], **options)  # type: ignore[arg-type]


def reaped(pid: int) -> bool:
    """True when ``pid`` is no child of this process any more (waited for, no zombie)."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


@pytest.fixture
def quick_kill(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hung engine is killed 0.1 s after being told to quit, not 2 s."""
    monkeypatch.setattr(_process, "GRACE_SECONDS", 0.1)


def same_games(a: object, b: object) -> bool:
    return all(
        np.array_equal(getattr(a, name), getattr(b, name))
        for name in ("winner", "kind", "first", "plies")
    )


@pytest.mark.parametrize("policy", ["pubeval", "net:td198-40"])
def test_tavla_ubgi_through_the_protocol_plays_the_direct_games(policy: str) -> None:
    with Ubgi([*TAVLA_UBGI, "--policy", policy]) as engine:
        through = duel(engine, "random", 30, seed=11)
        assert engine.protocol == "0.2"
        assert engine.ids["name"] == f"tavla ({policy})"
        (pid,) = engine.pids
    direct = duel(policy, "random", 30, seed=11)
    assert same_games(through.results, direct.results)
    assert reaped(pid) and engine.pids == ()


def test_an_engine_named_by_text_runs_for_the_duel() -> None:
    name = f"ubgi:{' '.join(TAVLA_UBGI)}"
    through = duel(name, "pubeval", 20, seed=12)
    assert same_games(through.results, duel("pubeval", "pubeval", 20, seed=12).results)
    assert through.ppg == 0.0  # the same plays from both seats of each pair


def test_the_first_draft_and_chatty_engines_play_the_same_games() -> None:
    direct = duel("pubeval", "random", 20, seed=13)
    for mode in ("draft", "chatty"):
        with fake(mode) as engine:
            assert same_games(duel(engine, "random", 20, seed=13).results, direct.results)
            assert engine.protocol == ("0.01" if mode == "draft" else "0.2")


def test_a_pool_of_engines_answers_side_by_side() -> None:
    with Ubgi(TAVLA_UBGI, processes=2) as engine:
        assert len(set(engine.pids)) == 2
        through = duel(engine, "random", 20, seed=14)
    assert same_games(through.results, duel("pubeval", "random", 20, seed=14).results)


def test_play_asks_one_position() -> None:
    with Ubgi(TAVLA_UBGI) as engine:
        assert engine.play(Position.initial(), "31").notation == "8/5 6/5"
        assert engine.play(Position.initial(), "66").moves == ((24, 18),) * 2 + ((13, 7),) * 2


def test_the_roll_of_a_turn_is_found_from_its_candidates() -> None:
    start = Position.initial().board[None]
    results, _ = _core.legal_results(start.copy(), np.array([[1, 3]]))
    offsets = np.array([0, len(results)])
    assert turn_dice(start, results, offsets) == [(3, 1)]
    assert turn_dice(start, results[::-1].copy(), offsets) == [(3, 1)]  # in any order
    # 15 checkers on the 1-point: every roll but a double bears off two, the same play:
    # the first such roll of the order 11, 21, 22, ... is taken.
    home = np.zeros((1, 2, 26), np.int8)
    home[0, 0, 1] = home[0, 1, 6] = 15
    results, _ = _core.legal_results(home, np.array([[6, 5]]))
    assert turn_dice(home, results, np.array([0, 1])) == [(2, 1)] and ROLLS[1] == (2, 1)
    with pytest.raises(PlayoutError, match="no roll has these 1 candidates"):
        turn_dice(start, results, np.array([0, 1]))


def test_an_engine_that_cannot_start() -> None:
    with pytest.raises(EngineError, match="cannot start UBGI engine '/no/such/engine'"):
        Ubgi(["/no/such/engine"]).start()


def test_a_program_that_is_no_ubgi_engine() -> None:
    engine = Ubgi([sys.executable, "-c", "print('hello')"])
    # Which end breaks first depends on whether the program has exited before the greeting
    # is written: both messages are true, and both give the exit status.
    exited = r"(closed its output|stopped reading its input) \(it exited with status 0\)"
    with pytest.raises(EngineError, match=exited):
        engine.start()
    assert engine.pids == ()
    with pytest.raises(EngineError, match="refused the greeting 'ubgi': 'error unsupported ubgi'"):
        fake("refuses").start()


def test_an_engine_that_dies_is_reported_and_reaped() -> None:
    engine = fake("dies")
    engine.start()
    (pid,) = engine.pids
    with pytest.raises(EngineError) as caught:
        duel(engine, "random", 2)
    message = str(caught.value)
    assert "closed its output (it exited with status 3); its stderr ends: 'dying'" in message
    assert message.startswith("UBGI engine ")
    assert engine.pids == () and reaped(pid)
    with pytest.raises(EngineError, match="status 3"):  # asked again: a fresh process
        engine.play(Position.initial(), "31")


@pytest.mark.usefixtures("quick_kill")
@pytest.mark.parametrize("mode", ["silent", "babbles"])
def test_an_engine_that_hangs_times_out_and_is_killed(mode: str) -> None:
    """The timeout is for the whole answer, however many lines are skipped on the way
    (issue 18: an engine writing ``info`` lines forever hung the caller)."""
    engine = fake(mode, timeout=PATIENT)
    engine.start()
    (pid,) = engine.pids
    with pytest.raises(EngineError, match=rf"did not answer within {PATIENT:g} s"):
        engine.play(Position.initial(), "31")
    assert reaped(pid)


@pytest.mark.usefixtures("quick_kill")
def test_an_engine_that_only_chatters_at_the_greeting_times_out() -> None:
    with pytest.raises(EngineError, match=rf"did not answer within {PATIENT:g} s"):
        fake("babbles-at-greeting", timeout=PATIENT).start()


@pytest.mark.usefixtures("quick_kill")
def test_the_lines_waiting_to_be_read_are_bounded() -> None:
    """An engine writing faster than it is read waits for the reader (a full pipe) instead
    of filling this process's memory."""
    flood = [sys.executable, "-c", "while True: print('info ' + 'x' * 100)"]
    process = _process.EngineProcess(flood, "flood")
    try:
        assert process.read_line(60.0).startswith("info x")
        time.sleep(1.0)
        assert 0 < process._lines.qsize() <= _process.MAX_QUEUED_LINES
    finally:
        process.close()


def test_an_engine_flooding_stderr_keeps_a_bounded_tail() -> None:
    """stderr goes into a pipe whose end is kept (not a file that grows without bound), and
    the last words of a flood of 20 MB are quoted."""
    engine = fake("floods")
    engine.start()
    (pid,) = engine.pids
    where = Path(f"/proc/{pid}/fd/2")
    if where.exists():
        assert stat.S_ISFIFO(os.stat(where).st_mode)
    with pytest.raises(EngineError, match=r"status 4\); its stderr ends: '.*x\\nlast words'$"):
        engine.play(Position.initial(), "31")
    assert reaped(pid)


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("garbage", "answered '24/99' to 4HPwATDgc/ABMA with 3-1: cannot read the move '24/99'"),
        ("illegal", "answered '6/off' to 4HPwATDgc/ABMA with 3-1:"),
        ("rude", "answered 'hello there', not a play"),
        ("error", "reported an error: 'error bad_state no idea'"),
    ],
)
def test_answers_out_of_protocol(mode: str, message: str) -> None:
    engine = fake(mode)
    engine.start()
    (pid,) = engine.pids
    with pytest.raises(EngineError, match=message.replace("(", r"\(").replace(")", r"\)")):
        engine.play(Position.initial(), "31")
    assert engine.pids == () and reaped(pid)


def test_ctrl_c_while_waiting_stops_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = 0
    real_answer = ubgi._UbgiConnection.answer

    def answer_then_interrupt(self: ubgi._UbgiConnection) -> str:
        nonlocal answers
        answers += 1
        if answers == 40:
            raise KeyboardInterrupt
        return real_answer(self)

    monkeypatch.setattr(ubgi._UbgiConnection, "answer", answer_then_interrupt)
    engine = Ubgi(TAVLA_UBGI)
    engine.start()
    (pid,) = engine.pids
    with pytest.warns(RuntimeWarning, match="interrupted"):
        result = duel(engine, "random", 40, seed=15, batch=4)
    assert result.interrupted and result.games < 40
    assert engine.pids == () and reaped(pid)


def test_a_forgotten_engine_is_stopped_when_collected() -> None:
    engine = Ubgi(TAVLA_UBGI)
    engine.start()
    (pid,) = engine.pids
    del engine
    gc.collect()
    assert reaped(pid)


def test_an_engine_pickles_as_its_settings() -> None:
    timeout = 60.0 if SANITIZED else 5.0
    with Ubgi(TAVLA_UBGI, timeout=timeout) as engine:
        copy = pickle.loads(pickle.dumps(engine))
        assert copy.pids == () and len(engine.pids) == 1
    assert (copy.command, copy.timeout, copy.processes) == (tuple(TAVLA_UBGI), timeout, 1)
    assert repr(copy) == f"Ubgi({TAVLA_UBGI!r})"


def test_engine_names() -> None:
    engine = engine_policy('ubgi:"my engine" --fast')
    assert isinstance(engine, Ubgi) and engine.command == ("my engine", "--fast")
    assert engine_policy("pubeval") is None and engine_policy("net:x.npz@1") is None
    with pytest.raises(PlayoutError, match="ubgi:COMMAND needs the command"):
        engine_policy("ubgi:  ")
    with pytest.raises(PlayoutError, match="cannot read the UBGI command"):
        engine_policy('ubgi:"unclosed')
    with pytest.raises(PlayoutError, match="gnubg@N takes a number of plies, got 'gnubg@one'"):
        engine_policy("gnubg@one")
    with pytest.raises(PlayoutError, match="timeout must be a number of seconds > 0, got 0"):
        Ubgi("x", timeout=0)
    with pytest.raises(PlayoutError, match="processes must be"):
        Ubgi("x", processes=0)
    with pytest.raises(PlayoutError, match="a UBGI engine's command is a program"):
        Ubgi([])


def test_gnubg_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gnubg.shutil, "which", lambda *args, **kwargs: None)
    missing = r"GNU Backgammon is not installed \(no gnubg on PATH"
    with pytest.raises(EngineError, match=missing) as raised:
        engine_policy("gnubg")
    # The other program's fault, met while running: not a bad argument of the caller's.
    assert isinstance(raised.value, RuntimeError) and not isinstance(raised.value, ValueError)
    code, _, err = run("duel", "gnubg", "pubeval", "-n", "2")
    assert code == 2 and "GNU Backgammon is not installed" in err


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cli_duel_through_ubgi_matches_the_direct_duel() -> None:
    name = f"ubgi:{' '.join(TAVLA_UBGI)} --policy pubeval"
    code, out, _ = run("duel", name, "random", "-n", "20", "--seed", "4", "--json")
    assert code == 0
    record = json.loads(out)
    direct = duel("pubeval", "random", 20, seed=4)
    assert record["a"] == name and record["ppg"] == direct.ppg
    assert record["win_rate"] == direct.win_rate


def test_cli_engine_errors() -> None:
    code, _, err = run("duel", "ubgi:", "pubeval")
    assert code == 2 and "Invalid value for 'A': ubgi:COMMAND needs the command" in err
    code, _, err = run("duel", "ubgi:/no/such/engine", "random", "-n", "2")
    assert code == 2 and "Error: cannot start UBGI engine '/no/such/engine'" in err


class ScriptedEngine:
    """Stands for an engine's process in :class:`ubgi._UbgiConnection`: the lines it
    writes are given, nothing is run."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def send(self, *lines: str) -> None:
        pass

    def read_line(self, timeout: float, *, since: float | None = None) -> str:
        if not self.lines:
            raise self.failure("closed its output")
        return self.lines.pop(0)

    def failure(self, what: str) -> EngineError:
        return EngineError(f"the scripted engine {what}")


ENGINE_LINES = [
    "id name fuzz",
    "id author x",
    "proto 0.2",
    "ubgiok",
    "readyok",
    "info depth 1",
    "",
    "bestmove 8/5 6/5",
    "bestmove 24/21 24/23",
    "bestmove pass",
    "bestmove",
    "error bad_state x",
    "sorry",
    "8/5 6/5",
    "take",
    "bestmove 8/5 6/5 6/5 8/5 13/11",
    "bestmove bar/22 25/24",
    "bestmove 8/" + "9" * 5000,
    "option name x",
    "value engine.policy pubeval",
]


@fuzz_settings(300)
@given(st.lists(st.one_of(st.sampled_from(ENGINE_LINES), st.text(max_size=20)), max_size=12))
def test_fuzz_what_an_engine_answers(lines: list[str]) -> None:
    """Whatever a UBGI engine writes, the client reads a play or raises EngineError, nothing
    else (issue 18)."""
    connection = object.__new__(ubgi._UbgiConnection)
    connection._process = ScriptedEngine(list(lines))  # type: ignore[assignment]
    connection._timeout, connection.ids = 1.0, {}
    start = Position.initial()
    try:
        connection.protocol = connection._greet()
        connection.request(start, (3, 1))
        play = Ubgi(["engine"])._play_of(connection.answer(), start, (3, 1))
    except EngineError:
        return
    assert play in start.legal_plays("31")
