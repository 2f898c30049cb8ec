// Threads that work for one call of the core (playout.cpp, td.cpp), joined on every way out.
#pragma once

#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace tavla {

// Threads that share a run's chunks, joined on every way out of the scope that owns them (an
// exception included: a std::thread destroyed unjoined ends the process). A thread that
// throws sets `stop`, and so does leaving the scope without join(), so that the others stop
// at their next check. join() itself does not set it: a thread still in the middle of its
// work finishes it (setting `stop` there would stop an n-ply search halfway, and its chunk's
// games would be lost).
class Workers {
public:
    explicit Workers(std::atomic<bool>& stop) : stop_(stop) {}
    Workers(const Workers&) = delete;
    Workers& operator=(const Workers&) = delete;
    ~Workers() { stop_and_join(); }

    // Runs `body` on a new thread; false when the system has no thread to give.
    template <typename Body>
    bool start(Body body) {
        try {
            threads_.emplace_back([this, body] {
                try {
                    body();
                } catch (...) {
                    const std::lock_guard<std::mutex> lock(mutex_);
                    if (!error_) error_ = std::current_exception();
                    stop_ = true;
                }
            });
            return true;
        } catch (const std::system_error&) {
            return false;
        }
    }

    // Waits for every thread to finish, then throws again the first exception one of them
    // threw.
    void join() {
        for (auto& t : threads_)
            if (t.joinable()) t.join();
        if (error_) std::rethrow_exception(error_);
    }

private:
    void stop_and_join() {
        stop_ = true;
        for (auto& t : threads_)
            if (t.joinable()) t.join();
    }

    std::atomic<bool>& stop_;
    std::vector<std::thread> threads_;
    std::mutex mutex_;
    std::exception_ptr error_;
};

}  // namespace tavla
