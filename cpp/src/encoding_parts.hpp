// What the encoders of encoding.cpp, encoding_contact.cpp and encoding_difference.cpp share:
// the units of a slot, writing sparse inputs, td198's units of one side, which the whole-board
// encodings start from, and the whole-board inputs.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "tavla/encoding.hpp"

namespace tavla::encoding_detail {

// How the inputs of one slot (a point, the bar or borne off) follow its count n: up to four
// units from the slot's first input.
enum Units : int {
    kCumulative = 0,  // Tesauro's truncated unary units: n >= 1, n >= 2, n >= 3, (n - 3) / 2
    kOneHot,          // n = 1, n = 2, n >= 3, (n - 3) / 2
    kHalf,            // n / 2
    kFifteenth,       // n / 15
    kNone,            // no input
};
constexpr int kKinds = 5;

using UnitTable = std::array<std::array<std::array<float, 4>, kCheckers + 1>, kKinds>;

// [kind][count]: the four units of a slot holding count. Made at compile time, so that the
// tables made from it (encoding_difference.cpp) are too, whatever the order of initialization.
inline constexpr UnitTable kUnits = [] {
    UnitTable t{};
    for (int n = 0; n <= kCheckers; ++n) {
        const float extra = n > 3 ? float(n - 3) * 0.5f : 0.0f;
        t[kCumulative][std::size_t(n)] = {n >= 1 ? 1.0f : 0.0f, n >= 2 ? 1.0f : 0.0f,
                                          n >= 3 ? 1.0f : 0.0f, extra};
        t[kOneHot][std::size_t(n)] = {n == 1 ? 1.0f : 0.0f, n == 2 ? 1.0f : 0.0f,
                                      n >= 3 ? 1.0f : 0.0f, extra};
        t[kHalf][std::size_t(n)] = {float(n) * 0.5f, 0.0f, 0.0f, 0.0f};
        t[kFifteenth][std::size_t(n)] = {float(n) / 15.0f, 0.0f, 0.0f, 0.0f};
    }
    return t;
}();

// Writes the four indices first + the four 16-bit lanes of `offsets` (lowest first) at
// out.index[at] in one store.
inline void four_indices(SparseInputs& out, std::size_t at, int first, std::uint64_t offsets) {
    const std::uint64_t four = std::uint64_t(first) * 0x0001000100010001ull + offsets;
    std::memcpy(&out.index[at], &four, sizeof four);
}

constexpr std::uint64_t kConsecutive = 0x0003000200010000ull;  // offsets 0, 1, 2, 3

struct Writer {
    SparseInputs& out;
    void put(int index, float value) {
        out.index[std::size_t(out.count)] = std::uint16_t(index);
        out.value[std::size_t(out.count)] = value;
        out.count += value != 0.0f ? 1 : 0;
    }
};

// One side's 98 td198 units from `base`: 4 per point 1..24 (in the summed basis when
// `summed`: see encode_summed), the bar / 2, borne off / 15.
void td_side(SparseInputs& out, const std::int8_t* row, int base, bool summed);

// The inputs from 196 on that depend on the whole board (none for td198 and gnubg200), of the
// board whose rows are `mover` and `opponent` (rows, not a board: those of a swapped board are
// read without making it), into `out`; their count: 22 for tavla218 (contact or race, ten
// features a side), 33 for contact229, 9 for race205 (encoding_contact.cpp, docs/nets.rst).
constexpr int kMostWholeBoard = 33;
constexpr std::array<int, kEncodings> kWholeBoardInputs{0, 0, 22, 33, 9};  // by Encoding
int whole_board_inputs(Encoding encoding, const std::int8_t* mover, const std::int8_t* opponent,
                       float* out);
void contact229_features(const std::int8_t* mover, const std::int8_t* opponent, float* out);
void race205_features(const std::int8_t* mover, const std::int8_t* opponent, float* out);
std::vector<FeatureGroup> contact229_groups();
std::vector<FeatureGroup> race205_groups();

}  // namespace tavla::encoding_detail
