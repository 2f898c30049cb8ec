// Input encodings of a neural net (docs/nets.rst): how a board, seen from the side on roll,
// becomes the numbers a net reads. Each is computed in sparse form (the inputs that are not
// zero, in increasing order), which the net's first layer reads directly; the dense form is
// that written into zeros.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tavla/board.hpp"

namespace tavla {

enum class Encoding : int { kTd198 = 0, kGnubg200, kTavla218, kContact229, kRace205 };
constexpr int kEncodings = 5;

// Room for the inputs of a board that are not zero: at most 17 td198 units a side (15 for
// the points, the bar, borne off), 19 gnubg200 ones, 56 for tavla218, 67 for contact229 (its
// 33 features), and the encoders write a point's candidate units past the end before counting
// the ones that are not zero. A play's difference (encode_swapped_difference) changes at most
// 13 slots (8 of the mover's points and borne off, 4 hit blots and the bar), 4 units each, and
// contact229's 33 features: 85.
constexpr int kMaxNonzero = 96;

struct SparseInputs {
    int count = 0;
    std::array<std::uint16_t, kMaxNonzero> index;
    std::array<float, kMaxNonzero> value;
};

// The name ("td198", "gnubg200", "tavla218", "contact229", "race205") and input count of an
// encoding.
const char* encoding_name(Encoding encoding);
int encoding_inputs(Encoding encoding);

// The encoding of that name; a Fault naming the known ones otherwise.
Encoding encoding_named(const std::string& name);

// The nonzero inputs of `board` (valid), in increasing index order.
void encode_sparse(Encoding encoding, const Board& board, SparseInputs& out);

// The inputs every board has (td198's unit 196, 1): a net adds them to its biases once.
SparseInputs constant_inputs(Encoding encoding);

// The first inputs of the four-unit point blocks that are cumulative (n >= 1, n >= 2, n >= 3,
// (n - 3) / 2: td198's and tavla218's points). A net keeps the rows r0, r1, r2, r3 of such a
// block as r0, r0 + r1, r0 + r1 + r2, r3, so that a point adds one or two rows, not four.
std::vector<int> summed_blocks(Encoding encoding);

// The nonzero inputs of `board` in that basis, constant_inputs() left out: in each of the
// blocks, the first, second or third unit (1) for a count of 1, 2, or 3 or more, and the
// fourth, (n - 3) / 2, past 3; in increasing index order.
void encode_summed(Encoding encoding, const Board& board, SparseInputs& out);

// Whether each input depends on the count of one slot of the board only (td198, gnubg200;
// not tavla218, contact229 and race205, whose features are of the whole board).
bool encoding_is_local(Encoding encoding);

// Whether encode_swapped_difference() answers for the encoding: every one does (the points of
// tavla218, contact229 and race205 as td198's, their whole-board inputs recomputed).
bool has_swapped_difference(Encoding encoding);

// The inputs of to.swapped() minus those of from.swapped() (both valid) that are not zero, in
// no set order, in the encoding's own basis (not the summed one): what a net evaluating the
// plays from `from` by the opponent's side adds to the sums of from.swapped(). Read from the
// boards as they are, so that no swapped copy just written is read back (a stall). False for
// an encoding without a difference, or when the boards differ in more slots than
// SparseInputs has room for.
bool encode_swapped_difference(Encoding encoding, const Board& from, const Board& to,
                               SparseInputs& out);

// All encoding_inputs(encoding) inputs of `board` (valid) into `out`.
void encode_dense(Encoding encoding, const Board& board, float* out);

// A group of hand-made inputs of an encoding (docs/nets.rst): inputs first .. first + count - 1.
// A net may be trained without a group (its rows of the first layer kept at zero) to measure
// what the group is worth.
struct FeatureGroup {
    const char* name;
    int first;
    int count;
};

// The feature groups of an encoding, in input order (none for td198, gnubg200, tavla218).
std::vector<FeatureGroup> feature_groups(Encoding encoding);

}  // namespace tavla
