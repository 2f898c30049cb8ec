#include "tavla/position_class.hpp"

#include <array>

#include "tavla/bits.hpp"
#include "tavla/evaluator.hpp"
#include "tavla/fault.hpp"

namespace tavla {
namespace {

constexpr std::array<const char*, kPositionClasses> kNames{"contact", "crashed", "race",
                                                           "bearoff"};

}  // namespace

const char* position_class_name(PositionClass c) { return kNames[std::size_t(c)]; }

PositionClass position_class_named(const std::string& name) {
    for (int c = 0; c < kPositionClasses; ++c)
        if (name == kNames[std::size_t(c)]) return PositionClass(c);
    throw Fault("unknown position class " + quoted(name) +
                " (known: contact, crashed, race, bearoff)");
}

int active_checkers(const std::int8_t* row) {
    // The counts of points 2..25 as three words of eight, added bytewise (15 checkers at most:
    // no byte carries); point 2 is then taken off.
    const std::uint64_t counts = eight_counts(row + 2, false) + eight_counts(row + 10, false) +
                                 eight_counts(row + 18, false);
    return int(byte_sum(counts)) - row[2];
}

void Classifier::check() const {
    if (crashed_checkers < 0 || crashed_checkers > kCheckers)
        throw Fault("crashed_checkers must be 0..15, got " + std::to_string(crashed_checkers));
}

PositionClass Classifier::classify(const Board& board) const {
    if (side_is_home(board.mover()) && side_is_home(board.opponent()))
        return PositionClass::kBearoff;
    if (is_race(board)) return PositionClass::kRace;
    if (active_checkers(board.mover()) <= crashed_checkers ||
        active_checkers(board.opponent()) <= crashed_checkers)
        return PositionClass::kCrashed;
    return PositionClass::kContact;
}

}  // namespace tavla
