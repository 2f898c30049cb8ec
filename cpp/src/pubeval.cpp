#include "tavla/pubeval.hpp"

#include "tavla/bits.hpp"

namespace tavla {
namespace {

// Signed count on the mover's point p: its checkers positive, the opponent's negative (the
// opponent counts the same point as 25 - p; a valid board never has both on one point).
inline int signed_count(const Board& b, int p) { return b.side[0][p] - b.side[1][kBar - p]; }

// Inputs 5b..5b+4 of a point holding signed count n.
std::array<double, 5> point_inputs(int n) {
    return {n == -1 ? 1.0 : 0.0, n == 1 ? 1.0 : 0.0, n >= 2 ? 1.0 : 0.0, n == 3 ? 1.0 : 0.0,
            n >= 4 ? (n - 3) / 2.0 : 0.0};
}

}  // namespace

std::array<double, kPubevalInputs> pubeval_inputs(const Board& after) {
    std::array<double, kPubevalInputs> x{};
    for (int b = 0; b < kPoints; ++b) {
        const auto inputs = point_inputs(signed_count(after, kPoints - b));
        for (int k = 0; k < 5; ++k) x[5 * b + k] = inputs[k];
    }
    x[120] = after.side[1][kBar] / 2.0;
    x[121] = after.side[0][kOff] / 15.0;
    return x;
}

PubevalScorer::PubevalScorer() {
    const std::array<const std::array<double, kPubevalInputs>*, 2> weights = {
        &kPubevalContactWeights, &kPubevalRaceWeights};
    for (int race = 0; race < 2; ++race) {
        const auto& w = *weights[race];
        for (int p = 1; p <= kPoints; ++p) {
            const int b = kPoints - p;
            for (int n = -kCheckers; n <= kCheckers; ++n) {
                const auto inputs = point_inputs(n);
                double sum = 0.0;
                for (int k = 0; k < 5; ++k) sum += w[5 * b + k] * inputs[k];
                table_[race][p][n + kCheckers] = sum;
            }
        }
        bar_weight_[race] = w[120] / 2.0;
        off_weight_[race] = w[121] / 15.0;
    }
}

double PubevalScorer::score(const Board& after, bool race) const {
    if (after.side[0][kOff] == kCheckers) return kPubevalWin;
    const auto& table = table_[race];
    double sum = bar_weight_[race] * after.side[1][kBar] + off_weight_[race] * after.side[0][kOff];
    for (int p = 1; p <= kPoints; ++p) sum += table[p][signed_count(after, p) + kCheckers];
    return sum;
}

PubevalScorer::Before PubevalScorer::before(const Board& board, bool race) const {
    Before b{board, race, {}};
    for (int p = 1; p <= kPoints; ++p)
        b.values[std::size_t(p)] = table_[race][p][signed_count(board, p) + kCheckers];
    return b;
}

double PubevalScorer::score_change(const Before& before, const Board& after) const {
    if (after.side[0][kOff] == kCheckers) return kPubevalWin;
    const Board& was = before.board;
    const int race = before.race;
    const auto& table = table_[race];
    double change = bar_weight_[race] * (after.side[1][kBar] - was.side[1][kBar]) +
                    off_weight_[race] * (after.side[0][kOff] - was.side[0][kOff]);
    // Bit p - 1: the mover's point p changed, in the mover's count or in the opponent's: a hit,
    // perhaps by a checker that moved on, which the opponent's bar shows. The opponent's points
    // 24..17 read in reverse are the mover's 1..8.
    const bool hit = after.side[1][kBar] != was.side[1][kBar];
    std::uint32_t changed = 0;
    for (int word = 0; word < 3; ++word) {
        const std::size_t mine = std::size_t(1 + 8 * word), theirs = std::size_t(17 - 8 * word);
        std::uint64_t moved = eight_counts(&was.side[0][mine], false) ^
                              eight_counts(&after.side[0][mine], false);
        if (hit)
            moved |= eight_counts(&was.side[1][theirs], true) ^
                     eight_counts(&after.side[1][theirs], true);
        changed |= at_least(moved, 1) << (8 * word);
    }
    for (; changed != 0; changed &= changed - 1) {
        const int p = lowest_bit(changed) + 1;
        change += table[p][signed_count(after, p) + kCheckers] - before.values[std::size_t(p)];
    }
    return change;
}

}  // namespace tavla
