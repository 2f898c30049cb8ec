// pubeval's score of a play from the points it changed (PubevalScorer::score_change) is the
// whole score less that of the position before the play, on the positions of random games,
// hits, bear-offs and wins among them.
#include <cmath>
#include <random>

#include "check.hpp"
#include "tavla/movegen.hpp"
#include "tavla/pubeval.hpp"

using tavla::Board;

int main() {
    const tavla::PubevalScorer scorer;
    tavla::MoveGenerator generator;
    std::mt19937 random(7);
    std::uniform_int_distribution<int> die(1, 6);
    int plays = 0, wins = 0;
    for (int game = 0; game < 200; ++game) {
        Board board = Board::initial();
        for (;;) {
            const int count = generator.generate(board, die(random), die(random));
            const bool race = tavla::is_race(board);
            const double before = scorer.score(board, race);
            for (int i = 0; i < count; ++i) {
                const Board& after = generator.play(i).result;
                const double change = scorer.score_change(scorer.before(board, race), after);
                if (after.mover()[tavla::kOff] == tavla::kCheckers) {
                    CHECK_EQ(change, tavla::kPubevalWin);
                    ++wins;
                } else {
                    CHECK(std::fabs(scorer.score(after, race) - before - change) < 1e-9);
                }
                ++plays;
            }
            const Board& made = generator.play(int(random() % unsigned(count))).result;
            if (made.mover()[tavla::kOff] == tavla::kCheckers) break;
            board = made.swapped();
        }
    }
    CHECK(plays > 100000 && wins > 100);
    return tavla::test::report();
}
