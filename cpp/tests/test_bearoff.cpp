// Bear-off databases: the index of home boards is a bijection in the order the tables need
// (fewer checkers first), one-checker distributions counted by hand, the evaluator's reach
// (applies, exact) and the tables' checks.
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

void bad_tables_are_refused() {
    tavla::BearoffTables tables = tavla::build_bearoff_tables(0);
    for (int n = 0; n < tables.max_rolls; ++n)
        tables.off[5 * std::size_t(tables.max_rolls) + std::size_t(n)] *= 0.5;
    CHECK_FAULT(tavla::BearoffDatabase{tables}, "distribution of board 5 sums to");
    CHECK_FAULT(tavla::build_bearoff_tables(11), "0 to 10 checkers");
}

}  // namespace

int main() {
    the_index_is_a_bijection();
    one_checker_by_hand();
    bad_tables_are_refused();
    return tavla::test::report();
}
