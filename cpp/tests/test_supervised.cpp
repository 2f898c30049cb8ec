// Supervised training and net sets in the core alone (and under the sanitizers): the loss falls
// on a teacher's probabilities, runs repeat for a seed and a thread count and agree when cut into
// parts, frozen inputs stay zero; a net set hands each board to the member of its class.
#include <cmath>
#include <memory>
#include <vector>

#include "check.hpp"
#include "tavla/movegen.hpp"
#include "tavla/net.hpp"
#include "tavla/net_set.hpp"
#include "tavla/rng.hpp"
#include "tavla/supervised.hpp"

using tavla::Board;
using tavla::Encoding;
using tavla::Layer;
using tavla::SupervisedOptions;
using tavla::SupervisedTrainer;
using tavla::Target;

namespace {

// Small random layers: inputs -> hidden -> 5.
std::vector<Layer> layers(int inputs, int hidden, std::uint64_t seed) {
    std::vector<Layer> out;
    int from = inputs;
    std::uint64_t counter = 0;
    for (int to : {hidden, 5}) {
        Layer layer{from, to, {}, std::vector<float>(std::size_t(to), 0.1f)};
        for (int i = 0; i < from * to; ++i) {
            const double u = double(tavla::draw(seed, counter++) >> 11) / double(1ull << 53);
            layer.weights.push_back(float((u - 0.5) / std::sqrt(double(from))));
        }
        out.push_back(layer);
        from = to;
    }
    return out;
}

// Boards of a game of first plays: each position after the first play of the roll.
std::vector<Board> boards(int count) {
    std::vector<Board> found;
    Board board = Board::initial();
    tavla::MoveGenerator generator;
    for (int i = 0; int(found.size()) < count; ++i) {
        const tavla::Roll roll = tavla::roll_of_index(int(tavla::draw(7, std::uint64_t(i)) % 36));
        generator.generate(board, roll.d1, roll.d2);
        const Board next = generator.play(0).result.swapped();
        if (next.opponent()[tavla::kOff] == tavla::kCheckers) {
            board = Board::initial();
            continue;
        }
        found.push_back(next);
        board = next;
    }
    return found;
}

std::vector<Target> targets_of(const tavla::Net& teacher, const std::vector<Board>& data) {
    std::vector<tavla::Probabilities> p(data.size());
    teacher.evaluate(data.data(), data.size(), p.data());
    std::vector<Target> targets;
    for (const auto& row : p)
        targets.push_back({float(row[0]), float(row[1]), float(row[2]), float(row[3]),
                           float(row[4])});
    return targets;
}

SupervisedOptions options(int threads) {
    SupervisedOptions o;
    o.learning_rate = 3e-3;
    o.batch = 16;
    o.seed = 5;
    o.threads = threads;
    return o;
}

void learns_and_repeats() {
    const std::vector<Board> data = boards(300);
    const tavla::Net teacher(Encoding::kContact229, tavla::Activation::kSigmoid,
                             layers(229, 6, 1));
    const std::vector<Target> targets = targets_of(teacher, data);
    SupervisedTrainer a(Encoding::kContact229, tavla::Activation::kSigmoid, layers(229, 8, 2),
                        {196, 197});
    a.set_data(data.data(), targets.data(), data.size());
    const double before = a.loss(data.data(), targets.data(), data.size(), 2).divergence;
    a.train(400, options(2));
    const double after = a.loss(data.data(), targets.data(), data.size(), 1).divergence;
    CHECK(after < 0.3 * before);
    CHECK_EQ(a.steps_done(), 400);
    for (int input : {196, 197})
        for (int j = 0; j < 8; ++j) CHECK_EQ(a.layers()[0].weights[std::size_t(input * 8 + j)], 0.0f);
    // The same seed and threads, in two calls: the same weights.
    SupervisedTrainer b(Encoding::kContact229, tavla::Activation::kSigmoid, layers(229, 8, 2),
                        {196, 197});
    b.set_data(data.data(), targets.data(), data.size());
    b.train(150, options(2));
    b.train(250, options(2));
    CHECK(a.layers()[0].weights == b.layers()[0].weights);
    CHECK(a.layers()[1].biases == b.layers()[1].biases);
    // Resumed from the state of b at 150 steps in a fresh trainer: the same again.
    SupervisedTrainer c(Encoding::kContact229, tavla::Activation::kSigmoid, layers(229, 8, 2),
                        {196, 197});
    c.set_data(data.data(), targets.data(), data.size());
    c.train(150, options(2));
    SupervisedTrainer d(Encoding::kContact229, tavla::Activation::kSigmoid, layers(229, 8, 2),
                        {196, 197});
    d.set_data(data.data(), targets.data(), data.size());
    d.set_state(c.layers(), c.first_moments(), c.second_moments(), c.steps_done());
    d.train(250, options(2));
    CHECK(d.layers()[0].weights == a.layers()[0].weights);
}

void refusals() {
    SupervisedTrainer t(Encoding::kTd198, tavla::Activation::kTanh, layers(198, 4, 3), {});
    CHECK_FAULT(t.train(1, options(1)), "no training data");
    CHECK_FAULT(SupervisedTrainer(Encoding::kTd198, tavla::Activation::kTanh, layers(198, 4, 3),
                                  {198}),
                "a frozen input must be 0..197");
    const std::vector<Board> data = boards(4);
    std::vector<Target> bad(4, Target{0.5f, 0.6f, 0.0f, 0.1f, 0.0f});  // gammons above wins
    CHECK_FAULT(t.set_data(data.data(), bad.data(), data.size()), "target 0 is not five");
}

void a_net_set_dispatches() {
    auto contact = std::make_shared<tavla::Net>(Encoding::kContact229,
                                                tavla::Activation::kSigmoid, layers(229, 6, 4));
    auto race = std::make_shared<tavla::Net>(Encoding::kRace205, tavla::Activation::kSigmoid,
                                             layers(205, 6, 5));
    const tavla::NetSet set({contact, contact, race, race}, tavla::Classifier{});
    const std::vector<Board> data = boards(200);
    for (const Board& board : data) {
        tavla::Probabilities by_set, by_member;
        set.evaluate(&board, 1, &by_set);
        const bool racing = set.classifier().classify(board) >= tavla::PositionClass::kRace;
        (racing ? *race : *contact).evaluate(&board, 1, &by_member);
        CHECK(by_set == by_member);
    }
    CHECK_FAULT(tavla::NetSet({contact, nullptr, race, race}, tavla::Classifier{}),
                "a member for the class crashed");
    CHECK_FAULT(tavla::NetSet({contact, contact, race, race}, tavla::Classifier{16}),
                "crashed_checkers must be 0..15");
}

}  // namespace

int main() {
    learns_and_repeats();
    refusals();
    a_net_set_dispatches();
    return tavla::test::report();
}
