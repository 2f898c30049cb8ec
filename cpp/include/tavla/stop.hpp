// Stopping long native work from outside (Ctrl-C, an error in another thread): the thread doing
// the work names its stop flag, and optionally a poll to call now and then, in a StopScope; deep
// loops such as the n-ply search call check_stop(), which runs the poll at most every 50 ms (it
// may set the flag: the poll of the thread that holds Python checks for Ctrl-C) and throws
// Stopped once the flag is set. Whoever set the flag catches Stopped and knows why.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>

namespace tavla {

struct Stopped {};

namespace detail {
struct StopState {
    const std::atomic<bool>* flag = nullptr;
    const std::function<void()>* poll = nullptr;
    std::chrono::steady_clock::time_point polled{};
};
inline thread_local StopState stop_state;
}  // namespace detail

constexpr auto kPollInterval = std::chrono::milliseconds(50);

// The flag (and poll, which must not throw) this thread's work obeys while alive; the previous
// ones again afterwards.
class StopScope {
public:
    explicit StopScope(const std::atomic<bool>* flag, const std::function<void()>* poll = nullptr)
        : previous_(detail::stop_state) {
        detail::stop_state = {flag, poll, std::chrono::steady_clock::now()};
    }
    ~StopScope() { detail::stop_state = previous_; }
    StopScope(const StopScope&) = delete;
    StopScope& operator=(const StopScope&) = delete;

private:
    detail::StopState previous_;
};

// Runs this thread's poll when it is due, then throws Stopped when its stop flag is set.
inline void check_stop() {
    detail::StopState& state = detail::stop_state;
    if (state.poll != nullptr) {
        const auto now = std::chrono::steady_clock::now();
        if (now - state.polled >= kPollInterval) {
            state.polled = now;
            (*state.poll)();
        }
    }
    if (state.flag != nullptr && state.flag->load(std::memory_order_relaxed)) throw Stopped{};
}

}  // namespace tavla
