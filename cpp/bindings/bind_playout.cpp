#include <limits>
#include <memory>
#include <string>
#include <utility>

#include "interruptible.hpp"
#include "playout_binding.hpp"
#include "playout_result.hpp"

namespace tavla::bindings {
namespace {

// The play `policy` (a built-in name, a NativePolicy or a callable, as play_games takes) makes
// with d1, d2 in `key` (playable: the game not over), as the playout engine makes it: the key of
// the position it leaves, the opponent on roll. A single legal play is made without asking the
// policy; `entropy` is the 64 random bits the random policy draws from (the engine's draw of the
// game's policy stream at that ply).
py::bytes choose_play(const py::object& policy, const py::bytes& key, int d1, int d2,
                      std::uint64_t entropy) {
    const PolicyArg chooser = read_policy(policy);
    const Board before = board_from_bytes(key);
    require_playable(before);
    check_dice(d1, d2);
    thread_local auto generator = std::make_unique<MoveGenerator>();
    MoveGenerator& plays = *generator;
    const int count = plays.generate(before, d1, d2);
    if (count == 1) return board_to_bytes(plays.play(0).result.swapped());
    if (chooser.builtin) {
        const int chosen =
            interruptible([&] { return chooser.builtin->choose(before, plays, entropy); });
        return board_to_bytes(plays.play(chosen).result.swapped());
    }
    // Copied out first: the callable may itself call in here, on this thread's generator.
    std::vector<Board> candidates;
    candidates.reserve(std::size_t(count));
    for (int i = 0; i < count; ++i) candidates.push_back(plays.play(i).result.swapped());
    const ScoreArray scores = policy_scores(chooser.callable, candidates, {before}, {0, count});
    return board_to_bytes(candidates[std::size_t(first_best(scores.data(), count))]);
}

// The spec of units first_unit .. first_unit + units - 1 (games, or matches) of the seed's
// sequence, played as the run's units 0..units-1 (playout.hpp), checked.
PlayoutRun playout_run(std::int64_t units, std::int64_t first_unit, const py::bytes& start,
                       bool opening, std::uint64_t seed, int rotate, bool duplicate,
                       bool alternate, int truncate, std::shared_ptr<const Evaluator> exact_stop,
                       bool stop_one_sided, bool variance_reduction, int luck_keep) {
    if (units < 0) throw Fault("units must be >= 0");
    if (first_unit < 0 || first_unit > std::numeric_limits<std::int64_t>::max() - units)
        throw Fault("first_unit must be >= 0, and first_unit + units fit in int64");
    if (rotate < 0 || rotate > 2) throw Fault("rotate must be 0, 1 or 2");
    if (truncate < 0) throw Fault("truncate must be >= 0");
    if (luck_keep < 0) throw Fault("luck_keep must be >= 0");
    if (stop_one_sided && exact_stop == nullptr) throw Fault("stop_one_sided needs an exact_stop");
    PlayoutRun run;
    PlayoutSpec& spec = run.spec;
    spec.start = unchecked_board(start);
    const std::string fault = playable_board_error(spec.start);
    if (!fault.empty()) throw Fault("the start position: " + fault);
    spec.opening = opening;
    spec.seed = seed;
    spec.first_game = first_unit;
    spec.rotate = rotate;
    spec.duplicate = duplicate;
    spec.alternate = alternate;
    spec.truncate = truncate;
    spec.exact_stop = exact_stop.get();
    spec.stop_one_sided = stop_one_sided;
    spec.variance_reduction = variance_reduction;
    spec.luck_keep = luck_keep;
    run.units = units;
    run.exact_stop = std::move(exact_stop);
    return run;
}

// Plays the cubeless games of `run` (playout_result.hpp's layout). A game stopped unfinished
// (run.stops()) has winner -1, the policy on roll in "on_roll" and its board (seen from that
// side) in "final_boards". With variance_reduction, "luck" (finished, 5) holds the luck of
// each game's rolls from policy a's side (luck.hpp).
py::dict play_games(const py::object& a, const py::object& b, const PlayoutRun& run, int threads,
                    int batch, const py::object& progress, const py::object& steps) {
    PlayoutSpec spec = run.spec;
    const std::int64_t games = run.units;
    std::array<PolicyArg, 2> policies = {read_policy(a), read_policy(b)};
    // Zeroed, not GameOutcome{}: a finished game has made a play, so plies == 0 marks the rest.
    const LazyZeroed<GameOutcome> results(games);
    const LazyZeroed<Board> final_boards(run.stops() ? games : 0);
    const LazyZeroed<Probabilities> luck(spec.variance_reduction ? games : 0);
    StepBuffers kept(steps, games);
    spec.final_boards = final_boards.get();
    RunOutput out;
    out.games = results.get();
    out.luck = luck.get();
    out.steps = kept.data();
    const ExitWatch watch;  // the interpreter's exit waits until the results are converted
    StopReason stop;
    const std::int64_t finished = play_units(
        spec, policies, {py::none(), py::none()}, games, threads, batch, out,
        [&](std::int64_t g) { return out.games[g].plies > 0; }, progress, stop);
    const bool interrupted = stop.interrupted();
    kept.append_to(steps, finished);

    py::dict result;
    add_game_arrays(result, finished, false,
                    [&](std::int64_t i) { return PlayedGame{results.get()[i], {}}; });
    if (run.stops()) add_stops(result, finished, results.get(), final_boards.get());
    if (spec.variance_reduction) {
        py::array_t<double> luck_array({py::ssize_t(finished), py::ssize_t(kOutputs)});
        if (finished > 0)
            std::memcpy(luck_array.mutable_data(), luck.get(),
                        std::size_t(finished) * sizeof(Probabilities));
        result["luck"] = luck_array;
    }
    result["finished"] = finished;
    result["interrupted"] = interrupted;
    return result;
}

}  // namespace

void bind_playout(py::module_& m) {
    m.def("builtin_policies", &builtin_policy_names, "Names of the C++ policies.");
    m.def("choose_play", &choose_play, py::arg("policy"), py::arg("key"), py::arg("d1"),
          py::arg("d2"), py::arg("entropy"),
          "The key of the position the policy's play with d1, d2 leaves in `key` (the "
          "opponent on roll), chosen as in play_games; `entropy` is the random policy's draw.");
    py::class_<PlayoutRun>(m, "PlayoutSpec",
                           "What every game (or match) of a run shares, and how many it plays.")
        .def(py::init(&playout_run), py::kw_only(), py::arg("units"), py::arg("first_unit") = 0,
             py::arg("start") = board_to_bytes(Board::initial()), py::arg("opening") = false,
             py::arg("seed") = 0, py::arg("rotate") = 0, py::arg("duplicate") = false,
             py::arg("alternate") = false, py::arg("truncate") = 0,
             py::arg("exact_stop").none(true) = py::none(), py::arg("stop_one_sided") = false,
             py::arg("variance_reduction") = false,
             py::arg("luck_keep") = kLuckKeep);
    m.def("play_games", &play_games, py::arg("a"), py::arg("b"), py::arg("spec"),
          py::arg("threads"), py::arg("batch"), py::arg("progress"), py::arg("steps") = py::none(),
          "Whole or truncated cubeless games: a dict of per-game arrays (as play_cube's); with a "
          "list `steps`, each finished game's steps appended to it.");
}

}  // namespace tavla::bindings
