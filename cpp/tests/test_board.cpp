// Boards: the validity checks (board_error, its fast twin board_is_valid, the Faults of
// require_valid and require_playable), pip counts and races.
#include "check.hpp"
#include "tavla/rng.hpp"

using tavla::Board;
using tavla::test::board;

namespace {

void the_start() {
    const Board start = board("24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5");
    CHECK(start == Board::initial());
    CHECK(tavla::board_is_valid(start));
    CHECK_EQ(tavla::board_error(start), "");
    CHECK_EQ(tavla::pip_count(start, 0), 167);
    CHECK_EQ(tavla::pip_count(start, 1), 167);
    CHECK(!tavla::is_race(start));
    tavla::require_playable(start);
}

void faults_name_the_rule() {
    Board every_point{};
    for (auto& row : every_point.side) row.fill(15);
    CHECK_FAULT(tavla::require_valid(every_point), "side on roll has 390 checkers, not 15");
    Board sixteen = Board::initial();
    sixteen.side[0][tavla::kOff] = 1;
    CHECK_FAULT(tavla::require_valid(sixteen), "side on roll has 16 checkers, not 15");
    Board negative = Board::initial();
    negative.side[1][3] = -1;
    negative.side[1][6] = 6;
    CHECK_FAULT(tavla::require_valid(negative), "opponent has a negative count (-1) at index 3");
    // The mover's 19 is the opponent's 6.
    CHECK_FAULT(tavla::require_valid(board("19:1 6:14 / 6:15")), "point 19 of the side on roll");
    CHECK_FAULT(tavla::require_valid(board("/")), "both sides have borne off all 15");
    const Board over = board("/ 6:15");
    tavla::require_valid(over);
    CHECK_FAULT(tavla::require_playable(over), "the game is over");
}

void swapping() {
    const Board b = board("bar:1 6:14 / 20:2 1:13");
    Board out = Board::initial();
    b.swapped_into(out);
    CHECK(out == board("20:2 1:13 / bar:1 6:14"));
    CHECK(out == b.swapped());
    CHECK(tavla::board_is_playable(b));
    CHECK(!tavla::board_is_playable(board("6:15 / ")));
}

void races() {
    CHECK(tavla::is_race(board("6:15 / 6:15")));                 // both home: passed
    CHECK(!tavla::is_race(board("bar:1 6:14 / 6:15")));         // a checker still to enter
    CHECK(tavla::is_race(board("18:1 6:14 / 6:15")));            // 18 has passed the 19
    CHECK(!tavla::is_race(board("20:1 6:14 / 6:15")));           // 20 has not
}

// board_is_valid must agree with board_error on anything: near-valid boards (a checker moved,
// a count changed) and raw bytes.
void fast_check_agrees() {
    const std::uint64_t key = tavla::stream_key(1, 2);
    int valid = 0;
    for (std::uint64_t n = 0; n < 200000; ++n) {
        std::uint64_t bits = tavla::draw(key, n);
        auto next = [&bits](int below) {
            const int value = int(bits % std::uint64_t(below));
            bits /= std::uint64_t(below);
            return value;
        };
        Board b{};
        for (int s = 0; s < 2; ++s)
            for (int c = 0; c < tavla::kCheckers; ++c) ++b.side[s][next(tavla::kSlots)];
        if (n % 3 == 1) b.side[next(2)][next(tavla::kSlots)] += std::int8_t(next(3) - 1);
        if (n % 3 == 2) b.side[next(2)][next(tavla::kSlots)] = std::int8_t(next(256) - 128);
        const bool fast = tavla::board_is_valid(b);
        valid += fast;
        if (fast != tavla::board_error(b).empty()) {
            CHECK(fast == tavla::board_error(b).empty());
            break;
        }
    }
    CHECK(valid > 1000);  // both outcomes were tried
}

}  // namespace

int main() {
    the_start();
    faults_name_the_rule();
    swapping();
    races();
    fast_check_agrees();
    return tavla::test::report();
}
