// pubeval, Tesauro's public benchmark evaluator (1993): a linear score of the position after a
// play, used only to rank the plays of one turn (it is not an equity). Inputs, weights and the
// race rule as shared/data/pubeval/README.md describes them.
#pragma once

#include <array>

#include "tavla/board.hpp"

namespace tavla {

constexpr int kPubevalInputs = 122;

// The original, unfolded weights (origin in pubeval_weights.cpp).
extern const std::array<double, kPubevalInputs> kPubevalRaceWeights;
extern const std::array<double, kPubevalInputs> kPubevalContactWeights;

// Score of a winning play (the mover has borne off all 15), above any weighted sum.
constexpr double kPubevalWin = 99999999.0;

// The 122 inputs of `after` (row 0 the side that just moved, not swapped):
// for the mover's point p = 24 - b (b = 0..23) with n the signed count there (mover's checkers
// positive, opponent's negative), inputs 5b..5b+4 are [n == -1], [n == 1], [n >= 2], [n == 3],
// (n - 3) / 2 when n >= 4; input 120 is the opponent's bar / 2 and 121 the mover's off / 15.
std::array<double, kPubevalInputs> pubeval_inputs(const Board& after);

// Race or contact is decided on the position before the play with is_race (board.hpp): for a
// game in progress it is the README's rule hm + ho < 25, hm and ho the highest occupied index
// 1..25 of each side.

// Scores plays fast: the five inputs of a point depend only on its signed count, so each
// weight set folds into one table entry per (point, count).
class PubevalScorer {
public:
    PubevalScorer();

    // The pubeval score of `after` with the race or contact weights; kPubevalWin when the
    // mover has borne off all 15.
    double score(const Board& after, bool race) const;

    // What score_change() needs of the position before the plays (the mover on roll), worked
    // out once for all of them.
    struct Before {
        Board board;
        bool race;
        std::array<double, kPoints + 1> values;  // [p]: the table's entry for p's signed count
    };
    Before before(const Board& board, bool race) const;

    // score(after) less the score of before.board as if it were a result (after: the result of
    // one of its plays, seen from the mover, not swapped), from the points the play changed:
    // the plays of one position in score()'s order (up to rounding) at a fraction of its
    // cost. kPubevalWin when the mover has borne off all 15.
    double score_change(const Before& before, const Board& after) const;

private:
    static constexpr int kCounts = 2 * kCheckers + 1;  // signed counts -15..15
    std::array<std::array<std::array<double, kCounts>, kPoints + 1>, 2> table_{};
    std::array<double, 2> bar_weight_{};
    std::array<double, 2> off_weight_{};
};

}  // namespace tavla
