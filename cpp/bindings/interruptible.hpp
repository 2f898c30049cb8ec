// Long native calls that Ctrl-C can stop: the work runs with the GIL released under a stop scope
// (tavla/stop.hpp) whose poll takes the GIL back every 50 ms to check for a signal and for the
// interpreter's exit; a signal's error (KeyboardInterrupt) stops the work at its next
// check_stop() and is raised once it has stopped.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <utility>

#include "convert.hpp"
#include "interpreter_exit.hpp"
#include "tavla/stop.hpp"

namespace tavla::bindings {

// Calls `work()` (from a call holding the GIL) as described above and returns its result.
template <typename Work>
auto interruptible(Work work) -> decltype(work()) {
    using Result = decltype(work());
    std::atomic<bool> stop{false};
    std::optional<py::error_already_set> signal;
    bool exiting = false;
    std::optional<Result> result;
    try {
        GilRelease release;
        const std::function<void()> poll = [&] {
            release.with_gil([&] {
                if (exit_requested()) {
                    exiting = true;
                    stop = true;
                } else if (!signal && PyErr_CheckSignals() != 0) {
                    signal.emplace();  // takes the error the signal's handler raised
                    stop = true;
                }
            });
        };
        const StopScope scope(&stop, &poll);
        result.emplace(work());
    } catch (const Stopped&) {
        if (signal) throw std::move(*signal);
        throw Fault(exiting ? "stopped: the interpreter is exiting" : "stopped");
    }
    return std::move(*result);
}

}  // namespace tavla::bindings
