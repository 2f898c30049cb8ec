"""Whole games in the core: determinism (threads, batch sizes, seeds), invariants over a
million random plies, Python policies in lockstep, Ctrl-C, and bad arguments."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

import tavla
from tavla import PlayoutError, Position, _core, selfplay
from tavla.cli import main
from tavla.errors import ArgumentError
from tavla.sim.playout import play_games
from tests.helpers.interrupt import interrupt_at

FIELDS = ("winner", "kind", "first", "plies")


def same_games(x: tavla.PlayoutResults, y: tavla.PlayoutResults, n: int | None = None) -> bool:
    return all(np.array_equal(getattr(x, f)[:n], getattr(y, f)[:n]) for f in FIELDS)


WEIGHTS = np.random.default_rng(5).integers(1, 2**20, size=52, dtype=np.int64)


def hashed_scores(candidates: np.ndarray) -> np.ndarray:
    """A deterministic policy that plays like a random one: a hash of each candidate."""
    keys = candidates.reshape(len(candidates), 52).astype(np.int64) @ WEIGHTS
    return ((keys * 2654435761) % 1_000_003).astype(np.float64)


@pytest.mark.parametrize("policy", ["random", "pubeval"])
def test_same_seed_same_games_for_any_thread_count(policy: str) -> None:
    one = selfplay(policy, 3000, seed=7, threads=1)
    two = selfplay(policy, 3000, seed=7, threads=2)
    assert same_games(one, two)
    assert not np.array_equal(one.plies, selfplay(policy, 3000, seed=8, threads=2).plies)


def test_game_g_does_not_depend_on_the_number_of_games() -> None:
    assert same_games(selfplay("random", 700, seed=3), selfplay("random", 300, seed=3), 300)


@pytest.mark.parametrize(
    "options", [{}, {"duplicate": True, "alternate": True}, {"rotate": 2, "truncate": 30}]
)
def test_first_game_plays_the_same_games_as_a_longer_run(options: dict) -> None:
    whole = play_games("pubeval", "random", 900, seed=11, **options)
    part = play_games("pubeval", "random", 301, seed=11, first_game=457, **options)
    assert all(np.array_equal(getattr(part, f), getattr(whole, f)[457:758]) for f in FIELDS)
    if "truncate" in options:
        assert np.array_equal(part.final_boards, whole.final_boards[457:758])


def test_lockstep_results_do_not_depend_on_the_batch_size() -> None:
    runs = [selfplay(hashed_scores, 120, seed=4, batch=batch) for batch in (1, 7, 500)]
    assert same_games(runs[0], runs[1]) and same_games(runs[0], runs[2])
    assert not same_games(runs[0], selfplay(hashed_scores, 120, seed=5))


class CheckingRandomPolicy:
    """Plays uniformly at random and checks every position it is asked to play from: 15
    checkers a side, counts >= 0, no point held by both sides, no side with 15 off yet."""

    def __init__(self) -> None:
        self.rng = np.random.default_rng(1)
        self.calls = 0
        self.turns = 0

    def score_turns(
        self, candidates: np.ndarray, positions: np.ndarray, offsets: np.ndarray
    ) -> np.ndarray:
        self.calls += 1
        self.turns += len(positions)
        assert positions.dtype == np.int8 and positions.shape[1:] == (2, 26)
        assert offsets.shape == (len(positions) + 1,) and offsets[-1] == len(candidates)
        assert (np.diff(offsets) >= 2).all()  # only real choices are handed out
        assert (positions >= 0).all()
        assert (positions.sum(axis=2, dtype=np.int16) == 15).all()
        assert not ((positions[:, 0, 1:25] > 0) & (positions[:, 1, 24:0:-1] > 0)).any()
        assert (positions[:, :, 0] < 15).all()
        return self.rng.random(len(candidates))


def test_a_million_random_plies_keep_the_rules() -> None:
    policy = CheckingRandomPolicy()
    results = selfplay(policy, 11_000, seed=1, batch=4000)
    assert results.plies.sum() >= 1_000_000
    # Forced plays and passes (about a fifth of random turns) are not handed out.
    assert 0.75 * results.plies.sum() < policy.turns < results.plies.sum()
    # One call per lockstep step, far fewer than one per turn.
    assert policy.calls < results.plies.sum() / 1000
    # Every game ended with one winner and a result kind of R16.
    assert set(np.unique(results.winner)) == {0, 1}
    assert set(np.unique(results.kind)) == {1, 2, 3}


def test_results_and_rates() -> None:
    results = selfplay("random", 4000, seed=2)
    assert results.games == 4000
    assert results.winner.dtype == np.int8 and results.plies.dtype == np.int32
    points = np.where(results.winner == 0, results.kind, -results.kind)
    assert np.array_equal(results.points, points)
    assert results.ppg == pytest.approx(points.mean())
    assert results.win_rate == pytest.approx(np.mean(results.winner == 0))
    assert results.gammon_rate == pytest.approx(np.mean(results.kind >= 2))
    assert results.backgammon_rate == pytest.approx(np.mean(results.kind == 3))
    # The R5 opening roll: each side starts about half the games (4000 games: sd 0.008).
    assert abs(np.mean(results.first == 0) - 0.5) < 0.04


def test_dice_streams_are_uniform() -> None:
    rolls = np.concatenate([_core.dice_rolls(9, stream, 360) for stream in range(100)])
    counts = np.bincount(6 * (rolls[:, 0] - 1) + rolls[:, 1] - 1, minlength=36)
    chi2 = ((counts - 1000) ** 2 / 1000).sum()
    assert chi2 < 70  # 35 degrees of freedom: P(chi2 > 70) < 0.001
    assert np.array_equal(_core.dice_rolls(9, 3, 10), _core.dice_rolls(9, 3, 20)[:10])
    assert not np.array_equal(_core.dice_rolls(9, 3, 10), _core.dice_rolls(9, 4, 10))


def test_a_start_position_puts_policy_a_on_roll() -> None:
    # a: one checker on its 1-point, any roll bears it off and wins the game at once.
    start = Position([[14, 1, *[0] * 24], [0, *[0] * 5, 15, *[0] * 19]])
    results = selfplay(("random", "pubeval"), 50, seed=1, start=start)
    assert (results.winner == 0).all() and (results.first == 0).all()
    assert (results.plies == 1).all() and (results.kind == 2).all()


def test_ctrl_c_keeps_the_games_that_finished() -> None:
    calls = []

    def interrupt_third_time(done: int) -> None:
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    full = selfplay("random", 2000, seed=6)
    start = Position.initial().key
    for threads in (1, 2):
        calls.clear()
        spec = _core.PlayoutSpec(units=2000, start=start, opening=True, seed=6)
        arrays = _core.play_games("random", "random", spec, threads, 1, interrupt_third_time)
        finished, interrupted, plies = arrays["finished"], arrays["interrupted"], arrays["plies"]
        assert interrupted and 0 < finished < 2000
        assert np.array_equal(plies[:finished], full.plies[:finished])


def test_ctrl_c_in_a_python_policy() -> None:
    calls = []

    def policy(candidates: np.ndarray) -> np.ndarray:
        calls.append(1)
        if len(calls) == 300:
            raise KeyboardInterrupt
        return hashed_scores(candidates)

    with pytest.warns(RuntimeWarning, match="interrupted"):
        partial = selfplay(policy, 1000, seed=2, batch=4)
    assert partial.interrupted and 0 < partial.games < 1000
    assert same_games(partial, selfplay(hashed_scores, 1000, seed=2), partial.games)


def test_ctrl_c_returns_only_the_games_played() -> None:
    # Ten million games asked, stopped at the first check: the results hold the games that
    # finished only (the core neither fills nor copies entries for the others).
    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    def in_lockstep(candidates: np.ndarray, _: np.ndarray, __: np.ndarray) -> np.ndarray:
        return hashed_scores(candidates)

    start = Position.initial().key
    full = play_games("random", "random", 64, seed=6, truncate=40)
    # Built-in policies on one thread check after a chunk of 64 games; the lockstep checks
    # after its first step, when no game is over yet.
    for a, expected in (("random", 64), (in_lockstep, 0)):
        spec = _core.PlayoutSpec(units=10**7, start=start, opening=True, seed=6, truncate=40)
        arrays = _core.play_games(a, "random", spec, 1, 64, interrupt)
        assert arrays["interrupted"] and arrays["finished"] == expected
        columns = ("winner", "kind", "first", "plies", "on_roll", "final_boards")
        assert [len(arrays[name]) for name in columns] == [expected] * 6
        assert "luck" not in arrays  # no luck measured
        if expected:
            assert np.array_equal(arrays["plies"], full.plies)
            assert np.array_equal(arrays["final_boards"], full.final_boards)  # type: ignore[arg-type]


def test_progress_never_goes_down_and_ends_at_the_games_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # In lockstep, games finish out of order; the bar counts the finished prefix, which is
    # what an interrupted run keeps.
    seen = interrupt_at(monkeypatch, 200)
    with pytest.warns(RuntimeWarning, match="interrupted"):
        partial = selfplay(hashed_scores, 1000, seed=2, batch=50)
    assert partial.interrupted and 0 < partial.games < 1000
    assert seen == sorted(seen) and seen[-1] == partial.games


def test_policy_errors() -> None:
    with pytest.raises(PlayoutError, match="unknown policy 'wildbg'"):
        selfplay("wildbg", 10)
    with pytest.raises(PlayoutError, match="a policy is"):
        selfplay(42, 10)  # type: ignore[arg-type]
    with pytest.raises(PlayoutError, match="must return"):
        selfplay(lambda c: np.zeros(len(c) + 1), 10)
    with pytest.raises(PlayoutError, match="NaN"):
        selfplay(lambda c: np.full(len(c), np.nan), 10)
    with pytest.raises(PlayoutError, match="a policy must return real numbers, got list of dtype"):
        selfplay(lambda c: ["high"] * len(c), 10)
    with pytest.raises(PlayoutError, match="real numbers, got ndarray of dtype complex128"):
        selfplay(lambda c: np.ones(len(c)) * 1j, 10)
    with pytest.raises(PlayoutError, match="real numbers, got list of dtype <U1"):
        selfplay(lambda c: ["1"] * len(c), 10)  # numbers as text are still text
    with pytest.raises(PlayoutError, match="must return numbers, got list"):
        selfplay(lambda c: [[1], [1, 2]] * len(c), 10)
    with pytest.raises(ZeroDivisionError):
        selfplay(lambda c: 1 / 0, 10)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": -1}, "games must be"),
        ({"seed": -1}, "seed must be"),
        ({"seed": 2**64}, "seed must be"),
        ({"threads": 0}, "threads must be"),
        ({"batch": 0}, "batch must be an int from 1 to 2,147,483,647, got 0"),
        ({"batch": -5}, "batch must be an int from 1 to 2,147,483,647, got -5"),
        ({"start": "start"}, "start must be"),
        ({"threads": 3_000_000_000}, "threads must be an int from 1 to 1024"),
        ({"batch": 2**31}, "batch must be an int from 1 to 2,147,483,647, got 2147483648"),
    ],
)
def test_bad_arguments(kwargs: dict, message: str) -> None:
    arguments = {"games": 10, **kwargs}
    with pytest.raises(PlayoutError, match=message):
        selfplay("random", **arguments)


def test_numpy_integers_are_counts_too() -> None:
    by_numpy = selfplay("random", np.int64(50), seed=np.uint64(3), threads=np.int32(2))
    assert same_games(by_numpy, selfplay("random", 50, seed=3))
    expected = r"truncate must be an int from 1 to 2,147,483,647 plies \(None plays out\)"
    with pytest.raises(PlayoutError, match=expected + ", got 1099511627776"):
        play_games("random", "random", 10, truncate=2**40)


def test_bad_rotate() -> None:
    for rotate in (3, -1, True, 1.5):
        with pytest.raises(PlayoutError, match="rotate must be 0, 1 or 2"):
            play_games("random", "random", 10, rotate=rotate)  # type: ignore[arg-type]


def test_bad_first_game() -> None:
    with pytest.raises(PlayoutError, match="first_game must be an int >= 0, got -1"):
        play_games("random", "random", 10, first_game=-1)
    with pytest.raises(PlayoutError, match="below 2\\*\\*63"):
        play_games("random", "random", 10, first_game=2**63 - 5)


OVER = Position([[15, *[0] * 25], [0, *[0] * 5, 15, *[0] * 19]])


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"units": -1}, "units must be >= 0"),
        ({"units": 1, "first_unit": -1}, "first_unit must be >= 0"),
        ({"units": 2, "first_unit": 2**63 - 2}, r"first_unit \+ units fit in int64"),
        ({"units": 1, "rotate": 3}, "rotate must be 0, 1 or 2"),
        ({"units": 1, "truncate": -1}, "truncate must be >= 0"),
        ({"units": 1, "start": OVER.key}, "the start position: "),
    ],
)
def test_the_core_spec_of_a_run_refuses_bad_values(values: dict, message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        _core.PlayoutSpec(**values)


def test_finished_start_and_bad_pair() -> None:
    with pytest.raises(PlayoutError, match="finished"):
        selfplay("random", 1, start=OVER)
    with pytest.raises(PlayoutError, match="two policies"):
        selfplay(("random",), 1)  # type: ignore[arg-type]


def test_progress_bar_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    results = selfplay("random", 3000, seed=1, threads=1, progress=True)
    assert results.games == 3000
    err = capsys.readouterr().err
    assert "3.00k/3.00k" in err and "game/s" in err
    selfplay(hashed_scores, 50, seed=1, progress=False)
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("threads", [1, 2])
def test_truncated_games_stop_with_their_last_board(threads: int) -> None:
    from tavla.sim.playout import play_games

    full = play_games("random", "random", 200, seed=11, threads=threads)
    cut = play_games("random", "random", 200, seed=11, truncate=30, threads=threads)
    assert cut.final_boards is not None and cut.on_roll is not None
    short = full.plies <= 30
    # Games over within 30 plies end as before; the others stop at exactly 30 plies.
    assert np.array_equal(cut.winner[short], full.winner[short])
    assert (cut.winner[~short] == -1).all() and (cut.plies[~short] == 30).all()
    assert np.array_equal(cut.stopped, ~short) and (cut.on_roll[short] == -1).all()
    # After an even number of plies the policy that made the first play is on roll again.
    assert np.array_equal(cut.on_roll[~short], cut.first[~short])
    for board in cut.final_boards[~short]:
        assert Position(board).pip_counts[0] > 0 and not Position(board).is_over


def test_truncation_in_lockstep_matches_the_builtin() -> None:
    from tavla.sim.playout import play_games
    from tests.helpers.examples import load_example

    numpy_pubeval = load_example("numpy_pubeval").NumpyPubeval()
    builtin = play_games("pubeval", "pubeval", 60, seed=12, truncate=15)
    python = play_games(numpy_pubeval, numpy_pubeval, 60, seed=12, truncate=15, batch=7)
    assert same_games(builtin, python)
    assert np.array_equal(builtin.final_boards, python.final_boards)  # type: ignore[arg-type]


def test_a_depth_in_other_digits() -> None:
    with pytest.raises(PlayoutError, match="unknown policy"):
        tavla.selfplay("pubeval@²", 10)
    result = CliRunner().invoke(main, ["selfplay", "pubeval@²", "-n", "10"])
    assert result.exit_code == 2 and "unknown policy" in result.stderr


def test_the_api_refuses_them_too() -> None:
    with pytest.raises(tavla.PlayoutError, match=r"^10,000,000,000,000 games need 160 TB"):
        tavla.selfplay("random", 10**13)
    truncated = r"^2,000,000,000,000 games need 240 TB of memory \(120 bytes a game\)"
    with pytest.raises(tavla.PlayoutError, match=truncated):
        tavla.sim.playout.play_games("random", "random", 2 * 10**12, truncate=5)
    with pytest.raises(tavla.PlayoutError, match=r"^10,000,000,000,000 games need 3,200 TB"):
        tavla.rollout(tavla.Position.initial(), games=10**13)


def test_playout_results_have_a_short_repr() -> None:
    results = tavla.selfplay("random", 1000, seed=1)
    assert repr(results) == (
        f"PlayoutResults(games=1000, win_rate={results.win_rate:.4f}, ppg={results.ppg:+.4f},"
        " interrupted=False)"
    )
    truncated = tavla.sim.playout.play_games("random", "random", 100, truncate=10)
    assert f"stopped={int(truncated.stopped.sum())}, interrupted=False)" in repr(truncated)
    assert "array" not in repr(tavla.duel("random", "random", 100))


HUGE = 10**5000  # its repr() raises ValueError (Python's 4,300-digit limit)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: tavla.selfplay("random", 10, seed=HUGE),
            "seed must be an int in 0 .. 2**64 - 1, got <an int of 16,610 bits>",
        ),
        (
            lambda: tavla.selfplay("random", 10, threads=HUGE),
            "threads must be an int from 1 to 1024 or None, got <an int of 16,610 bits>",
        ),
        (
            lambda: tavla.selfplay("random", 10, batch=-HUGE),
            "batch must be an int from 1 to 2,147,483,647, got <an int of 16,610 bits>",
        ),
        (
            lambda: tavla.selfplay("random", HUGE),
            "games must stay below 2**63, got <an int of 16,610 bits>",
        ),
        (
            lambda: tavla.rollout(Position.initial(), games=HUGE),
            "games must stay below 2**63, got <an int of 16,610 bits>",
        ),
        (
            lambda: tavla.duel("random", "random", 10, duplicate="x" * 10**6),
            f"duplicate must be True or False, got '{'x' * 40}'... (1,000,000 characters)",
        ),
    ],
    ids=["seed", "threads", "batch", "selfplay games", "rollout games", "duplicate"],
)
def test_a_huge_playout_argument_is_quoted_bounded(call: object, message: str) -> None:
    with pytest.raises(tavla.PlayoutError) as caught:
        call()  # type: ignore[operator]
    assert str(caught.value) == message


MOVED = ("MAX_INT32", "GAME_BYTES", "TRUNCATED_GAME_BYTES", "CUBE_GAME_BYTES", "MATCH_BYTES")
MOVED += ("MATCH_GAMES", "thread_count", "count_argument", "physical_memory", "check_memory")


def test_the_names_moved_out_of_playout_are_still_importable_from_it() -> None:
    """Other tools import ``tavla.sim.playout.X``: what moved to run_checks and playout_here
    when the module was split is the same object there."""
    from tavla.sim import playout, playout_here, run_checks

    for name in MOVED:
        assert getattr(playout, name) is getattr(run_checks, name), name
    assert playout.CUBELESS_RULES is playout_here.CUBELESS_RULES
    assert {*MOVED, "CUBELESS_RULES", "play_games", "selfplay"} <= set(playout.__all__)
