// What the encoders of encoding.cpp and encoding_contact.cpp share: writing sparse inputs, and
// td198's units of one side, which the contact and race encodings start from.
#pragma once

#include <cstdint>
#include <vector>

#include "tavla/encoding.hpp"

namespace tavla::encoding_detail {

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

// contact229 and race205 (encoding_contact.cpp, docs/nets.rst).
void contact229(Writer& w, const Board& board, bool summed);
void race205(Writer& w, const Board& board, bool summed);
std::vector<FeatureGroup> contact229_groups();
std::vector<FeatureGroup> race205_groups();

}  // namespace tavla::encoding_detail
