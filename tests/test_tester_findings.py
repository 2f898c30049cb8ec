"""What a tester found: each finding with the error type and message it now gets."""

from __future__ import annotations

import builtins
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

import tavla
from tavla.board.notation import format_play
from tavla.cli import main
from tavla.errors import (
    InvalidPositionError,
    MatchFileError,
    NotationError,
    PlayoutError,
    RulesError,
)
from tavla.replay import match_record, replay_record

REALDATA = Path(__file__).parent / "data" / "realdata"
INT32 = "2,147,483,647"


# 1. An empty path is not the current directory.


def test_replay_of_an_empty_path_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.mat").write_text((REALDATA / "test-match01.txt").read_text())
    monkeypatch.chdir(tmp_path)
    for args in ([""], ["a.mat", ""]):
        result = CliRunner().invoke(main, ["replay", *args])
        assert result.exit_code == 2
        assert result.stdout == ""
        assert result.stderr == (
            "Error: an empty path names no file: name a match file or a directory"
            " ('.' for this one)\n"
        )


# 2. client= is checked before anything needs Dask.

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


# 3. format_play checks its input.

BAD_MOVE = "a checker moves from the bar or a point 1..24 down to a lower point or off"


@pytest.mark.parametrize(
    ("moves", "hits", "message"),
    [
        ([(0, 5)], None, f"cannot read the move (0, 5): {BAD_MOVE}"),
        ([(5, 7)], None, f"cannot read the move (5, 7): {BAD_MOVE}"),
        ([(26, 1)], None, f"cannot read the move (26, 1): {BAD_MOVE}"),
        ([(25, 25)], None, f"cannot read the move (25, 25): {BAD_MOVE}"),
        ([(True, False)], None, "a move is a (from, to) pair of ints, got (True, False)"),
        ([(13, 7, 5)], None, "a move is a (from, to) pair of ints, got (13, 7, 5)"),
        (["13"], None, "a move is a (from, to) pair of ints, got '13'"),
        ([(13.0, 7)], None, "a move is a (from, to) pair of ints, got (13.0, 7)"),
        ("x", None, "a play is a sequence of (from, to) moves, got 'x'"),
        (None, None, "a play is a sequence of (from, to) moves, got None"),
        ([(13, 7), (7, 5)], [True], "hits must hold one bool per move: 2 moves, got 1"),
        ([(13, 7)], [1], "hits must be a sequence of bools, got [1]"),
        ([(13, 7)], "x", "hits must be a sequence of bools, got 'x'"),
    ],
)
def test_format_play_refuses_what_is_not_a_play(moves: Any, hits: Any, message: str) -> None:
    with pytest.raises(NotationError, match=f"^{re.escape(message)}$"):
        format_play(moves, hits)


def test_format_play_still_takes_plays() -> None:
    assert format_play([(13, 7), (7, 5)], hits=[True, False]) == "13/7*/5"
    assert format_play([(25, 20), (6, 0)]) == "bar/20 6/off"
    assert format_play([]) == ""
    assert format_play(np.array([[13, 7], [7, 5]]), np.array([True, False])) == "13/7*/5"
    assert format_play([(np.int8(8), np.int64(5))], (np.bool_(False),)) == "8/5"


# 4. match_record and replay_record check their arguments.


@pytest.mark.parametrize(
    ("players", "shown"),
    [
        ("Ali", "'Ali'"),
        (("a", "b", "c"), "('a', 'b', 'c')"),
        (("a",), "('a',)"),
        ((1, 2), "(1, 2)"),
        (None, "None"),
    ],
)
def test_match_record_players_are_two_names(players: Any, shown: str) -> None:
    message = f"players must be a pair of names (two str), got {shown}"
    with pytest.raises(MatchFileError, match=f"^{re.escape(message)}$"):
        match_record(tavla.Match(3), players)


def test_match_record_takes_a_list_of_two_names() -> None:
    assert match_record(tavla.Match(3), ["Ayse", "Mehmet"]).players == ("Ayse", "Mehmet")


@pytest.mark.parametrize(("session", "kind"), [(None, "NoneType"), (tavla.Game(), "Game")])
def test_match_record_needs_a_session(session: Any, kind: str) -> None:
    message = f"session must be a Match or a MoneySession, got {kind}"
    with pytest.raises(MatchFileError, match=f"^{re.escape(message)}$"):
        match_record(session)


@pytest.mark.parametrize(("record", "kind"), [(None, "NoneType"), ("3 point match", "str")])
def test_replay_record_needs_a_match_record(record: Any, kind: str) -> None:
    with pytest.raises(MatchFileError, match=f"^record must be a MatchRecord, got {kind}$"):
        replay_record(record, "x")


def test_match_file_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="must be a MatchRecord"):
        replay_record(None, "x")  # type: ignore[arg-type]


# 5. The replay report of a path that cannot be used (documented: one line per path).


def test_replay_of_a_missing_path_is_a_line_of_its_report(tmp_path: Path) -> None:
    missing = tmp_path / "nonexistent"
    result = CliRunner().invoke(main, ["replay", str(missing)])
    assert result.exit_code == 2
    assert result.stderr == f"unreadable {missing}: no such file or directory\n"
    assert result.stdout == (
        "total: 0 matches, 0 games, 0 plays, 0 cube actions, 0 mismatches, 0 notes,"
        " 0 files skipped, 1 unreadable\n"
    )


def test_the_replay_report_is_documented() -> None:
    help_text = CliRunner().invoke(main, ["replay", "--help"]).output
    assert '"unreadable PATH: REASON"' in help_text
    cli_doc = (Path(__file__).parents[1] / "docs" / "cli.rst").read_text()
    assert "``unreadable PATH: REASON``" in cli_doc
    assert "unreadable missing.mat: no such file or directory" in cli_doc


# 6. progress, truncate, batch and non-finite counts.


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


@pytest.mark.parametrize("truncate", [-1, 0, 2**31, 1.5, True, "3"])
def test_truncate_has_one_message(truncate: object) -> None:
    message = f"truncate must be an int from 1 to {INT32} plies (None plays out), got {truncate!r}"
    certain = lambda boards: np.tile([1.0, 0, 0, 0, 0], (len(boards), 1))  # noqa: E731
    with pytest.raises(PlayoutError, match=f"^{re.escape(message)}$"):
        tavla.rollout(tavla.Position.initial(), "random", 36, truncate=truncate, evaluator=certain)  # type: ignore[arg-type]


@pytest.mark.parametrize("batch", [-1, 0, 2**31, 1.5, True, "3"])
def test_batch_has_one_message(batch: object) -> None:
    message = f"batch must be an int from 1 to {INT32}, got {batch!r}"
    with pytest.raises(PlayoutError, match=f"^{re.escape(message)}$"):
        tavla.selfplay("random", 10, batch=batch)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [np.inf, -np.inf, np.nan])
def test_a_count_that_is_not_finite(bad: float) -> None:
    boards = np.array([tavla.Position.initial().board], dtype=float)
    boards[0, 0, 6] = bad
    message = "a count is not a finite whole number (fractional, inf or nan)"
    with pytest.raises(InvalidPositionError, match=f"^{re.escape('row 0: ' + message)}$"):
        tavla.legal_results(boards, np.array([[3, 1]]))
    with pytest.raises(InvalidPositionError, match=f"^{re.escape(message)}$"):
        tavla.Position(boards[0])


# 7. The Holland rule is a rule of match play (post-Crawford games).


def test_holland_is_refused_in_money_play() -> None:
    message = "options of match play only (R25: post-Crawford games), not of money play: holland"
    with pytest.raises(RulesError, match=f"^{re.escape(message)}$"):
        tavla.MoneySession(tavla.Rules(holland=True))
    with pytest.raises(RulesError, match=f"^{re.escape(message)}$"):
        tavla.Game(tavla.Rules(holland=True))
    with pytest.raises(RulesError, match=f"^{re.escape(message)}$"):
        tavla.Rules(holland=True).check_money_play()


def test_holland_is_still_allowed_in_a_match() -> None:
    assert tavla.Match(5, tavla.Rules(holland=True)).rules.holland
    tavla.Rules().check_money_play()
    tavla.Rules.standard_money().check_money_play()
