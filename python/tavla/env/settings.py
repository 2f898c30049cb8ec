"""The settings every kind of environment shares (:class:`EnvSettings`): the action mode, the
cube, the match, the observation and the rules, checked once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gymnasium import spaces

from .. import _core
from .._validate import check_bool, check_int, excerpt
from ..errors import EnvError, RulesError
from ..eval.encoding import encodings
from ..formats.context import MAX_CUBE_VALUE, MAX_MATCH_LENGTH
from ..game.equity import MatchEquityTable
from ..game.rules import Rules
from .spaces import ACTION_MODES, CUBE_ACTIONS, MAX_PLAYS, observation_space, play_actions

OBSERVATIONS = ("board", *encodings())
"""``observation`` values: ``"board"`` (the arrays every observation has), or an encoding's
name (:func:`tavla.eval.encodings`), which adds its inputs as ``encoded``."""


@dataclass(frozen=True)
class EnvSettings:
    """What an environment plays (the arguments of every environment of :mod:`tavla.env`).

    Attributes:
        action: ``"play"`` (one action a turn) or ``"move"`` (one action a checker moved):
            :mod:`tavla.env.spaces`.
        cube: the doubling cube is used (R18-R20), its actions in the action space; False:
            nobody doubles and the cube stays at 1.
        match_length: None (or 0) for money play, an episode being one game rewarded with its
            points; N for a match to N points, an episode being the whole match, rewarded
            +1 / -1 at its end (R23, R24).
        observation: ``"board"`` or an encoding's name, which adds the ``encoded`` inputs.
        afterstates: with ``action="play"`` and an encoding, add the ``afterstates`` inputs.
        max_plays: the play actions with ``action="play"``, 1 to :data:`MAX_PLAYS` (which can
            never run out); a roll with more legal plays raises :class:`~tavla.EnvError`.
        rules: the rule options (:class:`~tavla.Rules`); None: without the cube
            ``Rules(cube=False)``, with it :meth:`~tavla.Rules.standard_money` (Jacoby) for
            money and :meth:`~tavla.Rules.standard_match` for matches.  The environments play
            the standard opening (R5), ``backgammons``, ``max_cube``, ``crawford``,
            ``jacoby``, ``beavers`` and ``raccoons`` (R20), and ``holland`` (R25).
        met: the match equity table a built-in opponent's cube policy reads in a match
            (None: Kazaross-XG2).

    Raises :class:`~tavla.EnvError` for a bad value, and for rules the environments do not
    play: the ``"reroll"`` opening, the winner starting the next game of a match,
    automatic doubles (R21); and for a cube rule with ``cube=False``.
    """

    action: str = "play"
    cube: bool = False
    match_length: int | None = None
    observation: str = "board"
    afterstates: bool = False
    max_plays: int = MAX_PLAYS
    rules: Rules | None = None
    met: MatchEquityTable | None = None

    def __post_init__(self) -> None:
        set_field = object.__setattr__
        if self.action not in ACTION_MODES:
            raise EnvError(f"action must be 'play' or 'move', got {excerpt(self.action)}")
        check_bool(self.cube, "cube", EnvError)
        length = 0 if self.match_length is None else self.match_length
        set_field(
            self,
            "match_length",
            check_int(
                length, "match_length (None for money play)", EnvError, low=0, high=MAX_MATCH_LENGTH
            )
            or None,
        )
        if self.observation not in OBSERVATIONS:
            raise EnvError(
                f"observation must be one of {', '.join(OBSERVATIONS)}, got "
                f"{excerpt(self.observation)}"
            )
        check_bool(self.afterstates, "afterstates", EnvError)
        if self.afterstates and (self.action != "play" or self.observation == "board"):
            raise EnvError(
                "afterstates are the encoded results of the plays: they need action='play' and "
                "an encoding as the observation (observation='td198', say)"
            )
        set_field(
            self,
            "max_plays",
            check_int(self.max_plays, "max_plays", EnvError, low=1, high=MAX_PLAYS),
        )
        set_field(self, "rules", self._checked_rules())
        if self.match_length:
            met = MatchEquityTable.default() if self.met is None else self.met
            if not isinstance(met, MatchEquityTable):
                raise EnvError(f"met is a MatchEquityTable or None, got {type(met).__name__}")
            if met.length < self.match_length:
                raise EnvError(
                    f"the match equity table {met.name!r} holds {met.length} points, less than "
                    f"the {self.match_length}-point match"
                )
            set_field(self, "met", met)
        elif self.met is not None:
            raise EnvError("met is the match equity table of a match: give a match_length")

    def _checked_rules(self) -> Rules:
        rules = self.rules
        if rules is None:
            if not self.cube:
                return Rules(cube=False)
            return Rules.standard_match() if self.match_length else Rules.standard_money()
        if not isinstance(rules, Rules):
            raise EnvError(f"rules is a tavla.Rules or None, got {type(rules).__name__}")
        try:
            if not self.cube and rules.cube:
                rules = rules.with_options(cube=False)  # refuses the options that need it
            if self.match_length:
                rules.check_match_play()
            else:
                rules.check_money_play()
        except RulesError as error:
            raise EnvError(f"these rules cannot be played here: {error}") from None
        if self.cube and not rules.cube:
            raise EnvError("cube=True, but the rules play without the cube (R18)")
        unplayed = [
            ("the 'reroll' opening (R5)", rules.opening != "standard"),
            ("automatic doubles (R21)", rules.auto_doubles > 0),
            (
                "the winner starting the next game (R6)",
                rules.next_game_starter != "opening_roll" and bool(self.match_length),
            ),
        ]
        named = [name for name, used in unplayed if used]
        if named:
            raise EnvError(f"the environments do not play {', '.join(named)}")
        return rules

    @property
    def game_rules(self) -> Rules:
        """The rules played (``rules`` or its default)."""
        assert self.rules is not None
        return self.rules

    @property
    def encoding(self) -> str | None:
        """The encoding of the observation's ``encoded`` inputs, None for ``"board"``."""
        return None if self.observation == "board" else self.observation

    @property
    def inputs(self) -> int:
        """The encoding's input count (0 for none)."""
        return 0 if self.encoding is None else encodings()[self.encoding]

    @property
    def play_actions(self) -> int:
        """How many actions play the roll (:func:`~tavla.env.spaces.play_actions`)."""
        return play_actions(self.action, self.max_plays)

    @property
    def actions(self) -> int:
        """The size of the action space: the play actions, then the cube's six."""
        return self.play_actions + (len(CUBE_ACTIONS) if self.cube else 0)

    def action_space(self) -> spaces.Discrete:
        return spaces.Discrete(self.actions)

    def observation_space(self) -> spaces.Dict:
        return observation_space(self.actions, self.encoding, self.max_plays, self.afterstates)

    def cube_play(self) -> Any:
        """The ``_core.CubePlay`` of these rules and match (its start at 0-0, centred cube)."""
        rules, length = self.game_rules, self.match_length or 0
        met = self.met.native(rules.crawford) if self.met is not None else None
        return _core.CubePlay(
            match_length=length,
            whole_matches=length > 0,
            score=(0, 0),
            crawford_game=False,
            crawford_rule=rules.crawford,
            holland=rules.holland,
            jacoby=rules.jacoby and self.cube,
            beavers=rules.beavers and self.cube,
            raccoons=bool(rules.raccoons) and self.cube,
            backgammons=rules.backgammons,
            max_cube=(rules.max_cube or MAX_CUBE_VALUE) if self.cube else 2,
            start_cube=1,
            start_owner=-1,
            first_offer=True,
            met=met,
        )


def checked_render_mode(render_mode: object) -> str | None:
    """An environment's ``render_mode``: None or ``"ansi"`` (the board as text).  Raises
    :class:`~tavla.EnvError` for another."""
    if render_mode not in (None, "ansi"):
        raise EnvError(f"render_mode is None or 'ansi', got {excerpt(render_mode)}")
    return None if render_mode is None else "ansi"
