// The features of the contact229 and race205 encodings (docs/nets.rst "Encodings"), which
// follow td198's units of both sides (encoding.cpp): hand-made features in groups, each side's
// on its own numbering (R3), the side on roll first. The features follow the public
// descriptions of GNU Backgammon's inputs (escapes, containment, anchors, timing, mobility,
// backbone, ...); their definitions here are tavla's own.
#include <algorithm>
#include <array>
#include <cstring>

#include "encoding_parts.hpp"

namespace tavla::encoding_detail {
namespace {

constexpr int kRolls = 36;

// A side's points as masks, bit x - 1 for point x: on its own numbering, and mirrored onto the
// other side's (its point 25 - x), where the other side moves and meets them. Both sides'
// features read both, so they are made once for the board.
struct SideMasks {
    std::uint32_t occupied, made, occupied_mirrored, made_mirrored;
};

SideMasks side_masks(const std::int8_t* row) {
    const std::uint64_t low = eight_counts(row + 1, false), middle = eight_counts(row + 9, false),
                        high = eight_counts(row + 17, false);
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

using EscapeCounts = std::array<std::uint8_t, 16>;

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
    const int lowest = highest_bit(ahead & (0u - ahead));  // its bit: the point lowest + 1
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
    const EscapeCounts& counts(std::uint32_t blocks) {
        const std::uint32_t key = (blocks >> 6) + 1;  // 0: an empty slot
        const std::uint32_t slot = (key * 0x9E3779B1u) >> (32 - kSlotBits);
        if (keys_[slot] != key) {
            counts_[slot] = escapes(blocks);
            keys_[slot] = key;
        }
        return counts_[slot];
    }

private:
    static constexpr int kSlotBits = 10;
    std::array<std::uint32_t, 1u << kSlotBits> keys_{};
    std::array<EscapeCounts, 1u << kSlotBits> counts_{};
};

// The rolls of 36 on which a checker of the hitter (its checkers that may move, `origins`)
// can land on a blot of the target: with one die, or both dice (four moves of a double) by
// one checker whose landings on the way are not on points the target has made. On masks of
// the hitter's numbering (the target's mirrored ones), bit q - 1 for point q (the bar: bit
// 24): a move of d pips is a shift right by d, and the points beyond its 1-point fall off.
int shots(std::uint32_t origins, const SideMasks& target) {
    const std::uint32_t blots = target.occupied_mirrored & ~target.made_mirrored;
    if (blots == 0) return 0;
    const std::uint32_t open = ~target.made_mirrored;
    std::array<std::uint32_t, 7> first{};  // [d]: the points one die d reaches
    for (int d = 1; d <= 6; ++d) first[std::size_t(d)] = origins >> d;
    int rolls = 0;
    for (int d1 = 1; d1 <= 6; ++d1) {
        std::uint32_t reach = origins, landed = 0;
        for (int step = 0; step < 4; ++step) {
            reach = (reach >> d1) & open;
            landed |= reach;
        }
        rolls += (landed & blots) != 0 ? 1 : 0;
        for (int d2 = d1 + 1; d2 <= 6; ++d2) {
            const std::uint32_t a = first[std::size_t(d1)], b = first[std::size_t(d2)];
            const std::uint32_t two = ((a & open) >> d2) | ((b & open) >> d1);
            rolls += ((a | b | two) & blots) != 0 ? 2 : 0;
        }
    }
    return rolls;
}

int pips(const std::int8_t* row) {
    int total = 0;
    for (int p = 1; p <= kBar; ++p) total += p * row[p];
    return total;
}

// (other's pips - side's pips) / the side's pips, within -1 .. 1: the side's lead in the race
// relative to its length.
float pip_lead(int own, int other) {
    const float lead = float(other - own) / float(std::max(own, 1));
    return std::clamp(lead, -1.0f, 1.0f);
}

struct ContactFeatures {
    float pips, back, rearmost, rearmost_escapes, mean_escapes, containment, anchors,
        best_anchor, home_points, outfield_points, prime, blots, shots, timing, mobility,
        backbone;
};

// The side `row`'s features; `own` and `theirs` the masks of the side and the other.
ContactFeatures contact_features(const std::int8_t* row, const SideMasks& own,
                                 const std::int8_t* other, const SideMasks& theirs, int own_pips,
                                 EscapeMemo& memo) {
    ContactFeatures f{};
    const std::uint32_t blocks = theirs.made_mirrored;
    f.pips = float(own_pips) / 167.0f;
    int back = row[kBar];
    for (int p = 19; p <= kPoints; ++p) back += row[p];
    f.back = float(back) / 15.0f;
    const int last = rearmost(row, own);
    f.rearmost = float(last) / 25.0f;
    const EscapeCounts& escape = memo.counts(blocks);
    const int last_escapes = last >= 13 ? escape[std::size_t(last - 13)] : kRolls;
    f.rearmost_escapes = last == 0 ? 1.0f : float(last_escapes) / kRolls;
    int fewest = kRolls, checkers = 0, escape_sum = 0;
    for (int p = 13; p <= kBar; ++p) {
        const int e = escape[std::size_t(p - 13)];
        fewest = std::min(fewest, e);
        checkers += row[p];
        escape_sum += row[p] * e;
    }
    f.mean_escapes = checkers == 0 ? 1.0f : float(escape_sum) / float(checkers * kRolls);
    f.containment = float(kRolls - fewest) / kRolls;
    const std::uint32_t anchors = own.made & (0x3Fu << 18);  // points 19..24
    // The best is the lowest: the farthest from the side's 25.
    const int best = anchors != 0 ? 24 - highest_bit(anchors & (0u - anchors)) : 0;
    f.anchors = float(bit_count(anchors)) / 3.0f;
    f.best_anchor = float(best) / 6.0f;
    int prime = 0;  // the longest run of made points, at most 6
    for (std::uint32_t run = own.made; run != 0 && prime < 6; ++prime) run &= run >> 1;
    int timing = 0;
    for (int p = 7; p <= 18; ++p) timing += row[p] * (p - 6);
    f.home_points = float(bit_count(own.made & 0x3Fu)) / 6.0f;
    f.outfield_points = float(bit_count(own.made & (0xFFFu << 6))) / 6.0f;
    f.prime = float(prime) / 6.0f;
    f.blots = float(bit_count(own.occupied & ~own.made)) / 6.0f;
    f.shots = float(shots(movers(other, theirs), own)) / kRolls;
    f.timing = float(timing) / 72.0f;
    const std::uint32_t origins = movers(row, own);
    int moves = 0;
    for (int d = 1; d <= 6; ++d) moves += bit_count((origins >> d) & ~blocks);
    f.mobility = float(moves) / kRolls;
    // The side's made points among the 12 in front of the other's rearmost checker.
    const int other_last = rearmost(other, theirs);
    int backbone = 0;
    if (other_last > 0) {
        const int front = kBar - other_last, end = std::min(front + 12, kPoints);
        backbone = bit_count(own.made & ((1u << end) - 1) & ~((1u << front) - 1));
    }
    f.backbone = float(backbone) / 6.0f;
    return f;
}

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

}  // namespace

void contact229_features(const std::int8_t* mover, const std::int8_t* opponent, float* out) {
    thread_local EscapeMemo memo;
    const SideMasks mover_masks = side_masks(mover), opponent_masks = side_masks(opponent);
    const int mover_pips = pips(mover), opponent_pips = pips(opponent);
    const ContactFeatures m =
        contact_features(mover, mover_masks, opponent, opponent_masks, mover_pips, memo);
    const ContactFeatures o =
        contact_features(opponent, opponent_masks, mover, mover_masks, opponent_pips, memo);
    const std::array<float, 33> values{
        m.pips, o.pips, pip_lead(mover_pips, opponent_pips),
        m.back, m.rearmost, o.back, o.rearmost,
        m.rearmost_escapes, m.mean_escapes, o.rearmost_escapes, o.mean_escapes,
        m.containment, o.containment,
        m.anchors, m.best_anchor, o.anchors, o.best_anchor,
        m.home_points, m.outfield_points, m.prime, o.home_points, o.outfield_points, o.prime,
        m.blots, m.shots, o.blots, o.shots,
        m.timing, o.timing,
        m.mobility, o.mobility,
        m.backbone, o.backbone};  // fmt: the order of contact229_groups()
    std::copy(values.begin(), values.end(), out);
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
