"""Who holds the cube, seen from the side on roll: :class:`CubeOwner`, the one spelling of
it that the cube model, the bear-off database's cube states and cube contexts share."""

from __future__ import annotations

import contextlib
from enum import Enum

from .._validate import ErrorClass, excerpt


class CubeOwner(str, Enum):
    """Who holds the cube, seen from the side on roll: ``CENTRED``, ``ON_ROLL`` (the side
    on roll owns it) or ``OPPONENT``, in the core's numbering (0, 1, 2: :attr:`number`).

    A str as well (its value: ``"centred"``, ``"on roll"``, ``"opponent"``), so it compares
    equal to its text and writes as it. ``CubeOwner(text)`` also takes the other spellings
    tavla has accepted: ``"on-roll"`` (the command line) and ``"owned"`` (the bear-off
    database's cube states).
    """

    CENTRED = "centred"
    ON_ROLL = "on roll"
    OPPONENT = "opponent"

    # enum.StrEnum would do this, but it is new in Python 3.11 and tavla supports 3.10.
    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    @classmethod
    def _missing_(cls, value: object) -> CubeOwner | None:
        return _ALIASES.get(value) if isinstance(value, str) else None

    @classmethod
    def of(cls, owner: int | None, on_roll: int) -> CubeOwner:
        """The owner of a cube owned by player ``owner`` (None: centred) when player
        ``on_roll`` is on roll."""
        if owner is None:
            return cls.CENTRED
        return cls.ON_ROLL if owner == on_roll else cls.OPPONENT

    @classmethod
    def parsed(cls, value: object, name: str, error: ErrorClass) -> CubeOwner:
        """``value`` (a CubeOwner or one of its spellings) as a CubeOwner; raises ``error``
        naming the argument ``name`` otherwise."""
        if isinstance(value, str):
            with contextlib.suppress(ValueError):
                return cls(value)
        shown = ", ".join(repr(owner.value) for owner in cls)
        raise error(f"{name} must be one of {shown}; got {excerpt(value)}")

    @property
    def number(self) -> int:
        """The core's number of this owner: 0 centred, 1 the side on roll, 2 its opponent."""
        return _NUMBERS[self]

    def player(self, on_roll: int) -> int | None:
        """The player (0 or 1) owning the cube when player ``on_roll`` is on roll; None
        when centred."""
        if self is CubeOwner.CENTRED:
            return None
        return on_roll if self is CubeOwner.ON_ROLL else 1 - on_roll


_ALIASES = {"on-roll": CubeOwner.ON_ROLL, "owned": CubeOwner.ON_ROLL}
_NUMBERS = {owner: number for number, owner in enumerate(CubeOwner)}
