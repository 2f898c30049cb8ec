// encode_swapped_difference (encoding.hpp): the inputs a play changes, seen by the side to play
// next, so that a net sums the first layer of each candidate from that of the position before.
#include <array>
#include <cstring>

#include "encoding_parts.hpp"

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define TAVLA_SSE2_DIFFERENCES
#endif

namespace tavla {
namespace {

using encoding_detail::four_indices;
using encoding_detail::kCumulative;
using encoding_detail::kFifteenth;
using encoding_detail::kHalf;
using encoding_detail::kKinds;
using encoding_detail::kMostWholeBoard;
using encoding_detail::kNone;
using encoding_detail::kOneHot;
using encoding_detail::kUnits;
using encoding_detail::Units;
using encoding_detail::whole_board_inputs;

// The first input and the units of slot `slot` of row `row` of a board (0 the side on roll)
// in a local encoding.
struct SlotUnits {
    int first;
    Units kind;
};

constexpr SlotUnits slot_units(Encoding encoding, int row, int slot) {
    if (encoding == Encoding::kTd198) {
        const int base = 98 * row;
        if (slot == kBar) return {base + 96, kHalf};
        if (slot == kOff) return {base + 97, kFifteenth};
        return {base + 4 * (slot - 1), kCumulative};
    }
    const int base = row == 0 ? 100 : 0;
    if (slot == kOff) return {base, kNone};
    return {base + 4 * (slot - 1), slot == kBar ? kCumulative : kOneHot};
}

// Those of every slot of a row, looked up for each slot a play changes.
using RowUnits = std::array<SlotUnits, kSlots>;

constexpr RowUnits row_units(Encoding encoding, int row) {
    RowUnits units{};
    for (int slot = 0; slot < kSlots; ++slot)
        units[std::size_t(slot)] = slot_units(encoding, row, slot);
    return units;
}

// [gnubg200][row]
constexpr std::array<std::array<RowUnits, 2>, 2> kRowUnits{
    {{row_units(Encoding::kTd198, 0), row_units(Encoding::kTd198, 1)},
     {row_units(Encoding::kGnubg200, 0), row_units(Encoding::kGnubg200, 1)}}};

// The units of a slot that a change of its count changes: their differences (after - before,
// those that are not 0, in the order of the units), the offsets of those units from the
// slot's first input (16-bit lanes, as four_indices takes them), and how many. The lanes past
// `count` are never kept.
struct UnitChanges {
    std::array<float, 4> deltas;
    std::uint64_t offsets;
    std::uint32_t count;
};
using ChangeTable =
    std::array<std::array<std::array<UnitChanges, kCheckers + 1>, kCheckers + 1>, kKinds>;

// [kind][before][after]: looked up, not worked out unit by unit for each changed slot.
constexpr ChangeTable kUnitChanges = [] {
    ChangeTable table{};
    for (std::size_t kind = 0; kind < std::size_t(kKinds); ++kind)
        for (std::size_t before = 0; before <= kCheckers; ++before)
            for (std::size_t after = 0; after <= kCheckers; ++after) {
                UnitChanges& c = table[kind][before][after];
                for (std::size_t u = 0; u < 4; ++u) {
                    const float delta = kUnits[kind][after][u] - kUnits[kind][before][u];
                    if (delta == 0.0f) continue;
                    c.deltas[c.count] = delta;
                    c.offsets |= std::uint64_t(u) << (16 * c.count);
                    ++c.count;
                }
            }
    return table;
}();

// Room for the whole-board inputs of any encoding in whole groups of four, the inputs past an
// encoding's own left 0 (so that their differences are 0).
using WholeBoardInputs = std::array<float, (kMostWholeBoard + 3) / 4 * 4>;

// after[k] - before[k] for k < n (at most kMostWholeBoard) that are not 0, as inputs 196 + k
// appended to out from `count`, in increasing order; the new count. With SSE2, four
// differences at a time, over all of the room, and a bit for each that is not 0.
std::size_t append_differences(const WholeBoardInputs& after, const WholeBoardInputs& before,
                               [[maybe_unused]] int n, SparseInputs& out, std::size_t count) {
#if defined(TAVLA_SSE2_DIFFERENCES)
    WholeBoardInputs deltas;
    std::uint64_t nonzero = 0;
    for (std::size_t k = 0; k < deltas.size(); k += 4) {
        const __m128 delta =
            _mm_sub_ps(_mm_loadu_ps(after.data() + k), _mm_loadu_ps(before.data() + k));
        _mm_storeu_ps(deltas.data() + k, delta);
        nonzero |= std::uint64_t(_mm_movemask_ps(_mm_cmpneq_ps(delta, _mm_setzero_ps()))) << k;
    }
    for (; nonzero != 0; nonzero &= nonzero - 1, ++count) {
        const int k = lowest_bit(nonzero);
        out.index[count] = std::uint16_t(196 + k);
        out.value[count] = deltas[std::size_t(k)];
    }
#else
    for (std::size_t k = 0; k < std::size_t(n); ++k) {
        const float delta = after[k] - before[k];
        out.index[count] = std::uint16_t(196 + k);
        out.value[count] = delta;
        count += delta != 0.0f ? 1 : 0;
    }
#endif
    return count;
}

// The whole-board inputs of to.swapped() minus those of from.swapped(), appended to out from
// `count`. Row 0 of a swapped board is the board's row 1.
std::size_t whole_board_difference(Encoding encoding, const Board& from, const Board& to,
                                   SparseInputs& out, std::size_t count) {
    struct Parent {
        Board board{};  // empty: no valid board is
        WholeBoardInputs inputs{};
    };
    // The plays of a turn (of every roll, for variance reduction) share `from`: its inputs are
    // kept for the next call, one `from` for each encoding, as the members of a net set take
    // turns on a thread.
    thread_local std::array<Parent, kEncodings> parents{};
    Parent& parent = parents[std::size_t(encoding)];
    if (from != parent.board) {
        whole_board_inputs(encoding, from.opponent(), from.mover(), parent.inputs.data());
        parent.board = from;
    }
    WholeBoardInputs inputs{};
    const int n = whole_board_inputs(encoding, to.opponent(), to.mover(), inputs.data());
    return append_differences(inputs, parent.inputs, n, out, count);
}

}  // namespace

bool has_swapped_difference(Encoding) { return true; }

bool encode_swapped_difference(Encoding encoding, const Board& from, const Board& to,
                               SparseInputs& out) {
    // The points, bar and borne off of tavla218, contact229 and race205 are td198's units, their
    // other inputs whole-board (left room at the end).
    const int whole_board = encoding_detail::kWholeBoardInputs[std::size_t(encoding)];
    const std::size_t room = std::size_t(kMaxNonzero - whole_board);
    out.count = 0;
    std::size_t count = 0;
    for (int r = 0; r < 2; ++r) {
        // Row r of the swapped boards.
        const std::int8_t* a = from.side[std::size_t(1 - r)].data();
        const std::int8_t* b = to.side[std::size_t(1 - r)].data();
        const RowUnits& slots = kRowUnits[encoding == Encoding::kGnubg200][std::size_t(r)];
        // Bit s set: slot s differs (the exclusive or of two counts is at most 15).
        std::uint32_t changed = 0;
        for (int word = 0; word < 3; ++word)
            changed |= at_least(eight_counts(a + 8 * word, false) ^ eight_counts(b + 8 * word, false),
                                1)
                       << (8 * word);
        changed |= std::uint32_t(a[24] != b[24]) << 24 | std::uint32_t(a[kBar] != b[kBar]) << kBar;
        for (; changed != 0; changed &= changed - 1) {
            if (count + 4 > room) return false;
            const int slot = lowest_bit(changed);
            const SlotUnits& units = slots[std::size_t(slot)];
            const UnitChanges& c =
                kUnitChanges[units.kind][std::size_t(a[slot])][std::size_t(b[slot])];
            std::memcpy(&out.value[count], c.deltas.data(), sizeof c.deltas);
            four_indices(out, count, units.first, c.offsets);
            count += c.count;
        }
    }
    if (whole_board > 0) count = whole_board_difference(encoding, from, to, out, count);
    out.count = int(count);
    return true;
}

}  // namespace tavla
