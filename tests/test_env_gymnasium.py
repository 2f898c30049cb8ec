"""The single-agent Gymnasium environment tavla/Backgammon-v0 (tavla.env.BackgammonEnv):
Gymnasium's own checker, the registration, illegal actions, reset options, seeded replay,
copies, the play actions' order and the opponents."""

from __future__ import annotations

import copy
import sys

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tavla
from tavla import EnvError, IllegalActionError, Position
from tavla.engines import Ubgi
from tavla.env import ENV_ID, OBSERVATIONS, BackgammonEnv, cube_action
from tavla.eval import encode
from tavla.formats.xgid import Xgid
from tests.helpers.env import PubevalScorer

CONFIGS = [
    {},
    {"action": "move"},
    {"cube": True},
    {"cube": True, "rules": tavla.Rules(jacoby=True, beavers=True, raccoons=False)},
    {"match_length": 5, "cube": True, "observation": "td198"},
    {"observation": "gnubg200", "afterstates": True, "max_plays": 800},
    {"action": "move", "cube": True, "match_length": 3, "observation": "tavla218"},
    {"observation": "contact229"},
    {"observation": "race205", "afterstates": True, "max_plays": 1500},
]


def play_out(env: BackgammonEnv, seed: int, rng: np.random.Generator) -> list[dict]:
    """One episode of uniformly random legal actions; the observations seen."""
    observation, _ = env.reset(seed=seed)
    seen = [observation]
    terminated = False
    while not terminated:
        action = rng.choice(np.flatnonzero(observation["action_mask"]))
        observation, _, terminated, truncated, _ = env.step(action)
        assert not truncated
        seen.append(observation)
    return seen


@pytest.mark.parametrize("config", CONFIGS)
def test_gymnasium_check_env(config: dict) -> None:
    # check_env steps with actions sampled without the mask: illegal_reward ends the episode
    # on an illegal one instead of raising.
    check_env(BackgammonEnv("random", illegal_reward=-3.0, **config), skip_render_check=True)


@pytest.mark.parametrize("observation", OBSERVATIONS)
def test_observations_of_random_play_lie_in_the_space(observation: str) -> None:
    # contact229's and race205's pip lead (input 198) is below 0 whenever the side to act
    # trails: once outside a space that declared [0, 15] for every input.
    extra = {"afterstates": True, "max_plays": 1500} if observation != "board" else {}
    env = BackgammonEnv("random", cube=True, match_length=3, observation=observation, **extra)
    rng = np.random.default_rng(5)
    seen = [o for seed in range(3) for o in play_out(env, seed, rng)]
    assert len(seen) > 300
    assert all(env.observation_space.contains(o) for o in seen)
    if observation in ("contact229", "race205"):
        assert min(o["encoded"][198] for o in seen) < 0


def test_check_env_through_make_with_the_render_mode() -> None:
    env = gymnasium.make(ENV_ID, opponent="random", illegal_reward=-1.0, render_mode="ansi")
    check_env(env.unwrapped)
    env.reset(seed=3)
    text = env.render()
    assert isinstance(text, str) and "pip count" in text and "dice " in text


def test_make_registers_the_environment() -> None:
    env = gymnasium.make(ENV_ID, opponent="pubeval", cube=True)
    assert isinstance(env.unwrapped, BackgammonEnv)
    assert env.action_space.n == tavla.env.MAX_PLAYS + 6  # the six cube actions
    observation, info = env.reset(seed=1)
    assert env.observation_space.contains(observation) and info == {}


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = BackgammonEnv("random")
    observation, _ = env.reset(seed=5)
    plays = int(observation["plays"])
    position, dice = env.position, env.dice
    for bad in (plays, -1, tavla.env.MAX_PLAYS, 1.5, "0", np.array(0.0), np.array(True)):
        with pytest.raises(IllegalActionError):
            env.step(bad)
    # Beyond int64 these raised OverflowError ("Python int too large to convert to C long").
    for huge in (2**63, np.uint64(2**63), np.array(2**63, np.uint64), 2**64, -(2**70), 10**5000):
        with pytest.raises(IllegalActionError, match="no such action"):
            env.step(huge)
    assert env.position == position and env.dice == dice
    ending = BackgammonEnv("random", illegal_reward=-2.0)
    ending.reset(seed=5)
    assert ending.step(np.uint64(2**63))[1:3] == (-2.0, True)
    env.step(plays - 1)  # still playable


def test_illegal_reward_ends_the_episode() -> None:
    env = BackgammonEnv("random", illegal_reward=-2.5)
    observation, _ = env.reset(seed=5)
    _, reward, terminated, truncated, info = env.step(int(observation["plays"]))
    assert (reward, terminated, truncated, info) == (-2.5, True, False, {"illegal_action": True})
    with pytest.raises(EnvError, match="over"):
        env.step(0)


def test_step_before_reset() -> None:
    with pytest.raises(EnvError, match="reset"):
        BackgammonEnv("random").step(0)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"action": "turn"}, "action must be"),
        ({"observation": "pixels"}, "observation must be one of"),
        ({"afterstates": True}, "afterstates"),
        ({"action": "move", "observation": "td198", "afterstates": True}, "afterstates"),
        ({"max_plays": 0}, "max_plays"),
        ({"max_plays": 3061}, "max_plays"),
        ({"match_length": -1}, "match_length"),
        ({"rules": tavla.Rules(opening="reroll"), "cube": True}, "reroll"),
        ({"rules": tavla.Rules(jacoby=True)}, "need the cube"),
        ({"rules": tavla.Rules(cube=False), "cube": True}, "without the cube"),
        ({"rules": tavla.Rules(jacoby=True), "cube": True, "match_length": 3}, "money play"),
        ({"render_mode": "human"}, "render_mode"),
        ({"illegal_reward": float("nan")}, "illegal_reward"),
        ({"opponent": "nobody"}, "unknown policy"),
        ({"opponent": 42}, "a policy is"),
    ],
)
def test_bad_settings(arguments: dict, message: str) -> None:
    arguments = {"opponent": "random", **arguments}
    with pytest.raises(EnvError, match=message):
        BackgammonEnv(**arguments)


def test_a_seeded_episode_replays_identically() -> None:
    first = play_out(BackgammonEnv("pubeval", cube=True), 11, np.random.default_rng(1))
    second = play_out(BackgammonEnv("pubeval", cube=True), 11, np.random.default_rng(1))
    assert len(first) == len(second) > 10
    for a, b in zip(first, second, strict=True):
        assert a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)
    other = play_out(BackgammonEnv("pubeval", cube=True), 12, np.random.default_rng(1))
    assert any(
        not np.array_equal(a["board"], b["board"]) for a, b in zip(first, other, strict=False)
    )


def test_unseeded_resets_go_on_with_the_seed() -> None:
    env = BackgammonEnv("random")
    dice = [env.reset(seed=4)[0]["dice"].tolist()] + [
        env.reset()[0]["dice"].tolist() for _ in range(5)
    ]
    again = BackgammonEnv("random")
    assert dice == [again.reset(seed=4)[0]["dice"].tolist()] + [
        again.reset()[0]["dice"].tolist() for _ in range(5)
    ]
    assert len({tuple(roll) for roll in dice}) > 1


def test_a_deep_copy_is_the_whole_state() -> None:
    env = BackgammonEnv("random", action="move", cube=True)
    rng = np.random.default_rng(3)
    observation, _ = env.reset(seed=8)
    for _ in range(15):
        observation, *_ = env.step(rng.choice(np.flatnonzero(observation["action_mask"])))
    while observation["dice"][0] == 0:  # to a decision about a move
        observation, *_ = env.step(rng.choice(np.flatnonzero(observation["action_mask"])))
    twin = copy.deepcopy(env)
    position, dice_left = env.position, env.dice_left
    assert twin.position == position and twin.dice_left == dice_left
    twin.step(int(np.flatnonzero(observation["action_mask"])[-1]))
    assert (twin.position, twin.dice_left) != (position, dice_left)
    assert (env.position, env.dice_left) == (position, dice_left)  # the original did not move
    # Copies go on alike with the same actions, dice included.
    a, b = copy.deepcopy(env), copy.deepcopy(env)
    while not a.is_over:
        action = int(np.flatnonzero(a.action_mask)[0])
        oa, ra, ta, *_ = a.step(action)
        ob, rb, tb, *_ = b.step(action)
        assert np.array_equal(oa["board"], ob["board"]) and np.array_equal(oa["dice"], ob["dice"])
        assert (ra, ta) == (rb, tb)


class Recorder:
    """A Python opponent (a TurnScorer) that plays the first candidate and keeps the
    positions before its turns: the agent's plays' results, seen by the opponent."""

    def __init__(self) -> None:
        self.positions: list[Position] = []

    def score_turns(self, candidates, positions, offsets):
        self.positions += [Position(board) for board in positions]
        scores = np.zeros(len(candidates))
        scores[offsets[:-1]] = 1.0
        return scores


def test_play_actions_follow_legal_plays() -> None:
    recorder = Recorder()
    env = BackgammonEnv(recorder)
    rng = np.random.default_rng(2)
    observation, _ = env.reset(seed=9)
    for _ in range(30):
        plays = env.legal_plays
        assert len(plays) == observation["plays"] == observation["action_mask"].sum()
        assert plays == env.position.legal_plays(env.dice)
        index = int(rng.integers(len(plays)))
        asked = len(recorder.positions)
        observation, _, terminated, _, _ = env.step(index)
        if terminated:
            break
        if len(recorder.positions) > asked:  # the opponent had a choice to make
            assert recorder.positions[asked] == plays[index].position


def test_reset_to_a_position_and_dice() -> None:
    env = BackgammonEnv("random")
    observation, _ = env.reset(options={"position": "4HPwATDgc/ABMA", "dice": "31"})
    assert env.position == Position.from_position_id("4HPwATDgc/ABMA")
    assert env.dice == (3, 1) and env.dice_left == (3, 1)
    assert observation["dice"].tolist() == [3, 1]
    assert [play.notation for play in env.legal_plays] == [
        play.notation for play in env.position.legal_plays("31")
    ]
    # From the starting position with given dice: the agent on roll, no opening roll.
    env.reset(options={"dice": (6, 6)})
    assert env.position == Position.initial() and env.dice_left == (6, 6, 6, 6)


def test_reset_to_an_xgid_takes_the_cube_and_the_score() -> None:
    position = Position.initial()
    # Bottom (gnubg's player 1) on roll, the cube at 2 owned by top, 3-away 2-away in a
    # 5-point match: the agent is bottom, so it is 3 away and the opponent owns the cube.
    xgid = Xgid(
        position, cube_value=2, cube_owner=-1, turn=1, score_bottom=2, score_top=3, match_length=5
    )
    env = BackgammonEnv("pubeval", cube=True, match_length=5)
    observation, _ = env.reset(options={"position": str(xgid)})
    assert observation["cube"].tolist() == [2, 2, 0]
    assert observation["match"].tolist() == [5, 3, 2, 0]
    assert env.score == (2, 3) and env.cube == tavla.Cube(2, 1)
    # The opponent owns the cube: the agent may not double, so the dice are rolled at once.
    assert env.dice is not None
    # The same through the GNUbg ID.
    env.reset(options={"position": str(xgid.to_gnubg_id())})
    assert env.score == (2, 3) and env.cube == tavla.Cube(2, 1)


def test_reset_to_a_pending_double_lets_the_agent_answer() -> None:
    xgid = Xgid(Position.initial(), turn=-1, dice="D")  # top doubled, bottom answers
    env = BackgammonEnv("pubeval", cube=True)
    observation, _ = env.reset(options={"position": str(xgid)})
    mask = observation["action_mask"]
    assert np.flatnonzero(mask).tolist() == [cube_action("take"), cube_action("drop")]
    assert observation["cube"].tolist() == [1, 0, 1]
    _, reward, terminated, _, info = env.step(cube_action("drop"))
    assert (reward, terminated) == (-1.0, True)
    assert info["result"] == {
        "winner": "opponent",
        "kind": "single",
        "cube": 1,
        "points": 1,
        "dropped": True,
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"position": "nonsense"}, "position"),
        ({"position": "4HPwATDgc/ABMA", "dice": "71"}, "dice"),
        ({"position": 12}, "position is"),
        ({"position": str(Xgid(Position.initial(), match_length=7))}, "7-point match"),
        (
            {"position": str(Xgid(Position.initial(), cube_value=2, cube_owner=1))},
            "without the cube",
        ),
        ({"position": str(Xgid(Position.initial(), dice=(3, 1))), "dice": "42"}, "differ"),
        ({"position": "AAAAAAAAAAAAAA"}, "Position ID|position"),
        ([("dice", "31")], "options is a dict"),
    ],
)
def test_bad_reset_options(options: object, message: str) -> None:
    env = BackgammonEnv("random")
    env.reset(seed=1)
    before = env.position
    with pytest.raises(EnvError, match=message):
        env.reset(options=options)  # type: ignore[arg-type]
    assert env.position == before


def test_a_finished_position_cannot_start() -> None:
    board = Position.initial().board.copy()
    board[0] = 0
    board[0, 0] = 15
    with pytest.raises(EnvError, match="finished"):
        BackgammonEnv("random").reset(options={"position": Position(board).position_id})


def test_unknown_options_are_ignored_with_a_warning() -> None:
    board = np.zeros((2, 26), np.int8)
    board[:, 6], board[:, 0] = 2, 13
    race = Position(board).position_id
    env = BackgammonEnv("random")
    with pytest.warns(UserWarning, match="postion"):
        observation, _ = env.reset(seed=1, options={"postion": race})
    assert env.position.pip_counts[0] == 167  # from the opening, not from the race
    assert observation["board"][0].sum() == 15


def test_an_opponent_that_raises_leaves_an_env_that_demands_a_reset() -> None:
    calls = 0

    def flaky(candidates: np.ndarray) -> np.ndarray:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise RuntimeError("boom")
        return -candidates[:, 1, 0].astype(float)

    env = BackgammonEnv(flaky)
    env.reset(seed=0)
    env.step(0)
    with pytest.raises(RuntimeError, match="boom"):
        env.step(0)
    # The opponent is left to act; step said "no learner is to act", with no hint.
    with pytest.raises(EnvError, match=r"failed partway \(RuntimeError: boom\).*call reset"):
        env.step(0)
    env.reset(seed=1)
    assert not env.step(0)[2]


@pytest.mark.parametrize("opponent", ["random", "pubeval"])
def test_built_in_opponents_never_double_and_always_take(opponent: str) -> None:
    # As docs/environments.rst says: with cube=True against them the agent never answers a
    # double, and every double it offers is taken.
    env = BackgammonEnv(opponent, cube=True)
    take, double = cube_action("take"), cube_action("double")
    rng = np.random.default_rng(0)
    doubled = 0
    for seed in range(6):
        observation, _ = env.reset(seed=seed)
        terminated = False
        while not terminated:
            assert not observation["action_mask"][take]
            action = (
                double
                if observation["action_mask"][double]
                else rng.choice(np.flatnonzero(observation["action_mask"]))
            )
            cube = int(observation["cube"][0])
            observation, _, terminated, _, info = env.step(action)
            if action == double:
                doubled += 1
                assert terminated or observation["cube"][0] == 2 * cube
                assert not info.get("result", {}).get("dropped")
    assert doubled > 3


def test_more_plays_than_max_plays_is_an_error() -> None:
    # The start with 1-1 has 42 legal plays.
    assert len(Position.initial().legal_plays("11")) == 42
    env = BackgammonEnv("random", max_plays=41)
    with pytest.raises(EnvError, match=r"42 legal plays .* max_plays = 41"):
        env.reset(options={"dice": "11"})
    env = BackgammonEnv("random", max_plays=42)
    observation, _ = env.reset(options={"dice": "11"})
    assert observation["action_mask"].tolist() == [1] * 42


@pytest.mark.parametrize(
    "opponent",
    [
        "random",
        "pubeval",
        "net:td198-40",
        tavla.eval.Policy("pubeval"),
        lambda candidates: -candidates[:, 1, 0].astype(float),  # the opponent's bear-off
    ],
    ids=["random", "pubeval", "net", "Policy", "callable"],
)
def test_every_kind_of_opponent_plays_whole_games(opponent: object) -> None:
    env = BackgammonEnv(opponent, cube=True)
    rng = np.random.default_rng(0)
    for seed in range(3):
        seen = play_out(env, seed, rng)
        assert seen[-1]["action_mask"].sum() == 0


def test_a_python_opponent_plays_as_the_same_built_in() -> None:
    rng_a, rng_b = np.random.default_rng(4), np.random.default_rng(4)
    built_in = play_out(BackgammonEnv("pubeval"), 21, rng_a)
    in_python = play_out(BackgammonEnv(PubevalScorer()), 21, rng_b)
    assert len(built_in) == len(in_python)
    assert all(
        np.array_equal(a["board"], b["board"]) for a, b in zip(built_in, in_python, strict=True)
    )


def test_an_engine_opponent_plays_as_its_policy() -> None:
    engine = Ubgi([sys.executable, "-m", "tavla", "ubgi", "--policy", "pubeval"])
    env = BackgammonEnv(engine)
    try:
        by_engine = play_out(env, 21, np.random.default_rng(4))
    finally:
        env.close()
        engine.close()
    built_in = play_out(BackgammonEnv("pubeval"), 21, np.random.default_rng(4))
    assert all(
        np.array_equal(a["board"], b["board"]) for a, b in zip(built_in, by_engine, strict=True)
    )


def test_encoded_inputs_and_afterstates_are_the_encodings() -> None:
    env = BackgammonEnv("random", observation="tavla218", afterstates=True, max_plays=1200)
    observation, _ = env.reset(seed=6)
    for _ in range(20):
        plays = env.legal_plays
        assert np.array_equal(observation["encoded"], encode(env.position, "tavla218"))
        afterstates = observation["afterstates"]
        expected = encode(np.stack([play.position.board for play in plays]), "tavla218")
        assert np.array_equal(afterstates[: len(plays)], expected)
        assert not afterstates[len(plays) :].any()
        observation, _, terminated, _, _ = env.step(len(plays) - 1)
        if terminated:
            break
