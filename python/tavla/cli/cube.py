"""The cube analysis of ``tavla eval`` and ``tavla hint``: the options that set where the
decision is made (match, score, cube, owner, money options, cube life, table), the context
they and the ID give, and its report as text or JSON."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Any

import click

from ..board.position import Position
from ..errors import RulesError
from ..eval import cube_decision
from ..game.cube_context import CubeContext
from ..game.cube_model import DEFAULT_CUBE_LIFE
from ..game.cube_owner import CubeOwner
from ..game.cubeful import CubeDecision
from ..game.equity import BUILTIN_TABLES, MatchEquityTable
from .eval_options import Evaluation
from .options import FloatRange, option_group, optional_option, valued_option

OWNERS = ("centred", "on-roll", "opponent")

MET_WITHOUT_MATCH = "--met is a match equity table, for match play: give --match N too"
"""The refusal of --met in money play, by every command that takes it."""

CUBE_HELP = (
    "The cube analysis is made where the ID says (a GNUbg ID or XGID holds the match, score, "
    "cube and Jacoby flag; a Position ID is money play with the cube centred), changed by "
    "--match, --score, --crawford, --cube, --owner, --jacoby/--no-jacoby and --beavers."
)


@dataclass(frozen=True)
class CubeOptions:
    """The cube options as given (None: not given, the ID's value is kept)."""

    match_length: int | None
    score: str | None
    crawford: bool | None
    cube_value: int | None
    owner: str | None
    jacoby: bool | None
    beavers: bool | None
    cube_life: float
    met: str | None

    def given(self) -> bool:
        """Any option that sets where the cube decision is made was given (the cube life
        and the table count, the cube life when it differs from its default)."""
        return (
            any(
                value is not None
                for value in (
                    self.match_length,
                    self.score,
                    self.crawford,
                    self.cube_value,
                    self.owner,
                    self.jacoby,
                    self.beavers,
                    self.met,
                )
            )
            or self.cube_life != DEFAULT_CUBE_LIFE
        )

    @classmethod
    def none(cls) -> CubeOptions:
        """No option given: the defaults."""
        return cls(None, None, None, None, None, None, None, DEFAULT_CUBE_LIFE, None)

    def decision(
        self, position: Position, position_id: str, evaluation: Evaluation
    ) -> CubeDecision:
        """The cube decision of ``position`` (read from ``position_id``) where the ID and
        these options say, valued as ``evaluation`` says."""
        context = cube_context(position_id, self)
        return cube_decision(
            position,
            context,
            evaluation.evaluator,
            plies=evaluation.plies,
            bearoff=evaluation.bearoff,
            cube_life=self.cube_life,
            met=self.table(context),
        )

    def table(self, context: CubeContext) -> MatchEquityTable | None:
        """The table ``met`` names (a built-in name, else a file's path; Kazaross-XG2 when
        not given); None in money play."""
        if context.is_money:
            return None
        return read_table(self.met or BUILTIN_TABLES[0])


cube_options = option_group(
    "cube",
    CubeOptions,
    [
        optional_option(
            "match",
            click.IntRange(min=0),
            "N",
            "Match length (0: money play; an ID's score is kept unless --score is given).",
            dest="match_length",
        ),
        click.option(
            "--score",
            default=None,
            metavar="A-B",
            help="Score of the side on roll, then of its opponent (2-3).",
        ),
        click.option(
            "--crawford/--no-crawford", default=None, help="This game is the Crawford game."
        ),
        optional_option("cube", int, "VALUE", "Cube value (1, 2, 4, ...).", dest="cube_value"),
        click.option("--owner", type=click.Choice(OWNERS), default=None, help="Who owns the cube."),
        click.option(
            "--jacoby/--no-jacoby",
            default=None,
            help="Money play: the Jacoby rule [default: on].",
        ),
        click.option(
            "--beavers/--no-beavers",
            default=None,
            help="Money play: beavers allowed [default: off].",
        ),
        valued_option(
            "cube-life",
            FloatRange(0, 1),
            DEFAULT_CUBE_LIFE,
            "Janowski's cube life: 0 a dead cube, 1 a fully live one.",
        ),
        click.option(
            "--met",
            default=None,
            metavar="TABLE",
            help=f"Match equity table, in a match: {' or '.join(BUILTIN_TABLES)}, or the "
            f"path of a GNU Backgammon MET XML file [default: {BUILTIN_TABLES[0]}].",
        ),
    ],
)
"""The options of the cube analysis, passed to a command as one ``cube`` argument
(:class:`CubeOptions`; each None when not given, to keep the ID's)."""


def read_table(name: str) -> MatchEquityTable:
    """The table ``--met`` names: a built-in table's name, else a GNU Backgammon MET file's
    path."""
    if name in BUILTIN_TABLES or not os.path.exists(name):
        return MatchEquityTable.builtin(name)
    return MatchEquityTable.read(name)


def cube_context(text: str, settings: CubeOptions) -> CubeContext:
    """The context of the ID ``text`` for its side on roll, changed by ``settings``: each
    option given replaces the ID's value, the rest are kept (``--match`` alone keeps the
    ID's score).  Raises :class:`~tavla.RulesError` for settings that do not fit together
    (a kept score not below a new length among them)."""
    given = CubeContext.from_id(text)
    on_roll, match = given.on_roll, given.match
    length = settings.match_length if settings.match_length is not None else match.length
    score = match.score
    if settings.score is not None:
        if not length:
            raise RulesError("--score is a match score: give --match N too")
        mine, theirs = _score(settings.score)
        score = (mine, theirs) if on_roll == 0 else (theirs, mine)
    elif length and max(score) >= length:  # the ID's score kept, the length changed
        raise RulesError(
            f"the ID's score {score[on_roll]}-{score[1 - on_roll]} is not below --match"
            f" {length}: give --score too"
        )
    crawford = settings.crawford if settings.crawford is not None else match.crawford
    value = settings.cube_value if settings.cube_value is not None else given.cube.value
    owner = given.cube.owner
    if settings.owner is not None:
        owner = CubeOwner(settings.owner).player(on_roll)
    if not length:
        rules = given.game_rules
        jacoby = settings.jacoby if settings.jacoby is not None else rules.jacoby
        beavers = settings.beavers if settings.beavers is not None else rules.beavers
        if crawford:
            raise RulesError("--crawford is for match play: give --match N too")
        if settings.met is not None:
            raise RulesError(MET_WITHOUT_MATCH)
        return CubeContext.money(value, owner, on_roll=on_roll, jacoby=jacoby, beavers=beavers)
    if settings.jacoby or settings.beavers:
        raise RulesError("--jacoby and --beavers are money play options (R20, R22)")
    return CubeContext.for_match(
        length, score, crawford=crawford, cube=value, owner=owner, on_roll=on_roll
    )


def _score(text: str) -> tuple[int, int]:
    parts = text.replace(",", "-").split("-")
    if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
        raise RulesError(f"--score is A-B, the side on roll's score first (2-3), got {text!r}")
    return int(parts[0]), int(parts[1])


def describe(context: CubeContext) -> str:
    """``money play, cube 1 centred, Jacoby`` or ``7-point match at 2-3 (5-away, 4-away),
    cube 2 the opponent's``."""
    cube = (
        f"cube {context.cube.value} "
        + {
            "centred": "centred",
            "on roll": "on roll's",
            "opponent": "the opponent's",
        }[context.owner]
    )
    if context.is_money:
        rules = context.game_rules
        extras = [name for name, on in (("Jacoby", rules.jacoby), ("beavers", rules.beavers)) if on]
        return ", ".join(["money play", cube, *extras])
    match = context.match
    score = f"{match.score[context.on_roll]}-{match.score[1 - context.on_roll]}"
    state = ", Crawford game" if match.crawford else ""
    if match.is_post_crawford:  # a side one away and no Crawford flag: said, as it matters
        state = ", post-Crawford (taken so: --crawford for the Crawford game)"
    return (
        f"{match.length}-point match at {score} ({context.away}-away, {context.opponent_away}-away)"
        f"{state}, {cube}"
    )


def cube_lines(decision: CubeDecision) -> list[str]:
    """The cube analysis as text, as GNU Backgammon's: the three options' cubeful equities
    (with the MWC in a match), each option's difference to the proper one, the action."""
    lines = [f"cube analysis: {describe(decision.context)}; cube life {decision.cube_life:g}"]
    options = [("no double", decision.no_double)]
    if decision.double_take is not None and decision.double_pass is not None:
        options += [("double/take", decision.double_take), ("double/pass", decision.double_pass)]
    for name, equity in options:
        mwc = f"  {100 * decision.mwc(equity):6.2f}%" if decision.met is not None else ""
        difference = equity - decision.best
        shown = f"  ({difference:+.4f})" if difference else ""
        lines.append(f"  {name:<12} {equity:+.4f}{mwc}{shown}")
    if decision.refusal is not None:
        lines.append(f"  no double possible: {decision.refusal}")
    lines.append(f"  proper action: {decision.action}")
    return lines


def context_record(
    context: CubeContext, cube: CubeOptions, met: MatchEquityTable | None
) -> dict[str, Any]:
    """Where a decision is made, as a JSON object: the match and score (the side on roll's
    first), the cube, the rules, the cube life and the table."""
    match = context.match
    return {
        "match_length": match.length,
        "score": [match.score[context.on_roll], match.score[1 - context.on_roll]],
        "away": [context.away, context.opponent_away] if match.length else None,
        "crawford": match.crawford,
        "post_crawford": match.is_post_crawford,
        "cube": context.cube.value,
        "owner": context.owner,
        "jacoby": context.game_rules.jacoby,
        "beavers": context.beavers,
        "cube_life": cube.cube_life,
        "met": met.name if met is not None else None,
    }


def cube_record(decision: CubeDecision) -> dict[str, Any]:
    """The cube analysis as a JSON object."""
    context = decision.context
    equities = {
        "no_double": decision.no_double,
        "double_take": decision.double_take,
        "double_pass": decision.double_pass,
    }
    mwc = None
    if decision.met is not None:
        mwc = {
            name: None if value is None else decision.mwc(value) for name, value in equities.items()
        }
        mwc["cubeless"] = decision.mwc(decision.cubeless_equity)
    return {
        **context_record(
            context, replace(CubeOptions.none(), cube_life=decision.cube_life), decision.met
        ),
        "cubeless_equity": decision.cubeless_equity,
        **equities,
        "mwc": mwc,
        "action": decision.action,
        "take": decision.take,
        "refusal": decision.refusal,
        "exact": decision.exact,
    }
