// Position classes (docs/nets.rst "Position classes"): which kind of position a board is, so that
// a net set (net_set.hpp) can judge each kind with a net of its own, as GNU Backgammon does with
// its contact, crashed and race nets.
//
//   bearoff  both sides have every checker home (points 1..6) or borne off: no checker can be hit
//            again, and the bear-off database (bearoff.hpp) answers, exactly in its two-sided
//            table and by the one-sided race approximation beyond it;
//   race     any other position where no checker of one side still has to pass one of the other;
//   crashed  a contact position where a side has at most `crashed_checkers` active checkers: on
//            the bar or on its points 3..24. Checkers piled on a side's 1 and 2 points, or borne
//            off, can no longer build points in front of the opponent's checkers, so the side has
//            little left to play with (its board has crashed);
//   contact  every other position.
#pragma once

#include <cstdint>
#include <string>

#include "tavla/board.hpp"

namespace tavla {

enum class PositionClass : int { kContact = 0, kCrashed, kRace, kBearoff };
constexpr int kPositionClasses = 4;

constexpr int kDefaultCrashedCheckers = 6;

// "contact", "crashed", "race", "bearoff".
const char* position_class_name(PositionClass c);

// The class of that name; a Fault naming the known ones otherwise.
PositionClass position_class_named(const std::string& name);

// The checkers of a side (a board row) on its bar and its points 3..24.
int active_checkers(const std::int8_t* row);

struct Classifier {
    int crashed_checkers = kDefaultCrashedCheckers;

    // A Fault unless crashed_checkers is 0..15.
    void check() const;

    // The class of a valid board (seen from the side on roll; the classes do not depend on which
    // side that is).
    PositionClass classify(const Board& board) const;
};

}  // namespace tavla
