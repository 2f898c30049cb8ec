#include "interruptible.hpp"
#include "playout_binding.hpp"

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

// Plays games first_game .. first_game + games - 1 of the seed's sequence as the run's games
// 0..games-1; returns (winner, kind, first, plies, on_roll, final_boards, luck,
// finished, interrupted) where the arrays hold games 0..finished-1, those done (nothing is
// converted for games not played). With truncate > 0, a game stopped after `truncate` plies
// (or with exact_stop, a bear-off database, at a position it values exactly) has winner -1,
// the policy on roll in on_roll and its board (seen from that side) in final_boards;
// otherwise final_boards is empty. With variance_reduction, luck (finished, 5)
// holds the luck of each game's rolls from policy a's side (luck.hpp); otherwise (0, 5).
py::tuple play_games(const py::object& a, const py::object& b, std::int64_t games,
                     std::int64_t first_game, const py::bytes& start, bool opening, std::uint64_t seed, int rotate,
                     bool duplicate, bool alternate, int truncate,
                     const std::shared_ptr<Evaluator>& exact_stop, bool variance_reduction,
                     int threads, int batch, const py::object& progress,
                     const py::object& steps) {
    PlayoutSpec spec =
        playout_spec(games, first_game, start, opening, seed, rotate, duplicate, alternate);
    set_stops(spec, truncate, exact_stop.get());
    spec.variance_reduction = variance_reduction;
    const bool stops = truncate > 0 || exact_stop;
    std::array<PolicyArg, 2> policies = {read_policy(a), read_policy(b)};
    if (variance_reduction && !(policies[0].builtin && policies[1].builtin))
        throw Fault("variance reduction needs built-in policies (a policy with an evaluator)");

    // Zeroed, not GameResult{}: a finished game has made a play, so plies == 0 marks the rest.
    const LazyZeroed<GameResult> results(games);
    const LazyZeroed<Board> final_boards(stops ? games : 0);
    const LazyZeroed<Probabilities> luck(variance_reduction ? games : 0);
    StepBuffers kept(steps, games);
    spec.final_boards = final_boards.get();
    StopReason stop;
    const ExitWatch watch;  // the interpreter's exit waits for the run to return
    std::int64_t finished = 0;
    if (policies[0].builtin && policies[1].builtin) {
        const std::array<const Policy*, 2> builtin = {policies[0].builtin.get(),
                                                      policies[1].builtin.get()};
        RunOutput out;
        out.games = results.get();
        out.luck = luck.get();
        out.steps = kept.data();
        GilRelease release;
        finished = run_units(spec, builtin, games, std::max(1, threads), kChunk, out,
                             [&](std::int64_t done) {
                                 return release.with_gil(
                                     [&] { return check_in(progress, done, stop); });
                             });
    } else {
        RunOutput out;
        out.games = results.get();
        out.steps = kept.data();
        // A finished game has made a play: the zeroed entries of the others have plies == 0.
        finished = run_lockstep(spec, policies, {py::none(), py::none()}, games, batch, out,
                                [&](std::int64_t g) { return out.games[g].plies > 0; },
                                progress, stop);
    }
    const bool interrupted = stop.interrupted();
    kept.append_to(steps, finished);

    py::array_t<std::int8_t> winner(finished), kind(finished), first(finished), on_roll(finished);
    py::array_t<std::int32_t> plies(finished);
    auto w = winner.mutable_unchecked<1>(), k = kind.mutable_unchecked<1>(),
         f = first.mutable_unchecked<1>(), o = on_roll.mutable_unchecked<1>();
    auto p = plies.mutable_unchecked<1>();
    for (std::int64_t i = 0; i < finished; ++i) {
        const GameResult& r = results.get()[i];
        w(i) = r.winner;
        k(i) = r.kind;
        f(i) = r.first;
        o(i) = r.on_roll;
        p(i) = r.plies;
    }
    const std::size_t boards = stops ? std::size_t(finished) : 0;
    const py::ssize_t lucky = variance_reduction ? py::ssize_t(finished) : 0;
    py::array_t<double> luck_array({lucky, py::ssize_t(kOutputs)});
    if (lucky > 0)
        std::memcpy(luck_array.mutable_data(), luck.get(), std::size_t(lucky) * sizeof(Probabilities));
    return py::make_tuple(winner, kind, first, plies, on_roll,
                          boards_array(final_boards.get(), boards), luck_array, finished,
                          interrupted);
}

}  // namespace

void bind_playout(py::module_& m) {
    m.def("builtin_policies", &builtin_policy_names, "Names of the C++ policies.");
    m.def("choose_play", &choose_play, py::arg("policy"), py::arg("key"), py::arg("d1"),
          py::arg("d2"), py::arg("entropy"),
          "The key of the position the policy's play with d1, d2 leaves in `key` (the "
          "opponent on roll), chosen as in play_games; `entropy` is the random policy's draw.");
    m.def("play_games", &play_games, py::arg("a"), py::arg("b"), py::arg("games"),
          py::arg("first_game"), py::arg("start"), py::arg("opening"), py::arg("seed"), py::arg("rotate"),
          py::arg("duplicate"), py::arg("alternate"), py::arg("truncate"),
          py::arg("exact_stop").none(true), py::arg("variance_reduction"), py::arg("threads"),
          py::arg("batch"), py::arg("progress"), py::arg("steps") = py::none(),
          "Whole or truncated games: (winner, kind, first, plies, on_roll, final_boards, luck, "
          "finished, interrupted); with a list `steps`, each finished game's steps appended "
          "to it.");
}

}  // namespace tavla::bindings
