"""Where a cube decision is made: money or a match at some score, the cube's value and owner,
the side on roll and the rule options (:doc:`/cube`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import _core
from .._validate import check_bool, check_player
from ..errors import CubeModelError, RulesError
from ..formats.any_id import AnyId, as_gnubg_id, parse_id
from ..formats.context import MAX_CUBE_VALUE, MatchContext
from ..formats.gnubg import MatchId
from ..formats.xgid import Xgid
from .cube import Cube
from .cube_owner import CubeOwner
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class CubeContext:
    """The state a cube decision depends on, for the side on roll (immutable, checked once).

    Attributes:
        match: length, score and Crawford flag (:class:`~tavla.game.MatchContext`); length 0
            (the default) is money play.
        cube: the :class:`~tavla.Cube` before the decision (default: centred at 1).
        on_roll: the side about to roll, 0 or 1 (gnubg's players, :ref:`players`), whose
            decision it is: its score is ``match.score[on_roll]``, and the cube is its own
            when ``cube.owner == on_roll``.
        rules: the rule options; None (the default) means :meth:`Rules.standard_money`
            (Jacoby on, no beavers) in money play and :meth:`Rules.standard_match` in a
            match, with the match's Crawford rule.  In money play Jacoby (R22), beavers and
            raccoons (R20) are taken from here.

    Raises :class:`~tavla.CubeModelError` for a field of the wrong type,
    :class:`~tavla.RulesError` for options of the other kind of play (Jacoby or beavers in
    a match, Holland in money play), a match already won, a Crawford flag where no side is
    one point away, a cube above 1 in the Crawford game or a 1-point match (R24), a cube
    above ``rules.max_cube`` (R19), or rules whose Crawford option differs from the
    match's.
    """

    match: MatchContext = field(default_factory=MatchContext)
    cube: Cube = field(default_factory=Cube)
    on_roll: int = 0
    rules: Rules | None = None

    def __post_init__(self) -> None:
        for name, kind in (("match", MatchContext), ("cube", Cube)):
            if not isinstance(getattr(self, name), kind):
                raise CubeModelError(
                    f"a cube context's {name} is a {kind.__name__}, got"
                    f" {type(getattr(self, name)).__name__}"
                )
        object.__setattr__(self, "on_roll", check_player(self.on_roll, "on_roll", CubeModelError))
        rules = self.rules
        if rules is None:
            rules = (
                Rules.standard_money()
                if self.match.is_money
                else Rules(crawford=self.match.crawford_rule)
            )
        elif not isinstance(rules, Rules):
            raise CubeModelError(f"a cube context's rules are Rules, got {type(rules).__name__}")
        object.__setattr__(self, "rules", rules)
        if rules.max_cube is not None and self.cube.value > rules.max_cube:
            raise RulesError(f"the cube is at {self.cube.value}, above max_cube {rules.max_cube}")
        if self.match.is_money:
            rules.check_money_play()
            return
        rules.check_match_play()
        fault = self.match.game_fault() or self.match.cube_fault(self.cube.value)
        if fault:
            raise RulesError(fault)
        if rules.crawford != self.match.crawford_rule:
            raise RulesError(
                f"the rules say crawford={rules.crawford}, the match crawford_rule="
                f"{self.match.crawford_rule} (R24)"
            )

    @property
    def game_rules(self) -> Rules:
        """The rules in force (``rules``, or the default it stands for)."""
        assert self.rules is not None  # set by __post_init__
        return self.rules

    @classmethod
    def money(
        cls,
        cube: int = 1,
        owner: int | None = None,
        *,
        on_roll: int = 0,
        jacoby: bool = True,
        beavers: bool = False,
    ) -> CubeContext:
        """Money play (R26) with the cube at ``cube`` owned by ``owner`` (None: centred), the
        Jacoby rule (R22, on by default as in GNU Backgammon) and beavers (R20, off)."""
        jacoby = check_bool(jacoby, "jacoby", RulesError)
        beavers = check_bool(beavers, "beavers", RulesError)
        rules = Rules(jacoby=jacoby, beavers=beavers)
        return cls(MatchContext(), Cube(cube, owner), on_roll, rules)

    @classmethod
    def for_match(
        cls,
        length: int,
        score: tuple[int, int] = (0, 0),
        *,
        crawford: bool = False,
        cube: int = 1,
        owner: int | None = None,
        on_roll: int = 0,
        crawford_rule: bool = True,
    ) -> CubeContext:
        """A match to ``length`` at ``score`` (players 0 and 1), this game the Crawford game
        or not (post-Crawford follows from the score, as in GNU Backgammon's Match ID), the
        cube at ``cube`` owned by ``owner`` (None: centred), ``on_roll`` to decide."""
        match = MatchContext(length, score, crawford, crawford_rule)
        return cls(match, Cube(cube, owner), on_roll)

    @classmethod
    def from_game(cls, game: Game) -> CubeContext:
        """The context of a :class:`~tavla.Game` for the side on roll: its rules, match
        state and cube."""
        return cls(game.match_context, game.cube, game.on_roll, game.rules)

    @classmethod
    def from_match_id(cls, match_id: MatchId, *, beavers: bool = False) -> CubeContext:
        """The context a GNU Backgammon Match ID describes (the XGID's too, through
        :meth:`~tavla.formats.xgid.Xgid.to_match_id`): its score, Crawford flag, cube, the
        dice owner as the side on roll, and in money play its Jacoby flag with ``beavers``
        (which the Match ID does not hold)."""
        match = match_id.context
        if match.is_money:
            rules = Rules(jacoby=match_id.jacoby, beavers=beavers)
        else:
            rules = Rules(crawford=match.crawford_rule)
        cube = Cube(match_id.cube_value, match_id.cube_owner)
        return cls(match, cube, match_id.dice_owner, rules)

    @classmethod
    def from_id(cls, text: str) -> CubeContext:
        """The context any ID holds (:func:`~tavla.formats.parse_id`, :ref:`ids`): a GNUbg ID's
        or XGID's match, cube and side on roll (:meth:`from_match_id`; an XGID's beaver
        rule too), a FIBS board string's as its GNUbg ID; a bare Position ID is money play,
        the cube centred, player 0 on roll, with the Jacoby rule (GNU Backgammon's
        defaults).  Raises :class:`~tavla.InvalidIdError` for text that is no ID."""
        return cls.from_parsed_id(parse_id(text))

    @classmethod
    def from_parsed_id(cls, parsed: AnyId) -> CubeContext:
        """The context of an ID :func:`~tavla.formats.parse_id` has read (see
        :meth:`from_id`)."""
        gnubg_id = as_gnubg_id(parsed)
        if gnubg_id is None:
            return cls.money()
        beavers = isinstance(parsed, Xgid) and parsed.beavers
        return cls.from_match_id(gnubg_id.match_id, beavers=beavers)

    @property
    def is_money(self) -> bool:
        return self.match.is_money

    @property
    def away(self) -> int:
        """Points the side on roll still needs (match play; 0 in money play)."""
        return self.match.length - self.match.score[self.on_roll] if self.match.length else 0

    @property
    def opponent_away(self) -> int:
        """Points the opponent still needs (match play; 0 in money play)."""
        return self.match.length - self.match.score[1 - self.on_roll] if self.match.length else 0

    @property
    def beavers(self) -> bool:
        """Beavers are allowed (R20): money play with the ``beavers`` option."""
        return self.is_money and self.game_rules.beavers

    @property
    def owner(self) -> CubeOwner:
        """Who holds the cube, seen from the side on roll (a
        :class:`~tavla.game.cube_owner.CubeOwner`, equal to ``"centred"``, ``"on roll"`` or
        ``"opponent"``)."""
        return CubeOwner.of(self.cube.owner, self.on_roll)

    def refusal(self) -> str | None:
        """Why the side on roll may not double now (:meth:`Cube.refusal`), or None.  The
        Holland rule's wait (R25) depends on the turns played, which a context does not
        hold: it is taken as over."""
        waited = (2, 2)
        return self.cube.refusal(self.on_roll, self.game_rules, self.match, waited)

    def native_play(
        self, *, whole_matches: bool = False, first_offer: bool = False, met: Any = None
    ) -> Any:
        """The core's ``_core.CubePlay`` of games (or, with ``whole_matches``, matches)
        starting here: these rules, this match and score from the side on roll, this cube;
        ``first_offer`` makes the first cube question the side on roll's offer, ``met`` the
        native match equity table of match play (None in money play)."""
        rules, match, cube = self.game_rules, self.match, self.cube
        on_roll = self.on_roll
        owner = -1 if cube.owner is None else (0 if cube.owner == on_roll else 1)
        return _core.CubePlay(
            match_length=match.length,
            whole_matches=whole_matches,
            score=(match.score[on_roll], match.score[1 - on_roll]),
            crawford_game=match.crawford,
            crawford_rule=match.crawford_rule,
            holland=rules.holland,
            jacoby=rules.jacoby,
            beavers=rules.beavers,
            raccoons=bool(rules.raccoons),
            backgammons=rules.backgammons,
            max_cube=rules.max_cube or MAX_CUBE_VALUE,
            start_cube=cube.value,
            start_owner=owner,
            first_offer=first_offer,
            met=met,
        )
