# ruff: noqa: RUF001  (the Turkish dotless i is a letter here, not a confusable)
"""Turkish names of rolls and terms (:ref:`R28 <dice-names>`), for ``--lang tr``.

Dice names are Persian numerals, higher die first: 1 yek, 2 dü, 3 se, 4 cihar, 5 penç,
6 şeş; some rolls have names of their own (6-6 düşeş, 2-2 dubara, 1-1 hepyek).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Literal

from .._validate import excerpt
from ..board.dice import Roll, parse_roll
from ..errors import NotationError

Language = Literal["en", "tr"]

ROLL_NAMES: dict[Roll, str] = {
    (6, 6): "düşeş",
    (6, 5): "şeşbeş",
    (6, 4): "şeş cihar",
    (6, 3): "şeş se",
    (6, 2): "şeş dü",
    (6, 1): "şeş yek",
    (5, 5): "dübeş",
    (5, 4): "penç cihar",
    (5, 3): "penç se",
    (5, 2): "penç dü",
    (5, 1): "penç yek",
    (4, 4): "dört cihar",
    (4, 3): "cihar se",
    (4, 2): "cihar dü",
    (4, 1): "cihar yek",
    (3, 3): "düse",
    (3, 2): "se dü",
    (3, 1): "se yek",
    (2, 2): "dubara",
    (2, 1): "dü yek",
    (1, 1): "hepyek",
}
"""R28's name of each of the 21 rolls, keyed by (higher die, lower die)."""

TURKISH_TERMS: dict[str, str] = {
    "checker": "pul",
    "die": "zar",
    "dice": "zar",
    "doubles": "çift",
    "point": "hane",
    "made point": "kapı",
    "blot": "açık pul",
    "bar": "bar",
    "home board": "iç tahta",
    "outer board": "dış tahta",
    "hit": "kırmak",
    "bear off": "toplamak",
    "game": "oyun",
    "single": "oyun",
    "gammon": "mars",
    "backgammon": "katmerli mars",
    "cube": "katlama küpü",
    "take": "kabul",
    "drop": "pas",
    "score point": "sayı",
}
"""Turkish words for backgammon terms (the bracketed words of :ref:`rules`)."""

# Spellings found in Turkish sources, read as well as R28's (docs/rules.rst, R28).
_OTHER_SPELLINGS: dict[str, Roll] = {
    "dü şeş": (6, 6),
    "şeş beş": (6, 5),
    "şeş-i yek": (6, 1),
    "şeş-i dü": (6, 2),
    "şeş-ü se": (6, 3),
    "dü beş": (5, 5),
    "cihar-ü penc": (5, 4),
    "beş dört": (5, 4),
    "penc-ü se": (5, 3),
    "pencüse": (5, 3),
    "penc-i dü": (5, 2),
    "penc-i yek": (5, 1),
    "pencü yek": (5, 1),
    "dört caar": (4, 4),
    "dücihar": (4, 4),
    "cihar-ü se": (4, 3),
    "cihar-i dü": (4, 2),
    "cihar-ı yek": (4, 1),
    "dü se": (3, 3),
    "seba-i dü": (3, 2),
    "dü bara": (2, 2),
    "yek-i dü": (2, 1),
    "hep yek": (1, 1),
}


def _folded(name: str) -> str:
    """Lower case, Turkish letters as plain ASCII, hyphens and spaces dropped."""
    text = name.strip().lower().replace("ı", "i")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return "".join(c for c in text if c.isalnum())


_BY_FOLDED_NAME: dict[str, Roll] = {
    _folded(name): roll
    for name, roll in [*((n, r) for r, n in ROLL_NAMES.items()), *_OTHER_SPELLINGS.items()]
}


def roll_name(roll: str | Sequence[int]) -> str:
    """R28's Turkish name of a roll, given in either order: ``roll_name((6, 5))`` and
    ``roll_name("56")`` are ``"şeşbeş"``.  Raises :class:`~tavla.NotationError` for a roll
    that cannot be read."""
    d1, d2 = parse_roll(roll)
    return ROLL_NAMES[(max(d1, d2), min(d1, d2))]


def roll_from_name(name: str) -> Roll:
    """The roll ``(higher, lower)`` a Turkish name stands for: R28's names, the other
    spellings found in Turkish sources, in any case, with or without diacritics, spaces
    or hyphens (``"sesbes"``, ``"Şeş beş"`` → ``(6, 5)``).  Raises
    :class:`~tavla.NotationError` for an unknown name."""
    roll = _BY_FOLDED_NAME.get(_folded(name)) if isinstance(name, str) else None
    if roll is None:
        raise NotationError(f"{excerpt(name)} is not a Turkish roll name (R28), such as 'şeşbeş'")
    return roll


def roll_label(roll: str | Sequence[int], lang: Language = "en") -> str:
    """How the CLI shows a roll: ``"6-5"`` in English, ``"şeşbeş"`` in Turkish (higher die
    first).  Raises :class:`~tavla.NotationError` for an unreadable roll or language."""
    _check_language(lang)
    d1, d2 = parse_roll(roll)
    if lang == "tr":
        return roll_name((d1, d2))
    return f"{max(d1, d2)}-{min(d1, d2)}"


def term_label(term: str, lang: Language = "en") -> str:
    """How the CLI shows a term: the English term itself, or its Turkish word
    (``term_label("gammon", "tr") == "mars"``).  Raises :class:`~tavla.NotationError` for
    a term not in :data:`TURKISH_TERMS` or an unknown language."""
    _check_language(lang)
    key = term.strip().lower() if isinstance(term, str) else ""
    if key not in TURKISH_TERMS:
        raise NotationError(
            f"no Turkish word known for {excerpt(term)}; known: {sorted(TURKISH_TERMS)}"
        )
    return TURKISH_TERMS[key] if lang == "tr" else key


def _check_language(lang: object) -> None:
    if lang not in ("en", "tr"):
        raise NotationError(f"languages are 'en' and 'tr', got {excerpt(lang)}")
