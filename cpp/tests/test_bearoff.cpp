// Bear-off databases: the index of home boards is a bijection in the order the tables need
// (fewer checkers first), one-checker distributions counted by hand, the evaluator's reach
// (applies, exact), cubeful equities solved by hand and the tables' checks.
#include <cmath>
#include <vector>

#include "check.hpp"
#include "tavla/bearoff.hpp"

using tavla::Board;
using tavla::test::board;

namespace {

void the_index_is_a_bijection() {
    CHECK_EQ(tavla::home_boards(15), tavla::kOneSidedBoards);
    CHECK_EQ(tavla::home_boards(6), 924);
    std::vector<int> seen(tavla::kOneSidedBoards, 0);
    std::int8_t row[tavla::kSlots] = {};
    int boards = 0;
    for (int a = 0; a <= 15; ++a)
        for (int b = 0; a + b <= 15; ++b)
            for (int c = 0; a + b + c <= 15; ++c)
                for (int d = 0; a + b + c + d <= 15; ++d)
                    for (int e = 0; a + b + c + d + e <= 15; ++e)
                        for (int f = 0; a + b + c + d + e + f <= 15; ++f) {
                            const int counts[] = {a, b, c, d, e, f};
                            for (int p = 0; p < 6; ++p) row[p + 1] = std::int8_t(counts[p]);
                            const int index = tavla::home_index(row);
                            CHECK(index >= 0 && index < tavla::kOneSidedBoards);
                            // Boards of at most k checkers come before the others.
                            CHECK(index < tavla::home_boards(a + b + c + d + e + f));
                            CHECK(index >= tavla::home_boards(a + b + c + d + e + f - 1));
                            ++seen[std::size_t(index)];
                            ++boards;
                        }
    CHECK_EQ(boards, tavla::kOneSidedBoards);
    for (const int count : seen) CHECK_EQ(count, 1);
}

bool near(double a, double b) { return std::abs(a - b) < 1e-15; }

void one_checker_by_hand() {
    const tavla::BearoffDatabase database(tavla::build_bearoff_tables(1));
    // From the 6-point 27 rolls of 36 bear the checker off at once; it takes two otherwise.
    const Board six = board("6:1 / 1:1");
    const double* off = database.off_distribution(six.mover());
    CHECK(near(off[0], 0) && near(off[1], 27.0 / 36) && near(off[2], 9.0 / 36));
    tavla::Probabilities p;
    database.evaluate(&six, 1, &p);
    CHECK(near(p[tavla::kWin], 27.0 / 36));
    CHECK(database.exact(six) && database.applies(six));
    const Board two = board("6:2 / 1:1");
    CHECK(database.applies(two) && !database.exact(two));
    CHECK(!database.applies(Board::initial()));
}

// The opponent's two checkers on its 2-point come off with 26 rolls of 36 (all but the 10 with
// a 1 that are not 1-1), and so do the side on roll's; a side that misses leaves one checker on
// its 1-point, sure to come off next roll. Against it, the opponent rolling after a miss has
// no-double equity 2 * 26/36 - 1 = 4/9 in every cube state and doubles from the centre or its
// own cube (the take is worth 8/9 to it, the pass 1): 8/9; with the cube the side on roll's,
// 4/9. So the side on roll has, not doubling, 26/36 - 10/36 * 8/9 = 77/162 with the cube
// centred or the opponent's, 26/36 - 10/36 * 4/9 = 97/162 with its own; it doubles either cube
// to 2 * 77/162 = 77/81 < 1, a take.
void cubeful_by_hand() {
    const tavla::BearoffDatabase database(tavla::build_bearoff_tables(2));
    CHECK(database.cubeful());
    const Board both_off_next = board("1:1 / 1:1");  // the side on roll wins every roll
    for (int s = 0; s < tavla::kCubeStates; ++s) {
        CHECK(near(database.no_double(both_off_next)[s], 1.0));
        CHECK(near(tavla::cubeful_equity(database.no_double(both_off_next), s), 1.0));
    }
    const Board race = board("2:2 / 2:2");
    const double* no_double = database.no_double(race);
    CHECK(near(no_double[tavla::kCentred], 77.0 / 162) && near(no_double[tavla::kOwned], 97.0 / 162));
    CHECK(near(no_double[tavla::kOpponents], 77.0 / 162));
    CHECK(near(tavla::cubeful_equity(no_double, tavla::kCentred), 77.0 / 81));
    CHECK(near(tavla::cubeful_equity(no_double, tavla::kOwned), 77.0 / 81));
    CHECK(near(tavla::cubeful_equity(no_double, tavla::kOpponents), 77.0 / 162));
    // Built without the cubeful table the database has none.
    CHECK(!tavla::BearoffDatabase(tavla::build_bearoff_tables(1, false)).cubeful());
}

void bad_tables_are_refused() {
    tavla::BearoffTables tables = tavla::build_bearoff_tables(0);
    for (int n = 0; n < tables.max_rolls; ++n)
        tables.off[5 * std::size_t(tables.max_rolls) + std::size_t(n)] *= 0.5;
    CHECK_FAULT(tavla::BearoffDatabase{tables}, "distribution of board 5 sums to");
    CHECK_FAULT(tavla::build_bearoff_tables(11), "0 to 10 checkers");
    tavla::BearoffTables cubeful = tavla::build_bearoff_tables(1);
    cubeful.no_double[7] = 1.5;
    CHECK_FAULT(tavla::BearoffDatabase{cubeful}, "equity outside [-1, 1]");
    cubeful.no_double.pop_back();
    CHECK_FAULT(tavla::BearoffDatabase{cubeful}, "cubeful table has 146 entries, not 7 x 7 x 3");
}

}  // namespace

int main() {
    the_index_is_a_bijection();
    one_checker_by_hand();
    cubeful_by_hand();
    bad_tables_are_refused();
    return tavla::test::report();
}
