# ruff: noqa: RUF001  (the Turkish dotless i is a letter here, not a confusable)
"""Turkish names of rolls and terms (R28, docs/rules.rst); huge names and terms quoted bounded."""

from __future__ import annotations

import itertools

import pytest

from tavla import MatchFileError, NotationError
from tavla.formats.mat import MatchRecord, format_mat
from tavla.render.names import roll_from_name, roll_label, roll_name, term_label

# R28, copied by hand from docs/rules.rst: "higher die first".
R28 = {
    "66": "düşeş",
    "65": "şeşbeş",
    "64": "şeş cihar",
    "63": "şeş se",
    "62": "şeş dü",
    "61": "şeş yek",
    "55": "dübeş",
    "54": "penç cihar",
    "53": "penç se",
    "52": "penç dü",
    "51": "penç yek",
    "44": "dört cihar",
    "43": "cihar se",
    "42": "cihar dü",
    "41": "cihar yek",
    "33": "düse",
    "32": "se dü",
    "31": "se yek",
    "22": "dubara",
    "21": "dü yek",
    "11": "hepyek",
}


def test_roll_name_of_sesbes() -> None:
    assert roll_name((6, 5)) == "şeşbeş"


@pytest.mark.parametrize(("roll", "name"), sorted(R28.items()))
def test_all_21_names_in_either_order(roll: str, name: str) -> None:
    high, low = int(roll[0]), int(roll[1])
    assert roll_name((high, low)) == name
    assert roll_name((low, high)) == name
    assert roll_name(f"{low}-{high}") == name
    assert roll_from_name(name) == (high, low)


def test_every_roll_has_a_distinct_name() -> None:
    rolls = {(max(a, b), min(a, b)) for a, b in itertools.product(range(1, 7), repeat=2)}
    assert len(rolls) == 21
    assert len({roll_name(roll) for roll in rolls}) == 21


@pytest.mark.parametrize(
    ("name", "roll"),
    [
        ("sesbes", (6, 5)),
        ("duses", (6, 6)),
        ("Şeş Beş", (6, 5)),
        ("dü bara", (2, 2)),
        ("hep yek", (1, 1)),
        ("cihar-ı yek", (4, 1)),
        ("cihar yek", (4, 1)),
        ("dücihar", (4, 4)),
        ("beş dört", (5, 4)),
        ("penc-i yek", (5, 1)),
    ],
)
def test_other_spellings_and_ascii_aliases(name: str, roll: tuple[int, int]) -> None:
    assert roll_from_name(name) == roll


@pytest.mark.parametrize("name", ["", "şeş", "yedi beş"])
def test_unknown_roll_names(name: str) -> None:
    with pytest.raises(NotationError, match="not a Turkish roll name"):
        roll_from_name(name)


def test_bad_rolls() -> None:
    with pytest.raises(NotationError):
        roll_name((7, 1))


def test_labels_for_the_cli() -> None:
    assert roll_label((5, 6)) == "6-5"
    assert roll_label((5, 6), "tr") == "şeşbeş"
    assert term_label("gammon", "tr") == "mars"
    assert term_label("backgammon", "tr") == "katmerli mars"
    assert term_label("checker", "tr") == "pul"
    assert term_label("Gammon") == "gammon"
    with pytest.raises(NotationError, match="no Turkish word"):
        term_label("equity", "tr")
    with pytest.raises(NotationError, match="languages"):
        roll_label((6, 5), "de")  # type: ignore[arg-type]


def test_huge_names_and_terms_are_quoted_bounded() -> None:
    with pytest.raises(MatchFileError) as caught:
        format_mat(MatchRecord(3, ("A\n" + "x" * 10**6, "B")))
    # Quoted whole up to 1,000 characters, so that the fault shows (a trailing space, say).
    assert str(caught.value) == (
        f"the left player's name 'A\\n{'x' * 998}'... (1,000,002 characters) cannot be written:"
        " it holds the character '\\n', which breaks the line or the encoding"
    )
    with pytest.raises(NotationError, match=r"^'x{40}'\.\.\. \(1,000,000 characters\) is not a"):
        roll_from_name("x" * 10**6)
    with pytest.raises(NotationError, match=r"^no Turkish word known for 'x{40}'\.\.\. \(1,0"):
        term_label("x" * 10**6)
