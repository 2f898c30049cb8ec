// n-ply search over any evaluator (DESIGN.md "Evaluation"), in GNU Backgammon's numbering:
// 0-ply is the evaluator on a position; n-ply averages, over the 21 rolls of the side on roll,
// the value of that side's best play, each play's result judged at (n - 1)-ply. A move filter
// keeps the search narrow: at every choice the plays are ranked at 0-ply and only the best few
// are searched deeper. Where a bear-off evaluator applies it takes over from the main one, and
// where it is exact the search stops.
#pragma once

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

    // Whether position() can answer for `board` at all.
    bool answers(const Board& board) const;

    const MoveFilter& filter() const { return filter_; }

private:
    Probabilities leaf(const Board& board) const;
    void leaf_plays(const Board& before, const MoveGenerator& plays, Probabilities* out) const;
    Probabilities over_rolls(const Board& board, int plies, int depth) const;
    Probabilities after_roll(const Board& board, int d1, int d2, int plies, int depth) const;
    void search_plays(const Board& before, const MoveGenerator& plays, int plies, int depth,
                      Probabilities* out, int* searched) const;

    std::shared_ptr<const Evaluator> evaluator_;
    std::shared_ptr<const Evaluator> bearoff_;
    MoveFilter filter_;
};

}  // namespace tavla
