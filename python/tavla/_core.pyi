"""Type stub of the compiled core (cpp/bindings). Boards are 52 raw int8 bytes.

Every function taking a board checks it as ``board_error`` does and raises
tavla.InvalidPositionError naming the fault (``board_error`` itself only checks the length).
The core raises each fault as the tavla class of what it is in (cpp/bindings/module.cpp),
every one a ValueError: tavla.ArgumentError when no other names it.
"""

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

def board_error(board: bytes) -> str: ...
def position_id(board: bytes) -> str: ...
def parse_position_id(position_id: str) -> bytes: ...
def pip_counts(board: bytes) -> tuple[int, int]: ...
def result_kind(board: bytes, loser: int) -> int: ...
def is_race(board: bytes) -> bool: ...
def legal_plays(board: bytes, d1: int, d2: int) -> list[tuple[bytes, bytes, int]]: ...
def single_move(board: bytes, from_point: int, die: int) -> tuple[bytes, bool]: ...

# Every result of N (board, roll) rows: results (M, 2, 26) int8 (the opponent on roll), offsets
# (N + 1,) int64, row i's results at offsets[i]:offsets[i + 1]. out, when given, must be a
# writable, C-contiguous int8 array of shape (K, 2, 26) sharing no memory with boards or dice
# (ArgumentError otherwise): results is then out[:M] when K >= M; when K < M it is a new array
# (the call does not fail, and np.shares_memory(results, out) tells which), and out's first
# rows are overwritten either way. A fault names the first row with a bad roll or board.
def legal_results(
    boards: npt.NDArray[np.int8],
    dice: npt.NDArray[np.int64],
    *,
    out: npt.NDArray[np.int8] | None = None,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]: ...

# Playouts (bind_playout.cpp). A policy is a built-in name or a callable
# (candidates, positions, offsets) -> scores.
def builtin_policies() -> list[str]: ...

# The key of the position left by the play `policy` makes with d1, d2 in `key` (the opponent
# on roll), as play_games makes it; `entropy` (0..2**64 - 1) is what the random policy draws
# from. ValueError for a bad or finished board or bad dice.
def choose_play(policy: object, key: bytes, d1: int, d2: int, entropy: int) -> bytes: ...

# What every game (or match) of a run shares, and how many it plays: units first_unit ..
# first_unit + units - 1 of the seed's sequence. ArgumentError for a bad value.
class PlayoutSpec:
    def __init__(
        self,
        *,
        units: int,
        first_unit: int = 0,
        start: bytes = ...,
        opening: bool = False,
        seed: int = 0,
        rotate: int = 0,
        duplicate: bool = False,
        alternate: bool = False,
        truncate: int = 0,
        exact_stop: Evaluator | None = None,
        stop_one_sided: bool = False,
        variance_reduction: bool = False,
        luck_keep: int = 4,
    ) -> None: ...

# play_games and play_cube return one layout (playout_result.hpp): a dict of per-game arrays
# ("winner", "kind", "first", "plies"; with the cube "cube", "points", "owner", "doubler",
# "dropped", "crawford"; games stopped "on_roll", "final_boards", with the cube "stop_values";
# "luck"), for whole matches "match_winner", "match_games", "score", and "finished",
# "interrupted".
def play_games(
    a: object,
    b: object,
    spec: PlayoutSpec,
    threads: int,
    batch: int,
    progress: Callable[[int], None] | None,
    steps: list[tuple[npt.NDArray[np.int8], ...]] | None = None,
) -> dict[str, Any]: ...

# pubeval (bind_pubeval.cpp) and dice streams (bind_dice.cpp).
def pubeval_scores(afters: npt.NDArray[np.int8], race: bool) -> npt.NDArray[np.float64]: ...
def pubeval_weights() -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...
def dice_rolls(
    seed: int, stream: int, count: int, *, start: int = 0, opening: bool = False
) -> npt.NDArray[np.int8]: ...
def match_game_seed(seed: int, game: int) -> int: ...
def policy_draws(seed: int, stream: int, count: int) -> npt.NDArray[np.uint64]: ...

# Evaluators and the search (bind_search.cpp). An Evaluator gives the five probabilities of
# the side on roll; the bear-off databases and nets are Evaluators.
class Evaluator: ...

class Search:
    def __init__(
        self, evaluator: Evaluator | None, bearoff: Evaluator | None, keep: int, margin: float
    ) -> None: ...
    def position(self, key: bytes, plies: int) -> npt.NDArray[np.float64]: ...
    def positions(self, boards: npt.NDArray[np.int8], plies: int) -> npt.NDArray[np.float64]: ...
    def plays(
        self, key: bytes, d1: int, d2: int, plies: int
    ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float64], npt.NDArray[np.int32]]: ...
    def answers(self, key: bytes) -> bool: ...

class NativePolicy: ...

def search_policy(search: Search, plies: int, fallback: str) -> NativePolicy: ...

# The bear-off databases (bind_bearoff.cpp).
ONE_SIDED_BOARDS: int
MAX_TWO_SIDED_CHECKERS: int

def home_boards(checkers: int) -> int: ...
def home_index(counts: npt.NDArray[np.int8]) -> int: ...

class BearoffDatabase(Evaluator):
    def __init__(
        self,
        off: npt.NDArray[np.float64],
        first: npt.NDArray[np.float64],
        two_sided: npt.NDArray[np.float64],
        checkers: int,
        no_double: npt.NDArray[np.float64] | None = None,
    ) -> None: ...
    @staticmethod
    def build(checkers: int, cubeful: bool = True) -> BearoffDatabase: ...
    @property
    def checkers(self) -> int: ...
    @property
    def max_rolls(self) -> int: ...
    @property
    def off(self) -> npt.NDArray[np.float64]: ...
    @property
    def first(self) -> npt.NDArray[np.float64]: ...
    @property
    def two_sided(self) -> npt.NDArray[np.float64]: ...
    @property
    def cubeful(self) -> bool: ...
    @property
    def no_double(self) -> npt.NDArray[np.float64] | None: ...
    def no_double_equities(self, boards: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]: ...
    def cubeful_equities(self, boards: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]: ...
    def probabilities(self, boards: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]: ...
    def applies(self, boards: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]: ...
    def exact(self, boards: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]: ...
    def distribution(
        self, counts: npt.NDArray[np.int8], first: bool
    ) -> npt.NDArray[np.float64]: ...

# Nets (bind_net.cpp). Boards are (N, 2, 26) int8 arrays.
class Net(Evaluator):
    def __init__(
        self,
        weights: list[npt.NDArray[np.float32]],
        biases: list[npt.NDArray[np.float32]],
        encoding: str,
        activation: str,
        kernel: str,
    ) -> None: ...
    def evaluate(self, boards: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]: ...
    @property
    def kernel(self) -> str: ...
    @property
    def encoding(self) -> str: ...
    @property
    def activation(self) -> str: ...

# Position classes and net sets (bind_net_set.cpp).
def position_classes() -> list[str]: ...
def classify(boards: npt.NDArray[np.int8], crashed_checkers: int) -> npt.NDArray[np.int8]: ...

class NetSet(Evaluator):
    def __init__(self, members: list[Evaluator], crashed_checkers: int) -> None: ...
    def evaluate(self, boards: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]: ...
    @property
    def crashed_checkers(self) -> int: ...

class SupervisedTrainer:
    def __init__(
        self,
        weights: list[npt.NDArray[np.float32]],
        biases: list[npt.NDArray[np.float32]],
        encoding: str,
        activation: str,
        frozen_inputs: list[int],
    ) -> None: ...
    def set_data(self, boards: npt.NDArray[np.int8], targets: npt.NDArray[np.float32]) -> None: ...
    def train(
        self,
        steps: int,
        learning_rate: float,
        learning_rate_end: float,
        schedule_steps: int,
        weight_decay: float,
        batch: int,
        seed: int,
        threads: int,
    ) -> tuple[float, float]: ...
    def loss(
        self, boards: npt.NDArray[np.int8], targets: npt.NDArray[np.float32], threads: int
    ) -> tuple[float, float]: ...
    def steps_per_epoch(self, batch: int) -> int: ...
    @property
    def steps_done(self) -> int: ...
    def state(self) -> tuple[_Layers, _Layers, _Layers]: ...
    def set_state(
        self,
        weights: list[npt.NDArray[np.float32]],
        biases: list[npt.NDArray[np.float32]],
        first_weights: list[npt.NDArray[np.float32]],
        first_biases: list[npt.NDArray[np.float32]],
        second_weights: list[npt.NDArray[np.float32]],
        second_biases: list[npt.NDArray[np.float32]],
        steps_done: int,
    ) -> None: ...

_Layers = tuple[list[npt.NDArray[np.float32]], list[npt.NDArray[np.float32]]]

class TdTrainer:
    def __init__(
        self,
        weights: list[npt.NDArray[np.float32]],
        biases: list[npt.NDArray[np.float32]],
        encoding: str,
        activation: str,
        kernel: str,
    ) -> None: ...
    def train(
        self,
        first_game: int,
        games: int,
        lambda_: float,
        alpha: float,
        alpha_end: float,
        schedule_games: int,
        seed: int,
        threads: int,
        sync_games: int,
    ) -> None: ...
    @property
    def games_done(self) -> int: ...
    @games_done.setter
    def games_done(self, games: int) -> None: ...
    def td_errors(self, games: int, seed: int, lambda_: float) -> tuple[list[float], int]: ...
    def layers(
        self,
    ) -> tuple[list[npt.NDArray[np.float32]], list[npt.NDArray[np.float32]]]: ...
    @property
    def kernel(self) -> str: ...

def net_kernels() -> list[str]: ...
def encodings() -> list[tuple[str, int]]: ...
def feature_groups(encoding: str) -> list[tuple[str, int, int]]: ...
def encode(boards: npt.NDArray[np.int8], encoding: str) -> npt.NDArray[np.float32]: ...
def encode_sparse(
    board: bytes, encoding: str
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float32]]: ...

# The cube model (bind_cube.cpp). MatchEquity holds the MWC after each result at every score:
# values (L, L, 2, L), [a - 1, b - 1, 0 win / 1 loss, k - 1].
class MatchEquity:
    def __init__(self, values: npt.NDArray[np.float64]) -> None: ...
    @property
    def length(self) -> int: ...
    def after(self, away: int, opponent_away: int, points: int) -> float: ...

# The cube, the rules and, in a match, the table and the away scores; owner 0 centred, 1 the
# side on roll, 2 its opponent.
class CubeSituation:
    def __init__(
        self,
        value: int,
        owner: int,
        backgammons: bool,
        jacoby: bool,
        met: MatchEquity | None,
        away: int,
        opponent_away: int,
        crawford_game: bool,
        max_cube: int,
    ) -> None: ...

def cube_equities(
    probabilities: npt.ArrayLike, situation: CubeSituation, life: float
) -> tuple[float, float, float, float]: ...
def proper_equities(
    probabilities: npt.ArrayLike,
    situation: CubeSituation,
    life: float,
    may_double: bool,
    beavers: bool,
) -> npt.NDArray[np.float64]: ...
def proper_equity(
    no_double: float, double_take: float, double_pass: float, may_double: bool, beavers: bool
) -> float: ...
def cube_action(
    no_double: float, double_take: float, double_pass: float, beavers: bool
) -> tuple[int, bool, bool]: ...

# Games and matches with the cube (bind_cube_play.cpp).
class CubePlay:
    def __init__(
        self,
        *,
        match_length: int,
        whole_matches: bool,
        score: tuple[int, int],
        crawford_game: bool,
        crawford_rule: bool,
        holland: bool,
        jacoby: bool,
        beavers: bool,
        raccoons: bool,
        backgammons: bool,
        max_cube: int,
        start_cube: int,
        start_owner: int,
        first_offer: bool,
        met: MatchEquity | None,
    ) -> None: ...

class NativeCubePolicy: ...

MAX_CUBE_VALUE: int

def cubeless_equities(probabilities: npt.ArrayLike) -> npt.NDArray[np.float64]: ...
def flipped_probabilities(probabilities: npt.ArrayLike) -> npt.NDArray[np.float64]: ...
def double_refusal(
    *,
    side: int,
    cube: bool,
    match_length: int,
    score: tuple[int, int],
    crawford_game: bool,
    crawford_rule: bool,
    holland: bool,
    cube_value: int,
    cube_owner: int,
    max_cube: int,
    fewest_turns_played: int,
) -> int: ...
def redouble_refusal(*, match_length: int, option: bool, redoubled: int, max_cube: int) -> int: ...
def crawford_game_next(
    *, crawford_rule: bool, match_length: int, score: tuple[int, int], crawford_done: bool
) -> bool: ...
def post_crawford(
    *, crawford_rule: bool, match_length: int, score: tuple[int, int], crawford_game: bool
) -> bool: ...
def counted_kind(kind: int, backgammons: bool) -> int: ...
def game_points(*, kind: int, cube_value: int, backgammons: bool, jacoby_applies: bool) -> int: ...
def model_cube_policy(
    search: Search, plies: int, life: float, exact: BearoffDatabase | None
) -> NativeCubePolicy: ...
def never_double_cube_policy() -> NativeCubePolicy: ...
def cube_choices(
    probabilities: npt.NDArray[np.float64],
    questions: npt.NDArray[np.int32],
    play: CubePlay,
    life: float,
) -> npt.NDArray[np.int64]: ...
def play_cube(
    a: object,
    b: object,
    cube_a: object,
    cube_b: object,
    play: CubePlay,
    spec: PlayoutSpec,
    stop_search: Search | None,
    cube_life: float,
    threads: int,
    batch: int,
    progress: Callable[[int], None] | None,
    steps: list[tuple[npt.NDArray[np.int8], ...]] | None = None,
) -> dict[str, Any]: ...

# RL environments (bind_env.cpp): a set of environments, seat 0 a learner, seat 1 the opponent
# (a built-in's name, a NativePolicy or a callable (candidates, positions, offsets) -> scores;
# its cube a NativeCubePolicy or a callable (positions, questions) -> choices) or, with
# opponent None, a learner too.
MAX_PLAYS: int
MOVE_ACTIONS: int

class EnvCore:
    def __init__(
        self,
        *,
        size: int,
        threads: int,
        moves: bool,
        max_plays: int,
        cube: bool,
        play: CubePlay,
        opponent: object | None,
        opponent_cube: object | None,
        encoding: str | None,
        afterstates: bool,
    ) -> None: ...
    def __copy__(self) -> EnvCore: ...
    def __deepcopy__(self, memo: dict[Any, Any]) -> EnvCore: ...
    def reset(
        self,
        *,
        board: bytes,
        opening: bool,
        on_roll: int,
        roll: tuple[int, int],
        cube: int,
        owner: int,
        score: tuple[int, int],
        crawford_game: bool,
        double_offered: bool,
        reseed: bool,
        seed: int,
    ) -> None: ...
    def step(self, actions: npt.NDArray[np.int64]) -> None: ...
    # board, dice, dice_left, cube, match, plays, action_mask, [encoded, [afterstates]].
    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]: ...
    def candidates(self) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]: ...
    def ended(self) -> npt.NDArray[np.bool_]: ...
    def rewards(self) -> npt.NDArray[np.float64]: ...
    def position(self, env: int) -> bytes: ...
    def to_act(self, env: int) -> int: ...
    def over(self, env: int) -> bool: ...
    def dice(self, env: int) -> tuple[int, int] | None: ...
    def dice_left(self, env: int) -> tuple[int, ...]: ...
    def outcome(self, env: int, seat: int) -> float: ...
    # (winner seat, kind, cube, points, dropping seat or -1) of the last game finished.
    def last_game(self, env: int) -> tuple[int, int, int, int, int] | None: ...
    def score(self, env: int) -> tuple[int, int]: ...
    # (value, owner seat or -1, Crawford game)
    def cube(self, env: int) -> tuple[int, int, bool]: ...
