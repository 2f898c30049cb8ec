// GNU Backgammon Position ID: the 80-bit key of a position, base64 without padding
// (docs/formats.rst "GNU Backgammon Position ID"). The side NOT on roll is written first.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "tavla/board.hpp"

namespace tavla {

using PositionKey = std::array<std::uint8_t, 10>;

PositionKey position_key(const Board& b);
std::string position_id(const Board& b);

// The board of a 14-character Position ID; throws a Fault naming what is wrong with it.
Board parse_position_id(std::string_view id);

}  // namespace tavla
