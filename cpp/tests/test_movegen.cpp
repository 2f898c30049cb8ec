// Legal plays (R7-R13) in positions whose plays can be counted by hand.
#include <memory>
#include <random>
#include <vector>

#include "check.hpp"
#include "tavla/movegen.hpp"

using tavla::Board;
using tavla::MoveGenerator;
using tavla::test::board;

namespace {

const Board kStart = board("24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5");

// The index of the play that leads to `result`, or -1.
int find_result(const MoveGenerator& gen, const Board& result) {
    for (int i = 0; i < gen.count(); ++i)
        if (gen.play(i).result == result) return i;
    return -1;
}

bool all_distinct(const MoveGenerator& gen) {
    for (int i = 0; i < gen.count(); ++i)
        for (int j = i + 1; j < gen.count(); ++j)
            if (gen.play(i).result == gen.play(j).result) return false;
    return true;
}

void opening_three_one(MoveGenerator& gen) {
    CHECK_EQ(gen.generate(kStart, 3, 1), 16);
    CHECK(all_distinct(gen));
    // 8/5 6/5, the classic: the results stay seen from the mover.
    const int best = find_result(gen, board("24:2 13:5 8:2 6:4 5:2 / 24:2 13:5 8:3 6:5"));
    CHECK(best >= 0);
    if (best >= 0) {
        CHECK_EQ(int(gen.play(best).n_moves), 2);
        CHECK_EQ(int(gen.play(best).hit_mask), 0);
    }
    CHECK_EQ(gen.generate(kStart, 1, 3), 16);  // the order of the dice does not matter
}

void bar_against_closed_board(MoveGenerator& gen) {
    const Board closed = board("bar:1 1:14 / 1:2 2:2 3:2 4:2 5:2 6:2 8:3");
    for (int d1 = 1; d1 <= 6; ++d1) {
        for (int d2 = 1; d2 <= 6; ++d2) {
            CHECK_EQ(gen.generate(closed, d1, d2), 1);  // only the pass
            CHECK_EQ(int(gen.play(0).n_moves), 0);
            CHECK(gen.play(0).result == closed);
        }
    }
    CHECK(tavla::single_move_fault(closed, tavla::kBar, 3) != nullptr);
    CHECK(tavla::single_move_fault(closed, 1, 1) != nullptr);  // the bar enters first
}

void bar_with_one_open_point(MoveGenerator& gen) {
    // The opponent's 6-point (the mover's 19) is the only way in.
    const Board b = board("bar:1 1:14 / 1:2 2:2 3:2 4:2 5:2 8:5");
    CHECK_EQ(gen.generate(b, 6, 1), 1);  // bar/19/18
    CHECK(gen.play(0).result == board("18:1 1:14 / 1:2 2:2 3:2 4:2 5:2 8:5"));
    CHECK_EQ(gen.generate(b, 5, 2), 1);  // nothing enters: the pass
    CHECK_EQ(int(gen.play(0).n_moves), 0);
    CHECK_EQ(gen.generate(b, 6, 6), 1);  // bar/19/13/7/1, all four sixes
    CHECK_EQ(int(gen.play(0).n_moves), 4);
    CHECK(gen.play(0).result == board("1:15 / 1:2 2:2 3:2 4:2 5:2 8:5"));
}

void bear_off_with_larger_die(MoveGenerator& gen) {
    // The opponent keeps off the mover's 1 (its own 24).
    const Board b = board("3:1 2:1 / 13:5 8:5 6:5");
    CHECK_EQ(gen.generate(b, 6, 5), 1);  // both off, from the highest point each time
    CHECK_EQ(int(gen.play(0).result.side[0][tavla::kOff]), 15);
    // 6-1: 3/off 2/1 or 3/2 2/off: a checker left on 1 or on 2.
    CHECK_EQ(gen.generate(b, 6, 1), 2);
    CHECK(find_result(gen, board("1:1 / 13:5 8:5 6:5")) >= 0);
    CHECK(find_result(gen, board("2:1 / 13:5 8:5 6:5")) >= 0);
    // A larger die bears off only from the highest point (R13).
    CHECK(tavla::single_move_fault(b, 2, 6) != nullptr);
    CHECK(tavla::single_move_fault(b, 3, 6) == nullptr);
    // Not all home: no bearing off.
    CHECK(tavla::single_move_fault(board("7:1 3:1 / 13:5 8:5 6:5"), 3, 3) != nullptr);
}

void larger_die_when_only_one_can_be_played(MoveGenerator& gen) {
    // The runner on 24 can move 6 (to 18) or 5 (to 19) but not both: the 13 is blocked, and
    // the checkers on 1 cannot bear off while it is out. R9: the larger die.
    const Board b = board("24:1 1:14 / 12:2 13:13");
    CHECK_EQ(gen.generate(b, 6, 5), 1);
    CHECK(gen.play(0).result == board("18:1 1:14 / 12:2 13:13"));
    CHECK_EQ(gen.generate(b, 5, 6), 1);
    CHECK(gen.play(0).result == board("18:1 1:14 / 12:2 13:13"));
    // With the 18 blocked too, the larger die cannot be played: the smaller one must be.
    const Board six_blocked = board("24:1 1:14 / 12:2 7:2 13:11");
    CHECK_EQ(gen.generate(six_blocked, 6, 5), 1);
    CHECK(gen.play(0).result == board("19:1 1:14 / 12:2 7:2 13:11"));
}

void hits(MoveGenerator& gen) {
    // A blot on the mover's 5 (the opponent's 20): 8/5* 8/7, 8/5*/4 and 8/7/4.
    const Board b = board("8:15 / 20:1 24:14");
    CHECK_EQ(gen.generate(b, 3, 1), 3);
    const int split = find_result(gen, board("8:13 7:1 5:1 / bar:1 24:14"));
    const int hit_on = find_result(gen, board("8:14 4:1 / bar:1 24:14"));
    const int around = find_result(gen, board("8:14 4:1 / 20:1 24:14"));
    CHECK(split >= 0 && hit_on >= 0 && around >= 0);
    if (split >= 0 && hit_on >= 0 && around >= 0) {
        CHECK(gen.play(split).hit_mask != 0);
        CHECK(gen.play(hit_on).hit_mask != 0);
        CHECK_EQ(int(gen.play(around).hit_mask), 0);
    }
}

// generate_results(), both ways, gives generate()'s results in its order, over the turns of
// random games (a second generator, so that nothing left from generate() can pass for them).
void results_alone_match_the_plays(MoveGenerator& gen) {
    auto alone = std::make_unique<MoveGenerator>();
    std::vector<Board> swapped(MoveGenerator::kCapacity);
    std::mt19937 random(19);
    std::uniform_int_distribution<int> die(1, 6);
    int turns = 0, mismatches = 0;
    for (int game = 0; game < 20; ++game) {
        Board b = Board::initial();
        using tavla::kCheckers, tavla::kOff;
        while (b.mover()[kOff] != kCheckers && b.opponent()[kOff] != kCheckers) {
            const int d1 = die(random), d2 = die(random);
            const int count = gen.generate(b, d1, d2);
            mismatches += alone->generate_results(b, d1, d2) != count;
            mismatches += alone->generate_results(b, d1, d2, swapped.data()) != count;
            for (int i = 0; i < count; ++i) {
                mismatches += alone->play(i).result != gen.play(i).result;
                mismatches += swapped[std::size_t(i)] != gen.play(i).result.swapped();
            }
            b = gen.play(int(random() % unsigned(count))).result.swapped();
            ++turns;
        }
    }
    CHECK(turns > 1000);
    CHECK_EQ(mismatches, 0);
}

// generate_results(board, d1, d2, out) checks the boards it reads: -1, and nothing written,
// exactly where board_is_playable() says no, over boards of random games with one count
// changed (to any value, negative ones included) or a side's checkers all borne off.
void results_check_their_boards() {
    auto gen = std::make_unique<MoveGenerator>();
    std::vector<Board> out(MoveGenerator::kCapacity);
    std::mt19937 random(23);
    std::uniform_int_distribution<int> die(1, 6), slot(0, tavla::kSlots - 1), count(-128, 127);
    int refused = 0, played = 0, disagreements = 0;
    for (int game = 0; game < 20; ++game) {
        Board b = Board::initial();
        using tavla::kCheckers, tavla::kOff;
        while (b.mover()[kOff] != kCheckers && b.opponent()[kOff] != kCheckers) {
            const int d1 = die(random), d2 = die(random);
            Board changed = b;
            auto& row = changed.side[random() % 2];
            std::int8_t& one = row[std::size_t(slot(random))];
            switch (random() % 4) {
                case 0: one = std::int8_t(count(random)); break;
                case 1: ++one; break;
                case 2: --one; break;
                default: row = {kCheckers}; break;  // all borne off
            }
            for (const Board& board : {b, changed}) {
                out[0] = Board::initial();
                const int found = gen->generate_results(board, d1, d2, out.data());
                const bool playable = tavla::board_is_playable(board);
                disagreements += (found >= 1) != playable;
                disagreements += found < 0 && out[0] != Board::initial();
                (playable ? played : refused) += 1;
            }
            const int plays = gen->generate_results(b, d1, d2, out.data());
            b = out[std::size_t(random() % unsigned(plays))];
        }
    }
    CHECK(refused > 1000);
    CHECK(played > 1000);
    CHECK_EQ(disagreements, 0);
}

}  // namespace

int main() {
    auto gen = std::make_unique<MoveGenerator>();
    opening_three_one(*gen);
    bar_against_closed_board(*gen);
    bar_with_one_open_point(*gen);
    bear_off_with_larger_die(*gen);
    larger_die_when_only_one_can_be_played(*gen);
    hits(*gen);
    results_alone_match_the_plays(*gen);
    results_check_their_boards();
    return tavla::test::report();
}
