// The RL environments' core (vector_env.hpp) for tavla.env: a set of environments, their
// opponent (built in, or a Python callable served in lockstep), observations written into
// NumPy arrays.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bind_cube.hpp"
#include "convert.hpp"
#include "interpreter_exit.hpp"
#include "playout_binding.hpp"
#include "tavla/encoding.hpp"
#include "tavla/vector_env.hpp"

namespace tavla::bindings {
namespace {

// A set of environments with what its spec points to: the opponent's policies, the match
// equity table. Copies (deepcopy) share those, which are read-only.
struct EnvCore {
    std::shared_ptr<const Policy> opponent;
    py::object opponent_play = py::none();  // a Python opponent's plays
    std::shared_ptr<const CubePolicy> opponent_cube;
    py::object opponent_cube_play = py::none();  // a Python opponent's cube actions
    std::shared_ptr<const MatchEquity> met;
    std::unique_ptr<VectorEnv> env;

    EnvCore() = default;
    EnvCore(const EnvCore& other)
        : opponent(other.opponent),
          opponent_play(other.opponent_play),
          opponent_cube(other.opponent_cube),
          opponent_cube_play(other.opponent_cube_play),
          met(other.met),
          env(std::make_unique<VectorEnv>(*other.env)) {}
};

// opponent None: both seats are learners (the AEC environment); otherwise seat 1 is the
// opponent: a built-in's name, a NativePolicy or a Python callable (candidates, positions,
// offsets) -> scores; its cube policy a NativeCubePolicy or a callable (positions,
// questions) -> choices.
std::unique_ptr<EnvCore> make_env(int size, int threads, bool moves, int max_plays, bool cube,
                                  const CubePlay& play, const py::object& opponent,
                                  const py::object& opponent_cube,
                                  const std::optional<std::string>& encoding, bool afterstates) {
    auto core = std::make_unique<EnvCore>();
    EnvSpec spec;
    spec.moves = moves;
    spec.max_plays = max_plays;
    spec.cube = cube;
    spec.rules = play.spec;
    spec.rules.policies = {nullptr, nullptr};
    if (!cube) {
        spec.rules.max_cube = 1;
        spec.rules.jacoby = spec.rules.beavers = false;
    }
    core->met = play.met;
    if (!opponent.is_none()) {
        PolicyArg arg = read_policy(opponent);
        core->opponent = arg.builtin;
        core->opponent_play = arg.callable;
        spec.seats[1] = arg.builtin ? SeatKind::kBuiltin : SeatKind::kExternal;
        spec.builtin[1] = arg.builtin.get();
        CubePolicyArg cube_arg;
        if (read_native_or_callable<CubePolicy>(opponent_cube, cube_arg)) {
            core->opponent_cube = cube_arg.builtin;
            core->opponent_cube_play = cube_arg.callable;
            spec.rules.policies[1] = cube_arg.builtin.get();
        } else if (cube) {
            throw py::type_error("the opponent's cube policy is a NativeCubePolicy or a callable");
        }
    }
    spec.encoding = encoding ? int(encoding_named(*encoding)) : -1;
    spec.afterstates = afterstates;
    if (size < 1 || size > (1 << 24)) throw Fault("num_envs must be 1 to 16,777,216");
    core->env = std::make_unique<VectorEnv>(spec, size, threads);
    return core;
}

// Serves the Python opponent until every environment waits for a learner (or is over).
void serve_external(EnvCore& core) {
    VectorEnv& env = *core.env;
    while (env.gather_external()) {
        ScoreArray scores;
        const auto& candidates = env.candidates();
        if (!candidates.empty()) {
            const auto k = py::ssize_t(candidates.size());
            scores = ScoreArray::ensure(core.opponent_play(
                boards_array(candidates), boards_array(env.positions()),
                py::array_t<std::int64_t>(py::ssize_t(env.offsets().size()),
                                          env.offsets().data())));
            if (!scores || scores.ndim() != 1 || scores.shape(0) != k)
                throw Fault("a policy must return one score per candidate (" +
                            std::to_string(k) + ")");
        }
        using Choices = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;
        Choices choices;
        const auto& questions = env.cube_questions();
        if (!questions.empty()) {
            const auto n = py::ssize_t(questions.size());
            const auto* rows = reinterpret_cast<const std::int32_t*>(questions.data());
            const py::array_t<std::int32_t> asked({n, py::ssize_t(6)}, rows);
            choices = Choices::ensure(
                core.opponent_cube_play(boards_array(env.cube_positions()), asked));
            if (!choices || choices.ndim() != 1 || choices.shape(0) != n)
                throw Fault("a cube policy must return one choice per question (" +
                            std::to_string(n) + ")");
        }
        const double* score_data = candidates.empty() ? nullptr : scores.data();
        const std::int64_t* choice_data = questions.empty() ? nullptr : choices.data();
        const GilRelease release;
        env.apply_external(score_data, choice_data);
    }
}

void reset(EnvCore& core, const py::bytes& board, bool opening, int on_roll,
           std::pair<int, int> roll, int cube, int owner, std::pair<int, int> score,
           bool crawford_game, bool double_offered, bool reseed, std::uint64_t seed) {
    EnvStart start;
    start.board = board_from_bytes(board);
    start.opening = opening;
    start.on_roll = on_roll;
    start.roll = Roll{roll.first, roll.second};
    start.cube = cube;
    start.owner = owner;
    start.score = {score.first, score.second};
    start.crawford_game = crawford_game;
    start.double_offered = double_offered;
    {
        const GilRelease release;
        core.env->reset(start, reseed, seed);
    }
    serve_external(core);
}

using ActionArray = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;

void step(EnvCore& core, const ActionArray& actions) {
    if (actions.ndim() != 1 || actions.shape(0) != core.env->size())
        throw Fault("actions must have shape (" + std::to_string(core.env->size()) + ",)");
    {
        const GilRelease release;
        core.env->step(actions.data());
    }
    serve_external(core);
}

// A new array of `shape` added to `result` as `name`, `data` pointed at its elements: its
// element type is that of the EnvObservations field it fills.
template <typename T>
void add_output(py::dict& result, const char* name, const std::vector<py::ssize_t>& shape,
                T*& data) {
    py::array_t<T> array(shape);
    data = array.mutable_data();
    result[name] = array;
}

// Every environment's observation from `seat` (EnvObservations), as new arrays with a leading
// axis of the set's size; the encoded inputs with an encoding, the afterstates with them.
py::dict observe(const EnvCore& core, int seat) {
    if (seat < 0 || seat > 1) throw Fault("a seat is 0 or 1");
    const VectorEnv& env = *core.env;
    const py::ssize_t n = env.size();
    const EnvSpec& spec = env.spec();
    EnvObservations out;
    py::dict result;
    add_output(result, "board", {n, 2, kSlots}, out.board);
    add_output(result, "dice", {n, 2}, out.dice);
    add_output(result, "dice_left", {n, 4}, out.dice_left);
    add_output(result, "cube", {n, 3}, out.cube);
    add_output(result, "match", {n, 4}, out.match);
    add_output(result, "plays", {n}, out.plays);
    add_output(result, "action_mask", {n, spec.actions()}, out.mask);
    if (spec.inputs() > 0) {
        add_output(result, "encoded", {n, spec.inputs()}, out.encoded);
        if (spec.afterstates)
            add_output(result, "afterstates", {n, spec.max_plays, spec.inputs()}, out.afterstates);
    }
    const GilRelease release;
    env.observe(seat, out);
    return result;
}

// The results of the legal plays every environment's learner chooses among now, seen by the
// opponent, in action order: (boards (M, 2, 26) int8, offsets (size + 1,) int64); none for an
// environment at a cube decision, with single moves, or over.
py::tuple candidates(const EnvCore& core) {
    const VectorEnv& env = *core.env;
    const EnvSpec& spec = env.spec();
    py::array_t<std::int64_t> offsets(env.size() + 1);
    std::int64_t* off = offsets.mutable_data();
    off[0] = 0;
    for (int i = 0; i < env.size(); ++i) {
        const EnvGame& game = env.game(i);
        const bool choosing = game.waits_for_learner(spec) && game.rolled() && !spec.moves;
        off[i + 1] = off[i] + (choosing ? std::int64_t(game.plays().size()) : 0);
    }
    py::array_t<std::int8_t> boards({py::ssize_t(off[env.size()]), py::ssize_t(2), py::ssize_t(kSlots)});
    auto* out = reinterpret_cast<Board*>(boards.mutable_data());
    for (int i = 0; i < env.size(); ++i) {
        if (off[i + 1] == off[i]) continue;
        for (const Board& result : env.game(i).plays()) result.swapped_into(*out++);
    }
    return py::make_tuple(boards, offsets);
}

// A new array of one value per environment: `value(env, i)` of environment i.
template <class T, class Value>
py::array_t<T> per_env(const EnvCore& core, Value value) {
    const int n = core.env->size();
    py::array_t<T> out(n);
    for (int i = 0; i < n; ++i) out.mutable_at(i) = value(*core.env, i);
    return out;
}

const EnvGame& game_at(const EnvCore& core, int i) {
    if (i < 0 || i >= core.env->size()) throw Fault("no environment " + std::to_string(i));
    return core.env->game(i);
}

py::object dice_of(const EnvGame& game) {
    if (!game.rolled()) return py::none();
    return py::make_tuple(game.roll().d1, game.roll().d2);
}

py::tuple dice_left_of(const EnvGame& game) {
    std::int8_t dice[4];
    const int count = game.dice_left(dice);
    py::tuple out(count);
    for (int k = 0; k < count; ++k) out[std::size_t(k)] = int(dice[k]);
    return out;
}

// The last game finished: (winner seat, kind, cube, points, dropping seat or -1), or None.
py::object last_game_of(const EnvGame& game) {
    const PlayedGame& record = game.last_game();
    if (record.game.winner < 0) return py::none();
    return py::make_tuple(int(record.game.winner), int(record.game.kind), record.cube.cube,
                          record.cube.points, int(record.cube.dropped));
}

// `function` with its faults of no kind yet as the environments' (EnvError): every fault of
// building, resetting or stepping them but an illegal action's.
template <auto function>
struct EnvFaults;

template <class Result, class... Args, Result (*function)(Args...)>
struct EnvFaults<function> {
    static Result call(Args... args) {
        return faults_as(FaultKind::Env, [&]() -> Result {
            return function(std::forward<Args>(args)...);
        });
    }
};

}  // namespace

void bind_env(py::module_& m) {
    py::class_<EnvCore>(m, "EnvCore", "A set of RL environments (tavla.env).")
        .def(py::init(&EnvFaults<&make_env>::call), py::kw_only(), py::arg("size"),
             py::arg("threads"), py::arg("moves"), py::arg("max_plays"), py::arg("cube"),
             py::arg("play"), py::arg("opponent").none(true),
             py::arg("opponent_cube").none(true), py::arg("encoding").none(true),
             py::arg("afterstates"))
        .def("__copy__", [](const EnvCore& core) { return EnvCore(core); })
        .def("__deepcopy__", [](const EnvCore& core, const py::dict&) { return EnvCore(core); },
             py::arg("memo"))
        .def("reset", &EnvFaults<&reset>::call, py::kw_only(), py::arg("board"), py::arg("opening"),
             py::arg("on_roll"), py::arg("roll"), py::arg("cube"), py::arg("owner"),
             py::arg("score"), py::arg("crawford_game"), py::arg("double_offered"),
             py::arg("reseed"), py::arg("seed"))
        .def("step", &EnvFaults<&step>::call, py::arg("actions"))
        .def("observe", &observe, py::arg("seat"),
             "Every environment's observation from `seat`: a dict of new arrays.")
        .def("candidates", &candidates,
             "The results of every learner's legal plays, seen by the opponent, in action "
             "order: (boards (M, 2, 26) int8, offsets (size + 1,) int64).")
        .def("ended",
             [](const EnvCore& core) {
                 return per_env<bool>(core, [](const VectorEnv& env, int i) { return env.ended(i); });
             })
        .def("rewards",
             [](const EnvCore& core) {
                 return per_env<double>(core,
                                        [](const VectorEnv& env, int i) { return env.reward(i); });
             })
        .def("position",
             [](const EnvCore& core, int i) { return board_to_bytes(game_at(core, i).position()); },
             py::arg("env"))
        .def("to_act", [](const EnvCore& core, int i) { return game_at(core, i).to_act(); },
             py::arg("env"))
        .def("over", [](const EnvCore& core, int i) { return game_at(core, i).over(); },
             py::arg("env"))
        .def("dice", [](const EnvCore& core, int i) { return dice_of(game_at(core, i)); },
             py::arg("env"))
        .def("dice_left", [](const EnvCore& core, int i) { return dice_left_of(game_at(core, i)); },
             py::arg("env"))
        .def("outcome",
             [](const EnvCore& core, int i, int seat) {
                 if (seat < 0 || seat > 1) throw Fault("a seat is 0 or 1");
                 return game_at(core, i).outcome(seat);
             },
             py::arg("env"), py::arg("seat"))
        .def("last_game", [](const EnvCore& core, int i) { return last_game_of(game_at(core, i)); },
             py::arg("env"))
        .def("score",
             [](const EnvCore& core, int i) {
                 const GameState& s = game_at(core, i).state();
                 return py::make_tuple(s.score[0], s.score[1]);
             },
             py::arg("env"))
        .def("cube",
             [](const EnvCore& core, int i) {
                 const GameState& s = game_at(core, i).state();
                 return py::make_tuple(s.cube, s.cube_owner, bool(s.crawford_game));
             },
             py::arg("env"));
    m.attr("MAX_PLAYS") = kMaxPlays;
    m.attr("MOVE_ACTIONS") = kMoveActions;
}

}  // namespace tavla::bindings
