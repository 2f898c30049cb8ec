"""RunOptions (docs/simulation.rst, "Run options"): one checked value of the seed, threads,
batch, progress and Dask settings every run takes, its keywords staying shorthands."""

from __future__ import annotations

import builtins
import dataclasses
import pickle
import re
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import tavla
from tavla import Position, RunOptions, RunOptionsError
from tavla._run_options import FIELDS, RunShorthands
from tavla.errors import PlayoutError, TrainingError
from tavla.eval import train_td
from tavla.sim import RolloutResult, ladder, play_matches, rollout_plays

ONE = RunOptions(seed=7, threads=1)


def test_the_defaults_are_none_and_the_values_come_back_normalised() -> None:
    assert dataclasses.astuple(RunOptions()) == (None,) * 6
    options = RunOptions(
        seed=np.uint64(2**64 - 1),
        threads=np.int32(3),
        batch=8,
        progress=np.bool_(False),
        chunk=np.int64(5),
    )
    assert options == RunOptions(seed=2**64 - 1, threads=3, batch=8, progress=False, chunk=5)
    assert type(options.seed) is int and type(options.threads) is int
    assert options.progress is False and type(options.chunk) is int


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"seed": -1}, r"seed must be an int in 0 \.\. 2\*\*64 - 1, got -1"),
        ({"seed": 2**64}, "seed must be an int in 0"),
        ({"seed": 1.0}, "seed must be an int in 0 .. 2\\*\\*64 - 1, got 1.0"),
        ({"seed": True}, "seed must be"),
        ({"threads": 0}, "threads must be an int from 1 to 1024 or None, got 0"),
        ({"threads": 1025}, "threads must be an int from 1 to 1024"),
        ({"batch": -1}, "batch must be an int from 1 to 2,147,483,647, got -1"),
        ({"batch": 0}, "batch must be an int from 1 to 2,147,483,647, got 0"),
        ({"progress": "yes"}, "progress must be True, False, None"),
        ({"progress": 1}, "progress must be True, False, None"),
        ({"chunk": 0}, "chunk must be at least 1 game"),
        ({"chunk": 2.0}, r"chunk must be an int >= 0, got 2\.0"),
    ],
)
def test_bad_fields_are_refused_when_made(fields: dict[str, object], message: str) -> None:
    with pytest.raises(RunOptionsError, match=message):
        RunOptions(**fields)  # type: ignore[arg-type]


def test_the_error_is_both_a_playout_and_a_training_error() -> None:
    assert issubclass(RunOptionsError, PlayoutError)
    assert issubclass(RunOptionsError, TrainingError)
    assert issubclass(RunOptionsError, ValueError)


def test_replace_checks_again_and_refuses_unknown_fields() -> None:
    assert ONE.replace(seed=8) == RunOptions(seed=8, threads=1)
    assert ONE.seed == 7  # frozen: replace makes a new value
    with pytest.raises(dataclasses.FrozenInstanceError):
        ONE.seed = 8  # type: ignore[misc]
    with pytest.raises(RunOptionsError, match="threads must be"):
        ONE.replace(threads=0)
    with pytest.raises(RunOptionsError, match="no run option 'thread': the options are seed"):
        ONE.replace(thread=2)
    with pytest.raises(TypeError):
        RunOptions(thread=2)  # type: ignore[call-arg]


def test_options_pickle_for_dask() -> None:
    options = RunOptions(seed=3, threads=2, batch=64, progress=False, chunk=10)
    assert pickle.loads(pickle.dumps(options)) == options


def test_selfplay_with_options_plays_the_games_of_the_shorthands() -> None:
    for policy in ("random", "pubeval"):
        short = tavla.selfplay(policy, 300, seed=7, threads=1)
        given = tavla.selfplay(policy, 300, options=ONE)
        other = tavla.selfplay(policy, 300, options=ONE.replace(seed=8))
        assert np.array_equal(short.winner, given.winner)
        assert np.array_equal(short.plies, given.plies)
        assert not np.array_equal(short.plies, other.plies)


def test_a_shorthand_adds_to_options_that_leave_its_field_unset() -> None:
    short = tavla.selfplay("random", 200, seed=7, threads=1)
    mixed = tavla.selfplay("random", 200, seed=7, options=RunOptions(threads=1))
    assert np.array_equal(short.plies, mixed.plies)


def test_a_field_given_twice_is_refused() -> None:
    with pytest.raises(RunOptionsError, match="seed is given twice, as seed= and in options"):
        tavla.selfplay("random", 10, seed=1, options=ONE)
    with pytest.raises(RunOptionsError, match="threads is given twice"):
        tavla.duel("random", "pubeval", 10, threads=1, options=ONE)
    with pytest.raises(RunOptionsError, match="options must be a RunOptions or None, got dict"):
        tavla.selfplay("random", 10, options={"seed": 1})  # type: ignore[arg-type]


def test_an_unknown_keyword_is_named_as_no_run_option() -> None:
    # cube= (for cubeful=) once reached play_games' own cube argument: a TypeError about
    # "multiple values" instead of the run options' error.
    options = "seed, threads, batch, progress, client, chunk"
    with pytest.raises(RunOptionsError, match=f"no run option 'cube': the options are {options}"):
        tavla.selfplay("random", 10, cube=True)  # type: ignore[call-arg]
    with pytest.raises(RunOptionsError, match="no run option 'sed'"):
        tavla.duel("random", "pubeval", match_length=3, matches=2, sed=1)  # type: ignore[call-arg]


def _summary(result: RolloutResult) -> tuple[object, ...]:
    return (
        result.play,
        result.equity,
        result.equity_std_error,
        result.games,
        tuple(result.probabilities),
    )


def test_a_rollout_with_options_equals_the_rollout_with_shorthands() -> None:
    position = Position.initial()
    short = tavla.rollout(position, "pubeval", 72, seed=7, threads=1)
    given = tavla.rollout(position, "pubeval", 72, options=ONE)
    other = tavla.rollout(position, "pubeval", 72, options=ONE.replace(seed=8))
    assert _summary(short) == _summary(given) != _summary(other)
    plays = rollout_plays(position, "31", "random", 36, options=ONE)
    again = rollout_plays(position, "31", "random", 36, seed=7, threads=1)
    assert len(plays) == len(position.legal_plays("31")) > 1
    assert [_summary(r) for r in plays] == [_summary(r) for r in again]
    with pytest.raises(RunOptionsError, match="a rollout's progress is True, False or None"):
        tavla.rollout(position, "random", 36, options=RunOptions(progress=print))


def test_duels_and_matches_with_options_equal_those_with_shorthands() -> None:
    short = tavla.duel("pubeval", "random", 200, seed=7, threads=1)
    given = tavla.duel("pubeval", "random", 200, options=ONE)
    assert (short.ppg, short.games) == (given.ppg, given.games)
    matches = play_matches("pubeval", "random", 10, 3, seed=7, threads=1)
    again = play_matches("pubeval", "random", 10, 3, options=ONE)
    assert np.array_equal(matches.score, again.score)
    assert np.array_equal(matches.games, again.games)


def test_a_ladder_gives_each_duel_the_options_with_its_own_seed() -> None:
    short = ladder(["random", "pubeval"], batch=100, max_games=100, seed=7, threads=1)
    given = ladder(["random", "pubeval"], batch=100, max_games=100, options=ONE)
    assert short == given
    assert given.duels[0].ppg == tavla.duel("pubeval", "random", 100, options=ONE).ppg


def test_train_td_with_options_trains_the_net_of_the_shorthands() -> None:
    short = train_td(20, hidden=4, seed=7, threads=1, progress=False).net
    given = train_td(20, hidden=4, options=ONE.replace(progress=False)).net
    assert short == given
    with pytest.raises(RunOptionsError, match="train_td takes no batch"):
        train_td(20, hidden=4, options=RunOptions(batch=8))
    with pytest.raises(TrainingError, match="seed is given twice"):
        train_td(20, hidden=4, seed=1, options=ONE)


def test_the_shorthands_are_the_fields() -> None:
    assert RunShorthands.__optional_keys__ == frozenset(FIELDS)


# -- client=, progress= and batch= as shorthands: checked before the run -------------------


INT32 = "2,147,483,647"

PLAYOUTS: list[Callable[[object], object]] = [
    lambda client: tavla.selfplay("random", 10, client=client),  # type: ignore[arg-type]
    lambda client: tavla.duel("random", "random", 10, client=client),  # type: ignore[arg-type]
    lambda client: tavla.rollout(tavla.Position.initial(), "random", 36, client=client),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("playout", PLAYOUTS)
@pytest.mark.parametrize("client", ["x", object()])
def test_a_client_that_is_not_a_dask_client(
    playout: Callable[[object], object], client: object
) -> None:
    expected = f"client must be a distributed.Client, got {type(client).__name__}"
    with pytest.raises(PlayoutError, match=f"^{re.escape(expected)}$"):
        playout(client)


NO_DASK = (
    'client= given, but running on a Dask cluster needs the dask extra: pip install "tavla[dask]"'
)


@pytest.mark.parametrize("playout", PLAYOUTS)
def test_a_client_without_dask_installed(
    playout: Callable[[object], object], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(PlayoutError, match=f"^{re.escape(NO_DASK)}$"):
        playout(object())


def test_a_client_without_dask_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def without_dask(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] in ("distributed", "dask", "cloudpickle"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    for module in ("distributed", "cloudpickle"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.setattr(builtins, "__import__", without_dask)
    with pytest.raises(PlayoutError, match=f"^{re.escape(NO_DASK)}$"):
        tavla.selfplay("random", 10, client="x")  # type: ignore[arg-type]


@pytest.mark.parametrize("progress", ["x", 1, 0])
def test_progress_is_a_bool_or_none(progress: object) -> None:
    message = (
        "progress must be True, False, None (a bar when stderr is a terminal) or a callable, "
        f"got {progress!r}"
    )
    with pytest.raises(PlayoutError, match=f"^{re.escape(message)}$"):
        tavla.selfplay("random", 10, progress=progress)  # type: ignore[arg-type]


def test_progress_false_and_none_still_run() -> None:
    assert tavla.selfplay("random", 10, progress=False).games == 10
    assert tavla.selfplay("random", 10, progress=np.bool_(False)).games == 10  # type: ignore[arg-type]


@pytest.mark.parametrize("batch", [-1, 0, 2**31, 1.5, True, "3"])
def test_batch_has_one_message(batch: object) -> None:
    message = f"batch must be an int from 1 to {INT32}, got {batch!r}"
    with pytest.raises(PlayoutError, match=f"^{re.escape(message)}$"):
        tavla.selfplay("random", 10, batch=batch)  # type: ignore[arg-type]
