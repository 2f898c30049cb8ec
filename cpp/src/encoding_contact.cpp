// The features of the contact229 and race205 encodings (docs/nets.rst "Encodings"), which
// follow td198's units of both sides (encoding.cpp): hand-made features in groups, each side's
// on its own numbering (R3), the side on roll first. The features follow the public
// descriptions of GNU Backgammon's inputs (escapes, containment, anchors, timing, mobility,
// backbone, ...); their definitions here are tavla's own. Those computed for every candidate
// play (encoding_contact.inc) are compiled a second time for the bit instructions
// (bit_instructions.hpp).
#include <algorithm>
#include <array>
#include <cstring>
#include <memory>

#include "bit_instructions.hpp"
#include "encoding_parts.hpp"
#include "tavla/bits.hpp"

namespace tavla::encoding_detail {
namespace {

constexpr int kRolls = 36;

// k / kDenominator for k = 0 .. kMost, worked out when compiling: the float the division gives
// at run time (both round to nearest), looked up where the features of every candidate play
// took some twenty divisions.
template <int kDenominator, int kMost>
struct Fractions {
    std::array<float, kMost + 1> of{};
    constexpr Fractions() {
        for (int k = 0; k <= kMost; ++k) of[std::size_t(k)] = float(k) / float(kDenominator);
    }
};

template <int kDenominator, int kMost>
constexpr Fractions<kDenominator, kMost> kFractions{};

// k / kDenominator, k at most kMost.
template <int kDenominator, int kMost>
float fraction(int k) {
    return kFractions<kDenominator, kMost>.of[std::size_t(k)];
}

// The most a count of a side's checkers, points or rolls can be.
constexpr int kMostPips = kCheckers * kBar;  // all on the bar
constexpr int kMostTiming = kCheckers * 12;  // all on the 18-point
constexpr int kMostMoves = kCheckers * 6;    // 15 points moving with each die

// A side's points as masks, bit x - 1 for point x: on its own numbering, and mirrored onto the
// other side's (its point 25 - x), where the other side moves and meets them. Both sides'
// features read both, so they are made once for the board.
struct SideMasks {
    std::uint32_t occupied, made, occupied_mirrored, made_mirrored;
};

// The counts of a side's points 1..8, 9..16 and 17..24, a byte each (eight_counts).
struct PointCounts {
    std::uint64_t low, middle, high;
};

PointCounts point_counts(const std::int8_t* row) {
    return {eight_counts(row + 1, false), eight_counts(row + 9, false),
            eight_counts(row + 17, false)};
}

SideMasks side_masks(const PointCounts& counts) {
    const auto [low, middle, high] = counts;
    // Eight counts read in reverse are eight points of the other numbering in order: the
    // side's 24..17 are the other's 1..8.
    const std::uint64_t low_mirrored = byte_swap(high), middle_mirrored = byte_swap(middle),
                        high_mirrored = byte_swap(low);
    const auto mask = [](std::uint64_t a, std::uint64_t b, std::uint64_t c, int least) {
        return at_least(a, least) | at_least(b, least) << 8 | at_least(c, least) << 16;
    };
    return {mask(low, middle, high, 1), mask(low, middle, high, 2),
            mask(low_mirrored, middle_mirrored, high_mirrored, 1),
            mask(low_mirrored, middle_mirrored, high_mirrored, 2)};
}

// Bit p - 1 set: a checker of the side on point p that may move (all of them, or the one on
// the bar, bit 24, while one is there).
std::uint32_t movers(const std::int8_t* row, const SideMasks& masks) {
    return row[kBar] > 0 ? 1u << (kBar - 1) : masks.occupied;
}

// The highest point 1..25 holding a checker of the side, 0 when none does.
int rearmost(const std::int8_t* row, const SideMasks& masks) {
    return row[kBar] > 0 ? kBar : masks.occupied != 0 ? highest_bit(masks.occupied) + 1 : 0;
}

// The sum of byte i of `word` times i + 1, when the bytes sum to at most 31: the partial sums
// of the multiply are then at most 8 * 31 < 256, and none carries into the top byte.
std::uint32_t weighted_byte_sum(std::uint64_t word) {
    return std::uint32_t((word * 0x0102030405060708ull) >> 56);
}

using EscapeCounts = std::array<std::uint8_t, 16>;

// The escapes of each point 13..25 and the fewest of them.
struct EscapeTable {
    EscapeCounts counts;
    int fewest;
};

// Byte i of the result: bit i of `bits` (0..255), 0 or 1.
std::uint64_t bytes_of_bits(std::uint32_t bits) {
    const std::uint64_t spread = (bits * 0x0101010101010101ull) & 0x8040201008040201ull;
    return ((spread + 0x7F7F7F7F7F7F7F7Full) & 0x8080808080808080ull) >> 7;
}

// The escapes of a lone checker on each point p = 13..25 (25 the bar), at [p - 13]: the rolls
// of 36 with which it gets past every point the other side has made in front of it on the
// other side's half of the board (its points 1..12, the side's 13..24; `blocks` is their
// made_mirrored), landing on no made point on the way; 36 when there is none to pass. Points
// 13..24 only ever have in front of them the lowest made point above 12 or none, so one target,
// the open points below it, serves them all: the origins a roll takes there are found at once
// by moving the target back up the dice (a move of d pips is a shift by d on masks, bit x - 1
// for point x; a landing beyond the 1-point never matters), and counted in byte lanes.
EscapeCounts escapes(std::uint32_t blocks) {
    EscapeCounts out;
    const std::uint32_t ahead = blocks & ~((1u << 12) - 1);
    if (ahead == 0) {
        out.fill(kRolls);
        return out;
    }
    const int lowest = lowest_bit(ahead);  // its bit: the point lowest + 1
    const std::uint32_t open = ~blocks;
    const std::uint32_t target = ((1u << lowest) - 1) & open;
    std::uint64_t doubles_low = 0, doubles_high = 0, others_low = 0, others_high = 0;
    for (int d1 = 1; d1 <= 6; ++d1) {
        std::uint32_t from = 0, reach = target;
        for (int step = 0; step < 4; ++step) {
            reach <<= d1;
            from |= reach;
            reach &= open;
        }
        doubles_low += bytes_of_bits(from >> 12 & 0xFFu);
        doubles_high += bytes_of_bits(from >> 20 & 0x1Fu);
        for (int d2 = d1 + 1; d2 <= 6; ++d2) {
            const std::uint32_t one = target << d1 | target << d2;
            const std::uint32_t two = ((target << d2) & open) << d1 | ((target << d1) & open) << d2;
            others_low += bytes_of_bits((one | two) >> 12 & 0xFFu);
            others_high += bytes_of_bits((one | two) >> 20 & 0x1Fu);
        }
    }
    const std::uint64_t low = doubles_low + 2 * others_low, high = doubles_high + 2 * others_high;
    std::memcpy(out.data(), &low, sizeof low);
    std::memcpy(out.data() + 8, &high, sizeof high);
    // A checker on the lowest made point or below has none in front of it.
    for (int i = 0; i <= lowest - 12; ++i) out[std::size_t(i)] = kRolls;
    return out;
}

// escapes() by the points they depend on, 7..24 of `blocks`: the first landing below the lowest
// made point above 12 is at most 6 pips below it, and a path goes no further without passing
// it. The positions of a game, and the plays of a turn above all, meet few of them; a miss
// costs about as much as escapes() itself.
class EscapeMemo {
public:
    const EscapeTable& counts(std::uint32_t blocks) {
        const std::uint32_t key = (blocks >> 6) + 1;  // 0: an empty slot
        const std::uint32_t slot = (key * 0x9E3779B1u) >> (32 - kSlotBits);
        if (keys_[slot] != key) {
            EscapeTable& table = tables_[slot];
            table.counts = escapes(blocks);
            table.fewest = *std::min_element(table.counts.begin(), table.counts.begin() + 13);
            keys_[slot] = key;
        }
        return tables_[slot];
    }

private:
    static constexpr int kSlotBits = 10;
    std::array<std::uint32_t, 1u << kSlotBits> keys_{};
    std::array<EscapeTable, 1u << kSlotBits> tables_{};
};

// For each roll, the points of the hitter (bit q - 1 for its point q, the bar: bit 24) from
// which a checker hits a blot of the target: with one die, or both dice (four moves of a
// double) by one checker whose landings on the way are not on points the target has made. On
// masks of the hitter's numbering (the target's mirrored ones), a move of d pips is a shift
// right by d, and the points beyond its 1-point fall off; worked back from the blots, a shift
// left. visit(origins, rolls): rolls 1 for a double, 2 for the others, in the order 1-1, 1-2,
// .., 1-6, 2-2, 2-3, .., 6-6; no call when the target has no blot.
template <class Visit>
void for_each_hit_roll(const SideMasks& target, Visit&& visit) {
    const std::uint32_t blots = target.occupied_mirrored & ~target.made_mirrored;
    if (blots == 0) return;
    const std::uint32_t open = ~target.made_mirrored;
    std::array<std::uint32_t, 7> near{};  // [d]: landings that hit with at most one more move of d
    for (int d = 1; d <= 6; ++d) near[std::size_t(d)] = blots | ((blots << d) & open);
    for (int d1 = 1; d1 <= 6; ++d1) {
        // The landings that hit with at most three more moves of d1 (blots are open points).
        std::uint32_t ahead = ((near[std::size_t(d1)] << d1) | blots) & open;
        ahead = ((ahead << d1) | blots) & open;
        visit(ahead << d1, 1);
        for (int d2 = d1 + 1; d2 <= 6; ++d2)
            visit(near[std::size_t(d2)] << d1 | near[std::size_t(d1)] << d2, 2);
    }
}

// Those origins kept, for a side that does not move in the plays of a turn (ContactMemo).
struct HitOrigins {
    std::array<std::uint32_t, 6> doubles;  // [d - 1]
    std::array<std::uint32_t, 15> others;  // the 15 rolls d1 < d2 in order: 1-2, 1-3, .., 5-6
    bool any;                              // whether the target has a blot
};

HitOrigins hit_origins(const SideMasks& target) {
    HitOrigins h{};
    std::size_t doubles = 0, others = 0;
    for_each_hit_roll(target, [&](std::uint32_t origins, int rolls) {
        if (rolls == 1) h.doubles[doubles++] = origins;
        else h.others[others++] = origins;
    });
    h.any = doubles > 0;
    return h;
}

// The pips of a side with `counts` on its points and `bar` checkers on the bar.
int pips(const PointCounts& counts, int bar) {
    const auto [low, middle, high] = counts;
    // Byte i of low + middle + high: the checkers i + 1, i + 9 and i + 17 pips away (at most 15
    // in all); those of middle are 8 pips further, those of high 16.
    return int(weighted_byte_sum(low + middle + high) + 8 * byte_sum(middle + 2 * high)) +
           kBar * bar;
}

int pips(const std::int8_t* row) { return pips(point_counts(row), row[kBar]); }

// (other's pips - side's pips) / the side's pips, within -1 .. 1: the side's lead in the race
// relative to its length.
float pip_lead(int own, int other) {
    const float lead = float(other - own) / float(std::max(own, 1));
    return std::clamp(lead, -1.0f, 1.0f);
}

// What a side's features need of its own checkers alone, and those features: the same for
// every play of a turn that does not hit the side, which contact229_features keeps.
struct Side {
    SideMasks masks;
    std::uint32_t movers;
    int pips, rearmost, back_checkers;  // back_checkers: on points 13..25
    float pips_input, back, rearmost_input, anchors, best_anchor, home_points, outfield_points,
        prime, blots, timing;
};

// The features of a side that depend on the other side's checkers too.
struct ContactFeatures {
    float rearmost_escapes, mean_escapes, containment, shots, mobility, backbone;
};

// What the plays of a turn that do not hit share: the escape memo, and the last row given as
// the mover (the side that does not play is the mover of the boards evaluated) with its side,
// the hits on its blots and the escapes past its points (those of the other side's checkers).
struct MoverMemo {
    std::array<std::int8_t, kSlots> row{};  // no checkers: no valid row
    Side side{};
    HitOrigins hits{};
    EscapeTable escapes_past{};
};

struct ContactMemo {
    EscapeMemo escapes;
    MoverMemo mover;
};

struct RaceFeatures {
    float pips, crossovers, outside, gaps;
};

RaceFeatures race_features(const std::int8_t* row, int own_pips) {
    RaceFeatures f{};
    f.pips = float(own_pips) / 167.0f;
    int crossovers = 0, outside = row[kBar];
    for (int p = 7; p <= kPoints; ++p) {
        crossovers += row[p] * ((p - 1) / 6);
        outside += row[p];
    }
    crossovers += row[kBar] * 4;
    f.crossovers = float(crossovers) / 45.0f;
    f.outside = float(outside) / 15.0f;
    int highest = 0, gaps = 0;
    for (int p = 1; p <= 6; ++p)
        if (row[p] > 0) highest = p;
    for (int p = 1; p < highest; ++p) gaps += row[p] == 0;
    f.gaps = float(gaps) / 5.0f;
    return f;
}

namespace portable {
#define TAVLA_TARGET
#include "encoding_contact.inc"
#undef TAVLA_TARGET
}  // namespace portable

#if defined(TAVLA_BIT_INSTRUCTIONS_DISPATCH)
namespace with_bit_instructions {
#define TAVLA_TARGET TAVLA_BIT_INSTRUCTIONS
#define TAVLA_POPCNT
#include "encoding_contact.inc"
#undef TAVLA_POPCNT
#undef TAVLA_TARGET
}  // namespace with_bit_instructions
#endif

}  // namespace

void contact229_features(const std::int8_t* mover, const std::int8_t* opponent, float* out) {
    // On the heap: the address of a thread_local, which the compiler takes for a constant,
    // would be found again (a call) wherever a member is read.
    thread_local const std::unique_ptr<ContactMemo> memo_of_thread = std::make_unique<ContactMemo>();
    ContactMemo& memo = *memo_of_thread;
#if defined(TAVLA_BIT_INSTRUCTIONS_DISPATCH)
    static const bool bit_instructions = has_bit_instructions();
    if (bit_instructions) return with_bit_instructions::contact229(memo, mover, opponent, out);
#endif
    portable::contact229(memo, mover, opponent, out);
}

std::vector<FeatureGroup> contact229_groups() {
    return {{"pips", 196, 3},     {"back", 199, 4},  {"escapes", 203, 4}, {"containment", 207, 2},
            {"anchors", 209, 4},  {"points", 213, 6}, {"blots", 219, 4},  {"timing", 223, 2},
            {"mobility", 225, 2}, {"backbone", 227, 2}};
}

void race205_features(const std::int8_t* mover, const std::int8_t* opponent, float* out) {
    const int mover_pips = pips(mover), opponent_pips = pips(opponent);
    const RaceFeatures m = race_features(mover, mover_pips);
    const RaceFeatures o = race_features(opponent, opponent_pips);
    const std::array<float, 9> values{
        m.pips,       o.pips,       pip_lead(mover_pips, opponent_pips),
        m.crossovers, o.crossovers, m.outside,
        o.outside,    m.gaps,       o.gaps};
    std::copy(values.begin(), values.end(), out);
}

std::vector<FeatureGroup> race205_groups() {
    return {{"pips", 196, 3}, {"crossovers", 199, 2}, {"outside", 201, 2}, {"gaps", 203, 2}};
}

}  // namespace tavla::encoding_detail
