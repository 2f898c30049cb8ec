#include "tavla/encoding.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "encoding_parts.hpp"
#include "tavla/fault.hpp"

namespace tavla {

namespace {

using encoding_detail::four_indices;
using encoding_detail::kConsecutive;
using encoding_detail::kCumulative;
using encoding_detail::kFifteenth;
using encoding_detail::kHalf;
using encoding_detail::kOneHot;
using encoding_detail::kUnits;
using encoding_detail::td_side;
using encoding_detail::Writer;

// How many of the cumulative units of a count are not zero (a table: a branch on the count
// would be mispredicted often).
constexpr std::array<std::uint8_t, kCheckers + 1> kNonzero{0, 1, 2, 3, 4, 4, 4, 4,
                                                          4, 4, 4, 4, 4, 4, 4, 4};

// Bit p - 1 set: the side has a checker on point p (1..24).
std::uint32_t occupied(const std::int8_t* row) {
    return at_least(eight_counts(row + 1, false), 1) |
           at_least(eight_counts(row + 9, false), 1) << 8 |
           at_least(eight_counts(row + 17, false), 1) << 16;
}

// The occupied points 1..24 of a side, their four cumulative units each from `base` (n >= 1,
// n >= 2, n >= 3, (n - 3) / 2). The nonzero ones are a prefix of the four: all four are
// written and as many kept as are nonzero (the count kept in a register: out.count would be
// reloaded after every store).
void cumulative_points(SparseInputs& out, const std::int8_t* row, int base) {
    std::size_t count = std::size_t(out.count);
    for (std::uint32_t mask = occupied(row); mask != 0; mask &= mask - 1) {
        const int p = lowest_bit(mask) + 1;
        const int n = row[p];
        four_indices(out, count, base + 4 * (p - 1), kConsecutive);
        std::memcpy(&out.value[count], kUnits[kCumulative][std::size_t(n)].data(),
                    4 * sizeof(float));
        count += kNonzero[std::size_t(n)];
    }
    out.count = int(count);
}

// The occupied points 1..24 of a side, four units each from `base`: the first, second or
// third for n = 1, 2, >= 3, then (n - 3) / 2 (gnubg200's one-hot units, and the summed basis
// of the cumulative ones).
void one_hot_points(SparseInputs& out, const std::int8_t* row, int base) {
    std::size_t count = std::size_t(out.count);
    for (std::uint32_t mask = occupied(row); mask != 0; mask &= mask - 1) {
        const int p = lowest_bit(mask) + 1;
        const int n = row[p];
        out.index[count] = std::uint16_t(base + 4 * (p - 1) + std::min(n, 3) - 1);
        out.value[count] = 1.0f;
        out.index[count + 1] = std::uint16_t(base + 4 * (p - 1) + 3);
        out.value[count + 1] = kUnits[kOneHot][std::size_t(n)][3];
        count += n > 3 ? 2u : 1u;
    }
    out.count = int(count);
}

void td198(Writer& w, const Board& b, bool summed) {
    td_side(w.out, b.mover(), 0, summed);
    td_side(w.out, b.opponent(), 98, summed);
    if (!summed) w.put(196, 1.0f);
}

// One side's 100 gnubg200 units from `base`: points 1..24 one-hot, the bar cumulative.
void gnubg_side(SparseInputs& out, const std::int8_t* row, int base) {
    one_hot_points(out, row, base);
    const auto count = std::size_t(out.count);
    four_indices(out, count, base + 96, kConsecutive);
    std::memcpy(&out.value[count], kUnits[kCumulative][std::size_t(row[kBar])].data(),
                4 * sizeof(float));
    out.count = int(count + kNonzero[std::size_t(row[kBar])]);
}

void gnubg200(Writer& w, const Board& b) {
    gnubg_side(w.out, b.opponent(), 0);
    gnubg_side(w.out, b.mover(), 100);
}

// Bit p - 1 set: the side's point p (1..24) holds at least `least` (1 or 2) checkers.
std::uint32_t points_holding(const std::int8_t* row, int least) {
    return at_least(eight_counts(row + 1, false), least) |
           at_least(eight_counts(row + 9, false), least) << 8 |
           at_least(eight_counts(row + 17, false), least) << 16;
}

constexpr int kFeatures = 10;
using Features = std::array<float, kFeatures>;

// The ten tavla218 features of the side `row` (docs/nets.rst), from masks of its points.
Features feature_values(const std::int8_t* row, const std::int8_t* other) {
    int pips = 25 * row[kBar], home = 0, outfield = 0, back = row[kBar];
    for (int p = 1; p <= kPoints; ++p) {
        const int n = row[p];
        pips += p * n;
        home += p <= 6 ? n : 0;
        outfield += p > 6 && p <= 18 ? n : 0;
        back += p > 18 ? n : 0;
    }
    const std::uint32_t occupied = points_holding(row, 1), made = points_holding(row, 2);
    // The opponent's checkers in the side's numbering, bit p for its point p: the opponent's
    // point q is the side's 25 - q, its bar the side's 0. A blot on p is exposed when one of
    // them stands on 0 .. p - 1 within 6 pips (in front of it, as the opponent moves).
    // Eight of the opponent's counts read in reverse are eight of the side's points in order:
    // its points 24..17 are the side's 1..8.
    const std::uint32_t theirs = (other[kBar] > 0 ? 1u : 0u) |
                                 at_least(eight_counts(other + 17, true), 1) << 1 |
                                 at_least(eight_counts(other + 9, true), 1) << 9 |
                                 at_least(eight_counts(other + 1, true), 1) << 17;
    const std::uint32_t blots = occupied & ~made;
    int shots = 0;
    for (std::uint32_t left = blots; left != 0; left &= left - 1) {
        const int p = lowest_bit(left) + 1;
        const std::uint32_t in_front = ((1u << p) - 1) & ~((1u << std::max(0, p - 6)) - 1);
        shots += (theirs & in_front) != 0 ? 1 : 0;
    }
    int prime = 0;  // the longest run of made points, at most 6
    for (std::uint32_t run = made; run != 0 && prime < 6; ++prime) run &= run >> 1;
    const int rearmost = row[kBar] > 0 ? kBar : occupied != 0 ? highest_bit(occupied) + 1 : 0;
    return {float(pips) / 167.0f,
            float(home) / 15.0f,
            float(outfield) / 15.0f,
            float(back) / 15.0f,
            float(bit_count(blots)) / 15.0f,
            float(shots) / 15.0f,
            float(bit_count(made & 0x3Fu)) / 6.0f,
            float(prime) / 6.0f,
            float(bit_count(made & (0x3Fu << 18))) / 6.0f,
            float(rearmost) / 25.0f};
}

// tavla218's whole-board inputs: contact or race, then the ten features of each side.
void tavla218_whole_board(const std::int8_t* mover, const std::int8_t* opponent, float* out) {
    const bool race = is_race(mover, opponent);
    out[0] = race ? 0.0f : 1.0f;
    out[1] = race ? 1.0f : 0.0f;
    const Features m = feature_values(mover, opponent), o = feature_values(opponent, mover);
    std::copy(m.begin(), m.end(), out + 2);
    std::copy(o.begin(), o.end(), out + 2 + kFeatures);
}

struct Info {
    const char* name;
    int inputs;
};
constexpr std::array<Info, kEncodings> kInfo{{{"td198", 198},
                                              {"gnubg200", 200},
                                              {"tavla218", 218},
                                              {"contact229", 229},
                                              {"race205", 205}}};

}  // namespace

int encoding_detail::whole_board_inputs(Encoding encoding, const std::int8_t* mover,
                                        const std::int8_t* opponent, float* out) {
    switch (encoding) {
        case Encoding::kTavla218: tavla218_whole_board(mover, opponent, out); break;
        case Encoding::kContact229: contact229_features(mover, opponent, out); break;
        case Encoding::kRace205: race205_features(mover, opponent, out); break;
        default: break;
    }
    return kWholeBoardInputs[std::size_t(encoding)];
}

void encoding_detail::td_side(SparseInputs& out, const std::int8_t* row, int base, bool summed) {
    if (summed) one_hot_points(out, row, base);
    else cumulative_points(out, row, base);
    Writer w{out};
    w.put(base + 96, kUnits[kHalf][std::size_t(row[kBar])][0]);
    w.put(base + 97, kUnits[kFifteenth][std::size_t(row[kOff])][0]);
}

const char* encoding_name(Encoding encoding) { return kInfo[std::size_t(encoding)].name; }

int encoding_inputs(Encoding encoding) { return kInfo[std::size_t(encoding)].inputs; }

Encoding encoding_named(const std::string& name) {
    for (int e = 0; e < kEncodings; ++e)
        if (name == kInfo[std::size_t(e)].name) return Encoding(e);
    std::string known;
    for (const Info& info : kInfo) known += std::string(known.empty() ? "" : ", ") + info.name;
    throw Fault("unknown encoding " + quoted(name) + " (known: " + known + ")");
}

namespace {

// td198's units of both sides, then the inputs of the whole board (tavla218, contact229,
// race205).
void points_and_whole_board(Encoding encoding, Writer& w, const Board& b, bool summed) {
    td_side(w.out, b.mover(), 0, summed);
    td_side(w.out, b.opponent(), 98, summed);
    std::array<float, encoding_detail::kMostWholeBoard> values;
    const int count = encoding_detail::whole_board_inputs(encoding, b.mover(), b.opponent(),
                                                          values.data());
    for (int i = 0; i < count; ++i) w.put(196 + i, values[std::size_t(i)]);
}

void encode(Encoding encoding, const Board& board, SparseInputs& out, bool summed) {
    out.count = 0;
    Writer w{out};
    switch (encoding) {
        case Encoding::kTd198: td198(w, board, summed); break;
        case Encoding::kGnubg200: gnubg200(w, board); break;
        default: points_and_whole_board(encoding, w, board, summed); break;
    }
}

}  // namespace

void encode_sparse(Encoding encoding, const Board& board, SparseInputs& out) {
    encode(encoding, board, out, false);
}

void encode_summed(Encoding encoding, const Board& board, SparseInputs& out) {
    encode(encoding, board, out, true);
}

SparseInputs constant_inputs(Encoding encoding) {
    SparseInputs out;
    if (encoding == Encoding::kTd198) Writer{out}.put(196, 1.0f);
    return out;
}

std::vector<int> summed_blocks(Encoding encoding) {
    std::vector<int> firsts;
    if (encoding == Encoding::kGnubg200) return firsts;
    for (int base : {0, 98})
        for (int p = 0; p < kPoints; ++p) firsts.push_back(base + 4 * p);
    return firsts;
}

bool encoding_is_local(Encoding encoding) {
    return encoding == Encoding::kTd198 || encoding == Encoding::kGnubg200;
}

std::vector<FeatureGroup> feature_groups(Encoding encoding) {
    switch (encoding) {
        case Encoding::kContact229: return encoding_detail::contact229_groups();
        case Encoding::kRace205: return encoding_detail::race205_groups();
        default: return {};
    }
}

void encode_dense(Encoding encoding, const Board& board, float* out) {
    SparseInputs sparse;
    encode_sparse(encoding, board, sparse);
    std::fill(out, out + encoding_inputs(encoding), 0.0f);
    for (int i = 0; i < sparse.count; ++i)
        out[sparse.index[std::size_t(i)]] = sparse.value[std::size_t(i)];
}

}  // namespace tavla
