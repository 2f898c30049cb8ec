// The order in which tavla lists the legal plays of a roll (Position.legal_plays, and the play
// actions of the RL environments): as notation reads, by their moves sorted from the highest
// starting point, highest first.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "tavla/movegen.hpp"

namespace tavla {

// The key of a play in that order: its moves as (from << 8 | to), sorted from the highest,
// packed into one word; a larger key comes first.
inline std::uint64_t notation_order(const PlayRecord& rec) {
    std::array<std::uint16_t, 4> m{};
    for (int i = 0; i < rec.n_moves; ++i)
        m[std::size_t(i)] = std::uint16_t((rec.moves[std::size_t(i)].from << 8) |
                                          rec.moves[std::size_t(i)].to);
    auto order = [](std::uint16_t& a, std::uint16_t& b) {  // a sorting network of four
        if (a < b) std::swap(a, b);
    };
    order(m[0], m[1]);
    order(m[2], m[3]);
    order(m[0], m[2]);
    order(m[1], m[3]);
    order(m[1], m[2]);
    return std::uint64_t(m[0]) << 48 | std::uint64_t(m[1]) << 32 | std::uint64_t(m[2]) << 16 |
           std::uint64_t(m[3]);
}

}  // namespace tavla
