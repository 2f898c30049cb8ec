// The order in which tavla lists the legal plays of a roll (Position.legal_plays, and the play
// actions of the RL environments): as notation reads, by their moves sorted from the highest
// starting point, highest first.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>

#include "tavla/movegen.hpp"

namespace tavla {

// The key of a play in that order: its moves as (from << 8 | to), sorted from the highest,
// packed into one word; a larger key comes first.
inline std::uint64_t notation_order(const PlayRecord& rec) {
    std::array<std::uint16_t, 4> moves{};
    for (int i = 0; i < rec.n_moves; ++i)
        moves[std::size_t(i)] = std::uint16_t((rec.moves[std::size_t(i)].from << 8) |
                                              rec.moves[std::size_t(i)].to);
    std::sort(moves.begin(), moves.end(), std::greater<>());
    std::uint64_t key = 0;
    for (std::uint16_t m : moves) key = (key << 16) | m;
    return key;
}

}  // namespace tavla
