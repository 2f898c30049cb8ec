#include "playout_binding.hpp"

namespace tavla::bindings {
namespace {

// Plays games first_game .. first_game + games - 1 of the seed's sequence as the run's games
// 0..games-1; returns (winner, kind, first, plies, on_roll, final_boards,
// finished, interrupted) where the arrays hold games 0..finished-1, those done (nothing is
// converted for games not played). With truncate > 0, a game stopped after `truncate` plies
// has winner -1, the policy on roll in on_roll and its board (seen from that side) in
// final_boards; otherwise final_boards is empty.
py::tuple play_games(const py::object& a, const py::object& b, std::int64_t games,
                     std::int64_t first_game, const py::bytes& start, bool opening, std::uint64_t seed, int rotate,
                     bool duplicate, bool alternate, int truncate, int threads, int batch,
                     const py::object& progress, const py::object& steps) {
    if (truncate < 0) throw Fault("truncate must be >= 0");
    PlayoutSpec spec =
        playout_spec(games, first_game, start, opening, seed, rotate, duplicate, alternate);
    spec.truncate = truncate;
    std::array<PolicyArg, 2> policies = {read_policy(a), read_policy(b)};

    // Zeroed, not GameResult{}: a finished game has made a play, so plies == 0 marks the rest.
    const LazyZeroed<GameResult> results(games);
    const LazyZeroed<Board> final_boards(truncate > 0 ? games : 0);
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
    const std::size_t boards = truncate > 0 ? std::size_t(finished) : 0;
    return py::make_tuple(winner, kind, first, plies, on_roll,
                          boards_array(final_boards.get(), boards), finished, interrupted);
}

}  // namespace

void bind_playout(py::module_& m) {
    m.def("builtin_policies", &builtin_policy_names, "Names of the C++ policies.");
    m.def("play_games", &play_games, py::arg("a"), py::arg("b"), py::arg("games"),
          py::arg("first_game"), py::arg("start"), py::arg("opening"), py::arg("seed"), py::arg("rotate"),
          py::arg("duplicate"), py::arg("alternate"), py::arg("truncate"), py::arg("threads"),
          py::arg("batch"), py::arg("progress"), py::arg("steps") = py::none(),
          "Whole or truncated games: (winner, kind, first, plies, on_roll, final_boards, "
          "finished, interrupted); with a list `steps`, each finished game's steps appended "
          "to it.");
}

}  // namespace tavla::bindings
