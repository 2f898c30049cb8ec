#include "tavla/pubeval.hpp"

#include <vector>

#include "hot_inline.hpp"
#include "tavla/bits.hpp"

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define TAVLA_SSE2_PUBEVAL
#endif

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
        for (int hits = 0; hits <= kMostMoved; ++hits)
            for (int off = 0; off <= kMostMoved; ++off)
                moved_[race][std::size_t(hits * kMovedStride + off)] =
                    bar_weight_[race] * hits + off_weight_[race] * off;
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
    Before b;  // changes[0] is never read: not cleared
    b.board = board;
    b.race = race;
    b.blots = 0;
    for (int p = 1; p <= kPoints; ++p) {
        const auto& row = table_[race][p];
        const double value = row[std::size_t(signed_count(board, p) + kCheckers)];
        auto& changes = b.changes[std::size_t(p)];
        for (std::size_t n = 0; n <= kCheckers; ++n) changes[n] = row[n + kCheckers] - value;
        if (board.side[1][kBar - p] == 1) b.blots |= 1u << p;
    }
    return b;
}

// score_change() of the plays of one position, with all it reads of the position before them
// in locals: inlined into best_changes()' loop, which then holds them in registers.
class PubevalScorer::Changes {
public:
    Changes(const PubevalScorer& scorer, const Before& before)
        : changes_(before.changes[0].data()),
          moved_(scorer.moved_[before.race].data()),
          blots_(before.blots),
          was_moved_(moved_index(before.board)) {
        const std::int8_t* was = before.board.side[0].data();
#if defined(TAVLA_SSE2_PUBEVAL)
        was_low_ = _mm_loadu_si128(reinterpret_cast<const __m128i*>(was));
        was_high_ = _mm_loadu_si128(reinterpret_cast<const __m128i*>(was + kHighStart));
#else
        for (int word = 0; word < 3; ++word)
            was_words_[word] = eight_counts(was + 1 + 8 * word, false);
#endif
    }

    // The bar's and off's change, then each changed point's in increasing order: the sum of
    // the same terms in the same order as score() less the score before, term for term (each
    // point's a table entry less the one before, the difference taken in before()). The
    // points a play changes are those where the mover's count changed and the blots it hit
    // (the opponent loses checkers only to hits); on each of them the opponent has no checker
    // after the play (where the mover's count changed, the opponent had none before or has
    // none now, and it gains none), so the signed count there is the mover's count.
    TAVLA_HOT_INLINE double operator()(const Board& after) const {
        const std::int8_t* now = after.side[0].data();
        if (now[kOff] == kCheckers) return kPubevalWin;
        const unsigned moved = moved_index(after) - was_moved_;
        double change = moved_[moved];
        std::uint32_t changed = changed_points(now);
        if (moved >= kMovedStride)  // a hit
            for (std::uint32_t blots = blots_; blots != 0; blots &= blots - 1) {
                const int p = lowest_bit(blots);
                if (after.side[1][kBar - p] == 0) changed |= 1u << p;
            }
        for (; changed != 0; changed &= changed - 1) {
            const std::size_t p = std::size_t(lowest_bit(changed));
            change += changes_[p * (kCheckers + 1) + std::uint8_t(now[p])];
        }
        return change;
    }

private:
    static constexpr int kHighStart = kSlots - 16;

    // Where moved_ holds the change of a board's opponent's bar and mover's off, less this of
    // the board before.
    static unsigned moved_index(const Board& board) {
        return unsigned(board.side[1][kBar]) * kMovedStride + unsigned(board.side[0][kOff]);
    }

    // Bit p (1..24) set: the mover's count on point p is not what it was.
    TAVLA_HOT_INLINE std::uint32_t changed_points(const std::int8_t* now) const {
        constexpr std::uint32_t kPointBits = (1u << kBar) - 2;
#if defined(TAVLA_SSE2_PUBEVAL)
        const __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i*>(now));
        const __m128i high = _mm_loadu_si128(reinterpret_cast<const __m128i*>(now + kHighStart));
        const std::uint32_t same =
            std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(low, was_low_))) |
            std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(high, was_high_))) << kHighStart;
        return ~same & kPointBits;
#else
        std::uint32_t changed = 0;
        for (int word = 0; word < 3; ++word)
            changed |= at_least(was_words_[word] ^ eight_counts(now + 1 + 8 * word, false), 1)
                       << (1 + 8 * word);
        return changed & kPointBits;
#endif
    }

    const double* changes_;  // [p * 16 + n]: Before::changes[p][n]
    const double* moved_;
    std::uint32_t blots_;
    unsigned was_moved_;
#if defined(TAVLA_SSE2_PUBEVAL)
    __m128i was_low_, was_high_;  // the mover's counts 0..15 and 10..25
#else
    std::uint64_t was_words_[3];  // the mover's points 1..24, eight a word
#endif
};

double PubevalScorer::score_change(const Before& before, const Board& after) const {
    return Changes(*this, before)(after);
}

void PubevalScorer::best_changes(const Before& before, const PlayRecord* plays, int count,
                                 int keep, int* best) const {
    const Changes changes(*this, before);
    // The kept scores, highest first, and the lowest of them once there are `keep`: a later
    // play goes after every kept one of its score (the first on a tie wins).
    constexpr int kLocal = 16;
    double local[kLocal];
    double* scores = local;
    if (keep > kLocal) {
        thread_local std::vector<double> wider;  // grown once, not allocated per call
        if (wider.size() < std::size_t(keep)) wider.resize(std::size_t(keep));
        scores = wider.data();
    }
    int size = 0;
    for (; size < keep && size < count; ++size) {
        const double score = changes(plays[size].result);
        int j = size;
        for (; j > 0 && score > scores[j - 1]; --j) {
            scores[j] = scores[j - 1];
            best[j] = best[j - 1];
        }
        scores[j] = score;
        best[j] = size;
    }
    if (count <= keep) return;
    double lowest = scores[keep - 1];
    for (int i = keep; i < count; ++i) {
        const double score = changes(plays[i].result);
        if (!(score > lowest)) continue;
        int j = keep - 1;
        for (; j > 0 && score > scores[j - 1]; --j) {
            scores[j] = scores[j - 1];
            best[j] = best[j - 1];
        }
        scores[j] = score;
        best[j] = i;
        lowest = scores[keep - 1];
    }
}

}  // namespace tavla
