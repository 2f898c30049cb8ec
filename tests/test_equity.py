"""Match equity tables: the shipped tables' values as published, reading GNU Backgammon's XML
files, and what follows from a table at a score (take points, gammon values, equity and MWC,
the free drop), each checked by hand from the table's numbers."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tavla import MatchEquityError, MatchEquityTable
from tavla.game import equity
from tavla.game.equity import BUILTIN_TABLES, dead_cube, has_free_drop
from tests.helpers import fuzz
from tests.helpers.fuzz import fuzz_settings

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "met"
XG2 = MatchEquityTable.default()

# /work/shared/data/met/README.md, "Checked values": Kazaross-XG2, MWC of the row player (%),
# as GNU Backgammon 1.07 prints them.
PRINTED = {
    1: {1: 50.000, 2: 67.736, 3: 75.076, 4: 81.436, 5: 84.179, 7: 90.724},
    2: {1: 32.264, 2: 50.000, 3: 59.947, 4: 66.870, 5: 74.359, 7: 84.225},
    3: {1: 24.924, 2: 40.053, 3: 50.000, 4: 57.150, 5: 64.795, 7: 76.209},
    7: {1: 9.276, 2: 15.775, 3: 23.791, 4: 30.076, 5: 37.362, 7: 50.000},
}


@pytest.mark.parametrize(
    ("away", "opponent_away", "percent"),
    [(row, column, value) for row, values in PRINTED.items() for column, value in values.items()],
)
def test_kazaross_xg2_as_printed(away: int, opponent_away: int, percent: float) -> None:
    assert XG2.mwc(away, opponent_away) == pytest.approx(percent / 100, abs=5e-6)


@pytest.mark.parametrize(("trailer", "percent"), [(2, 48.803), (3, 32.264), (7, 11.559)])
def test_kazaross_xg2_post_crawford_as_printed(trailer: int, percent: float) -> None:
    assert XG2.mwc(trailer, 1, post_crawford=True) == pytest.approx(percent / 100, abs=5e-6)
    assert XG2.mwc(1, trailer, post_crawford=True) == pytest.approx(1 - percent / 100, abs=5e-6)


def test_the_default_is_kazaross_xg2_to_25_points() -> None:
    assert XG2.name == "Kazaross XG2 25 point MET"
    assert XG2.length == 25
    assert MatchEquityTable.builtin("Kazaross-XG2") is XG2
    assert XG2.mwc(1, 25) == 0.99905  # the last of the file's first row
    assert XG2.mwc(25, 25) == 0.5


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared MET files are not beside the repo")
@pytest.mark.parametrize("name", BUILTIN_TABLES)
def test_shipped_tables_are_the_published_files(name: str) -> None:
    published = MatchEquityTable.read(SHARED / f"{name}.xml")
    shipped = MatchEquityTable.builtin(name)
    assert np.array_equal(published.pre_crawford, shipped.pre_crawford)
    assert np.array_equal(published.post_crawford, shipped.post_crawford)


def test_rockwell_kazaross_from_its_file() -> None:
    table = MatchEquityTable.builtin("Rockwell-Kazaross")
    assert table.name == "Rockwell/Kazaross 25 point MET"
    assert table.mwc(2, 1, post_crawford=True) == 0.487677  # its post-Crawford row, 2-away
    assert table.length == 25


@pytest.mark.parametrize("name", BUILTIN_TABLES)
def test_every_score_is_one_minus_the_other_side(name: str) -> None:
    table = MatchEquityTable.builtin(name)
    pre = table.pre_crawford
    assert np.allclose(pre + pre.T, 1, atol=1e-12)
    assert not pre.flags.writeable


def test_a_match_in_hand_is_won_or_lost() -> None:
    assert XG2.mwc_after(2, 5, 2) == 1.0
    assert XG2.mwc_after(2, 5, -6) == 0.0
    # Pre-Crawford, reaching 1-away leads to the Crawford game: the pre-Crawford table.
    assert XG2.mwc_after(3, 3, 2) == XG2.mwc(1, 3)
    # A side 1 away now (the Crawford game): the next game is post-Crawford.
    assert XG2.mwc_after(1, 4, -2) == XG2.mwc(1, 2, post_crawford=True)
    # Without the Crawford rule, every game with a side 1 away is like post-Crawford.
    assert XG2.mwc_after(3, 4, 2, crawford_rule=False) == XG2.mwc(1, 4, post_crawford=True)


def test_take_points_by_hand() -> None:
    # The 2-away leader doubled by the 4-away trailer: a drop leaves 2-away/3-away (59.947%),
    # a take plays for the match (win: 1) or 2-away/2-away (lose: 50%).
    assert XG2.take_point(2, 4) == pytest.approx((0.59947 - 0.5) / (1 - 0.5), abs=1e-12)
    # The 4-away trailer doubled by the 2-away leader: a drop leaves the Crawford game at
    # 4-away/1-away (18.564%); a take wins 2-away/2-away or loses the match.
    assert XG2.take_point(4, 2) == pytest.approx(0.18564 / 0.5, abs=1e-12)
    # 3-away/3-away: drop 3/2 (40.053%), take and win 1/3 (75.076%), lose 3/1 (24.924%).
    expected = (0.40053 - 0.24924) / (0.75076 - 0.24924)
    assert XG2.take_point(3, 3) == pytest.approx(expected, abs=1e-12)
    # Post-Crawford, the leader doubled by the 2-away trailer: a drop leaves 1-away/1-away.
    assert XG2.take_point(1, 2, post_crawford=True) == pytest.approx(0.5, abs=1e-12)
    # ... and the trailer doubled by the leader loses the match by dropping: it always takes.
    assert XG2.take_point(2, 1, post_crawford=True) == 0.0


def test_a_redouble_take_point() -> None:
    # 4-away/4-away, doubled from 2 to 4: a drop leaves 4-away/2-away (33.130%); a take wins
    # the match or loses it.
    assert XG2.take_point(4, 4, 2) == pytest.approx(0.33130, abs=1e-12)


def test_no_take_point_in_the_crawford_game() -> None:
    with pytest.raises(MatchEquityError, match="Crawford game"):
        XG2.take_point(1, 5)


def test_equity_and_mwc_as_formats_verifies() -> None:
    # docs/cube.rst, "What follows at a score": 7-point match at 0-0, cube 1, e = 0.5 -> 53.131%.
    assert XG2.equity_to_mwc(0.5, 7, 7) == pytest.approx(0.53131, abs=5e-6)
    # On roll 4-away, opponent 5-away, cube 2: e = -1 -> 42.85%, e = +1 -> 74.36%.
    assert XG2.equity_to_mwc(-1, 4, 5, 2) == pytest.approx(0.4285, abs=1e-12)
    assert XG2.equity_to_mwc(1, 4, 5, 2) == pytest.approx(0.74359, abs=1e-12)
    assert XG2.mwc_to_equity(XG2.equity_to_mwc(0.3, 9, 4, 4), 9, 4, 4) == pytest.approx(0.3)


def test_gammon_values_by_hand() -> None:
    # 3-away/3-away: single win 2/3 (59.947%), gammon 1/3 (75.076%), single loss 3/2.
    expected = (0.75076 - 0.59947) / (0.59947 - 0.40053)
    assert XG2.gammon_value(3, 3) == pytest.approx(expected, abs=1e-12)
    # 2-away/2-away: a gammon at 1 wins the match; at 2 a single win already does.
    expected = (1 - 0.67736) / (0.67736 - 0.32264)
    assert XG2.gammon_value(2, 2) == pytest.approx(expected, abs=1e-12)
    assert XG2.gammon_value(2, 2, 2) == 0.0


def test_the_free_drop() -> None:
    assert XG2.free_drop_cost(2) == pytest.approx(0.5 - 0.48803, abs=1e-12)
    assert XG2.free_drop_cost(4) == pytest.approx(0.32264 - 0.31002, abs=1e-12)
    assert XG2.free_drop_cost(3) == pytest.approx(0.48803 - 0.32264, abs=1e-12)
    assert [has_free_drop(away) for away in (2, 3, 4, 5)] == [True, False, True, False]


def test_dead_cubes() -> None:
    assert dead_cube(1, 1)  # the post-Crawford leader
    assert dead_cube(2, 2)  # the leader's cube at 2 after the 2-away trailer's double
    assert not dead_cube(4, 2)
    assert dead_cube(3, 4)


@pytest.mark.parametrize(
    ("away", "opponent_away"), [(0, 3), (3, 0), (26, 3), (3, 26), (True, 3), (2.0, 3), ("2", 3)]
)
def test_bad_away_scores(away: object, opponent_away: object) -> None:
    with pytest.raises(MatchEquityError, match="away score"):
        XG2.mwc(away, opponent_away)  # type: ignore[arg-type]


def test_post_crawford_needs_a_side_one_away() -> None:
    with pytest.raises(MatchEquityError, match="1 away"):
        XG2.mwc(2, 3, post_crawford=True)


def test_bad_look_ups() -> None:
    with pytest.raises(MatchEquityError, match="points won"):
        XG2.mwc_after(3, 3, 0)
    with pytest.raises(MatchEquityError, match="power of two"):
        XG2.equity_to_mwc(0.0, 3, 3, 3)
    with pytest.raises(MatchEquityError, match="no built-in table"):
        MatchEquityTable.builtin("woolsey")
    with pytest.raises(MatchEquityError, match="trailer"):
        XG2.free_drop_cost(1)


def _xml(pre: str, post: str, kind: str = "explicit") -> str:
    return (
        '<?xml version="1.0"?><met><info><name>tiny</name></info>'
        f'<pre-crawford-table type="{kind}">{pre}</pre-crawford-table>'
        f'<post-crawford-table type="explicit" player="both">{post}</post-crawford-table></met>'
    )


def _rows(*rows: tuple[str, ...]) -> str:
    return "".join("<row>" + "".join(f"<me>{v}</me>" for v in row) + "</row>" for row in rows)


def test_read_a_small_explicit_table(tmp_path: Path) -> None:
    path = tmp_path / "tiny.xml"
    path.write_text(_xml(_rows(("0.5", "0.7"), ("0.3", "0.5")), _rows(("0.5", "0.45"))))
    table = MatchEquityTable.read(path)
    assert (table.name, table.length) == ("tiny", 2)
    assert table.mwc(1, 2) == 0.7
    assert table.mwc(2, 1, post_crawford=True) == 0.45
    with pytest.raises(MatchEquityError, match="1 to the 2"):
        table.mwc(3, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<met><pre-crawford-table", "cannot read"),
        ("<table/>", "not <met>"),
        (_xml(_rows(("0.5",)), _rows(("0.5",)), kind="zadeh"), "formula"),
        (_xml(_rows(("0.5", "0.7"), ("0.3",)), _rows(("0.5", "0.4"))), "square"),
        (_xml(_rows(("0.5", "x"), ("0.3", "0.5")), _rows(("0.5", "0.4"))), "not a number"),
        (_xml(_rows(("0.5", "1.7"), ("-0.7", "0.5")), _rows(("0.5", "0.4"))), "outside"),
        (_xml(_rows(("0.5", "0.7"), ("0.4", "0.5")), _rows(("0.5", "0.4"))), "add up"),
        (_xml(_rows(("0.5", "0.7"), ("0.3", "0.5")), _rows(("0.5",))), "one value per"),
        (_xml("", _rows(("0.5",))), "no <row>"),
        ('<met><post-crawford-table type="explicit"/></met>', "no <pre-crawford-table>"),
    ],
)
def test_malformed_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.xml"
    path.write_text(text)
    with pytest.raises(MatchEquityError, match=message):
        MatchEquityTable.read(path)


def test_missing_files_and_bad_paths(tmp_path: Path) -> None:
    with pytest.raises(MatchEquityError, match="cannot read"):
        MatchEquityTable.read(tmp_path / "none.xml")
    with pytest.raises(MatchEquityError, match="cannot read"):
        MatchEquityTable.read(tmp_path)
    with pytest.raises(MatchEquityError, match="path"):
        MatchEquityTable.read(3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("declaration", "message"),
    [
        ('encoding="foo"', "unknown encoding: foo"),
        ('encoding="cp932"', "multi-byte encodings are not supported"),
    ],
)
def test_an_encoding_expat_cannot_read(tmp_path: Path, declaration: str, message: str) -> None:
    """An unknown or multi-byte encoding escaped as LookupError / ValueError (issue 18)."""
    path = tmp_path / "odd.xml"
    path.write_text(f'<?xml version="1.0" {declaration}?>\n<met/>\n')
    with pytest.raises(
        MatchEquityError, match=f"cannot read a match equity table from .*{message}"
    ):
        MatchEquityTable.read(path)


def test_a_path_with_a_nul_byte(tmp_path: Path) -> None:
    with pytest.raises(MatchEquityError, match=r"cannot read a match equity table from 'a\\x00b'"):
        MatchEquityTable.read("a\x00b")
    with pytest.raises(MatchEquityError, match="cannot read"):
        MatchEquityTable.read(tmp_path / "a\x00b")


def test_tables_built_from_arrays_are_checked() -> None:
    with pytest.raises(MatchEquityError, match="square"):
        MatchEquityTable(np.full((2, 3), 0.5), [0.5, 0.5])
    with pytest.raises(MatchEquityError, match="outside"):
        MatchEquityTable([[0.5, np.nan], [0.5, 0.5]], [0.5, 0.5])
    with pytest.raises(MatchEquityError, match=r"0\.5"):
        MatchEquityTable([[0.5]], [0.4])
    with pytest.raises(MatchEquityError, match="numbers"):
        MatchEquityTable([["a"]], [0.5])


SHIPPED_MET = (Path(equity.__file__).parent / "data" / "Kazaross-XG2.xml").read_bytes()


@fuzz_settings(60)
@given(data=st.data())
def test_fuzz_damaged_met_files(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    """MatchEquityTable.read reads a damaged MET file or raises MatchEquityError (issue 18);
    the edits fall in its XML declaration and information first, and in its last rows, and
    it may declare any encoding (its declaration is its first 23 bytes)."""
    damaged_file = data.draw(fuzz.damaged(SHIPPED_MET, focus=(1_500, 1_500)))
    if data.draw(st.booleans()):  # any encoding declared
        name = data.draw(st.text(min_size=1, max_size=12)).encode("utf-8", "replace")
        damaged_file = b'<?xml version="1.0" encoding="' + name + b'"?>' + damaged_file[23:]
    folder = tmp_path_factory.mktemp("fuzz")
    fuzz.read_or_refuse(MatchEquityTable.read, damaged_file, MatchEquityError, folder / "met.xml")
