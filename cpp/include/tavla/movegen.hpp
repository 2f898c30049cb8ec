// Legal plays (R7-R13): every distinct position a roll can reach, with R9 applied to the whole
// turn. Distinct means a different resulting position; each result keeps the first move
// sequence found for it, in an order that can be played.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tavla/board.hpp"

namespace tavla {

struct Move {
    std::int8_t from;  // 25 = bar
    std::int8_t to;    // 0 = off
};

struct PlayRecord {
    Board result;  // still seen from the mover: row 0 the side that just played
    std::array<Move, 4> moves;
    std::uint8_t n_moves;
    std::uint8_t hit_mask;  // bit i set: move i hit a blot
};

// Why one checker cannot move from `from` with die `die` (the R7-R13 reason), or nullptr if
// it can. `board` is seen from the mover.
const char* single_move_fault(const Board& board, int from, int die);

// Moves one checker (the move must be legal); returns true if it hit a blot.
bool apply_move(Board& board, int from, int die);

// A reusable generator: its buffers are allocated once, never per position.
class MoveGenerator {
public:
    // The largest number of distinct plays any position and roll can have is below this.
    static constexpr int kCapacity = 4096;  // a power of two

    MoveGenerator();

    // Fills the plays of `board` (valid, not finished) for the roll d1, d2 (1..6) and returns
    // their count, at least 1: a position where nothing moves has one play with no moves.
    int generate(const Board& board, int d1, int d2);

    // generate() without the moves: play(i).result only (moves, n_moves and hit_mask are left
    // as they were), for a caller that reads nothing else; a fifth faster.
    int generate_results(const Board& board, int d1, int d2);

    // The results of the same plays, in the same order, written straight to out[0..count) as
    // the opponent sees them (each one swapped()); `out` has room for kCapacity boards. No
    // moves are kept: play() and append_results() are left as they were. `board` may be any
    // 52 bytes: checked as the search reads it, it gives -1, and nothing written, where
    // board_is_playable() is false.
    int generate_results(const Board& board, int d1, int d2, Board* out);

    // The plays of the last generate() or generate_results(board, d1, d2).
    int count() const { return plays_count_; }
    const PlayRecord& play(int i) const { return plays_[i]; }
    // Appends the results of the plays to `out`, in the plays' order.
    void append_results(std::vector<Board>& out) const;

private:
    template <class Sink, bool bit_instructions>
    class Search;  // one generation (movegen.cpp)
    template <class Sink>
    int search(Sink sink, const Board& board, int d1, int d2);
    template <class Sink>
    int search_with_bit_instructions(Sink sink, const Board& board, int d1, int d2);

    int plays_count_ = 0;  // of plays_
    std::array<PlayRecord, kCapacity> plays_;
    std::array<std::uint8_t, kCapacity> die_used_;  // of one-die plays, for R9's larger-die rule

    // Open addressing over the results found so far: a slot holds (stamp << kIndexBits) |
    // index of the result, and only slots with the current stamp count, so a new roll starts
    // with an empty table at no cost. Only rolls that are not doubles use it (the doubles'
    // search finds no result twice), and their plays move a checker from one of at most 15
    // points and then another, in two orders: at most 2 * 15 * 15 results keep it under half
    // full. Small enough to stay in the L1 cache while a batch streams its results past it.
    static constexpr int kIndexBits = 10;
    static constexpr int kTableSize = 1 << kIndexBits;
    static_assert(2 * kCheckers * kCheckers < kTableSize / 2, "the table fills up");
    std::array<std::uint32_t, kTableSize> table_;
    std::uint32_t stamp_ = 0;
};

}  // namespace tavla
