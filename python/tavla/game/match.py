"""Sessions of games: a match to N points (R23-R25) and money play (R26).

Both play game after game with one dice source, or with ``seed=`` each game with its own
stream of the engine's dice (:ref:`seeds`); each new game's starter follows R6
(``next_game_starter``).  Players are 0 and 1 as in :class:`~tavla.Game`.
"""

from __future__ import annotations

from .. import _core, _display
from .._validate import check_instance, check_int
from ..board.dice import DiceSource, DiceSourceLike, dice_source
from ..board.dice_streams import match_game_seed
from ..errors import RulesError, TurnError
from ..formats.context import MAX_MATCH_LENGTH
from .game import Game
from .rules import Rules


class _Session:
    """Games played one after another, with the running points of each player."""

    def __init__(
        self,
        rules: Rules,
        dice: DiceSource | DiceSourceLike,
        seed: int | None,
        stream: int | None,
    ) -> None:
        self._rules = check_instance(rules, "rules", RulesError, Rules)
        self._dice = dice_source(dice, seed, stream)  # the first game's (checks seed, stream)
        # With seed=: the checked (seed, stream), and each game rolls a stream of its own.
        self._streams = self._dice.stream if seed is not None or stream is not None else None
        self._games: list[Game] = []
        self._resumed: tuple[int, DiceSource] | None = None  # (game number, its dice)

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def dice(self) -> DiceSource:
        """Where the current game's rolls come from (the first game's before it starts):
        one source shared by every game, or with ``seed=`` one engine stream a game."""
        return self._dice

    def _dice_arguments(self) -> tuple[DiceSource | None, int | None, int | None]:
        """``dice``, ``seed`` and ``stream`` that make a session roll as this one does."""
        if self._streams is None:
            return self._dice, None, None
        return None, *self._streams

    def _stream_of_game(self, seed: int, stream: int, game: int) -> DiceSource:
        """The dice of game ``game`` (from 1) of a session of ``seed=seed, stream=stream``."""
        raise NotImplementedError  # each kind of session says

    def _next_dice(self) -> DiceSource:
        """The dice of the game about to start."""
        number = len(self._games)
        if self._resumed is not None and self._resumed[0] == number:
            self._dice = self._resumed[1]
        elif self._streams is not None and number:
            self._dice = self._stream_of_game(*self._streams, number)
        return self._dice

    def _resume_dice(self, other: _Session) -> None:
        """Roll the game of ``other`` in play, when this session starts the game of its
        number, from ``other``'s dice as they stand: a session rebuilt from ``other``'s
        histories (replaying draws nothing) then rolls on as ``other`` would have, a seeded
        one too.  A shared source is the same either way."""
        if other._games:
            self._resumed = (len(other._games) - 1, other._dice)

    @property
    def games(self) -> tuple[Game, ...]:
        """Every game started so far, the current one last."""
        return tuple(self._games)

    @property
    def game(self) -> Game | None:
        """The game being played or last played; None before the first."""
        return self._games[-1] if self._games else None

    @property
    def points(self) -> tuple[int, int]:
        """Points won by players 0 and 1 in the finished games (R16, R19, R22)."""
        won = [0, 0]
        for game in self._games:
            if game.result is not None:
                won[game.result.winner] += game.result.points
        return won[0], won[1]

    def _next_starter(self) -> int | None:
        """R6: None for an opening roll, else the previous game's winner."""
        if self._rules.next_game_starter == "winner" and self._games:
            result = self._games[-1].result
            assert result is not None
            return result.winner
        return None

    def _require_game_over(self) -> None:
        current = self.game
        if current is not None and not current.is_over:
            raise TurnError("the current game is not over: finish it before starting the next")

    def _repr_svg_(self) -> str | None:
        """The current game's board, with the score, as SVG, for notebooks
        (:func:`tavla.render.svg.board_svg`)."""
        return _display.svg(self)

    def _repr_html_(self) -> str | None:
        """The current game's board as SVG with the session's state as the caption."""
        return _display.html(self)

    def _games_summary(self) -> str:
        """``"3 games played"``, with ``", game 4 in play"`` while one is."""
        finished = sum(game.is_over for game in self._games)
        text = f"{finished} game{'' if finished == 1 else 's'} played"
        if finished < len(self._games):
            text += f", game {len(self._games)} in play"
        return text


class Match(_Session):
    """A match to ``length`` points (R23).

    :meth:`new_game` starts each game with the match score, the Crawford game marked (R24:
    the first time a side reaches ``length - 1``, with ``rules.crawford``), and the starter
    per R6.  The match is over when a side reaches ``length``; points beyond it are kept as
    the games were worth (:attr:`score` may exceed ``length``).

    ``dice`` is a :class:`~tavla.board.DiceSource` or what it accepts (a ``random.Random``,
    an int seed, None, a list or other iterable of rolls), shared by all the games.  Or
    ``seed=s, stream=m`` (keyword-only, ``stream`` default 0) rolls the engine's dice of
    match m of ``tavla.sim.play_matches(seed=s)``: its game j the stream m of the seed
    derived for game j (:func:`~tavla.board.dice_streams.match_game_seed`), so the same
    plays and cube actions replay that match (in an odd match of ``alternate=True``
    policy ``a`` is player 1).

    Raises :class:`~tavla.RulesError` for a length that is not an int from 1 to 32767
    (:data:`~tavla.formats.context.MAX_MATCH_LENGTH`, the most the Match ID holds) or
    money-play options in ``rules`` (Jacoby, beavers, automatic doubles;
    :meth:`Rules.check_match_play`); :class:`~tavla.errors.DiceError` for a bad dice
    source, :class:`~tavla.NotationError` for a given roll that cannot be read.
    """

    def __init__(
        self,
        length: int,
        rules: Rules | None = None,
        dice: DiceSource | DiceSourceLike = None,
        *,
        seed: int | None = None,
        stream: int | None = None,
    ) -> None:
        self._length = check_int(
            length, "the match length N (R23)", RulesError, low=1, high=MAX_MATCH_LENGTH
        )
        rules = Rules.standard_match() if rules is None else rules
        super().__init__(rules, dice, seed, stream)
        rules.check_match_play()
        self._crawford_game: int | None = None

    @property
    def length(self) -> int:
        return self._length

    @property
    def score(self) -> tuple[int, int]:
        """Points of players 0 and 1 from the finished games."""
        return self.points

    @property
    def is_over(self) -> bool:
        return max(self.score) >= self._length

    @property
    def winner(self) -> int | None:
        """The player who reached :attr:`length`, or None while the match goes on."""
        score = self.score
        if max(score) < self._length:
            return None
        return 0 if score[0] > score[1] else 1

    @property
    def crawford_game(self) -> int | None:
        """Number (1-based) of the Crawford game once it has started, else None."""
        return self._crawford_game

    def new_game(self) -> Game:
        """Start the next game and return it.

        Raises :class:`~tavla.TurnError` if the current game is not over or the match is.
        """
        self._require_game_over()
        if self.is_over:
            raise TurnError(f"the match is over: player {self.winner} reached {self._length}")
        score = self.score
        crawford = _core.crawford_game_next(
            crawford_rule=self._rules.crawford,
            match_length=self._length,
            score=score,
            crawford_done=self._crawford_game is not None,
        )
        if crawford:
            self._crawford_game = len(self._games) + 1
        game = Game(
            self._rules,
            self._next_dice(),
            match_length=self._length,
            score=score,
            crawford=crawford,
            starter=self._next_starter(),
        )
        self._games.append(game)
        return game

    def restarted(self) -> Match:
        """A new match like this one, with no games: its length, rules and dice (the same
        shared source, or the same seed and stream)."""
        dice, seed, stream = self._dice_arguments()
        return Match(self._length, self._rules, dice, seed=seed, stream=stream)

    def _stream_of_game(self, seed: int, stream: int, game: int) -> DiceSource:
        return DiceSource(seed=match_game_seed(seed, game), stream=stream)

    def __repr__(self) -> str:
        score = f"{self.score[0]}-{self.score[1]}"
        if self.is_over:
            state = f"won {score} by player {self.winner}"
        else:
            state = f"score {score}"
        return f"<Match to {self._length}: {state}, {self._games_summary()}>"


class MoneySession(_Session):
    """Money play (R26): games without a target score, each won for cube value times result
    kind, with the money options of ``rules`` (Jacoby, beavers, raccoons, automatic
    doubles).  Default rules: :meth:`Rules.standard_money`; ``dice`` as for
    :class:`Match`, or ``seed=s, stream=g`` (keyword-only, ``stream`` default 0): game j
    rolls the engine's stream g + j of seed s, the dice of game g + j of
    ``selfplay(seed=s, cubeful=True)``.  Raises :class:`~tavla.RulesError` for rules that are not a
    :class:`Rules` or hold an option of match play only (Holland, R25:
    :meth:`Rules.check_money_play`), :class:`~tavla.errors.DiceError` for a bad dice source.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        dice: DiceSource | DiceSourceLike = None,
        *,
        seed: int | None = None,
        stream: int | None = None,
    ) -> None:
        rules = Rules.standard_money() if rules is None else rules
        super().__init__(rules, dice, seed, stream)
        rules.check_money_play()

    @property
    def balance(self) -> int:
        """Player 0's net points: points won by 0 minus points won by 1."""
        won = self.points
        return won[0] - won[1]

    def new_game(self) -> Game:
        """Start the next game and return it.  Raises :class:`~tavla.TurnError` if the
        current game is not over."""
        self._require_game_over()
        game = Game(self._rules, self._next_dice(), starter=self._next_starter())
        self._games.append(game)
        return game

    def restarted(self) -> MoneySession:
        """A new session like this one, with no games: its rules and dice (the same shared
        source, or the same seed and stream)."""
        dice, seed, stream = self._dice_arguments()
        return MoneySession(self._rules, dice, seed=seed, stream=stream)

    def _stream_of_game(self, seed: int, stream: int, game: int) -> DiceSource:
        return DiceSource(seed=seed, stream=stream + game)

    def __repr__(self) -> str:
        points = self.points
        return (
            f"<MoneySession: balance {self.balance:+d} for player 0 (points"
            f" {points[0]}-{points[1]}), {self._games_summary()}>"
        )
