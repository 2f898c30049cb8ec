#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "convert.hpp"
#include "interpreter_exit.hpp"
#include "tavla/playout.hpp"

namespace tavla::bindings {
namespace {

constexpr int kChunk = 64;  // games per chunk between two checks for Ctrl-C

using ScoreArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

// A policy argument: the name of a built-in, a NativePolicy (a search), or a Python callable for
// the lockstep loop.
struct PolicyArg {
    std::shared_ptr<const Policy> builtin;
    py::object callable;
};

PolicyArg read_policy(const py::object& policy) {
    PolicyArg arg;
    if (py::isinstance<py::str>(policy)) {
        const std::string name = utf8_of(policy, "a policy name");
        arg.builtin = make_builtin_policy(name);
        if (!arg.builtin) throw Fault("unknown built-in policy " + quoted(name));
    } else if (py::isinstance<Policy>(policy)) {
        arg.builtin = policy.cast<std::shared_ptr<Policy>>();
    } else if (PyCallable_Check(policy.ptr())) {
        arg.callable = policy;
    } else {
        throw py::type_error("a policy is a built-in name, a NativePolicy or a callable");
    }
    return arg;
}

py::array_t<std::int8_t> boards_array(const Board* boards, std::size_t count) {
    py::array_t<std::int8_t> out({py::ssize_t(count), py::ssize_t(2), py::ssize_t(kSlots)});
    if (count > 0) std::memcpy(out.mutable_data(), boards, count * sizeof(Board));
    return out;
}

py::array_t<std::int8_t> boards_array(const std::vector<Board>& boards) {
    return boards_array(boards.data(), boards.size());
}

// `count` zeroed T, from calloc: a large block comes fresh from the system, whose pages are
// only given memory once written, so a run stopped early never touches the entries of the
// games it did not play (a zero-initialised std::vector would write them all up front).
template <typename T>
struct LazyZeroed {
    static_assert(std::is_trivially_copyable_v<T>, "entries are created by assignment");
    std::unique_ptr<T, void (*)(void*)> data{nullptr, std::free};

    explicit LazyZeroed(std::int64_t count) {
        if (count == 0) return;
        data.reset(static_cast<T*>(std::calloc(std::size_t(count), sizeof(T))));
        if (!data) {
            PyErr_SetString(PyExc_MemoryError,
                            ("no memory for the results of " + std::to_string(count) +
                             " games (" + std::to_string(sizeof(T)) + " bytes a game)")
                                .c_str());
            throw py::error_already_set();
        }
    }
    T* get() const { return data.get(); }
};

// Remembers the first Python error raised between chunks or steps; KeyboardInterrupt, like
// the interpreter's exit, only stops the run, any other error is raised again once the run
// has stopped.
struct StopReason {
    std::optional<py::error_already_set> error;
    bool exiting = false;

    void keep(py::error_already_set&& e) {
        if (!error) error.emplace(std::move(e));
    }
    // With the GIL held: true when interrupted; re-raises other errors.
    bool interrupted() {
        if (!error) return exiting;
        if (error->matches(PyExc_KeyboardInterrupt)) {
            error.reset();
            return true;
        }
        py::error_already_set e = std::move(*error);
        error.reset();
        throw e;
    }
};

// With the GIL held: checks for Ctrl-C and the interpreter's exit, and reports progress;
// false to stop.
bool check_in(const py::object& progress, std::int64_t done, StopReason& stop) {
    if (exit_requested()) {
        stop.exiting = true;
        return false;
    }
    try {
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        if (!progress.is_none()) progress(done);
        return true;
    } catch (py::error_already_set& e) {
        stop.keep(std::move(e));
        return false;
    }
}

// Plays games in lockstep into out[0..games-1] (zeroed up front); returns n: games 0..n-1
// are finished. Progress reports that n, which never goes down and is what an interrupted
// run keeps, rather than the count of games finished in any order.
std::int64_t run_lockstep(const PlayoutSpec& spec, std::array<PolicyArg, 2>& policies,
                          std::int64_t games, int batch, GameResult* out,
                          const py::object& progress, StopReason& stop) {
    std::int64_t prefix = 0;
    auto finished_prefix = [&] {
        while (prefix < games && out[prefix].plies > 0) ++prefix;
        return prefix;
    };
    std::array<const Policy*, 2> builtin = {policies[0].builtin.get(), policies[1].builtin.get()};
    std::array<int, 2> slot = {0, 1};
    if (!builtin[0] && !builtin[1] && policies[0].callable.is(policies[1].callable)) slot[1] = 0;
    std::array<py::object, 2> callables = {policies[0].callable, policies[1].callable};
    if (slot[1] == 0) callables[1] = py::none();

    auto lockstep = std::make_unique<Lockstep>(spec, builtin, slot, games, batch, out);
    for (;;) {
        bool waiting;
        {
            const GilRelease release;
            waiting = lockstep->advance();
        }
        if (!waiting) break;
        for (int s = 0; s < 2; ++s) {
            const auto& candidates = lockstep->candidates(s);
            if (candidates.empty()) continue;
            const auto k = py::ssize_t(candidates.size());
            try {
                const ScoreArray scores = ScoreArray::ensure(
                    callables[s](boards_array(candidates), boards_array(lockstep->positions(s)),
                                 py::array_t<std::int64_t>(py::ssize_t(lockstep->offsets(s).size()),
                                                           lockstep->offsets(s).data())));
                if (!scores || scores.ndim() != 1 || scores.shape(0) != k)
                    throw Fault("a policy must return one score per candidate (" +
                                std::to_string(k) + ")");
                lockstep->apply(s, scores.data());
            } catch (py::error_already_set& e) {
                stop.keep(std::move(e));
                return finished_prefix();
            }
        }
        if (!check_in(progress, finished_prefix(), stop)) return prefix;
    }
    check_in(progress, finished_prefix(), stop);
    return prefix;
}

// Plays games first_game .. first_game + games - 1 of the seed's sequence as the run's games
// 0..games-1; returns (winner, kind, first, plies, on_roll, final_boards,
// finished, interrupted) where the arrays hold games 0..finished-1, those done (nothing is
// converted for games not played). With truncate > 0, a game stopped after `truncate` plies
// has winner -1, the policy on roll in on_roll and its board (seen from that side) in
// final_boards; otherwise final_boards is empty.
py::tuple play_games(const py::object& a, const py::object& b, std::int64_t games,
                     std::int64_t first_game, const py::bytes& start, bool opening, std::uint64_t seed, int rotate,
                     bool duplicate, bool alternate, int truncate, int threads, int batch,
                     const py::object& progress) {
    if (games < 0) throw Fault("games must be >= 0");
    if (first_game < 0 || first_game > std::numeric_limits<std::int64_t>::max() - games)
        throw Fault("first_game must be >= 0, and first_game + games fit in int64");
    if (rotate < 0 || rotate > 2) throw Fault("rotate must be 0, 1 or 2");
    if (truncate < 0) throw Fault("truncate must be >= 0");
    PlayoutSpec spec;
    spec.start = unchecked_board(start);
    const std::string fault = playable_board_error(spec.start);
    if (!fault.empty()) throw Fault("the start position: " + fault);
    spec.opening = opening;
    spec.seed = seed;
    spec.first_game = first_game;
    spec.rotate = rotate;
    spec.duplicate = duplicate;
    spec.alternate = alternate;
    spec.truncate = truncate;
    std::array<PolicyArg, 2> policies = {read_policy(a), read_policy(b)};

    // Zeroed, not GameResult{}: a finished game has made a play, so plies == 0 marks the rest.
    const LazyZeroed<GameResult> results(games);
    const LazyZeroed<Board> final_boards(truncate > 0 ? games : 0);
    spec.final_boards = final_boards.get();
    StopReason stop;
    const ExitWatch watch;  // the interpreter's exit waits for the run to return
    std::int64_t finished = 0;
    if (policies[0].builtin && policies[1].builtin) {
        const std::array<const Policy*, 2> builtin = {policies[0].builtin.get(),
                                                      policies[1].builtin.get()};
        GilRelease release;
        finished = run_games(spec, builtin, games, std::max(1, threads), kChunk, results.get(),
                             [&](std::int64_t done) {
                                 return release.with_gil(
                                     [&] { return check_in(progress, done, stop); });
                             });
    } else {
        finished = run_lockstep(spec, policies, games, batch, results.get(), progress, stop);
    }
    const bool interrupted = stop.interrupted();

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
          py::arg("batch"), py::arg("progress"),
          "Whole or truncated games: (winner, kind, first, plies, on_roll, final_boards, "
          "finished, interrupted).");
}

}  // namespace tavla::bindings
