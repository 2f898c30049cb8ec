// pubeval, Tesauro's public benchmark evaluator (1993): a linear score of the position after a
// play, used only to rank the plays of one turn (it is not an equity). Inputs, weights and the
// race rule as shared/data/pubeval/README.md describes them.
#pragma once

#include <array>

#include <cstdint>

#include "tavla/board.hpp"
#include "tavla/movegen.hpp"

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
        std::uint32_t blots;  // bit p: an opponent's blot on the mover's point p
        // [p][n]: the table's entry for p holding n (0..15) of the mover's checkers, less its
        // entry for p as it is: a point's change of score where a play leaves n there.
        std::array<std::array<double, kCheckers + 1>, kPoints + 1> changes;
    };
    Before before(const Board& board, bool race) const;

    // score(after) less the score of before.board as if it were a result (after: the result of
    // one of its plays, seen from the mover, not swapped), from the points the play changed:
    // the plays of one position in score()'s order (up to rounding) at a fraction of its
    // cost. kPubevalWin when the mover has borne off all 15.
    double score_change(const Before& before, const Board& after) const;

    // The `keep` (at least 1) plays of plays[0..count) (the plays of before.board, as
    // MoveGenerator holds them) with the highest score_change(), best first, the first on a
    // tie: their indices in best[0..keep), or all `count` ranked when there are no more.
    void best_changes(const Before& before, const PlayRecord* plays, int count, int keep,
                      int* best) const;

private:
    class Changes;  // score_change() of many plays (pubeval.cpp)

    static constexpr int kCounts = 2 * kCheckers + 1;  // signed counts -15..15
    std::array<std::array<std::array<double, kCounts>, kPoints + 1>, 2> table_{};
    std::array<double, 2> bar_weight_{};
    std::array<double, 2> off_weight_{};
    // The largest change of the opponent's bar (hits) or the mover's off in one play.
    static constexpr int kMostMoved = 4;
    // [race][bar change * kMovedStride + off change]: bar_weight_ * bar change + off_weight_ *
    // off change, the first term of score_change().
    static constexpr int kMovedStride = 8;
    std::array<std::array<double, (kMostMoved + 1) * kMovedStride>, 2> moved_{};
};

}  // namespace tavla
