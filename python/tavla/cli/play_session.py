"""The game loop of ``tavla play``: a person (player 0, ``X`` on the diagram) against an
:class:`~tavla.sim.opponent.Opponent` (player 1, ``O``), one line of input at a time.

The person's decisions are prompted for; everything the opponent does is printed as it
happens.  Input comes from a callable (``input`` by default): its EOFError and
KeyboardInterrupt end the session, which the command turns into exit statuses.
"""

from __future__ import annotations

from collections.abc import Callable

import click

from ..board.diagram import text_board
from ..errors import TavlaError
from ..eval import cube_decision
from ..eval import hint as rank_plays
from ..game.actions import PlayAction, RollAction
from ..game.cube_context import CubeContext
from ..game.game import Game, Phase
from ..game.history import rebuilt
from ..game.match import Match, MoneySession
from ..replay.record import match_record, save_record
from ..sim.opponent import Opponent

YOU, ENGINE = 0, 1
NAMES = ("You", "tavla")
"""The players' names in messages and saved files."""

HINTS_SHOWN = 5
"""Plays a hint lists."""

HELP = """\
Commands (their first letters are enough: r roll, d double, dr drop, h hint, re resign):
  8/5 6/5, bar/22, 6/off, 24/18(2)  your play in standard notation
  3                                 the play numbered 3 in the list
  roll (or Enter)                   roll, when you could double first
  double                            offer the cube, before rolling
  take / drop (or pass)             answer tavla's double
  hint                              the best plays with their equities (the cube before rolling)
  resign [single|gammon|backgammon] offer to resign (default single); tavla accepts or not
  undo                              take back your last play of this game (and tavla's turns
                                    after it; the dice stay as they were rolled)
  board                             show the board again
  save FILE                         write the games so far to FILE (.mat or .sgf)
  help                              this list
  quit                              stop (so do Ctrl-C and the end of input)"""

# In the order a prefix is matched: "d" is double, "h" hint, "r" roll.
_COMMANDS = (
    "roll",
    "double",
    "take",
    "drop",
    "pass",
    "hint",
    "help",
    "resign",
    "undo",
    "board",
    "save",
    "quit",
)


class Finished(Exception):
    """The session ends: the match is over or the person quit."""


def _points(value: int) -> str:
    return f"{value} point{'s' if value != 1 else ''}"


def _command(word: str) -> str | None:
    """The command a word (or its first letters, the first command in :data:`_COMMANDS`
    they begin) names; None for none."""
    return next((name for name in _COMMANDS if name.startswith(word)), None)


class PlaySession:
    """The person against ``opponent`` over the games of ``session``.  ``hint_evaluator``
    ranks plays for ``hint``; ``hints`` shows them at every decision; ``save`` is written
    whenever the session ends; ``ask`` reads a line (after showing its prompt)."""

    def __init__(
        self,
        session: Match | MoneySession,
        opponent: Opponent,
        *,
        hint_evaluator: str,
        hints: bool = False,
        save: str | None = None,
        ask: Callable[[str], str] = input,
    ) -> None:
        self.session = session
        self.opponent = opponent
        self.hint_evaluator = hint_evaluator
        self.hints = hints
        self.save_to = save
        self.ask = ask
        self._shown = False  # the board of the decision now asked has been shown

    # -- the loop ----------------------------------------------------------------------

    def run(self) -> None:
        """Play until the match is over or the person quits (Finished); EOFError and
        KeyboardInterrupt from ``ask`` pass through."""
        reported: Game | None = None  # the last game whose end was printed
        while True:
            game = self.session.game
            if game is not None and game.is_over and game is not reported:
                self._game_over(game)
                reported = game
            if game is None or game.is_over:
                if isinstance(self.session, Match) and self.session.is_over:
                    self._match_over()
                    raise Finished
                game = self.session.new_game()
                click.echo(f"\nGame {len(self.session.games)}: {self._standing()}")
            self._advance(game)
            if not game.is_over:
                self._decide(game)

    def _advance(self, game: Game) -> None:
        """Play on until the person has a choice to make or the game is over: the
        opponent's turns, the opening roll, the person's rolls when doubling is not
        allowed, forced plays."""
        while not game.is_over:
            phase, turn = game.phase, game.turn
            if phase is Phase.OPENING:
                dice = game.roll()
                starter = "you play" if game.turn == YOU else "tavla plays"
                click.echo(f"Opening roll: you {dice[0]}, tavla {dice[1]}: {starter} first.")
            elif turn == ENGINE:
                self._engine_acts(game)
            elif phase is Phase.ROLL and not game.may_double:
                dice = game.roll()
                click.echo(f"You roll {max(dice)}-{min(dice)}.")
            elif phase is Phase.PLAY and len(game.legal_plays) == 1:
                (play,) = game.legal_plays
                game.play(play)
                self._shown = False
                click.echo(f"You must play {play.notation}." if play.moves else "You cannot move.")
            else:
                return

    def _engine_acts(self, game: Game) -> None:
        phase = game.phase
        if phase is Phase.ROLL:
            if self.opponent.doubles(game):
                game.double()
                click.echo(f"tavla doubles to {game.offered_cube_value}.")
                return
            game.roll()
        elif phase is Phase.PLAY:
            dice = game.dice
            assert dice is not None
            play = game.play(self.opponent.play(game))
            moves = f"plays {play.notation}" if play.moves else "cannot move"
            click.echo(f"tavla rolls {max(dice)}-{min(dice)} and {moves}.")
        elif phase is Phase.CUBE:
            if self.opponent.takes(game):
                game.take()
                click.echo(f"tavla takes: the cube is at {game.cube.value}, tavla's.")
            else:
                game.drop()
                click.echo("tavla passes.")
        elif phase is Phase.RESIGNATION:
            offered = game.resignation_offered
            assert offered is not None
            if self.opponent.accepts(game, offered):
                game.accept_resignation()
                click.echo(f"tavla accepts your resignation of a {offered.name.lower()}.")
            else:
                game.reject_resignation()
                click.echo(f"tavla rejects your resignation of a {offered.name.lower()}: play on.")

    # -- the person's decisions ----------------------------------------------------------

    def _decide(self, game: Game) -> None:
        """Show the board and ask until the person has acted (or a command changed the
        session, as undo does)."""
        if not self._shown:
            self._show(game)
            if self.hints:
                self._hint(game)
        prompt = {
            Phase.ROLL: "roll or double> ",
            Phase.PLAY: "your play> ",
            Phase.CUBE: "take or drop> ",
        }.get(game.phase, "> ")
        line = self.ask(prompt).strip()
        words = line.split()
        word = _command(words[0].lower()) if words else "roll"
        try:
            if word is None and game.phase is Phase.PLAY:
                self._play(game, line)
            elif word is None:
                click.echo(f"Not a command: {line!r}. Type help for the commands.")
            else:
                self._run_command(game, word, words[1:])
        except TavlaError as error:
            click.echo(f"{error}")

    def _play(self, game: Game, line: str) -> None:
        legal = game.legal_plays
        if line.isdigit():
            number = int(line)
            if not 1 <= number <= len(legal):
                click.echo(f"There is no play {number}: the list has 1 to {len(legal)}.")
                return
            made = game.play(legal[number - 1])
        else:
            made = game.play(line)
        self._shown = False
        click.echo(f"You play {made.notation}.")

    def _run_command(self, game: Game, word: str, arguments: list[str]) -> None:
        if word == "roll":
            if game.phase is not Phase.ROLL:
                click.echo(
                    {
                        Phase.PLAY: "You have rolled: enter your play.",
                        Phase.CUBE: "Answer the double first: take or drop.",
                    }.get(game.phase, "Nothing to roll now.")
                )
                return
            dice = game.roll()
            click.echo(f"You roll {max(dice)}-{min(dice)}.")
            self._shown = False
        elif word == "double":
            game.double()
            click.echo(f"You double to {game.offered_cube_value}.")
        elif word == "take":
            game.take()
            click.echo(f"You take: the cube is at {game.cube.value}, yours.")
        elif word in ("drop", "pass"):
            game.drop()
            click.echo("You pass.")
        elif word == "resign":
            kind = arguments[0] if arguments else "single"
            game.resign(kind)
            click.echo(f"You offer to resign a {game.resignation_offered.name.lower()}.")  # type: ignore[union-attr]
        elif word == "hint":
            self._hint(game)
        elif word == "undo":
            self._undo(game)
        elif word == "board":
            self._show(game)
        elif word == "save":
            if len(arguments) != 1:
                click.echo("save FILE: name one file, .mat or .sgf.")
                return
            self.save(arguments[0])
        elif word == "help":
            click.echo(HELP)
        elif word == "quit":
            raise Finished

    def _undo(self, game: Game) -> None:
        history = list(game.history)
        mine = [
            i
            for i, item in enumerate(history)
            if isinstance(item, PlayAction) and item.player == YOU
        ]
        if not mine:
            click.echo("Nothing to undo: you have made no play in this game.")
            return
        cut = mine[-1]
        undone = history[cut:]
        taken_back = undone[0]
        assert isinstance(taken_back, PlayAction)
        games = [list(played.history) for played in self.session.games[:-1]]
        self.session = rebuilt(self.session, [*games, history[:cut]])
        # tavla's rolls after the play come again, in order, so the dice stay as rolled
        self.session.dice.give_back([item.dice for item in undone if isinstance(item, RollAction)])
        self._shown = False
        after = " and tavla's turns after it" if len(undone) > 1 else ""
        click.echo(f"Took back your play {taken_back.play.notation or '(no move)'}{after}.")

    # -- what is shown ---------------------------------------------------------------------

    def _standing(self) -> str:
        session = self.session
        if isinstance(session, Match):
            you, tavla = session.score
            return f"{session.length}-point match, you {you}, tavla {tavla}"
        finished = sum(game.is_over for game in session.games)
        return f"money session, you {session.balance:+d} after {_count_games(finished)}"

    def _show(self, game: Game) -> None:
        self._shown = True
        diagram = text_board(game.position if game.on_roll == YOU else game.position.swapped())
        if game.on_roll != YOU:  # the diagram marks row 0, here the person, as on roll
            diagram = diagram.removesuffix("  on roll")
        click.echo(diagram)
        cube = game.cube
        owner = "centred" if cube.owner is None else ("yours" if cube.owner == YOU else "tavla's")
        crawford = ", Crawford game" if game.is_crawford else ""
        click.echo(f" You are X: {self._standing()}{crawford}; cube {cube.value}, {owner}.")
        if game.phase is Phase.PLAY:
            dice = game.dice
            assert dice is not None
            click.echo(f" You rolled {max(dice)}-{min(dice)}. Your plays:")
            click.echo(_columns([play.notation for play in game.legal_plays]))
        elif game.phase is Phase.CUBE:
            click.echo(f" tavla doubles to {game.offered_cube_value}: take or drop?")

    def _hint(self, game: Game) -> None:
        if game.phase is Phase.PLAY:
            dice = game.dice
            assert dice is not None
            ranked = rank_plays(game.position, dice, self.hint_evaluator)[:HINTS_SHOWN]
            width = max(len(entry.play.notation) for entry in ranked)
            click.echo(f" Hint ({self.hint_evaluator}, cubeless equity):")
            for number, entry in enumerate(ranked, start=1):
                click.echo(f"  {number}. {entry.play.notation:<{width}}  {entry.equity:+.3f}")
            return
        context = CubeContext.from_game(game)
        decision = cube_decision(game.position, context, self.hint_evaluator)
        equities = f"no double {decision.no_double:+.3f}"
        if decision.double_take is not None and decision.double_pass is not None:
            equities += f", double/take {decision.double_take:+.3f}"
            equities += f", double/pass {decision.double_pass:+.3f}"
        if game.phase is Phase.CUBE:  # the position is the doubler's: tavla's
            answer = "take" if decision.take else "drop"
            click.echo(f" Hint: {answer} (for tavla: {decision.action}; {equities}).")
        else:
            click.echo(f" Hint: {decision.action} ({equities}).")

    def _game_over(self, game: Game) -> None:
        result = game.result
        assert result is not None
        self._shown = False
        winner = "You win" if result.winner == YOU else "tavla wins"
        kind = {"single": "single game"}.get(result.kind.name.lower(), result.kind.name.lower())
        click.echo(f"{winner} a {kind}: {_points(result.points)}. {self._standing()}.")

    def _match_over(self) -> None:
        session = self.session
        assert isinstance(session, Match)
        you, tavla = session.score
        winner = "You win" if session.winner == YOU else "tavla wins"
        click.echo(f"{winner} the {session.length}-point match, {you}-{tavla}.")

    def save(self, path: str) -> None:
        """Write the games so far to ``path`` (.mat or .sgf by its suffix)."""
        try:
            save_record(match_record(self.session, NAMES), path)
        except OSError as error:
            click.echo(f"Cannot save to {path}: {error.strerror or error}.")
            return
        click.echo(f"Saved {_count_games(len(self.session.games))} to {path}.")


def _count_games(count: int) -> str:
    return f"{count} game{'s' if count != 1 else ''}"


def _columns(items: list[str], width: int = 78) -> str:
    """Numbered items in columns, read down each column."""
    labels = [f"{number:>3}. {item or '(no move)'}" for number, item in enumerate(items, start=1)]
    cell = max(len(label) for label in labels) + 2
    per_row = max(1, width // cell)
    rows = -(-len(labels) // per_row)
    lines = []
    for row in range(rows):
        cells = [labels[i] for i in range(row, len(labels), rows)]
        lines.append("".join(f"{label:<{cell}}" for label in cells).rstrip())
    return "\n".join(lines)
