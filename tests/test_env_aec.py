"""The PettingZoo AEC environment (tavla.env.aec_env): PettingZoo's api_test and seed_test, who
acts when, what position and dice_left show mid-turn and after a play, copies."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tavla import EnvError, IllegalActionError, Position, Rules
from tavla.env import aec_env, cube_action, move_action

CONFIGS = [
    {},
    {"action": "move"},
    {"cube": True},
    {"cube": True, "rules": Rules(beavers=True, raccoons=False)},
    {"cube": True, "match_length": 3, "observation": "td198"},
    {"action": "move", "cube": True, "match_length": 5},
    {"observation": "tavla218", "afterstates": True, "max_plays": 600},
]

# What api_test says of every dict observation (it looks for a NumPy array or an
# "observation" key), of a Dict space, of the all-zero mask of the agent not to act, and the
# option it passes to reset ({"options": 1}), which the environment ignores with a warning.
API_TEST_WARNINGS = [
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
    "ignore:Action mask numpy array is all zeros",
    "ignore:reset ignores the unknown options options",
]


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.filterwarnings(*API_TEST_WARNINGS)
def test_pettingzoo_api_test(config: dict) -> None:
    api_test(aec_env(**config), num_cycles=400)


@pytest.mark.parametrize("config", CONFIGS)
def test_pettingzoo_seed_test(config: dict) -> None:
    seed_test(lambda: aec_env(**config), num_cycles=400)


def test_whole_plays_alternate_and_show_the_result() -> None:
    env = aec_env()
    env.reset(seed=3)
    for _ in range(40):
        mover = env.agent_selection
        plays = env.legal_plays
        observation = env.observe(mover)
        assert len(plays) == observation["plays"] and observation["dice"].tolist() == list(env.dice)
        other = "player_1" if mover == "player_0" else "player_0"
        assert env.observe(other)["action_mask"].sum() == 0  # not its turn
        assert np.array_equal(env.observe(other)["board"], observation["board"][::-1])
        index = len(plays) // 2
        env.step(index)
        if env.is_over:
            break
        # The position the play made, seen from the opponent, who acts next.
        assert env.agent_selection == other
        assert env.position == plays[index].position


def test_single_moves_stay_with_the_agent_until_the_turn_is_played() -> None:
    env = aec_env(action="move")
    env.reset(options={"position": Position.initial().position_id, "dice": "31"})
    assert env.dice_left == (3, 1)
    env.step(move_action(8, 3))
    assert env.agent_selection == "player_0" and env.dice_left == (1,)
    mid = env.position  # the side to act, with the move made
    assert mid.board[0, 8] == 2 and mid.board[0, 5] == 1
    observation = env.observe("player_0")
    assert observation["dice"].tolist() == [3, 1] and observation["dice_left"].tolist() == [
        1,
        0,
        0,
        0,
    ]
    assert np.array_equal(observation["board"], mid.board)
    with pytest.raises(IllegalActionError):
        env.step(move_action(8, 3))  # the 3 is played
    env.step(move_action(6, 1))
    assert env.agent_selection == "player_1"
    assert env.position == Position.initial().play("31", "8/5 6/5")


def test_a_win_ends_the_episode_for_both_agents() -> None:
    board = np.zeros((2, 26), np.int8)
    board[0, 2], board[0, 0] = 1, 14
    board[1, 6], board[1, 0] = 3, 12
    env = aec_env()
    env.reset(options={"position": Position(board).position_id, "dice": "52"})
    env.step(0)
    assert env.is_over and env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert env.position.board[1, 0] == 15  # the winner's checkers off, seen from the loser
    assert env.to_act is None and env.dice is None
    for agent in ("player_0", "player_1"):
        assert env.terminations[agent]
        assert env.observe(agent)["action_mask"].sum() == 0
    env.step(None)
    env.step(None)
    assert env.agents == []


def test_the_cube_goes_to_the_doubled_agent() -> None:
    env = aec_env(cube=True)
    env.reset(seed=1)
    while env.dice is not None:  # play to the first offer
        env.step(0)
    doubler = env.agent_selection
    env.step(cube_action("double"))
    taker = env.agent_selection
    assert taker != doubler
    observation = env.observe(taker)
    assert observation["cube"].tolist() == [1, 0, 1]
    answers = [cube_action("take"), cube_action("drop")]
    assert np.flatnonzero(observation["action_mask"]).tolist() == answers
    env.step(cube_action("take"))
    assert env.agent_selection == doubler and env.dice is not None
    assert env.observe(doubler)["cube"].tolist() == [2, 2, 0]  # the taker owns it
    assert env.observe(taker)["cube"].tolist() == [2, 1, 0]


def test_a_deep_copy_searches_without_changing_the_original() -> None:
    env = aec_env(action="move", cube=True)
    env.reset(seed=2)
    for _ in range(10):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    saved = (env.position, env.dice_left, env.agent_selection, dict(env.rewards))
    copies = [copy.deepcopy(env) for _ in range(3)]
    for twin in copies:
        while not twin.is_over:
            mask = twin.observe(twin.agent_selection)["action_mask"]
            twin.step(int(np.flatnonzero(mask)[-1]))
    assert (env.position, env.dice_left, env.agent_selection, dict(env.rewards)) == saved
    # The copies made the same choices with the same dice: they ended alike.
    assert len({tuple(twin.rewards.items()) for twin in copies}) == 1


def test_a_position_id_puts_player_0_on_roll_and_an_xgid_its_player() -> None:
    from tavla.formats.xgid import Xgid

    env = aec_env()
    env.reset(options={"position": Position.initial().position_id, "dice": "64"})
    assert env.agent_selection == "player_0"
    env.reset(options={"position": str(Xgid(Position.initial(), turn=1, dice=(6, 4)))})
    assert env.agent_selection == "player_1"  # XGID's bottom is gnubg's player 1


def test_step_before_reset_and_bad_agents() -> None:
    env = aec_env()
    with pytest.raises(EnvError, match="reset"):
        env.step(0)
    env.reset(seed=0)
    with pytest.raises(EnvError, match="no agent"):
        env.observe("player_2")


def test_huge_actions_are_illegal_actions() -> None:
    env = aec_env()
    env.reset(seed=1)
    agent = env.agent_selection
    for huge in (2**64, np.uint64(2**63), -(2**63) - 1):  # they raised OverflowError
        with pytest.raises(IllegalActionError, match="no such action"):
            env.step(huge)
    assert env.agent_selection == agent


def test_a_step_that_fails_partway_demands_a_reset() -> None:
    # With max_plays=30 some roll after a play has more plays: the step raises with the next
    # agent's roll already drawn, and later steps say the env needs a reset.
    env = aec_env(max_plays=30)
    rng = np.random.default_rng(0)
    failed = None
    for seed in range(50):
        try:
            env.reset(seed=seed)
        except EnvError:
            continue
        try:
            while not env.terminations[env.agent_selection]:
                mask = env.observe(env.agent_selection)["action_mask"]
                env.step(int(rng.choice(np.flatnonzero(mask))))
        except EnvError as error:
            failed = error
            break
    assert failed is not None and "more than max_plays = 30" in str(failed)
    with pytest.raises(EnvError, match=r"failed partway .*call reset\(\)"):
        env.step(0)
