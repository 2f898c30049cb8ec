// Games and matches played with the cube (playout.hpp's CubeSpec), and the cube policies.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bind_cube.hpp"
#include "playout_binding.hpp"
#include "playout_result.hpp"
#include "tavla/cube_policy.hpp"

namespace tavla::bindings {
namespace {

bool power_of_two(int value, int low, int high) {
    return value >= low && value <= high && (value & (value - 1)) == 0;
}

CubePlay cube_play(int match_length, bool whole_matches, std::pair<int, int> score,
                   bool crawford_game, bool crawford_rule, bool holland, bool jacoby,
                   bool beavers, bool raccoons, bool backgammons, int max_cube, int start_cube,
                   int start_owner,
                   bool first_offer, std::shared_ptr<const MatchEquity> met) {
    CubePlay play;
    CubeSpec& spec = play.spec;
    if (!power_of_two(max_cube, 2, kMaxCubeValue))
        throw Fault("max_cube must be a power of two from 2 to 32768, got " +
                    std::to_string(max_cube));
    if (!power_of_two(start_cube, 1, max_cube))
        throw Fault("the cube must be a power of two from 1 to max_cube, got " +
                    std::to_string(start_cube));
    if (start_owner < -1 || start_owner > 1 || (start_cube == 1 && start_owner != -1))
        throw Fault("the cube's owner is -1 (centred) or a policy, 0 or 1, and a cube of 1 is "
                    "centred");
    if (match_length == 0) {
        if (whole_matches || score.first != 0 || score.second != 0 || crawford_game)
            throw Fault("money play has no match, score or Crawford game");
        if (holland) throw Fault("the Holland rule (R25) is an option of match play only");
    } else {
        if (match_length < 1 || !met || match_length > met->length())
            throw Fault("a match needs a match equity table at least as long as the match");
        if (jacoby || beavers || raccoons)
            throw Fault("Jacoby, beavers and raccoons are options of money play only");
        if (holland && (!crawford_rule || !whole_matches))
            throw Fault("the Holland rule (R25) needs the Crawford rule and whole matches: its "
                        "wait counts the turns of a game from its start");
        const int below = match_length;
        if (score.first < 0 || score.first >= below || score.second < 0 || score.second >= below)
            throw Fault("each score must be 0 to " + std::to_string(match_length - 1) +
                        ": a match still to play");
        const bool one_away = score.first == match_length - 1 || score.second == match_length - 1;
        const bool both = score.first == match_length - 1 && score.second == match_length - 1;
        if (crawford_game && (!crawford_rule || !one_away || both))
            throw Fault("the Crawford game needs the Crawford rule and exactly one side one "
                        "point away (R24)");
        if ((crawford_game || match_length == 1) && start_cube != 1)
            throw Fault("no doubling in the Crawford game or a 1-point match: the cube is 1");
        play.met = std::move(met);
    }
    spec.match_length = match_length;
    spec.whole_matches = whole_matches;
    spec.score = {score.first, score.second};
    spec.crawford_game = crawford_game;
    spec.crawford_rule = crawford_rule;
    spec.holland = holland;
    spec.jacoby = jacoby;
    spec.beavers = beavers;
    spec.raccoons = raccoons;
    spec.backgammons = backgammons;
    spec.max_cube = max_cube;
    spec.start_cube = start_cube;
    spec.start_owner = start_owner;
    spec.first_offer = first_offer;
    spec.met = play.met.get();
    return play;
}

CubePolicyArg read_cube_policy(const py::object& policy) {
    CubePolicyArg arg;
    if (!read_native_or_callable<CubePolicy>(policy, arg))
        throw py::type_error("a cube policy is a NativeCubePolicy or a callable");
    return arg;
}

// Plays the units of `run` (games, or with whole_matches matches) with the cube as `play`
// says (playout_result.hpp's layout). variance_reduction adds the per-game luck of single
// games (luck.hpp) from policy a's side, in points (money) or MWC (a match), as "luck", the cube
// model valuing positions at `cube_life`. Games stopped unfinished (run.stops(), as play_games
// stops them; single games only) are valued by stopped_value (luck.hpp) with stop_search:
// "stop_values" (their value for policy a, in luck's unit), "on_roll" and "final_boards".
py::dict play_cube(const py::object& a, const py::object& b, const py::object& cube_a,
                   const py::object& cube_b, const CubePlay& play, const PlayoutRun& run,
                   const std::shared_ptr<Search>& stop_search, double cube_life, int threads,
                   int batch, const py::object& progress, const py::object& steps) {
    PlayoutSpec spec = run.spec;
    const std::int64_t units = run.units;
    CubeSpec cube = play.spec;
    spec.cube = &cube;
    const bool stops = run.stops();
    if (stops && cube.whole_matches) throw Fault("whole matches are played out: no truncate");
    if (stops && !stop_search) throw Fault("games stopped with the cube need a stop search");
    if (spec.stop_one_sided)
        throw Fault("games with the cube stop only where the bear-off database is exact");
    cube.stop_search = stop_search.get();
    if (!(cube_life >= 0.0 && cube_life <= 1.0)) throw Fault("the cube life must be in [0, 1]");
    cube.luck_cube_life = cube_life;
    if (spec.variance_reduction && cube.whole_matches)
        throw Fault("variance reduction is for rollouts of single games, not whole matches");
    std::array<PolicyArg, 2> policies = {read_policy(a), read_policy(b)};
    const std::array<CubePolicyArg, 2> cube_policies = {read_cube_policy(cube_a),
                                                         read_cube_policy(cube_b)};
    cube.policies = {cube_policies[0].builtin.get(), cube_policies[1].builtin.get()};

    const bool matches = cube.whole_matches;
    const LazyZeroed<GameOutcome> games(matches ? 0 : units);
    const LazyZeroed<CubeOutcome> cubes(matches ? 0 : units);
    const LazyZeroed<double> luck(spec.variance_reduction ? units : 0);
    const LazyZeroed<double> stop_values(stops ? units : 0);
    const LazyZeroed<Board> final_boards(stops ? units : 0);
    spec.final_boards = final_boards.get();
    std::vector<PlayedMatch> records(matches ? std::size_t(units) : 0);
    StepBuffers kept(steps, units);
    RunOutput out{games.get(), cubes.get(), records.data(), kept.data(),
                  nullptr,     luck.get(),  stop_values.get()};
    // A finished game has a cube of at least 1; the zeroed entries of the others have 0.
    const auto finished_unit = [&](std::int64_t u) {
        return matches ? records[std::size_t(u)].winner >= 0 : cubes.get()[u].cube > 0;
    };
    const ExitWatch watch;  // the interpreter's exit waits until the results are converted
    StopReason stop;
    const std::int64_t finished =
        play_units(spec, policies, {cube_policies[0].callable, cube_policies[1].callable}, units,
                   threads, batch, out, finished_unit, progress, stop);
    const bool interrupted = stop.interrupted();
    kept.append_to(steps, finished);

    py::dict result;
    if (!matches) {
        add_game_arrays(result, finished, true, [&](std::int64_t i) {
            return PlayedGame{games.get()[i], cubes.get()[i]};
        });
        if (spec.variance_reduction)
            result["luck"] = py::array_t<double>(py::ssize_t(finished), luck.get());
        if (stops) {
            add_stops(result, finished, games.get(), final_boards.get());
            result["stop_values"] = py::array_t<double>(py::ssize_t(finished), stop_values.get());
        }
    } else {
        std::vector<PlayedGame> played;
        py::array_t<std::int8_t> winner(finished);
        py::array_t<std::int32_t> counts(finished), score({py::ssize_t(finished), py::ssize_t(2)});
        for (std::int64_t m = 0; m < finished; ++m) {
            const PlayedMatch& record = records[std::size_t(m)];
            played.insert(played.end(), record.games.begin(), record.games.end());
            winner.mutable_at(m) = record.winner;
            counts.mutable_at(m) = std::int32_t(record.games.size());
            score.mutable_at(m, 0) = record.score[0];
            score.mutable_at(m, 1) = record.score[1];
        }
        add_game_arrays(result, std::int64_t(played.size()), true,
                        [&](std::int64_t i) { return played[std::size_t(i)]; });
        result["match_winner"] = winner;
        result["match_games"] = counts;
        result["score"] = score;
    }
    result["finished"] = finished;
    result["interrupted"] = interrupted;
    return result;
}

// The model's choices (model_cube_choice) for cube questions (CubeQuestion rows) of a run
// played by `play`, from the doubler's probabilities (N, 5).
template <typename T>
using Array = py::array_t<T, py::array::c_style | py::array::forcecast>;

py::array_t<std::int64_t> cube_choices(const Array<double>& probabilities,
                                       const Array<std::int32_t>& questions, const CubePlay& play,
                                       double life) {
    if (probabilities.ndim() != 2 || probabilities.shape(1) != kOutputs)
        throw Fault("probabilities have shape (N, 5)");
    if (questions.ndim() != 2 || questions.shape(1) != 6 ||
        questions.shape(0) != probabilities.shape(0))
        throw Fault("questions have shape (N, 6), one row per row of probabilities");
    const CubeSpec& spec = play.spec;
    const py::ssize_t count = questions.shape(0);
    py::array_t<std::int64_t> choices(count);
    for (py::ssize_t i = 0; i < count; ++i) {
        const std::int32_t* q = questions.data(i, 0);
        if (q[0] < 0 || q[0] > 3) throw Fault("a cube question's kind is 0, 1, 2 or 3");
        Probabilities p;
        for (int k = 0; k < kOutputs; ++k) p[std::size_t(k)] = *probabilities.data(i, k);
        const std::string fault = probabilities_fault(p);
        if (!fault.empty()) throw Fault("probabilities of row " + std::to_string(i) + ": " + fault);
        const bool match = spec.match_length > 0;
        const CubeSituation situation = situation_of(
            q[1], q[2], spec.backgammons, !match && spec.jacoby, spec.met, match ? q[3] : 0,
            match ? q[4] : 0, false, spec.max_cube);
        const CubeEquities e = cube_equities(p, situation, life);
        const auto kind = CubeQuestionKind(q[0]);
        double owned = e.no_double;  // read by the raccoon questions only (kinds 2 and 3)
        if (kind >= CubeQuestionKind::kBeaver && situation.owner != CubeOwner::kOnRoll) {
            CubeSituation owning = situation;
            owning.owner = CubeOwner::kOnRoll;
            owned = cube_equities(p, owning, life).no_double;
        }
        choices.mutable_at(i) =
            model_cube_choice(kind, e.no_double, e.double_take, owned, q[5] != 0);
    }
    return choices;
}

}  // namespace

void bind_cube_play(py::module_& m) {
    py::class_<CubePlay>(m, "CubePlay", "The rules, match and start of a run with the cube.")
        .def(py::init(&cube_play), py::kw_only(), py::arg("match_length"),
             py::arg("whole_matches"), py::arg("score"), py::arg("crawford_game"),
             py::arg("crawford_rule"), py::arg("holland"), py::arg("jacoby"), py::arg("beavers"),
             py::arg("raccoons"), py::arg("backgammons"), py::arg("max_cube"),
             py::arg("start_cube"), py::arg("start_owner"), py::arg("first_offer"),
             py::arg("met").none(true));

    py::class_<CubePolicy, std::shared_ptr<CubePolicy>>(
        m, "NativeCubePolicy", "A cube policy played in C++.");
    m.def(
        "model_cube_policy",
        [](std::shared_ptr<Search> search, int plies, double life,
           std::shared_ptr<BearoffDatabase> exact) -> std::shared_ptr<CubePolicy> {
            return std::make_shared<ModelCubePolicy>(std::move(search), plies, life,
                                                     std::move(exact));
        },
        py::arg("search"), py::arg("plies"), py::arg("life"), py::arg("exact").none(true),
        "The cube model on a search's probabilities at `plies`, with cube life `life`; the "
        "exact cubeful bear-offs of `exact` (a BearoffDatabase) where they apply.");
    m.def(
        "never_double_cube_policy",
        []() -> std::shared_ptr<CubePolicy> { return std::make_shared<NeverDoubleCubePolicy>(); },
        "Never doubles, always takes.");

    m.def("cube_choices", &cube_choices, py::arg("probabilities"), py::arg("questions"),
          py::arg("play"), py::arg("life"),
          "The cube model's choices (N,) int64 for cube questions (N, 6) from the doubler's "
          "probabilities (N, 5).");
    m.def("play_cube", &play_cube, py::arg("a"), py::arg("b"), py::arg("cube_a"),
          py::arg("cube_b"), py::arg("play"), py::arg("spec"), py::arg("stop_search").none(true),
          py::arg("cube_life"), py::arg("threads"), py::arg("batch"), py::arg("progress"),
          py::arg("steps") = py::none(),
          "Games or whole matches with the cube: a dict of per-game (and per-match) arrays, "
          "as play_games's; with a list `steps`, each finished unit's steps appended to it.");
}

}  // namespace tavla::bindings
