"""tavla.analysis: a match's decisions valued (plays, cube decisions, answers, luck) and the
per-player statistics, against the values they are sums of, the formulas' published
examples, the rules of the cube actions, and gnubg's own counts of the same match."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import tavla
from tavla.analysis import CubeErrorKind, Mark, analyse
from tavla.analysis.decisions import BAD, DOUBTFUL, VERY_BAD
from tavla.analysis.html import report_names
from tavla.analysis.statistics import fibs_rating, fibs_rating_difference, rating
from tavla.analysis.valuation import _answer_error, _double_error
from tavla.cli import main
from tavla.eval import hint
from tavla.eval.roll_values import ROLLS, roll_values
from tavla.game.cube_context import CubeContext
from tavla.game.cubeful import decide

DATA = Path(__file__).parent / "data"
MATCH = DATA / "realdata" / "match1484923.txt"  # a 5-point Galaxy match, 4 games
SHORT = DATA / "realdata" / "match8794401.txt"
MONEY = DATA / "sgf" / "gnubg-money.mat"
NET = "net:td198-40"


@pytest.fixture(scope="module")
def analysed() -> tavla.analysis.MatchAnalysis:
    return analyse(MATCH, NET, 0)


def test_gnubg_counts_the_same_decisions(analysed: tavla.analysis.MatchAnalysis) -> None:
    """GNU Backgammon 1.07's ``show statistics match`` of this match: 100 and 103 moves,
    86 and 87 unforced; 61 and 31 cube decisions (every roll where the player could
    double, and every answer); 1 and 2 doubles, 2 and 1 takes, no pass."""
    one, two = analysed.players
    assert (one.checker.moves, two.checker.moves) == (100, 103)
    assert (one.checker.unforced, two.checker.unforced) == (86, 87)
    assert (one.cube.decisions, two.cube.decisions) == (61, 31)
    assert (one.cube.doubles, two.cube.doubles) == (1, 2)
    assert (one.cube.takes, two.cube.takes, one.cube.passes, two.cube.passes) == (2, 1, 0, 0)


def test_statistics_are_the_sums_of_the_decisions(analysed: tavla.analysis.MatchAnalysis) -> None:
    for player, stats in enumerate(analysed.players):
        plays = [p for p in analysed.plays if p.player == player]
        unforced = [p for p in plays if not p.forced]
        cubes = [c for c in analysed.cube if c.player == player]
        assert stats.checker.error_total == pytest.approx(sum(p.loss for p in unforced))
        assert stats.checker.error_rate == pytest.approx(
            1000 * stats.checker.error_total / len(unforced)
        )
        for mark, bound in (("doubtful", DOUBTFUL), ("bad", BAD), ("very bad", VERY_BAD)):
            upper = {"doubtful": BAD, "bad": VERY_BAD, "very bad": np.inf}[mark]
            expected = sum(bound <= p.loss < upper for p in unforced)
            assert stats.checker.marks[mark] == expected
        assert stats.cube.error_total == pytest.approx(sum(c.loss for c in cubes))
        close = sum(c.close for c in cubes)
        assert stats.cube.close == close
        total = stats.checker.error_total + stats.cube.error_total
        assert stats.overall.error_rate == pytest.approx(1000 * total / (len(unforced) + close))
        assert stats.overall.snowie_error_rate == pytest.approx(1000 * total / 203)
        assert stats.overall.pr == pytest.approx(stats.overall.error_rate / 2)
        assert stats.luck.total == pytest.approx(sum(p.luck for p in plays))
    one, two = analysed.players
    assert (one.overall.actual, two.overall.actual) == (-0.5, 0.5)  # 2-5: Player0592 won
    assert one.overall.luck_adjusted == pytest.approx(
        -0.5 - (one.luck.total_mwc or 0) + (two.luck.total_mwc or 0)
    )


def test_a_play_loses_what_the_hint_says(analysed: tavla.analysis.MatchAnalysis) -> None:
    """At 0-ply the analysis ranks as the cubeful hint does at the game's score."""
    worst = max(analysed.plays, key=lambda p: p.loss)
    assert worst.mark is Mark.VERY_BAD
    replayed = [m for m in _moments(MATCH) if m.kind.value == "play"]
    moment = next(m for m in replayed if m.position == worst.position and m.dice == worst.dice)
    ranked = hint(worst.position, worst.dice, NET, context=moment.context)
    assert ranked[0].play == worst.best.play
    made = next(entry for entry in ranked if entry.play == worst.play)
    assert worst.loss == pytest.approx(ranked[0].cubeful_equity - made.cubeful_equity)


def _moments(path: Path) -> list[tavla.replay.moments.Moment]:
    from tavla.analysis import read_record
    from tavla.replay import replay_record

    found: list[tavla.replay.moments.Moment] = []
    replay_record(read_record(path), moments=found)
    return found


def test_the_luck_of_a_roll_against_the_hint_of_every_roll() -> None:
    """roll_values batches every roll's plays: each roll's best value is the cubeful hint's
    best (to the float32 rounding of the net, whose batches differ), and the luck of the
    rolls averages to zero."""
    position = tavla.Position.from_position_id("qAOeIDY0CxxAPQ")
    context = CubeContext.for_match(7, (2, 3))
    values = roll_values(position, context, NET)
    expected = [hint(position, roll, NET, context=context)[0] for roll, _ in ROLLS]
    equities = [e.cubeful_equity for e in expected]
    assert values.equities.tolist() == pytest.approx(equities, abs=1e-6)
    assert values.mwcs is not None
    assert values.mwcs.tolist() == pytest.approx([e.mwc for e in expected], abs=1e-6)
    weights = np.array([weight for _, weight in ROLLS])
    lucks = [values.luck(roll)[0] for roll, _ in ROLLS]
    assert np.dot(lucks, weights) == pytest.approx(0, abs=1e-12)
    opening = roll_values(tavla.Position.initial(), CubeContext.money(), NET, opening=True)
    assert len(opening.rolls) == 15 and all(roll[0] != roll[1] for roll, _ in opening.rolls)


def test_cube_error_kinds_follow_the_proper_action() -> None:
    """Each kind of cube error from decisions the model makes: a missed double below and
    above the cash point, a wrong double below the double point and when too good, a wrong
    take and a wrong pass; the loss is the proper action's equity minus the action's (money
    play without the Jacoby rule, where a side rich in gammons is too good to double)."""
    money = CubeContext.money(jacoby=False)
    cases = {
        "double/take": [0.70, 0.0, 0.0, 0.0, 0.0],
        "double/pass": [0.85, 0.0, 0.0, 0.0, 0.0],
        "no double": [0.55, 0.0, 0.0, 0.0, 0.0],
        "too good": [0.93, 0.6, 0.0, 0.0, 0.0],
    }
    decisions = {name: decide(p, money) for name, p in cases.items()}
    assert {name: d.action for name, d in decisions.items()} == {n: n for n in cases}
    take, cash = decisions["double/take"], decisions["double/pass"]
    assert _double_error(take, "no double") == (
        pytest.approx(take.double_take - take.no_double),
        CubeErrorKind.MISSED_DOUBLE_BELOW_CASH,
    )
    assert _double_error(cash, "no double")[1] is CubeErrorKind.MISSED_DOUBLE_ABOVE_CASH
    assert _double_error(take, "double") == (0.0, None)
    low, good = decisions["no double"], decisions["too good"]
    assert _double_error(low, "double") == (
        pytest.approx(low.no_double - low.double_take),
        CubeErrorKind.WRONG_DOUBLE_BELOW_DOUBLE,
    )
    assert _double_error(good, "double") == (
        pytest.approx(good.no_double - 1.0),
        CubeErrorKind.WRONG_DOUBLE_TOO_GOOD,
    )
    assert _answer_error(cash, "take") == (
        pytest.approx(cash.double_take - 1.0),
        CubeErrorKind.WRONG_TAKE,
    )
    assert _answer_error(take, "drop") == (
        pytest.approx(1.0 - take.double_take),
        CubeErrorKind.WRONG_PASS,
    )
    assert _answer_error(take, "take") == (0.0, None)


def test_the_published_formulas() -> None:
    """GNU Backgammon's own figures for this match at 0-ply: 0.968 lost in 86 unforced
    moves is 156.5 FIBS rating points in a 5-point match; a luck-adjusted result of
    +16.61% is a rating difference of 268.3; the bands by error per decision."""
    assert 2050 - fibs_rating(0.968 / 86, 0.0, 5) == pytest.approx(156.5, abs=0.05)
    assert fibs_rating_difference(0.6661, 5) == pytest.approx(268.3, abs=0.2)
    assert fibs_rating_difference(1.0, 5) is None
    assert [rating(e) for e in (0.001, 0.004, 0.0113, 0.03, 0.05)] == [
        "supernatural",
        "world class",
        "advanced",
        "beginner",
        "awful",
    ]


def test_money_results_are_points() -> None:
    analysis = analyse(MONEY, NET, 0)
    points = [0, 0]
    for game in analysis.replay.games:
        assert game.winner is not None
        points[game.winner] += game.points
        points[1 - game.winner] -= game.points
    one, two = analysis.players
    assert (one.overall.actual, two.overall.actual) == tuple(points)
    luck = [sum(p.luck * p.cube for p in analysis.plays if p.player == k) for k in (0, 1)]
    assert one.overall.luck_adjusted == pytest.approx(points[0] - luck[0] + luck[1])
    assert one.overall.fibs_rating is None


def test_threads_give_the_same_analysis() -> None:
    once = analyse(SHORT, NET, 1)
    twice = analyse(SHORT, NET, 1, threads=2)
    assert [p.loss for p in once.plays] == [p.loss for p in twice.plays]
    assert [c.loss for c in once.cube] == [c.loss for c in twice.cube]


def test_the_command_line_report() -> None:
    result = CliRunner().invoke(main, ["analyse", str(SHORT), "-e", NET, "-p", "0", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    analysis = analyse(SHORT, NET, 0)
    assert report["length"] == analysis.length
    assert [p["name"] for p in report["players"]] == [p.name for p in analysis.players]
    checker = report["players"][0]["checker"]
    assert set(checker) >= {"moves", "unforced", "marks", "error_total", "error_rate"}
    assert set(checker["marks"]) == {"doubtful", "bad", "very bad"}
    assert report["players"][0]["overall"]["fibs_rating"] == analysis.players[0].overall.fibs_rating
    assert len(report["decisions"]) == len(analysis.plays) + len(analysis.cube)
    kinds = {d["kind"] for d in report["decisions"]}
    assert kinds <= {"play", "double", "take"} and "play" in kinds
    text = CliRunner().invoke(main, ["analyse", str(SHORT), "-e", NET, "-p", "0"]).stdout
    assert "Chequerplay statistics" in text and "Error rate mEMG" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyse", "/no/such/file.mat"], "no such file"),
        (["analyse", str(DATA / "README.md")], "README.md"),
        (["analyse", str(SHORT), "-e", "net:/missing.npz"], "no net file"),
        (["analyse", str(SHORT), "--met", "/missing.xml"], "no built-in table"),
        (["analyse", str(SHORT), "-p", "0", "-e", "bearoff"], "bear-off database answers only"),
    ],
)
def test_bad_input_is_one_error_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]


def test_bad_arguments_raise_analysis_errors() -> None:
    for kwargs in ({"plies": 5}, {"threads": 0}, {"luck_plies": -1}, {"cube_life": 2.0}):
        with pytest.raises(tavla.errors.AnalysisError):
            analyse(SHORT, NET, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(tavla.errors.AnalysisError, match="MatchRecord or the path"):
        analyse(42, NET)  # type: ignore[arg-type]
    # The bear-off database alone cannot value a match (every game starts in contact): it
    # is refused, not replaced by the default net under its name.
    with pytest.raises(tavla.errors.AnalysisError, match="bear-off database answers only"):
        analyse(SHORT, "bearoff", plies=0)


def test_the_html_report_shows_every_marked_decision(tmp_path: Path) -> None:
    """--html writes one self-contained page: the statistics of both players, the games,
    and for each decision that lost the threshold a board picture and its candidates, the
    play made in bold; nothing is fetched from elsewhere."""
    from html.parser import HTMLParser

    args = ["analyse", str(MATCH), "-e", NET, "-p", "0", "--html", str(tmp_path), "--json"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    page = (tmp_path / "match1484923.txt.html").read_text()
    analysis = analyse(MATCH, NET, 0)

    class Tags(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.counts: dict[str, int] = {}
            self.sources: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.counts[tag] = self.counts.get(tag, 0) + 1
            self.sources += [v or "" for k, v in attrs if k in ("src", "href")]

    tags = Tags()
    tags.feed(page)
    assert tags.counts["svg"] == len(analysis.marked(0.04))
    assert tags.sources == []
    assert all(player.name in page for player in analysis.players)
    assert page.count('<tr class="made">') == sum(
        1 for decision in analysis.marked(0.04) if hasattr(decision, "candidates")
    )


def test_html_reports_of_files_with_one_name_are_all_kept(tmp_path: Path) -> None:
    """match.mat and match.sgf (one stem), or one name in two folders, give distinct pages:
    each file's whole name with .html, the later of a name given twice numbered."""
    stem = "Player0192-Player0193_7p_2025-11-08-2305"
    mat, sgf = DATA / "realdata" / f"{stem}.mat", DATA / "sgf" / f"{stem}.sgf"
    other = tmp_path / "other"
    other.mkdir()
    (other / mat.name).write_bytes(mat.read_bytes())
    out = tmp_path / "out"
    args = [str(mat), str(sgf), str(other / mat.name), "-e", NET, "-p", "0", "--html", str(out)]
    result = CliRunner().invoke(main, ["analyse", *args])
    assert result.exit_code == 0, result.output
    assert sorted(page.name for page in out.iterdir()) == [
        f"{stem}.mat-2.html",
        f"{stem}.mat.html",
        f"{stem}.sgf.html",
    ]
    for page in out.iterdir():
        assert "Player0192" in page.read_text()
    assert report_names(["a/x.mat", "b/x.mat", "x.mat", "", "x.mat-2"]) == [
        "x.mat.html",
        "x.mat-2.html",
        "x.mat-3.html",
        "analysis.html",
        "x.mat-2-2.html",
    ]


def test_decisions_are_listed_in_the_order_they_were_made() -> None:
    """Each turn's cube decision, then its play, the answer after the double: in the JSON,
    in the text list and in MatchAnalysis.marked, where a move number holds both players'
    turns (Player0752's 31 at move 1 is before Player0592's cube decision at move 1)."""
    studio = (
        DATA / "realdata" / "Player0752 - Player0592 3pt Backgammon Studio 2024_05_11 20_10_33.txt"
    )
    base = ["analyse", str(studio), "-e", NET, "-p", "0"]
    report = json.loads(CliRunner().invoke(main, [*base, "--json"]).stdout)
    steps = [
        (d["game"], d["move"], d["player"], d["kind"], d["chosen"]) for d in report["decisions"]
    ]
    assert steps[:5] == [
        (1, 1, 0, "play", "8/5 6/5"),
        (1, 1, 1, "double", "no double"),
        (1, 1, 1, "play", "24/18 13/10"),
        (1, 2, 0, "double", "no double"),
        (1, 2, 0, "play", "24/20(2) 13/9(2)"),
    ]
    # Game 1 ends: 11) 64: 8/2 4/off  Doubles => 2 / 12) Drops.
    end = [step for step in steps if step[0] == 1 and step[1] >= 11]
    assert end == [
        (1, 11, 0, "double", "no double"),
        (1, 11, 0, "play", "8/2 4/off"),
        (1, 11, 1, "double", "double"),
        (1, 12, 0, "take", "drop"),
    ]
    text = CliRunner().invoke(main, [*base, "--blunders", "--threshold", "0"]).stdout
    listed = [line.split(": ", 1)[1] for line in text.splitlines()]
    assert [line.split(",")[1:3] for line in listed[:3]] == [
        [" move 1", " Player0752 31: 8/5 6/5"],
        [" move 1", " Player0592 no double"],
        [" move 1", " Player0592 63: 24/18 13/10"],
    ]
    analysis = analyse(studio, NET, 0)
    unforced = [d for d in report["decisions"] if not d.get("forced")]
    assert len(listed) == len(unforced) == len(analysis.marked(0))


def test_json_with_blunders_lists_only_the_decisions_over_the_threshold() -> None:
    """--json --blunders --threshold 0.09 lists only the decisions that lost 0.09 or more
    (the statistics in full); --json alone every decision; --blunders alone from 0.08,
    --threshold alone from its value.  At 0-ply td198-40 finds six decisions over 0.04 in
    this match, losing 0.067, 0.068, 0.084, 0.094, 0.114 and 0.182."""
    base = ["analyse", str(SHORT), "-e", NET, "-p", "0", "--json"]
    analysis = analyse(SHORT, NET, 0)
    every = json.loads(CliRunner().invoke(main, base).stdout)
    assert len(every["decisions"]) == len(analysis.plays) + len(analysis.cube)
    for extra, count in (
        (["--blunders", "--threshold", "0.09"], 3),
        (["--blunders"], 4),
        (["--threshold", "0.1"], 2),
    ):
        result = CliRunner().invoke(main, [*base, *extra])
        assert result.exit_code == 0, result.output
        report = json.loads(result.stdout)
        assert len(report["decisions"]) == count
        assert all(d["loss"] >= 0.08 for d in report["decisions"])
        assert report["players"] == every["players"]


def test_what_cannot_be_analysed_says_why(tmp_path: Path) -> None:
    """A directory, a device, a FIFO or "" is named for what it is (it was "no such file");
    --html naming a file says so (it was a bare "File exists")."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    afile = tmp_path / "afile"
    afile.write_text("")
    cases = [
        ([str(tmp_path)], f"Error: {tmp_path}: not a regular file (a directory)"),
        (["/dev/null"], "Error: /dev/null: not a regular file (a character device)"),
        ([str(fifo)], f"Error: {fifo}: not a regular file (a FIFO)"),
        ([""], "Error: '': no such file"),
        ([str(tmp_path / "none.mat")], f"Error: {tmp_path / 'none.mat'}: no such file"),
        (
            [str(SHORT), "--html", str(afile)],
            f"Error: --html {afile}: a file, not a directory (the folder to write into)",
        ),
    ]
    for args, message in cases:
        result = CliRunner().invoke(main, ["analyse", *args, "-e", NET, "-p", "0"])
        assert (result.exit_code, result.stdout, result.stderr) == (2, "", message + "\n")


def test_every_file_is_analysed_and_each_failure_is_one_line(tmp_path: Path) -> None:
    """A good file after and before bad ones is still analysed and reported; each bad one
    is one Error line; the exit status is 2.  A bad setting stops before any file."""
    empty = tmp_path / "empty.mat"
    empty.write_text("")
    args = [str(empty), str(SHORT), str(tmp_path / "none.mat"), "-e", NET, "-p", "0"]
    result = CliRunner().invoke(main, ["analyse", *args, "--blunders"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"Error: {empty}: the file is empty",
        f"Error: {tmp_path / 'none.mat'}: no such file",
    ]
    alone = CliRunner().invoke(main, ["analyse", str(SHORT), "-e", NET, "-p", "0", "--blunders"])
    assert result.stdout == alone.stdout and alone.stdout.count("\n") == 4
    listed = CliRunner().invoke(main, ["analyse", *args, "--json"])
    (report,) = json.loads(listed.stdout)  # the files analysed, an array for several given
    assert report["file"] == str(SHORT) and listed.exit_code == 2
    bad_net = CliRunner().invoke(main, ["analyse", str(SHORT), str(empty), "-e", "net:nosuch"])
    assert bad_net.exit_code == 2 and bad_net.stdout == ""
    assert len(bad_net.stderr.splitlines()) == 1 and "no net file" in bad_net.stderr
