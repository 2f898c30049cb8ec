#include "tavla/position_class.hpp"

#include <array>

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
    int active = 0;
    for (int p = 3; p <= kBar; ++p) active += row[p];
    return active;
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
