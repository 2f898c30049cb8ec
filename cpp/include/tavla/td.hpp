// Training a net by TD(lambda) self-play (Tesauro, "Temporal difference learning and
// TD-Gammon", CACM 1995; docs/training.rst): the net plays both sides of whole games at 0-ply
// from the R4 start with an R5 opening roll; each position's five outputs move toward its
// lambda-return, the mix of the next positions' evaluations and the game's result (win, gammon,
// backgammon) that TD(lambda) targets. The updates of a game are computed at the weights it
// was played with and applied when it ends: offline TD(lambda), whose forward view (the
// lambda-returns) and backward view (eligibility traces) make the same change (Sutton and
// Barto, "Reinforcement Learning", 2nd ed., section 12.1).
//
// With several threads, each plays `sync_games` games of a round on its own copy of the
// weights, and at the round's end the copies' changes are added to the shared weights in
// thread order: the result depends on the seed, the threads and sync_games, not on timing. One
// thread updates the shared weights after every game, whatever sync_games.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tavla/encoding.hpp"
#include "tavla/net.hpp"

namespace tavla {

// How the step size of game g (counted from the run's first game) is set: `alpha` constant, or
// going linearly from `alpha` at game 0 to `alpha_end` at game `schedule_games`, then held.
struct TdSchedule {
    double alpha = 0.1;
    double alpha_end = 0.1;
    std::int64_t schedule_games = 0;  // 0: constant

    double alpha_at(std::int64_t game) const;
};

struct TdOptions {
    double lambda = 0.7;
    TdSchedule schedule;
    std::uint64_t seed = 0;
    int threads = 1;
    int sync_games = 16;  // games each thread plays between two merges (threads > 1)
};

// Mean squared TD errors of a net's own games, per output.
struct TdErrors {
    std::array<double, kOutputs> mean_squared{};
    std::int64_t positions = 0;
};

class TdTrainer {
public:
    // A Fault as Net's constructor gives for bad layers or kernel.
    TdTrainer(Encoding encoding, Activation activation, const std::vector<Layer>& layers,
              const std::string& kernel = "auto");
    ~TdTrainer();
    TdTrainer(const TdTrainer&) = delete;
    TdTrainer& operator=(const TdTrainer&) = delete;

    // Trains on games first_game .. first_game + games - 1 (game i uses dice stream i of the
    // seed; stepsizes by options.schedule at i), updating the weights. check_stop() is
    // called between games: on Stopped, one thread keeps the games it finished, several keep
    // the rounds they finished (the round in progress is dropped); games_done() tells.
    // A Fault for bad options.
    void train(std::int64_t first_game, std::int64_t games, const TdOptions& options);

    // The games trained so far, over every call (set by set_games_done when resuming).
    std::int64_t games_done() const { return games_done_; }
    void set_games_done(std::int64_t games) { games_done_ = games; }

    // The mean squared difference between each position's outputs and its lambda-return (0:
    // the next position's outputs, the result after the last play; 1: the result) over
    // `games` games the net plays against itself with `seed`'s dice, without training.
    TdErrors td_errors(std::int64_t games, std::uint64_t seed, double lambda) const;

    // The current weights, as Net takes them.
    std::vector<Layer> layers() const;

    Encoding encoding() const { return encoding_; }
    Activation activation() const { return activation_; }
    const std::string& kernel() const;

    struct Weights;
    struct Worker;

private:
    Encoding encoding_;
    Activation activation_;
    std::unique_ptr<Weights> weights_;
    std::int64_t games_done_ = 0;
};

}  // namespace tavla
