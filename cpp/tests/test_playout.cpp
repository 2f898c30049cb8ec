// Whole games: results that do not depend on threads, chunks or the loop that plays them;
// runs that stop between chunks; worker threads joined on every way out.
#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "check.hpp"
#include "tavla/playout.hpp"
#include "tavla/stop.hpp"

using tavla::GameOutcome;
using tavla::PlayoutSpec;

namespace {

const auto kRandom = tavla::make_builtin_policy("random");
const auto kPubeval = tavla::make_builtin_policy("pubeval");
const std::array<const tavla::Policy*, 2> kPolicies = {kPubeval.get(), kRandom.get()};

bool same(const std::vector<GameOutcome>& a, const std::vector<GameOutcome>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].winner != b[i].winner || a[i].kind != b[i].kind || a[i].first != b[i].first ||
            a[i].plies != b[i].plies)
            return false;
    return true;
}

std::vector<GameOutcome> run(const PlayoutSpec& spec, std::int64_t games, int threads, int chunk) {
    std::vector<GameOutcome> out(static_cast<std::size_t>(games));
    const std::int64_t done = tavla::run_games(spec, kPolicies, games, threads, chunk, out.data(),
                                               [](std::int64_t) { return true; });
    CHECK_EQ(done, games);
    return out;
}

void results_do_not_depend_on_threads() {
    PlayoutSpec spec;
    spec.opening = true;
    spec.seed = 3;
    const auto one = run(spec, 600, 1, 64);
    CHECK(same(one, run(spec, 600, 2, 7)));
    CHECK(same(one, run(spec, 600, 3, 600)));
    int finished = 0;
    for (const GameOutcome& r : one) finished += r.winner >= 0 && r.kind >= 1 && r.kind <= 3;
    CHECK_EQ(finished, 600);
    // The lockstep loop, with both policies built in, plays the same games.
    std::vector<GameOutcome> lockstep(600);
    tavla::Lockstep loop(spec, kPolicies, {0, 1}, 600, 50, lockstep.data());
    CHECK(!loop.advance());
    CHECK_EQ(loop.finished(), 600);
    CHECK(same(one, lockstep));
}

void a_stopped_run_keeps_a_prefix() {
    PlayoutSpec spec;
    std::vector<GameOutcome> out(100000);
    int calls = 0;
    const std::int64_t done = tavla::run_games(spec, kPolicies, 100000, 2, 10, out.data(),
                                               [&calls](std::int64_t) { return ++calls < 3; });
    CHECK(done >= 30 && done < 100000 && done % 10 == 0);
    for (std::int64_t g = 0; g < done; ++g) CHECK(out[std::size_t(g)].plies > 0);
}

void an_exception_between_chunks_joins_the_workers() {
    PlayoutSpec spec;
    std::vector<GameOutcome> out(100000);
    bool thrown = false;
    try {
        tavla::run_games(spec, kPolicies, 100000, 2, 10, out.data(),
                         [](std::int64_t) -> bool { throw std::runtime_error("stop"); });
    } catch (const std::runtime_error&) {
        thrown = true;
    }
    CHECK(thrown);
}

void truncated_games_keep_their_last_board() {
    PlayoutSpec spec;
    spec.truncate = 4;
    std::vector<tavla::Board> last(50);
    spec.final_boards = last.data();
    const auto results = run(spec, 50, 2, 8);
    for (std::size_t g = 0; g < results.size(); ++g) {
        CHECK_EQ(results[g].plies, 4);
        CHECK_EQ(int(results[g].on_roll), 0);  // four plies: the side that started is on roll
        CHECK(tavla::board_is_valid(last[g]));
        CHECK(!(last[g] == tavla::Board::initial()));
    }
}

}  // namespace

// pubeval, but on any thread other than `main` each choice first polls check_stop() for
// 5 ms, as an n-ply search does: a worker's chunk is still being played when the calling
// thread has played the others and waits for it.
class SlowOffMainPolicy final : public tavla::Policy {
public:
    explicit SlowOffMainPolicy(std::thread::id main) : main_(main) {}
    int choose(const tavla::Board& before, const tavla::MoveGenerator& plays,
               std::uint64_t entropy) const override {
        if (std::this_thread::get_id() != main_) {
            const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(5);
            while (std::chrono::steady_clock::now() < until) {
                tavla::check_stop();
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
        }
        return pubeval_.choose(before, plays, entropy);
    }

private:
    std::thread::id main_;
    tavla::PubevalPolicy pubeval_;
};

// A bug found by the strength ladder: the calling thread, done with the chunks, set the run's
// stop flag as it joined the workers, and a worker's policy checking for a stop in the middle
// of its chunk stopped: the chunk's games were dropped, though nobody had stopped the run.
void a_worker_finishes_its_chunk_after_the_caller() {
    const SlowOffMainPolicy slow(std::this_thread::get_id());
    const std::array<const tavla::Policy*, 2> policies = {&slow, kRandom.get()};
    PlayoutSpec spec;
    spec.seed = 5;
    const std::int64_t games = 400;
    std::vector<GameOutcome> out(static_cast<std::size_t>(games));
    const std::int64_t done = tavla::run_games(spec, policies, games, 2, 1, out.data(),
                                               [](std::int64_t) { return true; });
    CHECK_EQ(done, games);
    CHECK(out.back().done());
}

// Kept steps: one play a ply, each leaving the next position; the same games as a run that
// keeps nothing, on any number of threads.
void kept_steps_replay_the_games() {
    PlayoutSpec spec;
    spec.opening = true;
    spec.seed = 8;
    const std::int64_t games = 200;
    const auto plain = run(spec, games, 2, 16);
    std::vector<GameOutcome> out(static_cast<std::size_t>(games));
    std::vector<std::vector<tavla::Step>> steps(static_cast<std::size_t>(games));
    tavla::RunOutput output;
    output.games = out.data();
    output.steps = steps.data();
    CHECK_EQ(tavla::run_units(spec, kPolicies, games, 3, 7, output,
                              [](std::int64_t) { return true; }),
             games);
    CHECK(same(plain, out));
    for (std::int64_t g = 0; g < games; ++g) {
        const auto& kept = steps[static_cast<std::size_t>(g)];
        CHECK_EQ(std::int64_t(kept.size()), std::int64_t(out[static_cast<std::size_t>(g)].plies));
        CHECK_EQ(int(kept.front().policy), int(out[static_cast<std::size_t>(g)].first));
        CHECK(kept.front().roll.d1 != kept.front().roll.d2);  // an opening roll (R5)
        for (std::size_t i = 0; i < kept.size(); ++i) {
            CHECK(kept[i].kind == tavla::StepKind::kPlay);
            if (i > 0) CHECK(kept[i].policy != kept[i - 1].policy);  // turns alternate
        }
        CHECK_EQ(int(kept.back().after.side[0][tavla::kOff]), 15);  // the winner bore off
        CHECK_EQ(int(kept.back().policy), int(out[static_cast<std::size_t>(g)].winner));
    }
}

int main() {
    kept_steps_replay_the_games();
    a_worker_finishes_its_chunk_after_the_caller();
    results_do_not_depend_on_threads();
    a_stopped_run_keeps_a_prefix();
    an_exception_between_chunks_joins_the_workers();
    truncated_games_keep_their_last_board();
    return tavla::test::report();
}
