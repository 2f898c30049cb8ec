// pubeval's score of a play from the points it changed (PubevalScorer::score_change) is the
// whole score less that of the position before the play, on the positions of random games,
// hits, bear-offs and wins among them; it is, bit for bit, the sum the scorer once made term
// by term (each changed point's table entry less its entry before, in increasing order, after
// the bar's and off's terms), so that it ranks the plays as it always did; and best_changes
// keeps the plays that sum ranks highest, the first on a tie.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <utility>
#include <vector>

#include "check.hpp"
#include "tavla/movegen.hpp"
#include "tavla/pubeval.hpp"

using tavla::Board;
using tavla::kBar;
using tavla::kCheckers;
using tavla::kOff;
using tavla::kPoints;

namespace {

// score_change as it was first written: the signed count of every point compared, and the
// point's term looked up from the weights folded the same way.
class Reference {
public:
    Reference() {
        const std::array<const std::array<double, tavla::kPubevalInputs>*, 2> weights = {
            &tavla::kPubevalContactWeights, &tavla::kPubevalRaceWeights};
        for (int race = 0; race < 2; ++race) {
            const auto& w = *weights[std::size_t(race)];
            for (int p = 1; p <= kPoints; ++p)
                for (int n = -kCheckers; n <= kCheckers; ++n) {
                    const std::array<double, 5> inputs = {
                        n == -1 ? 1.0 : 0.0, n == 1 ? 1.0 : 0.0, n >= 2 ? 1.0 : 0.0,
                        n == 3 ? 1.0 : 0.0, n >= 4 ? (n - 3) / 2.0 : 0.0};
                    double sum = 0.0;
                    for (int k = 0; k < 5; ++k)
                        sum += w[std::size_t(5 * (kPoints - p) + k)] * inputs[std::size_t(k)];
                    table_[race][p][n + kCheckers] = sum;
                }
            bar_[race] = w[120] / 2.0;
            off_[race] = w[121] / 15.0;
        }
    }

    double change(const Board& was, const Board& after, bool race) const {
        if (after.side[0][kOff] == kCheckers) return tavla::kPubevalWin;
        double change = bar_[race] * (after.side[1][kBar] - was.side[1][kBar]) +
                        off_[race] * (after.side[0][kOff] - was.side[0][kOff]);
        for (int p = 1; p <= kPoints; ++p)
            if (signed_count(after, p) != signed_count(was, p))
                change += table_[race][p][signed_count(after, p) + kCheckers] -
                          table_[race][p][signed_count(was, p) + kCheckers];
        return change;
    }

private:
    static int signed_count(const Board& b, int p) { return b.side[0][p] - b.side[1][kBar - p]; }

    double table_[2][kPoints + 1][2 * kCheckers + 1];
    double bar_[2], off_[2];
};

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

int main() {
    const tavla::PubevalScorer scorer;
    const Reference reference;
    tavla::MoveGenerator generator;
    std::mt19937 random(7);
    std::uniform_int_distribution<int> die(1, 6);
    int plays = 0, wins = 0, hits = 0, ranked = 0;
    std::vector<std::pair<double, int>> sorted;
    std::vector<int> best;
    for (int game = 0; game < 200; ++game) {
        Board board = Board::initial();
        for (;;) {
            const int count = generator.generate(board, die(random), die(random));
            const bool race = tavla::is_race(board);
            const double before = scorer.score(board, race);
            const tavla::PubevalScorer::Before was = scorer.before(board, race);
            sorted.clear();
            for (int i = 0; i < count; ++i) {
                const Board& after = generator.play(i).result;
                const double change = scorer.score_change(was, after);
                CHECK(same_bits(change, reference.change(board, after, race)));
                if (after.mover()[kOff] == kCheckers) {
                    CHECK_EQ(change, tavla::kPubevalWin);
                    ++wins;
                } else {
                    CHECK(std::fabs(scorer.score(after, race) - before - change) < 1e-9);
                }
                if (after.opponent()[kBar] != board.opponent()[kBar]) ++hits;
                sorted.emplace_back(-change, i);
                ++plays;
            }
            std::sort(sorted.begin(), sorted.end());
            for (const int keep : {1, 2, 4, 5, 20}) {
                if (keep > count) continue;
                best.assign(std::size_t(keep), -1);
                scorer.best_changes(was, &generator.play(0), count, keep, best.data());
                for (int k = 0; k < keep; ++k)
                    CHECK_EQ(best[std::size_t(k)], sorted[std::size_t(k)].second);
                ++ranked;
            }
            const Board& made = generator.play(int(random() % unsigned(count))).result;
            if (made.mover()[kOff] == kCheckers) break;
            board = made.swapped();
        }
    }
    CHECK(plays > 100000 && wins > 100 && hits > 1000 && ranked > 10000);
    return tavla::test::report();
}
