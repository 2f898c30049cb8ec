// Many environments stepped together (tavla.env.VectorEnv; the single-agent and AEC
// environments are sets of one): one call takes the learners' actions in every environment,
// plays the built-in seats on `threads` threads, and gathers the decisions of an external
// policy into one batch, as Lockstep does (playout.hpp). Environment i plays its episode k
// with the dice of stream i under the seed match_game_seed(seed, k) (rng.hpp), so what
// happens depends on the seed only: not on threads, nor on the other environments.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "tavla/env.hpp"
#include "tavla/movegen.hpp"
#include "tavla/playout.hpp"

namespace tavla {

// Observation arrays of all environments, each with a leading axis of size(): the rows of
// EnvObservation one after another (null arrays are skipped).
struct EnvObservations {
    std::int8_t* board = nullptr;
    std::int8_t* dice = nullptr;
    std::int8_t* dice_left = nullptr;
    std::int32_t* cube = nullptr;
    std::int32_t* match = nullptr;
    std::int32_t* plays = nullptr;
    std::int8_t* mask = nullptr;
    float* encoded = nullptr;
    float* afterstates = nullptr;
};

class VectorEnv {
public:
    VectorEnv(const EnvSpec& spec, int size, int threads);
    VectorEnv(const VectorEnv& other);
    VectorEnv& operator=(const VectorEnv&) = delete;

    const EnvSpec& spec() const { return spec_; }
    int size() const { return int(games_.size()); }
    int threads() const { return threads_; }
    const EnvGame& game(int i) const { return games_[std::size_t(i)]; }

    // Starts every environment from `start`: with `reseed`, episode 0 of `seed`; otherwise
    // each one's next episode of the seed it has. Plays on to the first decision of a learner.
    // Autoreset (step) starts later episodes from the same `start`.
    void reset(const EnvStart& start, bool reseed, std::uint64_t seed);

    // One step: every environment whose episode ended at the last step starts its next one
    // (its action is not read); every other takes its learner's action `actions[i]`. Each
    // action is checked before any is taken: a Fault naming the first bad one, and nothing
    // changes. Then the environments play on to their next decision: a learner's, or an
    // external policy's (external_waiting()).
    void step(const std::int64_t* actions);

    // The decisions waiting for the external policy, gathered: its plays (candidates seen by
    // the opponent, positions, offsets, as Lockstep gives them) and its cube questions (with
    // the positions before the doubler's roll). False when nothing waits.
    bool gather_external();
    const std::vector<Board>& candidates() const { return candidates_; }
    const std::vector<Board>& positions() const { return positions_; }
    const std::vector<std::int64_t>& offsets() const { return offsets_; }
    const std::vector<Board>& cube_positions() const { return cube_positions_; }
    const std::vector<CubeQuestion>& cube_questions() const { return cube_questions_; }
    // Makes in each waiting play the candidate with the highest score (the first on a tie)
    // and answers each question (checked first: a Fault, and nothing changes), then plays on.
    void apply_external(const double* scores, const std::int64_t* choices);

    // After a step: whether environment i's episode ended in it, and the learner's (seat 0)
    // reward then.
    bool ended(int i) const { return games_[std::size_t(i)].over(); }
    double reward(int i) const { return games_[std::size_t(i)].outcome(0); }

    // Every environment's observation, from `seat`.
    void observe(int seat, const EnvObservations& out) const;

private:
    template <typename Body>
    void parallel(const std::vector<int>& envs, Body body) const;
    std::vector<int> all() const;

    EnvSpec spec_;
    int threads_;
    std::vector<EnvGame> games_;
    EnvStart start_;
    std::uint64_t seed_ = 0;
    std::vector<std::int64_t> episode_;
    void add_generators();
    // One per worker thread (threads - 1); the calling thread uses its own.
    std::vector<std::unique_ptr<MoveGenerator>> generators_;

    std::vector<int> external_;  // the environments gathered, plays first, then questions
    std::int64_t external_plays_ = 0;
    std::vector<Board> candidates_;
    std::vector<Board> positions_;
    std::vector<std::int64_t> offsets_;
    std::vector<Board> cube_positions_;
    std::vector<CubeQuestion> cube_questions_;
};

}  // namespace tavla
