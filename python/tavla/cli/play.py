"""``tavla play``: play backgammon against a policy in the terminal, a money session with the
cube or a match to N points (:mod:`tavla.cli.play_session` holds the game loop)."""

from __future__ import annotations

import sys

import click

from ..eval.nets import DEFAULT
from ..eval.policies import opened
from ..game.equity import MatchEquityTable
from ..game.match import Match, MoneySession
from ..sim.opponent import Opponent
from .errors import InputError, input_errors
from .options import seed_option
from .play_session import HELP, Finished, PlaySession
from .policy_param import POLICIES_HELP, POLICY, ParsedPolicy

DEFAULT_OPPONENT = f"net:{DEFAULT}"
"""The opponent when none is named: the strongest shipped net at 0-ply."""

LONGEST_MATCH = MatchEquityTable.default().length
"""The longest match the default match equity table (Kazaross-XG2) holds, which the
opponent's cube decisions read."""


@click.command(
    short_help="Play against a policy in the terminal.", epilog=f"{POLICIES_HELP}\n\n\b\n{HELP}"
)
@click.option(
    "--opponent",
    type=POLICY,
    default=DEFAULT_OPPONENT,
    show_default=True,
    metavar="POLICY",
    help="Who plays against you (see below).",
)
@click.option(
    "--match",
    "match_length",
    type=click.IntRange(1, LONGEST_MATCH),
    default=None,
    metavar="N",
    help="Play a match to N points, at most the match equity table's "
    f"{LONGEST_MATCH} [default: a money session].",
)
@seed_option("Seed of the dice (and of a random opponent) [default: unseeded].", default=None)
@click.option(
    "--save",
    "save_file",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE",
    help="Write the games to FILE (.mat or .sgf) when the session ends, however it ends.",
)
@click.option(
    "--hints",
    is_flag=True,
    help="Show the best plays (or the cube hint) at each of your decisions.",
)
def play(
    opponent: ParsedPolicy,
    match_length: int | None,
    seed: int | None,
    save_file: str | None,
    hints: bool,
) -> None:
    """Play a money session with the cube (Jacoby rule, R22), or with --match N a match to N
    points with the Crawford rule (R24), against OPPONENT: by default the strongest shipped
    net at 0-ply, which plays the cube by its own cube model.

    You are X, player 0, moving from your 24-point round to your home board at the bottom
    right; tavla is O.  Each of your decisions shows the board with both pip counts, the
    score and the cube, and your dice with the list of your legal plays.  tavla's rolls and
    plays are printed as it makes them; a game's end prints its points and the score.

    Type a play in standard notation or the number of a listed play, or a command (below).
    A bad entry gets a one-line answer and the prompt again.  quit, Ctrl-C (exit status
    130) and the end of the input (exit status 0) stop the session; nothing waits for a
    key, so a script can drive the game through stdin.
    """
    if save_file is not None:
        with input_errors():
            _check_suffix(save_file)
    session: Match | MoneySession = (
        MoneySession(dice=seed) if match_length is None else Match(match_length, dice=seed)
    )
    status = 0
    with input_errors(), opened(opponent.value) as player:
        game_loop = PlaySession(
            session,
            Opponent(player, seed=seed),
            hint_evaluator=DEFAULT_OPPONENT,
            hints=hints,
            save=save_file,
        )
        click.echo(f"tavla play: you (X) against {opponent} (O). Type help for the commands.")
        try:
            game_loop.run()
        except Finished:
            pass
        except EOFError:
            click.echo()
        except KeyboardInterrupt:
            click.echo("\nInterrupted.")
            status = 130
        if save_file is not None:
            game_loop.save(save_file)
    sys.exit(status)


def _check_suffix(path: str) -> None:
    if not path.lower().endswith((".mat", ".txt", ".sgf")):
        raise InputError(f"--save {path}: a match file is .mat or .sgf (its suffix chooses)")
