// contact229's and race205's features (encoding_contact.cpp), computed with masks shared by
// the two sides and all 13 escape counts of a side at once, are bit for bit those of the plain
// implementation they replaced, kept below as the oracle (the nets were trained on its values),
// the race features written again from their definitions, a checker at a time.
// On the positions of random games and of pubeval playing itself, and on every result of
// their turns (hits, checkers on the bar, bear-offs, races).
#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "check.hpp"
#include "games.hpp"
#include "tavla/encoding.hpp"

using namespace tavla;

namespace oracle {

constexpr int kRolls = 36;

// Bit x - 1 set (x = 1..24): the point x on `row`'s numbering is made (2 or more checkers) by
// `row` itself (own) or by the other side (theirs: its point 25 - x).
std::uint32_t made_own(const std::int8_t* row) {
    std::uint32_t mask = 0;
    for (int x = 1; x <= kPoints; ++x) mask |= std::uint32_t(row[x] >= 2) << (x - 1);
    return mask;
}

std::uint32_t made_theirs(const std::int8_t* other) {
    std::uint32_t mask = 0;
    for (int x = 1; x <= kPoints; ++x) mask |= std::uint32_t(other[kBar - x] >= 2) << (x - 1);
    return mask;
}

bool has(std::uint32_t mask, int x) { return x >= 1 && x <= kPoints && (mask >> (x - 1) & 1u); }

// The rolls of 36 with which a lone checker on point p (1..25, 25 the bar) escapes: gets past
// every point the other side has made in front of it on the other side's half of the board (its
// points 1..12, the side's 13..24; `blocks` is made_theirs), landing on no made point on the
// way. 36 when there is none to pass (a checker on the side's own half has escaped). On masks,
// bit x - 1 for point x: a move of d pips is a shift right by d (a landing beyond the 1-point
// never matters: the points to pass are 13 or higher).
int escapes(std::uint32_t blocks, int p) {
    const std::uint32_t ahead = blocks & ~((1u << 12) - 1) & ((1u << (p - 1)) - 1);  // 13..p-1
    if (ahead == 0) return kRolls;
    const std::uint32_t past = (ahead & (0u - ahead)) - 1;  // the points below the lowest
    const std::uint32_t open = ~blocks;
    const std::uint32_t origin = 1u << (p - 1);
    int rolls = 0;
    for (int d1 = 1; d1 <= 6; ++d1) {
        for (int d2 = d1; d2 <= 6; ++d2) {
            std::uint32_t landed = 0;
            if (d1 == d2) {
                std::uint32_t reach = origin;
                for (int step = 0; step < 4; ++step) {
                    reach = (reach >> d1) & open;
                    landed |= reach;
                }
            } else {
                const std::uint32_t first = ((origin >> d1) | (origin >> d2)) & open;
                landed = first | (((((origin >> d1) & open) >> d2) |
                                   (((origin >> d2) & open) >> d1)) & open);
            }
            if (landed & past) rolls += d1 == d2 ? 1 : 2;
        }
    }
    return rolls;
}

// The rolls of 36 on which a checker of `hitter` can land on a blot of `target`: with one die,
// or both dice (four moves of a double) by one checker whose landings on the way are not on
// points `target` has made. When `hitter` has a checker on the bar, only that checker counts.
// On masks of the hitter's numbering, bit q - 1 for point q (the bar: bit 24): a move of d pips
// is a shift right by d, and the points beyond its 1-point fall off.
int shots(const std::int8_t* hitter, const std::int8_t* target) {
    std::uint32_t blots = 0;
    for (int x = 1; x <= kPoints; ++x)
        blots |= std::uint32_t(target[x] == 1) << (kPoints - x);  // point 25 - x, bit 24 - x
    if (blots == 0) return 0;
    const std::uint32_t open = ~made_theirs(target);
    std::uint32_t origins = 0;
    if (hitter[kBar] > 0) {
        origins = 1u << (kBar - 1);
    } else {
        for (int q = 1; q <= kPoints; ++q) origins |= std::uint32_t(hitter[q] > 0) << (q - 1);
    }
    int rolls = 0;
    for (int d1 = 1; d1 <= 6; ++d1) {
        for (int d2 = d1; d2 <= 6; ++d2) {
            bool hit;
            if (d1 == d2) {
                std::uint32_t reach = origins, landed = 0;
                for (int step = 0; step < 4; ++step) {
                    reach = (reach >> d1) & open;
                    landed |= reach;
                }
                hit = (landed & blots) != 0;
            } else {
                const std::uint32_t one = (origins >> d1) | (origins >> d2);
                const std::uint32_t two =
                    (((origins >> d1) & open) >> d2) | (((origins >> d2) & open) >> d1);
                hit = ((one | two) & blots) != 0;
            }
            if (hit) rolls += d1 == d2 ? 1 : 2;
        }
    }
    return rolls;
}

int pips(const std::int8_t* row) {
    int total = 0;
    for (int p = 1; p <= kBar; ++p) total += p * row[p];
    return total;
}

// The highest point 1..25 holding a checker of the side, 0 when none does.
int rearmost(const std::int8_t* row) { return highest_point(row); }

// (other's pips - side's pips) / the side's pips, within -1 .. 1: the side's lead in the race
// relative to its length.
float pip_lead(const std::int8_t* row, const std::int8_t* other) {
    const int own = pips(row);
    const float lead = float(pips(other) - own) / float(std::max(own, 1));
    return std::clamp(lead, -1.0f, 1.0f);
}

struct ContactFeatures {
    float pips, back, rearmost, rearmost_escapes, mean_escapes, containment, anchors,
        best_anchor, home_points, outfield_points, prime, blots, shots, timing, mobility,
        backbone;
};

ContactFeatures contact_features(const std::int8_t* row, const std::int8_t* other) {
    ContactFeatures f{};
    const std::uint32_t blocks = made_theirs(other);
    const std::uint32_t own = made_own(row);
    f.pips = float(pips(row)) / 167.0f;
    int back = row[kBar];
    for (int p = 19; p <= kPoints; ++p) back += row[p];
    f.back = float(back) / 15.0f;
    const int last = rearmost(row);
    f.rearmost = float(last) / 25.0f;
    f.rearmost_escapes = last == 0 ? 1.0f : float(escapes(blocks, last)) / kRolls;
    int fewest = kRolls, checkers = 0, escape_sum = 0;
    for (int p = 13; p <= kBar; ++p) {
        const int e = escapes(blocks, p);
        fewest = std::min(fewest, e);
        checkers += row[p];
        escape_sum += row[p] * e;
    }
    f.mean_escapes = checkers == 0 ? 1.0f : float(escape_sum) / float(checkers * kRolls);
    f.containment = float(kRolls - fewest) / kRolls;
    int anchors = 0, best = 0;
    for (int p = 19; p <= kPoints; ++p)
        if (has(own, p)) {
            ++anchors;
            best = std::max(best, kBar - p);
        }
    f.anchors = float(anchors) / 3.0f;
    f.best_anchor = float(best) / 6.0f;
    int home = 0, outfield = 0, run = 0, prime = 0, blots = 0, timing = 0;
    for (int p = 1; p <= kPoints; ++p) {
        const bool made = has(own, p);
        home += made && p <= 6;
        outfield += made && p >= 7 && p <= 18;
        run = made ? run + 1 : 0;
        prime = std::max(prime, run);
        blots += row[p] == 1;
        if (p >= 7 && p <= 18) timing += row[p] * (p - 6);
    }
    f.home_points = float(home) / 6.0f;
    f.outfield_points = float(outfield) / 6.0f;
    f.prime = float(std::min(prime, 6)) / 6.0f;
    f.blots = float(blots) / 6.0f;
    f.shots = float(shots(other, row)) / kRolls;
    f.timing = float(timing) / 72.0f;
    std::uint32_t origins = 0;  // bit p - 1: a checker on point p (the bar: bit 24)
    if (row[kBar] > 0) {
        origins = 1u << (kBar - 1);
    } else {
        for (int p = 1; p <= kPoints; ++p) origins |= std::uint32_t(row[p] > 0) << (p - 1);
    }
    int moves = 0;
    for (int d = 1; d <= 6; ++d) moves += bit_count((origins >> d) & ~blocks);
    f.mobility = float(moves) / kRolls;
    const int front = kBar - rearmost(other);  // the other's rearmost checker, on row's numbering
    int backbone = 0;
    if (rearmost(other) > 0)
        for (int x = front + 1; x <= std::min(front + 12, kPoints); ++x) backbone += has(own, x);
    f.backbone = float(backbone) / 6.0f;
    return f;
}

struct RaceFeatures {
    float pips, crossovers, outside, gaps;
};

// The race features from their definitions, a checker at a time: the quadrant boundaries (the
// 6-, 12-, 18- and 24-points) a checker still has to pass, from the bar all four; the checkers
// outside the home board (on points 7..24 or the bar); the empty home points below the highest
// home point that holds a checker.
RaceFeatures race_features(const std::int8_t* row) {
    int crossovers = 0, outside = 0, gaps = 0;
    for (int p = 1; p <= kBar; ++p) {
        for (int checker = 0; checker < row[p]; ++checker) {
            for (int boundary : {6, 12, 18, 24}) crossovers += p > boundary;
            outside += p > 6;
        }
    }
    for (int p = 1; p <= 6; ++p) {
        bool higher = false;
        for (int q = p + 1; q <= 6; ++q) higher = higher || row[q] > 0;
        gaps += row[p] == 0 && higher;
    }
    return {float(pips(row)) / 167.0f, float(crossovers) / 45.0f, float(outside) / 15.0f,
            float(gaps) / 5.0f};
}

// The features in contact229_groups()'s order: the pips, the opponent's and the lead, then
// group by group the mover's features and the opponent's.
std::vector<float> contact229(const Board& board) {
    using F = ContactFeatures;
    const F m = contact_features(board.mover(), board.opponent());
    const F o = contact_features(board.opponent(), board.mover());
    std::vector<float> out{m.pips, o.pips, pip_lead(board.mover(), board.opponent())};
    const std::vector<std::vector<float F::*>> groups{
        {&F::back, &F::rearmost},      {&F::rearmost_escapes, &F::mean_escapes},
        {&F::containment},             {&F::anchors, &F::best_anchor},
        {&F::home_points, &F::outfield_points, &F::prime},
        {&F::blots, &F::shots},        {&F::timing},
        {&F::mobility},                {&F::backbone}};
    for (const auto& group : groups)
        for (const F* side : {&m, &o})
            for (float F::*field : group) out.push_back(side->*field);
    return out;
}

// Likewise for race205_groups().
std::vector<float> race205(const Board& board) {
    const RaceFeatures m = race_features(board.mover());
    const RaceFeatures o = race_features(board.opponent());
    std::vector<float> out{m.pips, o.pips, pip_lead(board.mover(), board.opponent())};
    for (float RaceFeatures::*field :
         {&RaceFeatures::crossovers, &RaceFeatures::outside, &RaceFeatures::gaps})
        for (const RaceFeatures* side : {&m, &o}) out.push_back(side->*field);
    return out;
}

}  // namespace oracle

namespace {

struct Seen {
    long boards = 0, bar = 0, race = 0, bearing_off = 0;
};

// The features of `board` (valid, not finished) are the oracle's bit for bit, and its points
// td198's.
void check_features(const Board& board, Seen& seen) {
    std::array<float, 229> inputs{};
    std::array<float, 198> td{};
    encode_dense(Encoding::kTd198, board, td.data());
    for (Encoding encoding : {Encoding::kContact229, Encoding::kRace205}) {
        encode_dense(encoding, board, inputs.data());
        const std::vector<float> expected =
            encoding == Encoding::kContact229 ? oracle::contact229(board) : oracle::race205(board);
        CHECK(std::memcmp(inputs.data() + 196, expected.data(), expected.size() * sizeof(float)) ==
              0);
        CHECK(std::memcmp(inputs.data(), td.data(), 196 * sizeof(float)) == 0);
    }
    ++seen.boards;
    seen.bar += board.mover()[kBar] > 0 || board.opponent()[kBar] > 0;
    seen.race += is_race(board);
    seen.bearing_off += board.mover()[kOff] > 0 || board.opponent()[kOff] > 0;
}

}  // namespace

int main() {
    Seen seen;
    const auto visit = [&seen](const Board& board, const MoveGenerator& generator) {
        check_features(board, seen);
        for (int i = 0; i < generator.count(); ++i) {
            const Board& after = generator.play(i).result;
            if (after.mover()[kOff] != kCheckers) check_features(after.swapped(), seen);
        }
    };
    test::play_games(150, false, 11, visit);
    test::play_games(150, true, 12, visit);
    CHECK(seen.boards > 300000);
    CHECK(seen.bar > 10000 && seen.race > 10000 && seen.bearing_off > 10000);
    return test::report();
}
