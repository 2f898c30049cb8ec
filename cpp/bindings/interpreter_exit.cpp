#include "interpreter_exit.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace tavla::bindings {
namespace {

// How long the exit waits for running calls: far longer than any run takes to notice
// exit_requested() (a chunk of games, or one step of a Python policy).
constexpr auto kExitWait = std::chrono::seconds(5);

struct ExitState {
    std::mutex mutex;
    std::condition_variable changed;
    std::atomic<bool> requested{false};
    bool closed = false;   // the exit has gone on: the GIL must not be taken back any more
    int calls = 0;         // watched calls running
    int taking_back = 0;   // threads taking the GIL back
};

// Never destroyed: a thread left running may still look at it while the process exits.
ExitState& exit_state() {
    static ExitState* state = new ExitState;
    return *state;
}

[[noreturn]] void sleep_until_the_process_ends() {
    for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

// The atexit handler, with the GIL held.
void stop_runs() {
    ExitState& s = exit_state();
    s.requested = true;
    PyThreadState* main_state = PyEval_SaveThread();
    {
        std::unique_lock<std::mutex> lock(s.mutex);
        s.changed.wait_for(lock, kExitWait, [&] { return s.calls == 0; });
        s.changed.wait(lock, [&] { return s.taking_back == 0; });
        s.closed = true;
    }
    PyEval_RestoreThread(main_state);
}

}  // namespace

bool exit_requested() { return exit_state().requested.load(std::memory_order_relaxed); }

ExitWatch::ExitWatch() {
    ExitState& s = exit_state();
    const std::lock_guard<std::mutex> lock(s.mutex);
    ++s.calls;
}

ExitWatch::~ExitWatch() {
    ExitState& s = exit_state();
    const std::lock_guard<std::mutex> lock(s.mutex);
    --s.calls;
    s.changed.notify_all();
}

GilRelease::GilRelease() {
    if (!exit_requested()) state_ = PyEval_SaveThread();
}

GilRelease::~GilRelease() {
    if (state_ != nullptr) take_back();
}

void GilRelease::take_back() {
    ExitState& s = exit_state();
    {
        std::unique_lock<std::mutex> lock(s.mutex);
        if (s.closed) {
            lock.unlock();
            sleep_until_the_process_ends();
        }
        ++s.taking_back;
    }
    PyEval_RestoreThread(state_);
    state_ = nullptr;
    const std::lock_guard<std::mutex> lock(s.mutex);
    --s.taking_back;
    s.changed.notify_all();
}

void watch_interpreter_exit() {
    py::module_::import("atexit").attr("register")(py::cpp_function(&stop_runs));
}

}  // namespace tavla::bindings
