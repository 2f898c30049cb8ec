// The board as move generation's search holds it (movegen.cpp): each row of counts in two
// overlapping halves of 16 lanes, a move two additions from a table made at compile time, and
// the hash of a result the sum of its moves' weights. Internal to movegen.cpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define TAVLA_SSE2_MOVEGEN
#endif

#include "hot_inline.hpp"
#include "tavla/bits.hpp"
#include "tavla/board.hpp"

namespace tavla::movegen_rows {

// A row's 26 counts as two overlapping halves of 16, indices 0..15 and 10..25: each half is
// one load or store, and the row is written whole without touching the bytes beyond it.
constexpr int kHighStart = kSlots - 16;

// Sixteen counts of a row, added lane by lane with no carry from one to the next: one SSE2
// register where there is one, else two words.
#if defined(TAVLA_SSE2_MOVEGEN)
using Lanes = __m128i;
inline Lanes load_lanes(const std::int8_t* counts) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(counts));
}
inline void store_lanes(std::int8_t* counts, Lanes lanes) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(counts), lanes);
}
inline Lanes add_lanes(Lanes a, Lanes b) { return _mm_add_epi8(a, b); }
// Bit i set: lane i is above `count`.
inline std::uint32_t lanes_above(Lanes lanes, int count) {
    return std::uint32_t(_mm_movemask_epi8(_mm_cmpgt_epi8(lanes, _mm_set1_epi8(char(count)))));
}
// The lanes in reverse order: the four words reversed, then the halves of each word, then
// the bytes of each half.
inline Lanes reversed(Lanes lanes) {
    const __m128i words = _mm_shufflehi_epi16(
        _mm_shufflelo_epi16(_mm_shuffle_epi32(lanes, 0x1B), 0xB1), 0xB1);
    return _mm_or_si128(_mm_slli_epi16(words, 8), _mm_srli_epi16(words, 8));
}
inline bool same_lanes(Lanes a0, Lanes b0, Lanes a1, Lanes b1, Lanes a2, Lanes b2, Lanes a3,
                       Lanes b3) {
    const __m128i same01 = _mm_and_si128(_mm_cmpeq_epi8(a0, b0), _mm_cmpeq_epi8(a1, b1));
    const __m128i same23 = _mm_and_si128(_mm_cmpeq_epi8(a2, b2), _mm_cmpeq_epi8(a3, b3));
    const __m128i same = _mm_and_si128(same01, same23);
    return _mm_movemask_epi8(same) == 0xFFFF;
}
inline bool any_negative(Lanes a, Lanes b, Lanes c, Lanes d) {
    return _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d))) != 0;
}
// The sum of a row's counts, none negative, from its two halves (the lanes of `high` that
// `low` holds too left out).
inline std::uint32_t row_sum(Lanes low, Lanes high) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i beyond_low = _mm_srli_si128(high, 16 - kHighStart);
    const __m128i sums = _mm_add_epi64(_mm_sad_epu8(low, zero), _mm_sad_epu8(beyond_low, zero));
    return std::uint32_t(_mm_cvtsi128_si32(_mm_add_epi64(sums, _mm_unpackhi_epi64(sums, sums))));
}
#else
// Two words of eight counts: no carry crosses a byte (the top bits are added apart).
struct Lanes {
    std::uint64_t low, high;
};
inline Lanes load_lanes(const std::int8_t* counts) {
    return {eight_counts(counts, false), eight_counts(counts + 8, false)};
}
inline void store_lanes(std::int8_t* counts, const Lanes& lanes) {
    std::memcpy(counts, &lanes.low, 8);
    std::memcpy(counts + 8, &lanes.high, 8);
}
inline std::uint64_t add_bytes(std::uint64_t a, std::uint64_t b) {
    constexpr std::uint64_t kTops = 0x8080808080808080ull;
    return ((a & ~kTops) + (b & ~kTops)) ^ ((a ^ b) & kTops);
}
inline Lanes add_lanes(const Lanes& a, const Lanes& b) {
    return {add_bytes(a.low, b.low), add_bytes(a.high, b.high)};
}
inline std::uint32_t lanes_above(const Lanes& lanes, int count) {
    return at_least(lanes.low, count + 1) | at_least(lanes.high, count + 1) << 8;
}
inline Lanes reversed(const Lanes& lanes) { return {byte_swap(lanes.high), byte_swap(lanes.low)}; }
inline bool same_lanes(const Lanes& a0, const Lanes& b0, const Lanes& a1, const Lanes& b1,
                       const Lanes& a2, const Lanes& b2, const Lanes& a3, const Lanes& b3) {
    return ((a0.low ^ b0.low) | (a0.high ^ b0.high) | (a1.low ^ b1.low) | (a1.high ^ b1.high) |
            (a2.low ^ b2.low) | (a2.high ^ b2.high) | (a3.low ^ b3.low) |
            (a3.high ^ b3.high)) == 0;
}
inline bool any_negative(const Lanes& a, const Lanes& b, const Lanes& c, const Lanes& d) {
    constexpr std::uint64_t kTops = 0x8080808080808080ull;
    return ((a.low | a.high | b.low | b.high | c.low | c.high | d.low | d.high) & kTops) != 0;
}
// The sum of a word's counts, each 0..127: in pairs first, as four sums of 16 bits.
inline std::uint32_t word_sum(std::uint64_t word) {
    constexpr std::uint64_t kEvenBytes = 0x00FF00FF00FF00FFull;
    const std::uint64_t pairs = (word & kEvenBytes) + (word >> 8 & kEvenBytes);
    return std::uint32_t((pairs * 0x0001000100010001ull) >> 48);
}
inline std::uint32_t row_sum(const Lanes& low, const Lanes& high) {
    return word_sum(low.low) + word_sum(low.high) + word_sum(high.low >> 8 * (16 - kHighStart)) +
           word_sum(high.high);
}
#endif

// What one move adds to a row (-1 where a checker leaves, +1 where one arrives), in the
// halves of Rows.
struct alignas(16) RowDelta {
    std::int8_t low[16];
    std::int8_t high[16];

    constexpr RowDelta() : low(), high() {}
    constexpr void add(int index, int count) {
        if (index < 16) low[index] = std::int8_t(low[index] + count);
        if (index >= kHighStart) {
            std::int8_t& in_high = high[index - kHighStart];
            in_high = std::int8_t(in_high + count);
        }
    }
};

constexpr int kHitWeight = kSlots;

constexpr std::uint64_t splitmix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// The hash's weights, one for each count of the mover's row and one (kHitWeight) for the
// opponent's bar.
struct HashWeights {
    std::uint64_t w[kSlots + 1];
    constexpr HashWeights() : w() {
        for (int i = 0; i <= kSlots; ++i) w[i] = splitmix(std::uint64_t(i) + 1);
    }
};
constexpr HashWeights kWeights;

// Everything a move changes, looked up by its die and starting point: the mover's row, and
// the hash of the board; by the point it lands on (0 when it does not hit), the opponent's row
// after a hit there. The hash of a result is the mover's counts, and the opponent's bar count
// (its hits), times fixed random weights, summed, less the same of the board before the turn:
// the moves' sum. Results of one roll differ in those, and is_new_result() compares whole
// boards to settle collisions.
struct MoveTables {
    RowDelta mover[7][kSlots];     // [die][from], from 1..25
    std::uint64_t hash[7][kSlots];  // [die][from]
    RowDelta hit[kBar];             // [to], to 1..24; [0] changes nothing

    constexpr MoveTables() : mover(), hash(), hit() {
        for (int die = 1; die <= 6; ++die) {
            for (int from = 1; from <= kBar; ++from) {
                const int to = std::max(0, from - die);
                mover[die][from].add(from, -1);
                mover[die][from].add(to, +1);
                hash[die][from] = kWeights.w[to] - kWeights.w[from];
            }
        }
        for (int to = 1; to < kBar; ++to) {
            hit[to].add(kBar - to, -1);
            hit[to].add(kBar, +1);
        }
    }
};
constexpr MoveTables kMoves;

// A board as the search holds it, in registers: each row in two halves (kHighStart), so that
// a move is two additions a row and a result is written with four stores. (Writing a board
// byte by byte and then reading it whole would stall the processor on every result.)
struct Rows {
    Lanes mover_low, mover_high, opponent_low, opponent_high;

    static Rows of(const std::int8_t* mover, const std::int8_t* opponent) {
        return {load_lanes(mover), load_lanes(mover + kHighStart), load_lanes(opponent),
                load_lanes(opponent + kHighStart)};
    }
    void write(std::int8_t* mover, std::int8_t* opponent) const {
        store_lanes(mover, mover_low);
        store_lanes(mover + kHighStart, mover_high);
        store_lanes(opponent, opponent_low);
        store_lanes(opponent + kHighStart, opponent_high);
    }
    bool operator==(const Rows& o) const {
        return same_lanes(mover_low, o.mover_low, mover_high, o.mover_high, opponent_low,
                          o.opponent_low, opponent_high, o.opponent_high);
    }
    // Bit p set: the mover has a checker on point p (1..24) or the bar (25).
    std::uint32_t occupied() const {
        return (lanes_above(mover_low, 0) | lanes_above(mover_high, 0) << kHighStart) & ~1u;
    }
    // Bit p set: the mover has one checker on point p (1..24) or the bar (25).
    std::uint32_t singles() const {
        const std::uint32_t two_or_more =
            lanes_above(mover_low, 1) | lanes_above(mover_high, 1) << kHighStart;
        return occupied() & ~two_or_more;
    }
    // Bit p set: the opponent has more than `count` checkers on the mover's point p (1..24).
    // Its points run the other way: its row's last 16 counts, reversed, are the mover's points
    // 0..15, and its first 16 the mover's 10..25.
    std::uint32_t opponent_above(int count) const {
        constexpr std::uint32_t kPointBits = (1u << kBar) - 2;
        return (lanes_above(reversed(opponent_high), count) |
                lanes_above(reversed(opponent_low), count) << kHighStart) &
               kPointBits;
    }
    // R1-R4 as board_is_valid() checks them, given the mover's occupied() points and
    // `opponent_held`, bit p set where the opponent has a checker on the mover's point p
    // (1..24); both are exact when no count is negative, and count for nothing otherwise.
    bool valid(std::uint32_t mover_occupied, std::uint32_t opponent_held) const {
        const bool fifteen_each = row_sum(mover_low, mover_high) == kCheckers &&
                                  row_sum(opponent_low, opponent_high) == kCheckers;
        return !any_negative(mover_low, mover_high, opponent_low, opponent_high) &&
               fifteen_each && (mover_occupied & opponent_held) == 0;
    }
    // Moves a checker of the mover `die` pips from `from` (the move must be legal), and hits
    // the blot it lands on if bit `from` of `hitting` is set; returns 1 if it hit, else 0.
    TAVLA_HOT_INLINE std::uint32_t step(std::uint32_t hitting, unsigned from, int die) {
        move(from, die);
        // Whether a move hits is as good as random: no branch on it. A miss adds hit[0], 0.
        const std::uint32_t hit = hitting >> from & 1;
        const RowDelta& taken = kMoves.hit[(from - unsigned(die)) & (0 - hit)];
        opponent_low = add_lanes(opponent_low, load_lanes(taken.low));
        opponent_high = add_lanes(opponent_high, load_lanes(taken.high));
        return hit;
    }
    // The same of a move that does not hit.
    TAVLA_HOT_INLINE void move(unsigned from, int die) {
        const RowDelta& move = kMoves.mover[die][from];
        mover_low = add_lanes(mover_low, load_lanes(move.low));
        mover_high = add_lanes(mover_high, load_lanes(move.high));
    }
};

}  // namespace tavla::movegen_rows
