#include "tavla/vector_env.hpp"

#include <algorithm>
#include <atomic>
#include <string>

#include "tavla/fault.hpp"
#include "tavla/rng.hpp"
#include "workers.hpp"

namespace tavla {
namespace {

constexpr int kMaxThreads = 1024;  // as many as tavla.sim.playout.MAX_THREADS

}  // namespace

VectorEnv::VectorEnv(const EnvSpec& spec, int size, int threads)
    : spec_(spec), threads_(std::clamp(threads, 1, std::clamp(size, 1, kMaxThreads))) {
    const std::string fault = spec.fault();
    if (!fault.empty()) throw Fault(fault);
    if (size < 1) throw Fault("an environment set holds at least one environment");
    games_.resize(std::size_t(size));
    episode_.assign(std::size_t(size), 0);
    add_generators();
}

void VectorEnv::add_generators() {
    for (int t = 1; t < threads_; ++t) generators_.push_back(std::make_unique<MoveGenerator>());
}

VectorEnv::VectorEnv(const VectorEnv& other)
    : spec_(other.spec_),
      threads_(other.threads_),
      games_(other.games_),
      start_(other.start_),
      seed_(other.seed_),
      episode_(other.episode_) {
    add_generators();
}

std::vector<int> VectorEnv::all() const {
    std::vector<int> envs(games_.size());
    for (std::size_t i = 0; i < envs.size(); ++i) envs[i] = int(i);
    return envs;
}

namespace {

// The calling thread's generator: a set of environments, or a copy of one made for a search,
// allocates none of its own (a generator is some 300 kB).
MoveGenerator& calling_thread_generator() {
    thread_local std::unique_ptr<MoveGenerator> gen = std::make_unique<MoveGenerator>();
    return *gen;
}

}  // namespace

// body(i, generator) for every i of `envs`, in contiguous blocks, one per thread.
template <typename Body>
void VectorEnv::parallel(const std::vector<int>& envs, Body body) const {
    const int count = int(envs.size());
    const int threads = std::min(threads_, count);
    auto block = [&](int t) {
        MoveGenerator& gen = t == 0 ? calling_thread_generator() : *generators_[std::size_t(t - 1)];
        const int begin = int(std::int64_t(count) * t / threads);
        const int end = int(std::int64_t(count) * (t + 1) / threads);
        for (int k = begin; k < end; ++k) body(envs[std::size_t(k)], gen);
    };
    if (threads <= 1) {
        if (count > 0) block(0);
        return;
    }
    std::atomic<bool> stop{false};
    Workers workers(stop);
    int started = 1;
    for (; started < threads; ++started)
        if (!workers.start([&block, started] { block(started); })) break;
    block(0);
    workers.join();
    for (int t = started; t < threads; ++t) block(t);  // blocks no thread could take
}

void VectorEnv::reset(const EnvStart& start, bool reseed, std::uint64_t seed) {
    if (reseed) {
        seed_ = seed;
        std::fill(episode_.begin(), episode_.end(), 0);
    } else {
        for (auto& episode : episode_) ++episode;
    }
    // Checked once, on a scratch game, so that a bad start changes nothing.
    EnvGame scratch;
    scratch.reset(spec_, start, seed_, 0);
    start_ = start;
    parallel(all(), [&](int i, MoveGenerator& gen) {
        EnvGame& game = games_[std::size_t(i)];
        game.reset(spec_, start_, match_game_seed(seed_, std::uint64_t(episode_[std::size_t(i)])),
                   i);
        game.advance(spec_, gen);
    });
}

void VectorEnv::step(const std::int64_t* actions) {
    for (int i = 0; i < size(); ++i) {
        const EnvGame& game = games_[std::size_t(i)];
        if (game.over()) continue;
        if (const char* fault = game.action_fault(spec_, actions[i]))
            throw Fault(FaultKind::IllegalAction, "environment " + std::to_string(i) + ", action " +
                        std::to_string(actions[i]) + ": " + fault);
    }
    parallel(all(), [&](int i, MoveGenerator& gen) {
        EnvGame& game = games_[std::size_t(i)];
        if (game.over()) {
            const std::int64_t episode = ++episode_[std::size_t(i)];
            game.reset(spec_, start_, match_game_seed(seed_, std::uint64_t(episode)), i);
        } else {
            game.act(spec_, actions[i]);
        }
        game.advance(spec_, gen);
    });
}

bool VectorEnv::gather_external() {
    external_.clear();
    candidates_.clear();
    positions_.clear();
    offsets_.assign(1, 0);
    cube_positions_.clear();
    cube_questions_.clear();
    for (int i = 0; i < size(); ++i) {
        const EnvGame& game = games_[std::size_t(i)];
        if (!game.waits_for_external(spec_) || game.in_cube_phase()) continue;
        for (const Board& result : game.plays()) candidates_.push_back(result.swapped());
        offsets_.push_back(std::int64_t(candidates_.size()));
        positions_.push_back(game.state().board);
        external_.push_back(i);
    }
    external_plays_ = std::int64_t(external_.size());
    for (int i = 0; i < size(); ++i) {
        const EnvGame& game = games_[std::size_t(i)];
        if (!game.waits_for_external(spec_) || !game.in_cube_phase()) continue;
        cube_positions_.push_back(game.state().board);
        cube_questions_.push_back(game.external_question());
        external_.push_back(i);
    }
    return !external_.empty();
}

void VectorEnv::apply_external(const double* scores, const std::int64_t* choices) {
    for (std::size_t q = 0; q < cube_questions_.size(); ++q) {
        const CubeQuestion& question = cube_questions_[q];
        if (choices[q] < 0 || choices[q] > highest_cube_choice(question))
            throw Fault("cube answer " + std::to_string(q) + " is " + std::to_string(choices[q]) +
                        ": " + kCubeChoices);
    }
    for (std::int64_t w = 0; w < external_plays_; ++w) {
        std::int64_t best = offsets_[std::size_t(w)];
        for (std::int64_t k = best + 1; k < offsets_[std::size_t(w) + 1]; ++k)
            if (scores[k] > scores[best]) best = k;
        games_[std::size_t(external_[std::size_t(w)])].external_play(
            int(best - offsets_[std::size_t(w)]));
    }
    for (std::size_t q = 0; q < cube_questions_.size(); ++q)
        games_[std::size_t(external_[std::size_t(external_plays_) + q])].external_cube(
            int(choices[q]));
    const std::vector<int> answered = external_;
    external_.clear();
    parallel(answered, [&](int i, MoveGenerator& gen) { games_[std::size_t(i)].advance(spec_, gen); });
}

void VectorEnv::observe(int seat, const EnvObservations& out) const {
    const std::size_t actions = std::size_t(spec_.actions());
    const std::size_t inputs = std::size_t(spec_.inputs());
    const std::size_t afterstate_values = std::size_t(spec_.max_plays) * inputs;
    auto at = [](auto* base, std::size_t row, std::size_t width) {
        return base == nullptr ? nullptr : base + row * width;
    };
    auto write = [&](int i, MoveGenerator&) {
        const auto row = std::size_t(i);
        EnvObservation obs;
        obs.board = at(out.board, row, sizeof(Board));
        obs.dice = at(out.dice, row, 2);
        obs.dice_left = at(out.dice_left, row, 4);
        obs.cube = at(out.cube, row, 3);
        obs.match = at(out.match, row, 4);
        obs.plays = at(out.plays, row, 1);
        obs.mask = at(out.mask, row, actions);
        obs.encoded = at(out.encoded, row, inputs);
        obs.afterstates = spec_.afterstates ? at(out.afterstates, row, afterstate_values) : nullptr;
        games_[row].observe(spec_, seat, obs);
    };
    parallel(all(), write);
}

}  // namespace tavla
