// Positions for the scenario tests: those of games from the start, played at random or by
// pubeval (which makes the points, primes and anchors of real games).
#pragma once

#include <random>

#include "tavla/board.hpp"
#include "tavla/movegen.hpp"
#include "tavla/pubeval.hpp"

namespace tavla::test {

// Plays `games` games on the dice of `seed`, each turn's play chosen at random or, when
// `by_pubeval`, the one pubeval scores highest; calls visit(board, generator) at each turn
// with the position on roll and the generator holding the plays of its roll.
template <typename Visit>
void play_games(int games, bool by_pubeval, unsigned seed, Visit visit) {
    const PubevalScorer scorer;
    MoveGenerator generator;
    std::mt19937 random(seed);
    std::uniform_int_distribution<int> die(1, 6);
    for (int game = 0; game < games; ++game) {
        Board board = Board::initial();
        for (;;) {
            const int count = generator.generate(board, die(random), die(random));
            visit(static_cast<const Board&>(board), static_cast<const MoveGenerator&>(generator));
            int chosen = int(random() % unsigned(count));
            if (by_pubeval) {
                const bool race = is_race(board);
                double best = -1e300;
                for (int i = 0; i < count; ++i) {
                    const double score = scorer.score(generator.play(i).result, race);
                    if (score > best) {
                        best = score;
                        chosen = i;
                    }
                }
            }
            const Board& made = generator.play(chosen).result;
            if (made.mover()[kOff] == kCheckers) break;
            board = made.swapped();
        }
    }
}

}  // namespace tavla::test
