#include "tavla/bearoff.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <numeric>
#include <string>

#include "tavla/fault.hpp"
#include "tavla/movegen.hpp"
#include "tavla/stop.hpp"

namespace tavla {
namespace {

constexpr int kMaxRolls = 64;  // room while building; the tables keep only what boards use
constexpr double kOne = 1.0 + 1e-12;  // 1, with room for the rounding of sums

constexpr int binomial(int n, int k) {
    if (k < 0 || n < k) return 0;
    long long r = 1;
    for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
    return int(r);
}

// Ranks of the boards of exactly t checkers: point 6 first, then 5, ..., the count on point 1
// following from the rest. before[q][t][c] counts the boards of exactly t checkers on points
// 1..q whose point q holds fewer than c.
struct Ranks {
    std::array<std::array<std::array<int, kCheckers + 2>, kCheckers + 1>, kHomePoints + 1> before{};

    Ranks() {
        for (int q = 2; q <= kHomePoints; ++q)
            for (int t = 0; t <= kCheckers; ++t)
                for (int c = 1; c <= t + 1; ++c)  // boards of t - (c - 1) checkers on q - 1 points
                    before[q][t][c] = before[q][t][c - 1] + binomial(t - (c - 1) + q - 2, q - 2);
    }
};

const Ranks kRanks;

int total_home(const std::int8_t* row) {
    int total = 0;
    for (int p = 1; p <= kHomePoints; ++p) total += row[p];
    return total;
}

int pips_home(const std::int8_t* row) {
    int pips = 0;
    for (int p = 1; p <= kHomePoints; ++p) pips += p * row[p];
    return pips;
}

// Every home board of at most 15 checkers, by index, as a board row.
std::vector<std::array<std::int8_t, kSlots>> all_home_boards() {
    std::vector<std::array<std::int8_t, kSlots>> boards(kOneSidedBoards);
    std::array<std::int8_t, kSlots> row{};
    const auto fill = [&](auto&& self, int point, int left) -> void {
        if (point > kHomePoints) {
            boards[std::size_t(home_index(row.data()))] = row;
            return;
        }
        for (int c = 0; c <= left; ++c) {
            row[std::size_t(point)] = std::int8_t(c);
            self(self, point + 1, left - c);
        }
        row[std::size_t(point)] = 0;
    };
    fill(fill, 1, kCheckers);
    return boards;
}

// The board a one-sided search moves in: `row` for the mover, the opponent's 15 out of its way
// (on the opponent's 1-point, the mover's 24).
Board one_sided_board(const std::array<std::int8_t, kSlots>& row) {
    Board b;
    b.side[0] = row;
    b.side[0][kOff] = std::int8_t(kCheckers - total_home(row.data()));
    b.opponent()[1] = kCheckers;
    return b;
}

double mean(const double* distribution, int length) {
    double m = 0;
    for (int n = 1; n < length; ++n) m += n * distribution[n];
    return m;
}

// The distributions of one kind (all off, or the first off) for every board, each roll played to
// the result of least expected rolls (the first one generated on a tie). `done(board)` says that a
// board needs no roll at all.
template <typename Done>
std::vector<double> one_sided(const std::vector<std::array<std::int8_t, kSlots>>& boards,
                              const std::vector<int>& by_pips, MoveGenerator& gen, Done done) {
    std::vector<double> table(std::size_t(kOneSidedBoards) * kMaxRolls, 0.0);
    std::vector<double> means(kOneSidedBoards, 0.0);
    for (const int index : by_pips) {
        check_stop();
        double* out = &table[std::size_t(index) * kMaxRolls];
        if (done(boards[std::size_t(index)])) {
            out[0] = 1.0;
            continue;
        }
        const Board board = one_sided_board(boards[std::size_t(index)]);
        for (int d1 = 1; d1 <= 6; ++d1)
            for (int d2 = d1; d2 <= 6; ++d2) {
                const int count = gen.generate(board, d1, d2);
                int best = -1;
                double best_mean = 0;
                for (int i = 0; i < count; ++i) {
                    const int next = home_index(gen.play(i).result.mover());
                    if (best < 0 || means[std::size_t(next)] < best_mean) {
                        best = next;
                        best_mean = means[std::size_t(next)];
                    }
                }
                const double weight = d1 == d2 ? 1.0 : 2.0;  // 2-1 and 1-2 are one play
                const double* from = &table[std::size_t(best) * kMaxRolls];
                if (from[kMaxRolls - 1] != 0.0) throw Fault("a bear-off needs too many rolls");
                for (int n = 0; n + 1 < kMaxRolls; ++n) out[n + 1] += weight * from[n];
            }
        for (int n = 0; n < kMaxRolls; ++n) out[n] /= 36.0;
        means[std::size_t(index)] = mean(out, kMaxRolls);
    }
    return table;
}

// The tables cut to `length` rolls per board.
std::vector<double> cut(const std::vector<double>& table, int length) {
    std::vector<double> out(std::size_t(kOneSidedBoards) * std::size_t(length));
    for (int i = 0; i < kOneSidedBoards; ++i)
        std::copy_n(&table[std::size_t(i) * kMaxRolls], length, &out[std::size_t(i * length)]);
    return out;
}

int used_length(const std::vector<double>& table) {
    int length = 1;
    for (int i = 0; i < kOneSidedBoards; ++i)
        for (int n = kMaxRolls - 1; n >= length; --n)
            if (table[std::size_t(i) * kMaxRolls + std::size_t(n)] != 0.0) {
                length = n + 1;
                break;
            }
    return length;
}

struct TwoSided {
    std::vector<double> win;
    std::vector<double> no_double;
};

// The side on roll's cube state once it has played: the opponent's view of the cube.
constexpr std::array<int, kCubeStates> kAfterPlay = {kCentred, kOpponents, kOwned};

// The two-sided tables for boards of at most `checkers`: the distinct results of every board and
// roll, then the values in order of the two sides' pip total (every play lowers it). Each value
// takes, for each roll, the play best for it: for the win probability, and for the cubeful
// equity in each cube state apart (the best play may depend on the cube).
TwoSided two_sided(const std::vector<std::array<std::int8_t, kSlots>>& boards, int checkers,
                   bool cubeful, MoveGenerator& gen) {
    const int count = home_boards(checkers);
    std::vector<int> first(std::size_t(count) * 21 + 1, 0);
    std::vector<int> results;
    for (int a = 0; a < count; ++a) {
        const Board board = one_sided_board(boards[std::size_t(a)]);
        int roll = 0;
        for (int d1 = 1; d1 <= 6; ++d1)
            for (int d2 = d1; d2 <= 6; ++d2, ++roll) {
                first[std::size_t(a) * 21 + std::size_t(roll)] = int(results.size());
                if (a == 0) continue;
                const int plays = gen.generate(board, d1, d2);
                for (int i = 0; i < plays; ++i)
                    results.push_back(home_index(gen.play(i).result.mover()));
            }
    }
    first.back() = int(results.size());

    const int most_pips = kHomePoints * checkers;
    std::vector<std::vector<int>> by_pips(std::size_t(most_pips) + 1);
    for (int a = 1; a < count; ++a)
        by_pips[std::size_t(pips_home(boards[std::size_t(a)].data()))].push_back(a);

    const std::size_t entries = std::size_t(count) * std::size_t(count);
    TwoSided out{std::vector<double>(entries, 0.0),
                 std::vector<double>(cubeful ? entries * kCubeStates : 0, 0.0)};
    const auto at = [count](int mover, int opponent) {
        return std::size_t(mover) * std::size_t(count) + std::size_t(opponent);
    };
    // The opponent's board outermost: the values read, those of (b, next), are row b's.
    for (int total = 2; total <= 2 * most_pips; ++total)
        for (int pb = std::max(1, total - most_pips); pb <= std::min(most_pips, total - 1); ++pb)
            for (const int b : by_pips[std::size_t(pb)]) {
                check_stop();
                for (const int a : by_pips[std::size_t(total - pb)]) {
                    double win = 0;
                    std::array<double, kCubeStates> equity{};
                    int roll = 0;
                    for (int d1 = 1; d1 <= 6; ++d1)
                        for (int d2 = d1; d2 <= 6; ++d2, ++roll) {
                            double best = 0;
                            std::array<double, kCubeStates> best_equity = {-1.0, -1.0, -1.0};
                            const std::size_t plays = std::size_t(a) * 21 + std::size_t(roll);
                            for (int k = first[plays]; k < first[plays + 1]; ++k) {
                                const int next = results[std::size_t(k)];
                                if (next == 0) {  // the last checker off: won, one unit
                                    best = 1.0;
                                    best_equity = {1.0, 1.0, 1.0};
                                    break;
                                }
                                best = std::max(best, 1.0 - out.win[at(b, next)]);
                                if (!cubeful) continue;
                                const double* theirs = &out.no_double[at(b, next) * kCubeStates];
                                for (int s = 0; s < kCubeStates; ++s)
                                    best_equity[std::size_t(s)] =
                                        std::max(best_equity[std::size_t(s)],
                                                 -cubeful_equity(theirs, kAfterPlay[std::size_t(s)]));
                            }
                            const double weight = d1 == d2 ? 1.0 : 2.0;
                            win += weight * best;
                            for (int s = 0; s < kCubeStates; ++s)
                                equity[std::size_t(s)] += weight * best_equity[std::size_t(s)];
                        }
                    out.win[at(a, b)] = win / 36.0;
                    if (cubeful)
                        for (int s = 0; s < kCubeStates; ++s)
                            out.no_double[at(a, b) * kCubeStates + std::size_t(s)] =
                                equity[std::size_t(s)] / 36.0;
                }
            }
    return out;
}

void check_distributions(const std::vector<double>& table, int length, const char* what) {
    if (table.size() != std::size_t(kOneSidedBoards) * std::size_t(length))
        throw Fault(std::string("the ") + what + " table has " + std::to_string(table.size()) +
                    " entries, not " + std::to_string(kOneSidedBoards) + " x " +
                    std::to_string(length));
    for (int i = 0; i < kOneSidedBoards; ++i) {
        double sum = 0;
        for (int n = 0; n < length; ++n) {
            const double p = table[std::size_t(i) * std::size_t(length) + std::size_t(n)];
            if (!(p >= 0.0 && p <= kOne))
                throw Fault(std::string("the ") + what +
                            " table holds a probability outside [0, 1] at board " +
                            std::to_string(i));
            sum += p;
        }
        if (std::abs(sum - 1.0) > 1e-9)
            throw Fault(std::string("the ") + what + " distribution of board " + std::to_string(i) +
                        " sums to " + std::to_string(sum) + ", not 1");
    }
}

}  // namespace

double cubeful_equity(const double* no_double, int state) {
    if (state == kOpponents) return no_double[kOpponents];
    return std::max(no_double[state], std::min(2.0 * no_double[kOpponents], 1.0));
}

int home_boards(int checkers) {
    return checkers < 0 ? 0 : binomial(checkers + kHomePoints, kHomePoints);
}

int home_index(const std::int8_t* row) {
    int left = total_home(row);
    int index = home_boards(left - 1);
    for (int q = kHomePoints; q >= 2; --q) {
        index += kRanks.before[std::size_t(q)][std::size_t(left)][std::size_t(row[q])];
        left -= row[q];
    }
    return index;
}

BearoffTables build_bearoff_tables(int checkers, bool cubeful) {
    if (checkers < 0 || checkers > kMaxTwoSidedCheckers)
        throw Fault("the two-sided bear-off database holds 0 to " +
                    std::to_string(kMaxTwoSidedCheckers) + " checkers a side, not " +
                    std::to_string(checkers));
    const auto boards = all_home_boards();
    std::vector<int> by_pips(kOneSidedBoards);
    std::iota(by_pips.begin(), by_pips.end(), 0);
    std::stable_sort(by_pips.begin(), by_pips.end(), [&](int a, int b) {
        return pips_home(boards[std::size_t(a)].data()) < pips_home(boards[std::size_t(b)].data());
    });
    auto gen = std::make_unique<MoveGenerator>();
    const auto off = one_sided(boards, by_pips, *gen,
                               [](const auto& row) { return total_home(row.data()) == 0; });
    const auto first = one_sided(
        boards, by_pips, *gen, [](const auto& row) { return total_home(row.data()) < kCheckers; });
    BearoffTables tables;
    tables.max_rolls = std::max(used_length(off), used_length(first));
    tables.off = cut(off, tables.max_rolls);
    tables.first = cut(first, tables.max_rolls);
    tables.checkers = checkers;
    TwoSided two = two_sided(boards, checkers, cubeful, *gen);
    tables.two_sided = std::move(two.win);
    tables.no_double = std::move(two.no_double);
    return tables;
}

BearoffDatabase::BearoffDatabase(BearoffTables tables)
    : tables_(std::move(tables)), two_sided_boards_(home_boards(tables_.checkers)) {
    if (tables_.max_rolls < 1 || tables_.max_rolls > kMaxRolls)
        throw Fault("a bear-off table holds 1 to " + std::to_string(kMaxRolls) +
                    " rolls per board, not " + std::to_string(tables_.max_rolls));
    check_distributions(tables_.off, tables_.max_rolls, "one-sided");
    check_distributions(tables_.first, tables_.max_rolls, "first-checker");
    if (tables_.checkers < 0 || tables_.checkers > kMaxTwoSidedCheckers)
        throw Fault("the two-sided bear-off database holds 0 to " +
                    std::to_string(kMaxTwoSidedCheckers) + " checkers a side, not " +
                    std::to_string(tables_.checkers));
    const std::size_t boards = std::size_t(two_sided_boards_);
    if (tables_.two_sided.size() != boards * boards)
        throw Fault("the two-sided table has " + std::to_string(tables_.two_sided.size()) +
                    " entries, not " + std::to_string(boards) + " x " + std::to_string(boards));
    for (const double p : tables_.two_sided)
        if (!(p >= 0.0 && p <= kOne))
            throw Fault("the two-sided table holds a probability outside [0, 1]");
    if (!tables_.no_double.empty() && tables_.no_double.size() != boards * boards * kCubeStates)
        throw Fault("the cubeful table has " + std::to_string(tables_.no_double.size()) +
                    " entries, not " + std::to_string(boards) + " x " + std::to_string(boards) +
                    " x " + std::to_string(kCubeStates));
    for (const double e : tables_.no_double)
        if (!(e >= -kOne && e <= kOne))
            throw Fault("the cubeful table holds an equity outside [-1, 1]");
}

bool BearoffDatabase::applies(const Board& board) const {
    return side_is_home(board.mover()) && side_is_home(board.opponent());
}

bool BearoffDatabase::exact(const Board& board) const {
    return applies(board) && kCheckers - board.mover()[kOff] <= tables_.checkers &&
           kCheckers - board.opponent()[kOff] <= tables_.checkers;
}

const double* BearoffDatabase::off_distribution(const std::int8_t* row) const {
    return &tables_.off[std::size_t(home_index(row)) * std::size_t(tables_.max_rolls)];
}

const double* BearoffDatabase::first_distribution(const std::int8_t* row) const {
    return &tables_.first[std::size_t(home_index(row)) * std::size_t(tables_.max_rolls)];
}

const double* BearoffDatabase::no_double(const Board& board) const {
    const std::size_t entry =
        std::size_t(home_index(board.mover())) * std::size_t(two_sided_boards_) +
        std::size_t(home_index(board.opponent()));
    return &tables_.no_double[entry * kCubeStates];
}

// The side on roll finishes on its n-th roll (n = 1, 2, ...) before the opponent's n-th: it wins
// when the opponent needs n rolls or more, wins a gammon when the opponent has not borne off a
// checker in its n - 1 rolls, and loses a gammon when the opponent finishes on its n-th roll
// before the side on roll has borne off one in n rolls.
Probabilities BearoffDatabase::race(const Board& board) const {
    const int length = tables_.max_rolls;
    const double* mover_off = off_distribution(board.mover());
    const double* opponent_off = off_distribution(board.opponent());
    std::array<double, kMaxRolls + 1> at_least{};  // at_least[n]: P(opponent needs >= n rolls)
    for (int n = length - 1; n >= 0; --n)
        at_least[std::size_t(n)] = at_least[std::size_t(n) + 1] + opponent_off[n];
    Probabilities p{};
    for (int n = 1; n < length; ++n) p[kWin] += mover_off[n] * at_least[std::size_t(n)];
    if (board.opponent()[kOff] == 0) {
        const double* first = first_distribution(board.opponent());
        double not_yet = 1.0;  // P(the opponent's first checker needs >= n rolls)
        for (int n = 1; n < length; ++n) {
            not_yet -= first[n - 1];
            p[kWinGammon] += mover_off[n] * std::max(0.0, not_yet);
        }
    }
    if (board.mover()[kOff] == 0) {
        const double* first = first_distribution(board.mover());
        double not_yet = 1.0 - first[0];  // P(the mover's first checker needs > n rolls)
        for (int n = 1; n < length; ++n) {
            not_yet -= first[n];
            p[kLoseGammon] += opponent_off[n] * std::max(0.0, not_yet);
        }
    }
    for (double& value : p) value = std::min(value, 1.0);  // sums may round above 1
    return p;
}

void BearoffDatabase::evaluate(const Board* boards, std::size_t count, Probabilities* out) const {
    for (std::size_t i = 0; i < count; ++i) {
        const Board& board = boards[i];
        if (exact(board)) {
            const int mover = home_index(board.mover()), opponent = home_index(board.opponent());
            out[i] = {tables_.two_sided[std::size_t(mover) * std::size_t(two_sided_boards_) +
                                        std::size_t(opponent)],
                      0.0, 0.0, 0.0, 0.0};
        } else {
            out[i] = race(board);
        }
    }
}

}  // namespace tavla
