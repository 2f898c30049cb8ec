"""Errors by fault (issue 24): the core raises each fault as the tavla class of what it is in,
its message as the core wrote it, with no re-wrapping in Python."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from tavla import (
    ArgumentError,
    CubeModelError,
    EnvError,
    EvaluatorError,
    IllegalActionError,
    InvalidIdError,
    InvalidPositionError,
    NetError,
    Position,
    TavlaError,
    TrainingError,
    _core,
)
from tavla.env import VectorEnv
from tavla.eval import Net, evaluate_boards
from tavla.eval.classes import classify


def raised(call: Callable[[], object]) -> BaseException:
    with pytest.raises(TavlaError) as caught:
        call()
    return caught.value


def overfull_board() -> np.ndarray:
    board = Position.initial().board.copy()
    board[0, 6] += 1  # a 16th checker
    return board


def test_a_fault_of_no_kind_is_an_argument_error_and_a_value_error() -> None:
    error = raised(lambda: _core.classify(Position.initial().board[np.newaxis], 16))
    assert type(error) is ArgumentError and isinstance(error, ValueError)
    assert str(error) == "crashed_checkers must be 0..15, got 16"


def test_a_board_fault_is_an_invalid_position_error() -> None:
    error = raised(lambda: classify(overfull_board()))
    assert type(error) is InvalidPositionError
    assert str(error) == "board 0: side on roll has 16 checkers, not 15"


def test_a_position_id_fault_is_an_invalid_id_error() -> None:
    error = raised(lambda: _core.parse_position_id("4HPwATDgc/ABM"))
    assert type(error) is InvalidIdError
    assert str(error) == "a Position ID has 14 characters, got 13: '4HPwATDgc/ABM'"


def test_a_bear_off_database_outside_a_bear_off_is_an_evaluator_error() -> None:
    error = raised(lambda: evaluate_boards(Position.initial().board, "bearoff"))
    assert type(error) is EvaluatorError
    assert str(error) == (
        "board 0: the bear-off database does not apply to this position and there is no "
        "other evaluator"
    )


def test_a_net_the_core_refuses_is_a_net_error() -> None:
    net = Net.random((198, 8, 5))
    weights, biases = list(net.weights), list(net.biases)
    error = raised(lambda: _core.Net(weights, biases, "td198", "gelu", "auto"))
    assert type(error) is NetError
    assert str(error) == "unknown activation 'gelu' (known: sigmoid, tanh, relu)"


def test_a_training_state_the_core_refuses_is_a_training_error() -> None:
    net = Net.random((198, 8, 5))
    layers = (list(net.weights), list(net.biases))
    trainer = _core.SupervisedTrainer(*layers, "td198", "sigmoid", [])
    error = raised(lambda: trainer.set_state(*layers, *layers, *layers, -1))
    assert type(error) is TrainingError
    assert str(error) == "steps_done must be >= 0"


def test_inconsistent_probabilities_are_a_cube_model_error() -> None:
    rows = np.array([[0.5, 0.6, 0.0, 0.0, 0.0]])
    money = _core.CubeSituation(1, 0, True, False, None, 0, 0, False, 32768)
    error = raised(lambda: _core.proper_equities(rows, money, 0.68, True, False))
    assert type(error) is CubeModelError
    assert str(error) == "the gammon wins exceed the wins"


def test_a_step_the_environments_cannot_take_is_an_env_error() -> None:
    env = VectorEnv(64, "random", seed=1, max_plays=90)
    observation, _ = env.reset()
    actions = (np.random.default_rng(0).random(64) * observation["plays"]).astype(np.int64)
    error = raised(lambda: env.step(actions))
    assert type(error) is EnvError
    assert str(error) == (
        "the roll 3-3 has 96 legal plays in yGfkATDCZ+IBMA, more than max_plays = 90 "
        "(at most 3060 can be needed)"
    )


def test_an_action_the_mask_refuses_is_an_illegal_action_error() -> None:
    env = VectorEnv(4, "random")
    observation, _ = env.reset(seed=2)
    actions = np.zeros(4, np.int64)
    actions[2] = observation["plays"][2]  # one past its plays
    error = raised(lambda: env.step(actions))
    assert type(error) is IllegalActionError
    assert str(error) == "environment 2, action 15: no legal play has this index"
