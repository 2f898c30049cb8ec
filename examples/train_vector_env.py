"""Train a backgammon agent on :class:`tavla.env.VectorEnv` with NumPy alone.

The agent values afterstates, the common approach since TD-Gammon: a small network reads the
td198 inputs of a position (:func:`tavla.eval.encode`) and estimates the chance that the side
on roll wins. In each of its turns the agent takes the candidates of every game at once
(``VectorEnv.candidates()``: the results of its legal plays, seen by the opponent, in action
order) and makes the play that leaves the opponent the least chance (now and then a random
one, to explore). It learns by TD(0): the value of the afterstate it chose moves toward the
value of the afterstate it chooses next, or toward the outcome (0 when it won, 1 when it
lost) at the end of the game. The opponent is ``"random"``, played in C++ by the vector
environment.

    python examples/train_vector_env.py [--minutes 3] [--envs 64] [--seed 1]

prints the learning curve: after each stretch of training, a duplicate duel of the agent
against ``random`` (:func:`tavla.duel`): points per game with its 95% interval, and the share
of games won. Nothing here needs more than NumPy; a PyTorch version would replace
:class:`ValueNet` only.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

import tavla
from tavla.env import VectorEnv
from tavla.eval import encode

Inputs = npt.NDArray[np.float32]


class ValueNet:
    """P(the side on roll wins) from td198 inputs: one hidden layer of sigmoids, a sigmoid
    out, trained by gradient steps on the squared error."""

    def __init__(self, hidden: int, rng: np.random.Generator) -> None:
        self.w1 = rng.normal(0.0, 0.1, (198, hidden)).astype(np.float32)
        self.b1 = np.zeros(hidden, np.float32)
        self.w2 = np.zeros(hidden, np.float32)  # every value 0.5 to start: no prejudice
        self.b2 = np.float32(0.0)

    def _hidden(self, x: Inputs) -> Inputs:
        hidden: Inputs = 1.0 / (1.0 + np.exp(-(x @ self.w1 + self.b1)))
        return hidden

    def value(self, x: Inputs) -> Inputs:
        out: Inputs = 1.0 / (1.0 + np.exp(-(self._hidden(x) @ self.w2 + self.b2)))
        return out

    def learn(self, x: Inputs, target: Inputs, rate: float) -> None:
        """A gradient step of 0.5 (value - target)^2 for each row (summed: ``rate`` is the
        step of one position, as in TD-Gammon)."""
        hidden = self._hidden(x)
        out = 1.0 / (1.0 + np.exp(-(hidden @ self.w2 + self.b2)))
        delta = (out - target) * out * (1.0 - out)
        back = np.outer(delta, self.w2) * hidden * (1.0 - hidden)
        self.w2 -= rate * (hidden.T @ delta)
        self.b2 -= rate * delta.sum()
        self.w1 -= rate * (x.T @ back)
        self.b1 -= rate * back.sum(axis=0)

    def policy(self, candidates: npt.NDArray[np.int8]) -> Inputs:
        """The agent as a tavla policy: a higher score for a candidate that leaves the
        opponent (on roll there) less chance."""
        scores: Inputs = -self.value(encode(candidates, "td198"))
        return scores


@dataclass(frozen=True)
class Checkpoint:
    games: int
    seconds: float
    ppg: float
    ci: tuple[float, float]
    win_rate: float


def choose(values: Inputs, offsets: npt.NDArray[np.int64], explore: float,
           rng: np.random.Generator) -> npt.NDArray[np.int64]:  # fmt: skip
    """Each game's action: the candidate of least value (the opponent's chance; the first
    on a tie), or with probability ``explore`` a random one; 0 for a game without candidates
    (one that just ended)."""
    counts = np.diff(offsets)
    actions = np.zeros(len(counts), np.int64)
    playing = np.flatnonzero(counts)
    if len(playing) == 0:
        return actions
    game_of = np.repeat(np.arange(len(playing)), counts[playing])
    least = np.minimum.reduceat(values, offsets[playing])
    at_least = np.flatnonzero(values == least[game_of])
    _, first = np.unique(game_of[at_least], return_index=True)
    actions[playing] = at_least[first] - offsets[playing]
    random = rng.random(len(playing)) < explore
    actions[playing[random]] = (rng.random(random.sum()) * counts[playing[random]]).astype(np.int64)
    return actions


def evaluate(net: ValueNet, games: int, seed: int) -> tavla.DuelResult:
    """A duplicate duel of the agent against ``random``: each dice stream played from both
    seats."""
    return tavla.duel(net.policy, "random", games, seed=seed, duplicate=True, progress=False)


def train(
    seconds: float | None = None,
    games: int | None = None,
    *,
    envs: int = 64,
    seed: int = 1,
    hidden: int = 40,
    rate: float = 0.2,
    explore: float = 0.05,
    checkpoints: int = 6,
    duel_games: int = 2000,
    report: bool = False,
) -> tuple[ValueNet, list[Checkpoint]]:
    """Train for about ``seconds`` (duels excluded), or for ``games`` games, on ``envs``
    games at once; a duel of ``duel_games`` games at each of ``checkpoints`` evenly spaced
    times, the first before any training."""
    if (seconds is None) == (games is None):
        raise ValueError("give seconds or games")
    rng = np.random.default_rng(seed)
    net = ValueNet(hidden, rng)
    env = VectorEnv(envs, opponent="random", seed=seed)
    env.reset()
    previous = np.zeros((envs, 198), np.float32)  # each game's last afterstate, as inputs
    has_previous = np.zeros(envs, bool)
    curve: list[Checkpoint] = []
    played, trained = 0, 0.0
    for checkpoint in range(checkpoints):
        result = evaluate(net, duel_games, seed + 1000 + checkpoint)
        curve.append(Checkpoint(played, trained, result.ppg, result.ci, result.win_rate))
        if report:
            low, high = result.ci
            print(f"{played:8,d} games  {trained:6.0f} s   ppg {result.ppg:+.3f} "
                  f"[{low:+.3f}, {high:+.3f}]   won {result.win_rate:.1%}", flush=True)  # fmt: skip
        if checkpoint == checkpoints - 1:
            break
        started = time.perf_counter()
        stretch_end = None if games is None else games * (checkpoint + 1) // (checkpoints - 1)
        while (
            time.perf_counter() - started < seconds / (checkpoints - 1)
            if seconds is not None
            else played < stretch_end  # type: ignore[operator]
        ):
            boards, offsets = env.candidates()
            inputs = encode(boards, "td198")
            values = net.value(inputs)
            actions = choose(values, offsets, explore, rng)
            waiting = np.diff(offsets) > 0
            chosen = offsets[:-1][waiting] + actions[waiting]
            learning = has_previous & waiting  # TD(0): the last afterstate toward this one
            net.learn(previous[learning], values[offsets[:-1][learning] + actions[learning]], rate)
            current = np.zeros_like(previous)
            current[waiting] = inputs[chosen]
            _, reward, terminated, _, _ = env.step(actions)
            if terminated.any():  # the outcome: the opponent's chance is 0 after a win
                target = (reward[terminated] < 0).astype(np.float32)
                net.learn(current[terminated], target, rate)
                played += int(terminated.sum())
            previous, has_previous = current, waiting & ~terminated
        trained += time.perf_counter() - started
    return net, curve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    train(seconds=arguments.minutes * 60, envs=arguments.envs, seed=arguments.seed, report=True)


if __name__ == "__main__":
    main()
