// The board (docs/board.rst "The (2, 26) int8 encoding"): two rows of 26 counts, row 0 the side
// on roll, row 1 the opponent, each counted from its own side (R3). Index 1..24 = points,
// 25 = bar, 0 = borne off.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "tavla/bits.hpp"

namespace tavla {

constexpr int kPoints = 24;
constexpr int kBar = 25;
constexpr int kOff = 0;
constexpr int kSlots = 26;
constexpr int kCheckers = 15;

struct Board {
    std::array<std::array<std::int8_t, kSlots>, 2> side{};

    std::int8_t* mover() { return side[0].data(); }
    std::int8_t* opponent() { return side[1].data(); }
    const std::int8_t* mover() const { return side[0].data(); }
    const std::int8_t* opponent() const { return side[1].data(); }

    bool operator==(const Board& other) const {
        return std::memcmp(side.data(), other.side.data(), sizeof(side)) == 0;
    }
    bool operator!=(const Board& other) const { return !(*this == other); }

    // The same position seen by the other side: the rows exchanged.
    Board swapped() const {
        Board b;
        swapped_into(b);
        return b;
    }

    // swapped() written straight into `out`, row by row: where many results are stored, a
    // swapped() copy written in two rows and then read whole stalls the processor (the
    // read cannot be forwarded from the two stores).
    void swapped_into(Board& out) const {
        out.side[0] = side[1];
        out.side[1] = side[0];
    }

    static Board initial();
};

static_assert(sizeof(Board) == 2 * kSlots, "Board must be 52 plain bytes");

// Why a board breaks R1-R4, or an empty string when it is valid.
std::string board_error(const Board& b);

// board_error(b).empty(), without building a message: cheap enough for every key that enters
// the core.
bool board_is_valid(const Board& b);

// Why a board cannot be played from: board_error(), or a finished game (R15); "" if it can.
std::string playable_board_error(const Board& b);

// playable_board_error(b).empty(), as cheap as board_is_valid.
bool board_is_playable(const Board& b);

// Throw a Fault (fault.hpp) with board_error(b), or playable_board_error(b), when it is not "".
void require_valid(const Board& b);
void require_playable(const Board& b);

// Pip count of one side (R4): sum of point numbers, 25 for a checker on the bar.
int pip_count(const Board& b, int side);

// True when no checker of one side still has to pass a checker of the other (a race).
bool is_race(const Board& b);
// The same of the board whose rows are `mover` and `opponent` (either way round: a race is one
// for both sides).
bool is_race(const std::int8_t* mover, const std::int8_t* opponent);

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the board masks below read eight counts as one little-endian word"
#endif

// Board masks, for move generation and checks: eight counts as one word, byte i counts[i], or
// counts[7 - i] when reversed.
inline std::uint64_t eight_counts(const std::int8_t* counts, bool reversed) {
    std::uint64_t word;
    std::memcpy(&word, counts, sizeof word);
    return reversed ? byte_swap(word) : word;
}

// Bit i set: byte i of `word` (a count 0..127) is at least `least` (1 or 2). Adding 128 - least
// to each byte sets its top bit exactly then, with no carry into the next byte; one multiply
// gathers the eight top bits.
inline std::uint32_t at_least(std::uint64_t word, int least) {
    constexpr std::uint64_t kBytes = 0x0101010101010101ull;
    const std::uint64_t tops = (word + kBytes * std::uint64_t(128 - least)) & (kBytes << 7);
    return std::uint32_t(((tops >> 7) * 0x0102040810204080ull) >> 56);
}

// Highest index 1..25 holding a checker of the side, 0 when all are off.
inline int highest_point(const std::int8_t* row) {
    for (int p = kBar; p >= 1; --p)
        if (row[p] > 0) return p;
    return 0;
}

}  // namespace tavla
