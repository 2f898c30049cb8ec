// Native work and the interpreter's exit. Once finalization has started, CPython ends any
// thread that takes the GIL (pthread_exit, up to Python 3.13): inside C++ that aborts the
// process ("terminate called without an active exception") when it happens in a destructor
// (py::gil_scoped_release's) or unwinds past a std::thread not joined. So an atexit handler,
// which runs before finalization starts, asks every run to stop and waits, the GIL released,
// until the calls it knows of have returned to Python; the GIL is only ever given up through
// GilRelease, which keeps it once the exit has begun. Should a call not return in time, the
// exit goes on and a thread that would take the GIL back sleeps until the process ends.
#pragma once

#include <pybind11/pybind11.h>

namespace tavla::bindings {

namespace py = pybind11;

// True once the interpreter has begun to exit: long runs stop at their next check.
bool exit_requested();

// The exit waits for a watched call (created and destroyed with the GIL held) to return.
class ExitWatch {
public:
    ExitWatch();
    ~ExitWatch();
    ExitWatch(const ExitWatch&) = delete;
    ExitWatch& operator=(const ExitWatch&) = delete;
};

// The GIL released for native work while alive (created with the GIL held), and the call
// watched; once the exit has begun, the GIL is kept instead.
class GilRelease {
public:
    GilRelease();
    ~GilRelease();
    GilRelease(const GilRelease&) = delete;
    GilRelease& operator=(const GilRelease&) = delete;

    // Calls `work` with the GIL held again.
    template <typename Work>
    auto with_gil(Work&& work) {
        if (state_ == nullptr) return work();
        take_back();
        struct ReleaseAgain {
            GilRelease& owner;
            ~ReleaseAgain() { owner.state_ = PyEval_SaveThread(); }
        } release_again{*this};
        return work();
    }

private:
    void take_back();

    ExitWatch watch_;
    PyThreadState* state_ = nullptr;
};

// Registers the atexit handler (module.cpp, once).
void watch_interpreter_exit();

}  // namespace tavla::bindings
