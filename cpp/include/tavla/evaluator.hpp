// Evaluators (docs/evaluation.rst, docs/nets.rst): what maps a position, seen from the side on
// roll, to five cumulative probabilities for that side, in GNU Backgammon's order: win, win gammon
// (backgammons included), win backgammon, lose gammon (backgammons included), lose backgammon.
// The exact bear-off databases (bearoff.hpp) and the neural nets (net.hpp) are evaluators; the
// policies and the n-ply search (search.hpp) work with any of them.
#pragma once

#include <array>
#include <cstddef>

#include "tavla/board.hpp"

namespace tavla {

constexpr int kOutputs = 5;
enum Output : int { kWin = 0, kWinGammon, kWinBackgammon, kLoseGammon, kLoseBackgammon };

using Probabilities = std::array<double, kOutputs>;

// Cubeless money equity of the side the probabilities belong to: 2 win - 1 + wg - lg + wbg - lbg.
// The one implementation: in double for evaluations, in float for the TD trainer's outputs, and
// bound as _core.cubeless_equities for tavla.eval.cubeless_equity.
template <typename T>
inline T cubeless_equity(const std::array<T, kOutputs>& p) {
    return T(2) * p[kWin] - T(1) + p[kWinGammon] - p[kLoseGammon] + p[kWinBackgammon] -
           p[kLoseBackgammon];
}

// The same outcome seen by the other side (bound as _core.flipped_probabilities).
template <typename T>
inline std::array<T, kOutputs> flipped(const std::array<T, kOutputs>& p) {
    return {T(1) - p[kWin], p[kLoseGammon], p[kLoseBackgammon], p[kWinGammon], p[kWinBackgammon]};
}

// The outcome, for the side in row 0, of a board where that side has borne off all 15 (R15):
// a win, a gammon when the other side has borne off none, a backgammon when that side also
// still has a checker on the bar or in the winner's home board (R16).
Probabilities finished_probabilities(const Board& won);

class Evaluator {
public:
    virtual ~Evaluator() = default;

    // out[i] = the probabilities of the side on roll of boards[i]. Boards are valid and not
    // finished (the callers score finished games with finished_probabilities). Called
    // concurrently from many threads: it must not change shared state.
    virtual void evaluate(const Board* boards, std::size_t count, Probabilities* out) const = 0;

    // out[i] = the probabilities, for the side that just moved, of results[i] (a position
    // reached from `before`, the mover on roll, by one play; seen from the mover): finished
    // games are scored exactly, the others evaluated from the opponent's side and flipped.
    // The results may be those of several rolls (variance reduction batches all 21).
    // Evaluators that can use what the results share with `before` (a net's first layer)
    // override it.
    virtual void evaluate_results(const Board& before, const Board* results, std::size_t count,
                                  Probabilities* out) const;

    // Whether evaluate() answers for `board` (valid, not finished): everywhere for a net, only
    // where both sides are home for the bear-off databases.
    virtual bool applies(const Board&) const { return true; }

    // Whether its answer for `board` is exact, so that searching deeper cannot change it.
    virtual bool exact(const Board&) const { return false; }
};

// True when every checker of the side (a row of a board) is on points 1..6 or borne off.
inline bool side_is_home(const std::int8_t* row) {
    for (int p = 7; p <= kBar; ++p)
        if (row[p] > 0) return false;
    return true;
}

}  // namespace tavla
