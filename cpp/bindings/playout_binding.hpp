// What the playout bindings share (bind_playout.cpp: cubeless games; bind_cube_play.cpp: games
// and matches with the cube): policy arguments, result memory, Ctrl-C, the lockstep loop.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "convert.hpp"
#include "interpreter_exit.hpp"
#include "tavla/playout.hpp"

namespace tavla::bindings {

static_assert(sizeof(CubeQuestion) == 6 * sizeof(std::int32_t), "CubeQuestion is six int32");

constexpr int kChunk = 64;  // games per chunk between two checks for Ctrl-C

using ScoreArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

// A run's PlayoutSpec and the number of units it plays, checked once (pybind: PlayoutSpec,
// bind_playout.cpp); it keeps the evaluator its games stop at alive.
struct PlayoutRun {
    PlayoutSpec spec;
    std::int64_t units = 0;
    std::shared_ptr<const Evaluator> exact_stop;

    // Whether games may stop unfinished (truncate, exact_stop).
    bool stops() const { return spec.truncate > 0 || spec.exact_stop != nullptr; }
};

// A policy argument: the name of a built-in, a NativePolicy (a search), or a Python callable for
// the lockstep loop.
struct PolicyArg {
    std::shared_ptr<const Policy> builtin;
    py::object callable;
};

// A cube policy argument: a NativeCubePolicy, or a Python callable for the lockstep loop.
struct CubePolicyArg {
    std::shared_ptr<const CubePolicy> builtin;
    py::object callable = py::none();
};

// Reads `value` into `arg` (a PolicyArg or CubePolicyArg) when it is a `Native` (a bound core
// policy: `builtin`) or a Python callable (`callable`); false for anything else.
template <typename Native, typename Arg>
bool read_native_or_callable(const py::object& value, Arg& arg) {
    if (py::isinstance<Native>(value)) {
        arg.builtin = value.template cast<std::shared_ptr<Native>>();
    } else if (PyCallable_Check(value.ptr())) {
        arg.callable = value;
    } else {
        return false;
    }
    return true;
}

inline PolicyArg read_policy(const py::object& policy) {
    PolicyArg arg;
    if (py::isinstance<py::str>(policy)) {
        const std::string name = utf8_of(policy, "a policy name");
        arg.builtin = make_builtin_policy(name);
        if (!arg.builtin) throw Fault("unknown built-in policy " + quoted(name));
    } else if (!read_native_or_callable<Policy>(policy, arg)) {
        throw py::type_error("a policy is a built-in name, a NativePolicy or a callable");
    }
    return arg;
}

inline py::array_t<std::int8_t> boards_array(const Board* boards, std::size_t count) {
    py::array_t<std::int8_t> out({py::ssize_t(count), py::ssize_t(2), py::ssize_t(kSlots)});
    if (count > 0) std::memcpy(out.mutable_data(), boards, count * sizeof(Board));
    return out;
}

inline py::array_t<std::int8_t> boards_array(const std::vector<Board>& boards) {
    return boards_array(boards.data(), boards.size());
}

// What a Python policy scores the `candidates` of turns before `positions` with, the turn t's
// candidates at offsets[t]..offsets[t + 1] - 1: one score a candidate, checked.
inline ScoreArray policy_scores(const py::object& policy, const std::vector<Board>& candidates,
                                const std::vector<Board>& positions,
                                const std::vector<std::int64_t>& offsets) {
    const auto k = py::ssize_t(candidates.size());
    const ScoreArray scores = ScoreArray::ensure(
        policy(boards_array(candidates), boards_array(positions),
               py::array_t<std::int64_t>(py::ssize_t(offsets.size()), offsets.data())));
    if (!scores || scores.ndim() != 1 || scores.shape(0) != k)
        throw Fault("a policy must return one score per candidate (" + std::to_string(k) + ")");
    return scores;
}

// The steps of a run that keeps them (a Python list `sink` given), one vector a unit; none
// otherwise, so that a run that does not ask records nothing.
struct StepBuffers {
    std::vector<std::vector<Step>> units;

    StepBuffers(const py::object& sink, std::int64_t count)
        : units(sink.is_none() ? 0 : std::size_t(count)) {
        if (!sink.is_none() && !py::isinstance<py::list>(sink))
            throw py::type_error("steps is a list to append the units' steps to, or None");
    }
    std::vector<Step>* data() { return units.empty() ? nullptr : units.data(); }

    // Appends units 0..finished-1 to `sink`: each a tuple (kinds (n,) int8, policies (n,) int8,
    // rolls (n, 2) int8, boards (n, 2, 26) int8) of its n steps, in order.
    void append_to(const py::object& sink, std::int64_t finished) const {
        if (units.empty()) return;
        auto list = sink.cast<py::list>();
        for (std::int64_t u = 0; u < finished; ++u) {
            const std::vector<Step>& steps = units[std::size_t(u)];
            const auto n = py::ssize_t(steps.size());
            py::array_t<std::int8_t> kinds(n), policies(n), rolls({n, py::ssize_t(2)});
            std::vector<Board> boards;
            boards.reserve(steps.size());
            for (py::ssize_t i = 0; i < n; ++i) {
                const Step& step = steps[std::size_t(i)];
                kinds.mutable_at(i) = std::int8_t(step.kind);
                policies.mutable_at(i) = step.policy;
                rolls.mutable_at(i, 0) = std::int8_t(step.roll.d1);
                rolls.mutable_at(i, 1) = std::int8_t(step.roll.d2);
                boards.push_back(step.after);
            }
            list.append(py::make_tuple(kinds, policies, rolls, boards_array(boards)));
        }
    }
};

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
inline bool check_in(const py::object& progress, std::int64_t done, StopReason& stop) {
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

// The external cube policies of a run with cube play: Python callables
// (positions, questions) -> choices, None where the side's cube policy is built in.
using CubeCallables = std::array<py::object, 2>;

// Plays units in lockstep into `out` (zeroed up front); returns n: units 0..n-1 are finished,
// `finished(u)` telling whether unit u is. Progress reports that n, which never goes down and
// is what an interrupted run keeps, rather than the count of units finished in any order.
inline std::int64_t run_lockstep(const PlayoutSpec& spec, std::array<PolicyArg, 2>& policies,
                                 const CubeCallables& cube_callables, std::int64_t units,
                                 int batch, const RunOutput& out,
                                 const std::function<bool(std::int64_t)>& finished,
                                 const py::object& progress, StopReason& stop) {
    std::int64_t prefix = 0;
    auto finished_prefix = [&] {
        while (prefix < units && finished(prefix)) ++prefix;
        return prefix;
    };
    std::array<const Policy*, 2> builtin = {policies[0].builtin.get(), policies[1].builtin.get()};
    std::array<int, 2> slot = {0, 1};
    if (!builtin[0] && !builtin[1] && policies[0].callable.is(policies[1].callable) &&
        cube_callables[0].is(cube_callables[1]))
        slot[1] = 0;
    std::array<py::object, 2> callables = {policies[0].callable, policies[1].callable};
    CubeCallables cube = cube_callables;
    if (slot[1] == 0) callables[1] = cube[1] = py::none();

    auto lockstep = std::make_unique<Lockstep>(spec, builtin, slot, units, batch, out);
    for (;;) {
        bool waiting;
        {
            const GilRelease release;
            waiting = lockstep->advance();
        }
        if (!waiting) break;
        for (int s = 0; s < 2; ++s) {
            try {
                const auto& candidates = lockstep->candidates(s);
                if (!candidates.empty()) {
                    const ScoreArray scores = policy_scores(
                        callables[s], candidates, lockstep->positions(s), lockstep->offsets(s));
                    lockstep->apply(s, scores.data());
                }
                const auto& questions = lockstep->cube_questions(s);
                if (!questions.empty()) {
                    const auto n = py::ssize_t(questions.size());
                    const auto* rows = reinterpret_cast<const std::int32_t*>(questions.data());
                    const py::array_t<std::int32_t> asked({n, py::ssize_t(6)}, rows);
                    using Choices =
                        py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;
                    const Choices choices =
                        Choices::ensure(cube[s](boards_array(lockstep->cube_positions(s)), asked));
                    if (!choices || choices.ndim() != 1 || choices.shape(0) != n)
                        throw Fault("a cube policy must return one choice per question (" +
                                    std::to_string(n) + ")");
                    lockstep->apply_cube(s, choices.data());
                }
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

// Plays units 0..units-1 of `spec` into `out` (zeroed up front): on `threads` threads when
// both policies and their cube policies are built in, else in lockstep batches of `batch` with
// the external ones (`finished(u)` telling whether unit u is). Returns n: units 0..n-1 are
// finished; `stop` says why a run stopped early. The caller holds an ExitWatch from before
// the run until its results are Python objects: Python code run meanwhile (a collection, a
// finalizer) may let the interpreter's exit go on, and a C++ frame that then takes the GIL
// back would be ended by CPython mid-way (interpreter_exit.hpp).
inline std::int64_t play_units(const PlayoutSpec& spec, std::array<PolicyArg, 2>& policies,
                               const CubeCallables& cube_callables, std::int64_t units,
                               int threads, int batch, const RunOutput& out,
                               const std::function<bool(std::int64_t)>& finished,
                               const py::object& progress, StopReason& stop) {
    const bool builtin = policies[0].builtin && policies[1].builtin &&
                         cube_callables[0].is_none() && cube_callables[1].is_none();
    if (!builtin) {
        if (spec.variance_reduction)
            throw Fault("variance reduction needs built-in policies (a policy with an evaluator)");
        return run_lockstep(spec, policies, cube_callables, units, batch, out, finished, progress,
                            stop);
    }
    const std::array<const Policy*, 2> native = {policies[0].builtin.get(),
                                                 policies[1].builtin.get()};
    GilRelease release;
    return run_units(spec, native, units, std::max(1, threads), kChunk, out,
                     [&](std::int64_t done) {
                         return release.with_gil([&] { return check_in(progress, done, stop); });
                     });
}

}  // namespace tavla::bindings
