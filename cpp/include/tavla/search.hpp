// n-ply search over any evaluator (docs/evaluation.rst "Search"), in GNU Backgammon's numbering:
// 0-ply is the evaluator on a position; n-ply averages, over the 21 rolls of the side on roll,
// the value of that side's best play, each play's result judged at (n - 1)-ply. A move filter
// keeps the search narrow: at every choice the plays are ranked at 0-ply and only the best few
// are searched deeper. Where a bear-off evaluator applies it takes over from the main one, and
// where it is exact the search stops.
#pragma once

#include <array>
#include <memory>

#include "tavla/evaluator.hpp"
#include "tavla/movegen.hpp"

namespace tavla {

constexpr int kMaxPlies = 3;

// The plays searched deeper than 0-ply at a choice: at most `keep` of them, and only those whose
// 0-ply cubeless equity is within `margin` of the best play's.
struct MoveFilter {
    int keep = 8;
    double margin = 0.16;
};

// The 21 distinct rolls, numbered 0..20 in the order 1-1, 1-2, ..., 1-6, 2-2, ..., 6-6.
constexpr int kRolls = 21;

// The number of the roll d1-d2 (dice 1..6, in either order).
int roll_index(int d1, int d2);

// Its chance: 1/36 for a double, 2/36 for the others (1-2 and 2-1 are one play each).
inline double roll_weight(int d1, int d2) { return d1 == d2 ? 1.0 / 36.0 : 2.0 / 36.0; }

// For the side on roll of a position, for each of the 21 rolls (by roll_index): the result of
// the play a search policy makes (best_play, seen from the mover) and its value for the mover
// at the policy's depth, the value it chose the play by.
struct RollChoices {
    std::array<Board, kRolls> result;
    std::array<Probabilities, kRolls> value;
    // Set by lookahead_choices (roll_choices leaves it false): no other play of the rolled roll
    // has the value of its best, so the policy makes that play whichever order its dice came
    // in (see lucky_play).
    bool rolled_best_unique = false;
};

class Search {
public:
    // `evaluator` may be null when `bearoff` is given: the search then answers only where the
    // bear-off evaluator applies (a Fault elsewhere). Both are shared, read-only.
    Search(std::shared_ptr<const Evaluator> evaluator, std::shared_ptr<const Evaluator> bearoff,
           MoveFilter filter = {});

    // The probabilities of the side on roll of `board` (valid, not finished), at `plies`
    // (0..kMaxPlies), before that side rolls.
    Probabilities position(const Board& board, int plies) const;

    // For each play of `plays` (generated for `before`, the mover on roll): out[i] = the
    // probabilities for the mover after play i at `plies`, and searched[i] = the plies it was
    // judged at: `plies`, or 0 for a play the filter dropped (it keeps its 0-ply value). A play
    // that ends the game or reaches an exact bear-off counts as judged at `plies`.
    void plays(const Board& before, const MoveGenerator& plays, int plies, Probabilities* out,
               int* searched) const;

    // The play a policy at `plies` makes: the highest cubeless equity among the plays judged
    // at `plies` (the filter's choice), the first on a tie.
    int best_play(const Board& before, const MoveGenerator& plays, int plies) const;

    // For every roll of the side on roll of `before` (valid, not finished): the play
    // best_play(before, plays of the roll, plies) makes and its value (RollChoices). At 0-ply
    // the results of all 21 rolls are evaluated as one batch. `generator` is the caller's
    // scratch. The search must answer for `before` and every position reached.
    void roll_choices(const Board& before, int plies, MoveGenerator& generator,
                      RollChoices& out) const;

    // Variance reduction's lookahead at 0-ply (luck.hpp), for the side on roll of `before`
    // (valid, not finished) about to play roll number `rolled` (a roll_index): out.result[rolled]
    // is the play best_play makes at 0-ply, and for every roll r, out.value[r] is the best 0-ply
    // value among the `keep` plays of r that pubeval ranks highest (the first on a tie), or
    // among all of them when keep <= 0, when r has no more or where the bear-off database
    // values them (it is cheap). The other results are not set.
    void lookahead_choices(const Board& before, int rolled, int keep, MoveGenerator& generator,
                           RollChoices& out) const;

    // Whether position() can answer for `board` at all.
    bool answers(const Board& board) const;

    const MoveFilter& filter() const { return filter_; }
    // Whether it has an evaluator beside the bear-off database (it then answers everywhere).
    bool has_evaluator() const { return evaluator_ != nullptr; }

private:
    Probabilities leaf(const Board& board) const;
    void leaf_plays(const Board& before, const MoveGenerator& plays, Probabilities* out) const;
    void leaf_results(const Board& before, const Board* results, std::size_t count,
                      Probabilities* out) const;
    Probabilities over_rolls(const Board& board, int plies, int depth) const;
    Probabilities after_roll(const Board& board, int d1, int d2, int plies, int depth) const;
    void search_plays(const Board& before, const MoveGenerator& plays, int plies, int depth,
                      Probabilities* out, int* searched) const;

    std::shared_ptr<const Evaluator> evaluator_;
    std::shared_ptr<const Evaluator> bearoff_;
    MoveFilter filter_;
};

}  // namespace tavla
