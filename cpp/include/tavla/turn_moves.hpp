// A turn played one move at a time (the RL environments' action="move"): one checker by one
// die per step, with the exact set of moves that still lead to a legal play. A move is allowed
// exactly when some continuation of it, with the dice left, ends in one of the roll's legal
// plays (R7-R13, R9 over the whole turn: both dice if possible, else the larger; as many of a
// double as possible), so every sequence of allowed moves ends in a legal play and every legal
// play is reached by some sequence. The turn ends after as many moves as the legal plays make,
// or at once when the last checker is borne off (the game is won).
//
// Actions: 6 * from + (die - 1), `from` 1..24 a point of the mover, 25 the bar; action 0 (from
// 0) is the pass, allowed only when nothing can move; actions 1..5 are never allowed.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <vector>

#include "tavla/board.hpp"
#include "tavla/movegen.hpp"
#include "tavla/rng.hpp"

namespace tavla {

constexpr int kMoveSources = 26;                  // 0 (the pass), points 1..24, the bar
constexpr int kMoveActions = 6 * kMoveSources;    // 156
constexpr int kPassAction = 0;

constexpr int move_action(int from, int die) { return 6 * from + die - 1; }

class MoveTurn {
public:
    // Starts the turn of `board` (valid, the mover on roll) with `roll`, whose legal plays
    // `plays` has just generated.
    void begin(const Board& board, Roll roll, const MoveGenerator& plays);

    // The position so far, seen from the mover; once over(), the play's result.
    const Board& board() const { return board_; }
    // The dice still to play, highest first, in out[0..count-1]; returns count (0..4).
    int dice_left(std::int8_t* out) const;
    // The roll's legal plays (distinct results).
    int plays() const { return int(results_.size()); }

    const std::bitset<kMoveActions>& mask() const { return mask_; }
    bool allowed(int action) const {
        return action >= 0 && action < kMoveActions && mask_[std::size_t(action)];
    }
    // Makes an allowed move (or the pass). Returns over().
    bool apply(int action);
    bool over() const { return over_; }

private:
    bool is_result(const Board& b) const;
    bool completes(const Board& b, const std::array<std::int8_t, 4>& dice, int left,
                   int needed) const;
    bool move_completes(const Board& b, const std::array<std::int8_t, 4>& dice, int left,
                        int needed, int k, int from) const;
    void update_mask();

    Board board_;
    std::array<std::int8_t, 4> dice_{};  // the dice left, in dice_[0..left_-1]
    int left_ = 0;
    int needed_ = 0;  // moves still to make
    bool over_ = false;
    std::vector<Board> results_;  // the legal results, sorted by their bytes
    std::bitset<kMoveActions> mask_;
};

}  // namespace tavla
