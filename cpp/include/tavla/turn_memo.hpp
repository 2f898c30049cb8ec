// What a run's built-in search policies found in the first plies of its games, kept for the
// games after (playout.cpp, luck.cpp). The games of a rollout start from one position, so their
// first plies meet the same boards again: one board before ply 0, at most 36 before ply 1 with
// rotated first rolls, a few hundred before ply 2. A search policy's play is a function of the
// board and of the dice in the order they came (the order decides between plays of equal
// value), and the 21 values of variance reduction's lookahead are a function of the board:
// kept or found again, every game is played and valued the same, bit for bit.
#pragma once

#include <array>
#include <cstddef>
#include <unordered_map>

#include "tavla/board.hpp"
#include "tavla/evaluator.hpp"
#include "tavla/rng.hpp"
#include "tavla/search.hpp"

namespace tavla {

class TurnMemo {
public:
    // Turns before this ply of a game are kept; later boards seldom come again.
    static constexpr int kPlies = 3;
    // At most this many plays and values are kept (about 2 MB each), however long the run:
    // the boards of a run's first games are those that come again.
    static constexpr std::size_t kMostPlays = 16384;
    static constexpr std::size_t kMostValues = 2048;

    using RollValues = std::array<Probabilities, kRolls>;

    // The result of the play policy `policy` (0 = a, 1 = b) made from `before` with `roll`
    // (its dice in the order they came), or null.
    const Board* play(int policy, const Board& before, Roll roll) const;
    void keep_play(int policy, const Board& before, Roll roll, const Board& result);

    // The lookahead's values of the 21 rolls from `before` (RollChoices::value), or null.
    const RollValues* values(int policy, const Board& before) const;
    void keep_values(int policy, const Board& before, const RollValues& values);

private:
    struct Key {
        Board board;
        int policy;
        int roll;  // index_of_roll() for a play; -1 for the values
        bool operator==(const Key& other) const {
            return board == other.board && policy == other.policy && roll == other.roll;
        }
    };
    struct KeyHash {
        std::size_t operator()(const Key& key) const;
    };
    static Key play_key(int policy, const Board& before, Roll roll) {
        return {before, policy, index_of_roll(roll)};
    }

    std::unordered_map<Key, Board, KeyHash> plays_;
    std::unordered_map<Key, RollValues, KeyHash> values_;
};

}  // namespace tavla
