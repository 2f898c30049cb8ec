"""Rule options (:ref:`rules`): one frozen dataclass holding every option a game or match uses.

Each field is an option of the rule book (:ref:`rules`), with its default.  Three presets give the
usual combinations: :meth:`Rules.standard_match`, :meth:`Rules.standard_money` and
:meth:`Rules.turkish`.  Options that contradict each other raise :class:`~tavla.RulesError`
(a ValueError) when the rules are built; options that only contradict match play (Jacoby,
beavers, automatic doubles) raise when a match or a match game is built with them
(:meth:`Rules.check_match_play`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, get_args

from .._validate import check_bool, check_choice, check_count, check_power_of_two, excerpt
from ..errors import RulesError
from ..formats.context import MAX_CUBE_VALUE

Opening = Literal["standard", "reroll"]
NextGameStarter = Literal["opening_roll", "winner"]

_OPENINGS: tuple[str, ...] = get_args(Opening)
_STARTERS: tuple[str, ...] = get_args(NextGameStarter)


@dataclass(frozen=True)
class Rules:
    """Every rule option (:ref:`rules`; immutable, hashable).

    Attributes:
        opening: R5. ``"standard"`` (default): the winner of the opening roll plays the two
            numbers showing; ``"reroll"`` (traditional Turkish): the winner rolls both dice
            again, so the first play may be a double.
        next_game_starter: R6. ``"opening_roll"`` (default): every game starts with R5;
            ``"winner"``: the previous game's winner starts and rolls both dice.
        backgammons: R16. True (default): a backgammon scores 3 times the cube; False (Turkish): it
            counts as a gammon.
        cube: R18. True (default): the doubling cube is used; False (Turkish): no doubling.
        max_cube: R19. Highest cube value a double may reach (a power of two from 2 to
            32768), or None (default) for no limit but tavla's: 32768 =
            :data:`~tavla.formats.context.MAX_CUBE_VALUE`, the most the Match ID and the XGID
            hold.  64 for a physical cube.
        crawford: R24. True (default): the Crawford rule applies in matches.
        holland: R25, match play only (post-Crawford games are games of a match). False
            (default): in post-Crawford games the trailer may double at once; True: not
            before both sides have played two turns.  Needs ``crawford``.
        jacoby: R22, money play only. False here; :meth:`standard_money` turns it on, as it
            is the money-play default.
        beavers: R20, money play only. False (default).
        raccoons: R20, money play only; needs ``beavers``.  None (the default) means "on
            when beavers are on" and is stored as that bool.
        auto_doubles: R21, money play only. How many opening-roll ties per game double the
            centred cube; 0 (default).

    Raises :class:`~tavla.RulesError` for an unknown value or contradictory options:
    raccoons without beavers, Holland without Crawford, a cube option with ``cube=False``,
    a ``max_cube`` that is not a power of two from 2 to 32768, an ``auto_doubles`` that is
    not an int ≥ 0, a flag that is not a bool.
    """

    opening: Opening = "standard"
    next_game_starter: NextGameStarter = "opening_roll"
    backgammons: bool = True
    cube: bool = True
    max_cube: int | None = None
    crawford: bool = True
    holland: bool = False
    jacoby: bool = False
    beavers: bool = False
    raccoons: bool | None = None
    auto_doubles: int = 0

    def __post_init__(self) -> None:
        if self.raccoons is None:
            object.__setattr__(self, "raccoons", self.beavers)
        check_choice(self.opening, "opening", RulesError, _OPENINGS)
        check_choice(self.next_game_starter, "next_game_starter", RulesError, _STARTERS)
        for name in ("backgammons", "cube", "crawford", "holland", "jacoby", "beavers"):
            check_bool(getattr(self, name), name, RulesError)
        if not isinstance(self.raccoons, bool):
            raise RulesError(f"raccoons must be True, False or None, got {excerpt(self.raccoons)}")
        object.__setattr__(
            self, "auto_doubles", check_count(self.auto_doubles, "auto_doubles", RulesError)
        )
        if self.max_cube is not None:
            max_cube = check_power_of_two(
                self.max_cube,
                "max_cube (None for no limit)",
                RulesError,
                low=2,
                high=MAX_CUBE_VALUE,
            )
            object.__setattr__(self, "max_cube", max_cube)
        if self.raccoons and not self.beavers:
            raise RulesError("raccoons need beavers (R20): a raccoon answers a beaver")
        if self.holland and not self.crawford:
            raise RulesError(
                "the Holland rule (R25) restricts post-Crawford games: it needs crawford"
            )
        if not self.cube:
            cube_options = (("max_cube", self.max_cube is not None), ("holland", self.holland))
            used = self._money_options_on() + [name for name, on in cube_options if on]
            if used:
                raise RulesError(
                    f"options that need the cube: {', '.join(used)}; but cube=False (R18)"
                )

    @classmethod
    def standard_match(cls) -> Rules:
        """Match play as GNU Backgammon and tournaments play it: cube, Crawford (R24), no
        Holland, backgammons; no money-play options."""
        return cls()

    @classmethod
    def standard_money(cls) -> Rules:
        """Money play (R26) with its usual default, the Jacoby rule (R22); no beavers."""
        return cls(jacoby=True)

    @classmethod
    def turkish(cls) -> Rules:
        """Traditional tavla (:ref:`rule-options`): reroll opening (R5), the winner
        starts the next game (R6), no backgammons (R16), no cube (R18), hence no Crawford
        rule either (R24)."""
        return cls(
            opening="reroll",
            next_game_starter="winner",
            backgammons=False,
            cube=False,
            crawford=False,
        )

    def check_match_play(self) -> None:
        """Raise :class:`~tavla.RulesError` if an option is for money play only: Jacoby
        (R22), beavers and raccoons (R20), automatic doubles (R21)."""
        money_only = self._money_options_on()
        if money_only:
            raise RulesError(
                f"options of money play only (R20-R22), not of a match: {', '.join(money_only)}"
            )

    def check_money_play(self) -> None:
        """Raise :class:`~tavla.RulesError` if an option is for match play only: the Holland
        rule (R25), which restricts post-Crawford games, and money play has none."""
        if self.holland:
            raise RulesError(
                "options of match play only (R25: post-Crawford games), not of money play: holland"
            )

    def _money_options_on(self) -> list[str]:
        """The money-play options in use (R20-R22), each of which also needs the cube."""
        money_options = (
            ("jacoby", self.jacoby),
            ("beavers", self.beavers),
            ("auto_doubles", self.auto_doubles > 0),
        )
        return [name for name, on in money_options if on]

    def with_options(self, **options: object) -> Rules:
        """A copy with some options changed, checked again like a new :class:`Rules`."""
        if "beavers" in options and "raccoons" not in options:
            options["raccoons"] = None
        return replace(self, **options)  # type: ignore[arg-type]
