"""The environments' rewards are the game's scoring (R16-R22) and the match's (R23, R24):
scripted games (a gammon, a backgammon, the cube taken, dropped and beavered, Jacoby, a match
to its end through the Crawford game), and random episodes with the cube replayed move for
move in tavla.Game and tavla.Match, which must agree on every cube decision the rules allow
and on every result."""

from __future__ import annotations

import numpy as np
import pytest

import tavla
from tavla import Game, Match, Phase, Position, Rules, _core
from tavla.env import CUBE_ACTIONS, BackgammonEnv, aec_env, cube_action, move_of
from tavla.env.aec import AGENTS, BackgammonAEC
from tavla.formats.xgid import Xgid
from tavla.game.scoring import GameEnd, game_result


def bear_off_position(opponent: dict[int, int]) -> Position:
    """The side on roll has one checker left, on its 1-point (any roll wins); the opponent's
    checkers are at ``opponent`` (point: count in its numbering, 0 = borne off)."""
    board = np.zeros((2, 26), np.int8)
    board[0, 1], board[0, 0] = 1, 14
    for point, count in opponent.items():
        board[1, point] = count
    return Position(board)


GAMMON = bear_off_position({6: 5, 5: 5, 4: 5})
BACKGAMMON = bear_off_position({6: 5, 5: 5, 20: 5})  # its 20-point: in the winner's home
SINGLE = bear_off_position({6: 5, 5: 5, 4: 4, 0: 1})


@pytest.mark.parametrize(
    ("position", "rules", "points"),
    [
        (SINGLE, Rules(cube=False), 1),
        (GAMMON, Rules(cube=False), 2),
        (BACKGAMMON, Rules(cube=False), 3),
        (BACKGAMMON, Rules(cube=False, backgammons=False), 2),
    ],
)
def test_the_result_kind(position: Position, rules: Rules, points: int) -> None:
    kind = position.play("21", "1/off").swapped().winner_kind
    expected = game_result(0, kind, 1, GameEnd.BORNE_OFF, rules, money=True, cube_turned=False)
    assert expected.points == points
    env = BackgammonEnv("random", rules=rules)
    env.reset(options={"position": position.position_id, "dice": "21"})
    _, reward, terminated, _, info = env.step(0)
    assert (reward, terminated) == (float(points), True)
    assert info["result"]["points"] == points and info["result"]["winner"] == "agent"
    # The position the play made, seen by the loser (as Play.position is).
    assert env.position == position.legal_plays("21")[0].position


@pytest.mark.parametrize(
    ("rules", "double", "points"),
    [
        (Rules(jacoby=True), False, 1),  # R22: a gammon with the cube never turned is single
        (Rules(jacoby=True), True, 4),  # doubled and taken: gammon x 2
        (Rules(), False, 2),
        (Rules(), True, 4),
    ],
)
def test_gammons_with_the_cube_and_jacoby(rules: Rules, double: bool, points: int) -> None:
    env = BackgammonEnv("pubeval", cube=True, rules=rules)  # pubeval's cube always takes
    observation, _ = env.reset(seed=1, options={"position": GAMMON.position_id})
    assert np.flatnonzero(observation["action_mask"]).tolist() == [
        cube_action("roll"),
        cube_action("double"),
    ]
    observation, reward, terminated, _, _ = env.step(cube_action("double" if double else "roll"))
    assert (reward, terminated) == (0.0, False)
    assert observation["cube"].tolist() == ([2, 2, 0] if double else [1, 0, 0])
    _, reward, terminated, _, info = env.step(0)  # any roll bears the last checker off
    assert (reward, terminated) == (float(points), True)
    assert info["result"] == {
        "winner": "agent",
        "kind": "gammon",
        "cube": 2 if double else 1,
        "points": points,
        "dropped": False,
    }


def answer_double(env: BackgammonAEC, *answers: str) -> None:
    """player_0 doubles, then the answers follow (each by the agent to act)."""
    env.step(cube_action("double"))
    for answer in answers:
        env.step(cube_action(answer))


def test_a_dropped_double_scores_the_cube_before_it() -> None:
    env = aec_env(cube=True)
    xgid = Xgid(GAMMON, cube_value=2, cube_owner=1, turn=1)  # bottom (player 1) owns it
    env.reset(options={"position": str(xgid)})
    assert env.agent_selection == "player_1"
    answer_double(env, "drop")
    assert env.rewards == {"player_1": 2.0, "player_0": -2.0}
    assert all(env.terminations.values())
    assert env.infos["player_0"]["result"]["dropped"]


@pytest.mark.parametrize(("answer", "points"), [("take", 8), ("drop", -2)])
def test_a_beaver(answer: str, points: int) -> None:
    env = aec_env(cube=True, rules=Rules(beavers=True, raccoons=False))
    env.reset(options={"position": GAMMON.position_id})
    env.step(cube_action("double"))
    mask = env.observe("player_1")["action_mask"]
    assert np.flatnonzero(mask).tolist() == [cube_action(n) for n in ("take", "drop", "beaver")]
    env.step(cube_action("beaver"))
    assert env.agent_selection == "player_0"  # the doubler answers the beaver
    assert env.observe("player_0")["cube"].tolist() == [1, 0, 2]
    env.step(cube_action(answer))
    if answer == "take":
        assert env.cube == tavla.Cube(4, 1)
        env.step(0)  # player_0 rolls and bears off: a gammon at 4
    assert env.rewards["player_0"] == points and env.rewards["player_1"] == -points


@pytest.mark.parametrize(("answer", "points"), [("take", 16), ("drop", 4)])
def test_a_raccoon(answer: str, points: int) -> None:
    """R20: the doubler answers a beaver with a raccoon, the cube goes to 8 on its side if
    the beaverer takes; a dropped raccoon loses the beavered cube, 4."""
    env = aec_env(cube=True, rules=Rules(beavers=True))
    env.reset(options={"position": GAMMON.position_id})
    env.step(cube_action("double"))
    env.step(cube_action("beaver"))
    mask = env.observe("player_0")["action_mask"]
    assert np.flatnonzero(mask).tolist() == [cube_action(n) for n in ("take", "drop", "raccoon")]
    env.step(cube_action("raccoon"))
    assert env.agent_selection == "player_1"  # the beaverer answers the raccoon
    observation = env.observe("player_1")
    assert observation["cube"].tolist() == [1, 0, 3]
    assert np.flatnonzero(observation["action_mask"]).tolist() == [
        cube_action(n) for n in ("take", "drop")
    ]
    env.step(cube_action(answer))
    if answer == "take":
        assert env.cube == tavla.Cube(8, 0)  # the raccooner's
        env.step(0)  # player_0 rolls and bears off: a gammon at 8
    assert env.rewards["player_0"] == points and env.rewards["player_1"] == -points


def test_no_raccoon_beyond_the_maximum_cube() -> None:
    env = aec_env(cube=True, rules=Rules(beavers=True, max_cube=4))
    env.reset(options={"position": GAMMON.position_id})
    env.step(cube_action("double"))
    env.step(cube_action("beaver"))  # the cube at 4, the most: no raccoon (R19, R20)
    mask = env.observe("player_0")["action_mask"]
    assert np.flatnonzero(mask).tolist() == [cube_action(n) for n in ("take", "drop")]
    with pytest.raises(tavla.EnvError, match="no raccoon here"):
        env.step(cube_action("raccoon"))


@pytest.mark.parametrize(
    ("rules", "steps", "refused", "message"),
    [
        (Rules(), ["double"], "beaver", "no beaver here: money play with beavers only"),
        (Rules(), ["double"], "roll", "a double is answered: take, drop or"),
        (Rules(beavers=True), ["double", "beaver"], "double", "a beaver is answered: take, drop"),
        (Rules(beavers=True), ["double", "beaver", "raccoon"], "raccoon", "a raccoon is answered"),
    ],
)
def test_an_answer_the_offer_does_not_allow(
    rules: Rules, steps: list[str], refused: str, message: str
) -> None:
    env = aec_env(cube=True, rules=rules)
    env.reset(options={"position": GAMMON.position_id})
    for step in steps:
        env.step(cube_action(step))
    with pytest.raises(tavla.EnvError, match=message):
        env.step(cube_action(refused))


def test_a_match_to_its_end_through_the_crawford_game() -> None:
    env = aec_env(cube=True, match_length=3)
    # 1-1 in a 3-point match, player 0 on roll with the gammon position: it doubles, player 1
    # takes, the gammon at 2 is worth 4: the match is won, +1 / -1.
    xgid = Xgid(GAMMON, turn=-1, score_top=1, score_bottom=1, match_length=3)
    env.reset(options={"position": str(xgid)})
    answer_double(env, "take")
    env.step(0)
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert env.infos["player_0"]["score"] == (5, 1)
    # A single game instead: 2-1, the match goes on and its next game is the Crawford game.
    env.reset(
        options={
            "position": str(Xgid(SINGLE, turn=-1, score_top=1, score_bottom=1, match_length=3))
        }
    )
    env.step(cube_action("roll"))
    env.step(0)
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0} and not any(env.terminations.values())
    assert env.score == (2, 1) and env.is_crawford and env.position == Position.initial()
    observation = env.observe(env.agent_selection)
    assert observation["match"].tolist()[3] == 1 and observation["dice"].tolist() != [0, 0]


# -- random episodes replayed in tavla.Game / tavla.Match ---------------------------------------


def random_action(mask: np.ndarray, play_actions: int, rng: np.random.Generator) -> int:
    """A random legal action: doubles now and then, takes more often than it drops."""
    legal = np.flatnonzero(mask)
    cube = [int(a) for a in legal if a >= play_actions]
    if not cube:
        return int(rng.choice(legal))
    names = [CUBE_ACTIONS[a - play_actions] for a in cube]
    odds = {"roll": 8, "double": 1, "take": 3, "drop": 1, "beaver": 1, "raccoon": 1}
    weights = np.array([odds[name] for name in names], float)
    return int(rng.choice(cube, p=weights / weights.sum()))


class Replay:
    """The same episode in tavla's Game (and Match): each environment action applied to it."""

    def __init__(self, rules: Rules, match_length: int) -> None:
        self.match = Match(match_length, rules) if match_length else None
        self.game = self.match.new_game() if self.match else Game(rules)
        self.moves: list[tuple[int, int]] = []
        self.board = b""
        self.declined = False

    def before(self, env: BackgammonAEC, seat: int) -> None:
        """Checks the environment's decision against the game's, and rolls the game's dice."""
        game = self.game
        if self.match is not None:
            assert env.score == self.match.score and env.is_crawford == game.is_crawford
        if env.dice is None:  # a cube decision
            return
        if game.phase in (Phase.OPENING, Phase.ROLL):
            if game.phase is Phase.ROLL:
                assert game.turn == seat
            game.roll(env.dice)
            assert game.turn == seat
            self.declined = False

    def apply(self, env: BackgammonAEC, seat: int, action: int, play_actions: int) -> None:
        game = self.game
        if action >= play_actions:
            name = CUBE_ACTIONS[action - play_actions]
            if name == "double":
                game.double(player=seat)
            elif name == "roll":
                self.declined = True  # the side on roll rolls rather than double
            else:
                getattr(game, name)(player=seat)
            env.step(action)
        elif env.settings.action == "play":
            made = env.legal_plays[action].position  # a play is known by its result
            env.step(action)
            game.play(next(p for p in game.legal_plays if p.position == made), player=seat)
        else:
            env.step(action)
            self.single_move(seat, action)
        if game.is_over and self.match is not None and not self.match.is_over:
            self.game = self.match.new_game()

    def single_move(self, seat: int, action: int) -> None:
        """A single move made in the environment; the game's play once the turn is done."""
        game = self.game
        if not self.moves:
            self.board = game.position.key
        move = move_of(action)
        if move is not None:
            source, die = move
            self.moves.append((source, max(0, source - die)))
            self.board = _core.single_move(self.board, source, die)[0]
        needed = len(game.legal_plays[0].moves)
        if len(self.moves) == needed or self.board[0] == 15:  # all made, or the game won
            game.play(self.moves, player=seat)
            self.moves = []

    def check_offer(
        self, env: BackgammonAEC, seat: int, mask: np.ndarray, play_actions: int
    ) -> None:
        """Where the game lets the side on roll double, the environment asks it; where it
        does not, the environment has rolled already."""
        game = self.game
        if game.phase is Phase.ROLL and game.turn == seat and not self.declined:
            asked = bool(mask[play_actions + CUBE_ACTIONS.index("double")])
            assert asked == game.may_double
            assert (env.dice is None) == game.may_double


@pytest.mark.parametrize(
    ("rules", "match_length", "action"),
    [
        (Rules(jacoby=True, beavers=True, raccoons=False), 0, "play"),
        (Rules(beavers=True), 0, "play"),
        (Rules(max_cube=8), 0, "play"),
        (Rules(), 5, "play"),
        (Rules(holland=True), 5, "play"),
        (Rules(), 3, "move"),
        (Rules(crawford=False), 2, "play"),
    ],
    ids=[
        "money-jacoby-beavers",
        "money-raccoons",
        "money-max-cube",
        "match-5",
        "match-5-holland",
        "match-3-moves",
        "no-crawford",
    ],
)
def test_random_episodes_score_as_the_game_and_the_match(
    rules: Rules, match_length: int, action: str
) -> None:
    rng = np.random.default_rng(7)
    env = aec_env(action=action, cube=True, match_length=match_length or None, rules=rules)
    play_actions = env.settings.play_actions
    dropped = doubled = 0
    for seed in range(30 if match_length else 60):
        env.reset(seed=seed)
        replay = Replay(rules, match_length)
        while not env.is_over:
            agent = env.agent_selection
            seat = AGENTS.index(agent)
            mask = env.observe(agent)["action_mask"]
            replay.check_offer(env, seat, mask, play_actions)
            replay.before(env, seat)
            chosen = random_action(mask, play_actions, rng)
            doubled += chosen == play_actions + 1
            dropped += chosen == play_actions + 3
            replay.apply(env, seat, chosen, play_actions)
        if match_length:
            assert replay.match is not None and replay.match.is_over
            winner = replay.match.winner
            assert env.score == replay.match.score
        else:
            result = replay.game.result
            assert result is not None
            winner = result.winner
            assert env.rewards[AGENTS[winner]] == result.points
        assert env.rewards[AGENTS[winner]] == -env.rewards[AGENTS[1 - winner]] > 0
    assert doubled > 10 and dropped > 2  # the cube was played
