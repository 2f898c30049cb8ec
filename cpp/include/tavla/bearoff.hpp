// Exact bear-off databases (docs/evaluation.rst), an Evaluator for positions where both sides
// have every checker home (points 1..6 or borne off): then no checker can be hit and each side's
// race is its own.
//
// One-sided: for each of the 54,264 home boards of 0..15 checkers, the distribution of the number
// of rolls needed to bear all of them off when every roll is played to minimise the expected
// number of rolls, and the distribution of the rolls needed to bear off the first checker (for a
// board of 15, none off: what saves a gammon), each roll played to minimise that expectation.
// Two-sided: for each pair of home boards of at most `checkers` each, the exact probability that
// the side on roll wins when both sides play to win (retrograde dynamic programming over the 21
// rolls and every legal play). With at most 14 checkers on a board each side has borne one off,
// so these positions have no gammons.
// Cubeful (money play, optional): for the same pairs, the side on roll's exact equities per unit
// of the cube when both sides play the checkers and the cube optimally (docs/evaluation.rst
// "Cubeful bear-offs"): doubles before the roll, takes and passes; beavers and raccoons (R20)
// would change nothing, since a beaver is right only against a double that was wrong.
// Positions outside the two-sided table are judged by the one-sided race approximation: the
// two sides' distributions taken as independent.
#pragma once

#include <cstdint>
#include <vector>

#include "tavla/evaluator.hpp"

namespace tavla {

constexpr int kHomePoints = 6;
constexpr int kMaxTwoSidedCheckers = 10;

// The number of home boards of at most `checkers` checkers: C(checkers + 6, 6).
int home_boards(int checkers);

constexpr int kOneSidedBoards = 54264;  // home_boards(15)

// Where the cube is, for the side on roll (R18): centred, its own, or its opponent's.
enum CubeState : int { kCentred = 0, kOwned = 1, kOpponents = 2 };
constexpr int kCubeStates = 3;

// The side on roll's equity in `state` when it takes its best cube action now, from its
// no-double equities (kCubeStates, per unit of the cube): from the centre or its own cube it
// doubles when the opponent's better answer leaves it more than playing on, the answer being a
// take (the cube doubled and the opponent's: 2 * no_double[kOpponents]) or a pass (+1).
double cubeful_equity(const double* no_double, int state);

// The index of the home board in row[1..6] (a board row; its other points are not read) among all
// home boards: boards with fewer checkers come first, so the boards of at most k checkers are
// indices 0..home_boards(k) - 1 whatever table they index; 0 is the empty board.
int home_index(const std::int8_t* row);

// The tables of the databases, as built or read back: `off` and `first` hold kOneSidedBoards rows
// of `max_rolls` probabilities each (row i, entry n: the chance that board i needs exactly n
// rolls); `two_sided` holds home_boards(checkers)^2 win probabilities, [mover * boards + opponent]
// (entries with an empty board are unused: 0); `no_double`, empty or kCubeStates values for
// each entry of two_sided, [(mover * boards + opponent) * kCubeStates + state], the side on
// roll's cubeful equity per unit of the cube when it does not double now, in each cube state.
struct BearoffTables {
    int max_rolls = 0;
    std::vector<double> off;
    std::vector<double> first;
    int checkers = 0;
    std::vector<double> two_sided;
    std::vector<double> no_double;
};

// Builds every table; two-sided for boards of at most `checkers` (0..kMaxTwoSidedCheckers),
// with the cubeful no-double equities when `cubeful`.
BearoffTables build_bearoff_tables(int checkers, bool cubeful = true);

class BearoffDatabase final : public Evaluator {
public:
    // Checks the tables (sizes, probabilities in [0, 1], distributions summing to 1, equities in
    // [-1, 1]) and throws a Fault naming what is wrong.
    explicit BearoffDatabase(BearoffTables tables);

    // Boards where applies(): exact where exact(), by the race approximation elsewhere.
    void evaluate(const Board* boards, std::size_t count, Probabilities* out) const override;

    // Both sides have every checker home (and the game is not over: evaluate's callers see to it).
    bool applies(const Board& board) const override;

    // Both sides home with at most tables().checkers checkers left on the board.
    bool exact(const Board& board) const override;

    // The one-sided distributions of a home row (its 6 points): probabilities of 0..max_rolls-1
    // rolls.
    const double* off_distribution(const std::int8_t* row) const;
    const double* first_distribution(const std::int8_t* row) const;

    bool cubeful() const { return !tables_.no_double.empty(); }

    // The kCubeStates no-double equities of an exact() board (a database with cubeful()).
    const double* no_double(const Board& board) const;

    const BearoffTables& tables() const { return tables_; }

private:
    Probabilities race(const Board& board) const;

    BearoffTables tables_;
    int two_sided_boards_;
};

}  // namespace tavla
