// n-ply search: the values agree with a plain recursion over all 36 ordered rolls written here
// from the definition (no filter, no shared buffers); the filter only narrows what is searched;
// a bear-off evaluator takes over where it applies and stops the search where it is exact.
#include <cmath>
#include <memory>
#include <vector>

#include "check.hpp"
#include "tavla/policy.hpp"
#include "tavla/rng.hpp"
#include "tavla/search.hpp"

using tavla::Board;
using tavla::Probabilities;

namespace {

// A smooth toy evaluator: the win chance is a logistic function of the pip lead, the gammon
// chances small functions of the checkers still to bear off.
class PipEvaluator final : public tavla::Evaluator {
public:
    void evaluate(const Board* boards, std::size_t count, Probabilities* out) const override {
        for (std::size_t i = 0; i < count; ++i) {
            const Board& b = boards[i];
            const double lead = tavla::pip_count(b, 1) - tavla::pip_count(b, 0) + 8.0;
            const double win = 1.0 / (1.0 + std::exp(-lead / 20.0));
            const double mover_left = 15 - b.mover()[tavla::kOff];
            const double other_left = 15 - b.opponent()[tavla::kOff];
            out[i] = {win, win * other_left / 60.0, win * other_left / 600.0,
                      (1 - win) * mover_left / 60.0, (1 - win) * mover_left / 600.0};
        }
    }
};

// Applies where both sides are home; "exact" for positions with at most 3 checkers a side.
class HomeEvaluator final : public tavla::Evaluator {
public:
    void evaluate(const Board* boards, std::size_t count, Probabilities* out) const override {
        for (std::size_t i = 0; i < count; ++i) {
            const Board& b = boards[i];
            CHECK(applies(b));
            const double lead = tavla::pip_count(b, 1) - tavla::pip_count(b, 0) + 4.0;
            out[i] = {1.0 / (1.0 + std::exp(-lead / 5.0)), 0, 0, 0, 0};
        }
    }
    bool applies(const Board& b) const override {
        return tavla::side_is_home(b.mover()) && tavla::side_is_home(b.opponent());
    }
    bool exact(const Board& b) const override {
        return applies(b) && b.mover()[tavla::kOff] >= 12 && b.opponent()[tavla::kOff] >= 12;
    }
};

// The definition, written out: the value of `board` for its side on roll at `plies`.
Probabilities reference(const tavla::Evaluator& eval, const Board& board, int plies) {
    Probabilities p;
    if (plies == 0) {
        eval.evaluate(&board, 1, &p);
        return p;
    }
    Probabilities sum{};
    for (int index = 0; index < 36; ++index) {
        const tavla::Roll roll = tavla::roll_of_index(index);
        tavla::MoveGenerator gen;  // fresh each time: no state shared with the search
        const int count = gen.generate(board, roll.d1, roll.d2);
        Probabilities best{};
        double best_equity = -10;
        for (int i = 0; i < count; ++i) {
            const Board& after = gen.play(i).result;
            const Probabilities v = after.mover()[tavla::kOff] == tavla::kCheckers
                                        ? tavla::finished_probabilities(after)
                                        : tavla::flipped(reference(eval, after.swapped(), plies - 1));
            if (tavla::cubeless_equity(v) > best_equity) {
                best_equity = tavla::cubeless_equity(v);
                best = v;
            }
        }
        for (int k = 0; k < tavla::kOutputs; ++k) sum[k] += best[k] / 36.0;
    }
    return sum;
}

bool close(const Probabilities& a, const Probabilities& b) {
    for (int k = 0; k < tavla::kOutputs; ++k)
        if (std::fabs(a[k] - b[k]) > 1e-12) return false;
    return true;
}

Board race_board() {
    Board b{};
    b.mover()[6] = 5; b.mover()[5] = 4; b.mover()[4] = 3; b.mover()[8] = 2; b.mover()[12] = 1;
    b.opponent()[6] = 6; b.opponent()[3] = 4; b.opponent()[10] = 2; b.opponent()[0] = 3;
    return b;
}

void one_and_two_ply_follow_the_definition() {
    const auto eval = std::make_shared<PipEvaluator>();
    const tavla::MoveFilter everything{4096, 100.0};
    const tavla::Search search(eval, nullptr, everything);
    for (const Board& board : {Board::initial(), race_board()}) {
        CHECK(close(search.position(board, 0), reference(*eval, board, 0)));
        CHECK(close(search.position(board, 1), reference(*eval, board, 1)));
    }
    CHECK(close(search.position(race_board(), 2), reference(*eval, race_board(), 2)));
}

void plays_at_one_ply_and_the_filter() {
    const auto eval = std::make_shared<PipEvaluator>();
    const Board start = Board::initial();
    tavla::MoveGenerator gen;
    const int count = gen.generate(start, 3, 1);
    std::vector<Probabilities> wide(static_cast<std::size_t>(count)), narrow(wide);
    std::vector<int> wide_plies(static_cast<std::size_t>(count)), narrow_plies(wide_plies);
    tavla::Search(eval, nullptr, {4096, 100.0}).plays(start, gen, 1, wide.data(), wide_plies.data());
    tavla::Search(eval, nullptr, {2, 100.0}).plays(start, gen, 1, narrow.data(),
                                                    narrow_plies.data());
    int searched = 0;
    for (int i = 0; i < count; ++i) {
        const Board& after = gen.play(i).result;
        CHECK(close(wide[std::size_t(i)], tavla::flipped(reference(*eval, after.swapped(), 1))));
        CHECK_EQ(wide_plies[std::size_t(i)], 1);
        if (narrow_plies[std::size_t(i)] == 1) {
            ++searched;
            CHECK(close(narrow[std::size_t(i)], wide[std::size_t(i)]));
        } else {
            CHECK_EQ(narrow_plies[std::size_t(i)], 0);
            Probabilities zero_ply;
            const Board next = after.swapped();
            eval->evaluate(&next, 1, &zero_ply);
            CHECK(close(narrow[std::size_t(i)], tavla::flipped(zero_ply)));
        }
    }
    CHECK_EQ(searched, 2);
}

// With the filter keeping one play, a 1-ply policy makes the 0-ply choice: the plays the
// filter dropped keep 0-ply values, which are not compared with the searched play's. Checked
// along a random game's positions, for every roll.
void the_filter_decides_what_can_be_chosen() {
    const auto eval = std::make_shared<PipEvaluator>();
    const auto narrow = std::make_shared<tavla::Search>(eval, nullptr, tavla::MoveFilter{1, 100.0});
    const tavla::SearchPolicy zero(narrow, 0, nullptr), one(narrow, 1, nullptr);
    tavla::MoveGenerator gen;
    Board board = Board::initial();
    for (int ply = 0; ply < 40 && board.mover()[tavla::kOff] < tavla::kCheckers; ++ply) {
        for (int d1 = 1; d1 <= 6; ++d1)
            for (int d2 = d1; d2 <= 6; ++d2) {
                gen.generate(board, d1, d2);
                CHECK_EQ(one.choose(board, gen, 0), zero.choose(board, gen, 0));
            }
        const std::uint64_t bits = tavla::draw(tavla::stream_key(7, 0), std::uint64_t(ply));
        const tavla::Roll roll = tavla::roll_of_bits(bits);
        gen.generate(board, roll.d1, roll.d2);
        board = gen.play(tavla::uniform_below(bits >> 7, gen.count())).result.swapped();
    }
}

void bearoff_takes_over() {
    const auto eval = std::make_shared<PipEvaluator>();
    const auto home = std::make_shared<HomeEvaluator>();
    const tavla::Search search(eval, home, {4096, 100.0});
    Board bearoff{};
    bearoff.mover()[6] = 2; bearoff.mover()[1] = 1; bearoff.mover()[0] = 12;
    bearoff.opponent()[5] = 3; bearoff.opponent()[0] = 12;
    // Exact: the search stops at once, whatever the plies.
    CHECK(close(search.position(bearoff, 2), reference(*home, bearoff, 0)));
    // Not exact: searched, with the home evaluator at the leaves.
    Board wider = bearoff;
    wider.mover()[0] = 10; wider.mover()[4] = 2;
    CHECK(close(search.position(wider, 1), reference(*home, wider, 1)));
    // Only the bear-off evaluator: it answers home positions and faults elsewhere.
    const tavla::Search only_home(nullptr, home);
    CHECK(only_home.answers(wider));
    CHECK(!only_home.answers(Board::initial()));
    CHECK_FAULT(only_home.position(Board::initial(), 0), "does not apply");
}

void a_search_policy_with_a_fallback() {
    const auto home = std::make_shared<HomeEvaluator>();
    const auto search = std::make_shared<tavla::Search>(nullptr, home);
    std::shared_ptr<const tavla::Policy> pubeval = tavla::make_builtin_policy("pubeval");
    const tavla::SearchPolicy policy(search, 0, pubeval);
    tavla::MoveGenerator gen;
    gen.generate(Board::initial(), 6, 5);
    CHECK_EQ(policy.choose(Board::initial(), gen, 0), pubeval->choose(Board::initial(), gen, 0));
    CHECK_FAULT(tavla::SearchPolicy(search, 4, pubeval), "plies must be 0..3");
    CHECK_FAULT(tavla::Search(nullptr, nullptr), "needs an evaluator");
}

}  // namespace

int main() {
    one_and_two_ply_follow_the_definition();
    plays_at_one_ply_and_the_filter();
    the_filter_decides_what_can_be_chosen();
    bearoff_takes_over();
    a_search_policy_with_a_fallback();
    return tavla::test::report();
}
