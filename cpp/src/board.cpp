#include "tavla/board.hpp"

#include "tavla/fault.hpp"

namespace tavla {

Board Board::initial() {
    Board b;
    for (auto& row : b.side) {
        row[24] = 2;
        row[13] = 5;
        row[8] = 3;
        row[6] = 5;
    }
    return b;
}

bool board_is_valid(const Board& b) {
    // No branch per slot. Sums and masks are only exact without negative counts, and count
    // for nothing otherwise.
    unsigned negative = 0;
    unsigned total[2] = {0, 0};
    for (int i = 0; i < kSlots; ++i) {
        negative |= std::uint8_t(b.side[0][i]) | std::uint8_t(b.side[1][i]);
        total[0] += std::uint8_t(b.side[0][i]);
        total[1] += std::uint8_t(b.side[1][i]);
    }
    // The mover's points p..p+7 against the opponent's 25-p down to 18-p (the same points).
    std::uint32_t shared = 0;
    for (int p = 1; p < kBar; p += 8)
        shared |= at_least(eight_counts(b.mover() + p, false), 1) &
                  at_least(eight_counts(b.opponent() + kBar - p - 7, true), 1);
    const bool both_off = b.side[0][kOff] == kCheckers && b.side[1][kOff] == kCheckers;
    return (negative & 0x80) == 0 && total[0] == kCheckers && total[1] == kCheckers &&
           !both_off && shared == 0;
}

std::string board_error(const Board& b) {
    if (board_is_valid(b)) return {};
    static const char* const kSideName[2] = {"side on roll", "opponent"};
    for (int s = 0; s < 2; ++s) {
        int total = 0;
        for (int i = 0; i < kSlots; ++i) {
            const int n = b.side[s][i];
            if (n < 0)
                return std::string(kSideName[s]) + " has a negative count (" +
                       std::to_string(n) + ") at index " + std::to_string(i);
            total += n;
        }
        if (total != kCheckers)
            return std::string(kSideName[s]) + " has " + std::to_string(total) +
                   " checkers, not 15";
    }
    if (b.side[0][kOff] == kCheckers && b.side[1][kOff] == kCheckers)
        return "both sides have borne off all 15 checkers: only one side can win";
    for (int p = 1; p <= kPoints; ++p) {
        if (b.side[0][p] > 0 && b.side[1][kBar - p] > 0)
            return "point " + std::to_string(p) + " of the side on roll (the opponent's " +
                   std::to_string(kBar - p) + ") is held by both sides";
    }
    return {};
}

std::string playable_board_error(const Board& b) {
    std::string fault = board_error(b);
    if (fault.empty() && b.side[0][kOff] == kCheckers)
        fault = "the game is over (the side on roll has borne off all 15)";
    if (fault.empty() && b.side[1][kOff] == kCheckers)
        fault = "the game is over (the opponent has borne off all 15)";
    return fault;
}

bool board_is_playable(const Board& b) {
    return board_is_valid(b) && b.side[0][kOff] != kCheckers && b.side[1][kOff] != kCheckers;
}

void require_valid(const Board& b) {
    if (!board_is_valid(b)) throw Fault(FaultKind::Board, board_error(b));
}

void require_playable(const Board& b) {
    if (!board_is_playable(b)) throw Fault(FaultKind::Board, playable_board_error(b));
}

int pip_count(const Board& b, int side) {
    int pips = 0;
    for (int i = 1; i < kSlots; ++i) pips += i * b.side[side][i];
    return pips;
}

bool is_race(const Board& b) { return is_race(b.mover(), b.opponent()); }

bool is_race(const std::int8_t* mover, const std::int8_t* opponent) {
    // The mover's rearmost checker (highest point) must be past the opponent's rearmost one.
    const int mover_back = highest_point(mover);
    const int opponent_back = highest_point(opponent);
    if (mover_back == 0 || opponent_back == 0) return true;
    // Opponent's point q is the mover's point 25 - q.
    return mover_back < kBar - opponent_back;
}

}  // namespace tavla
