// The RL environments' core: single-move turns reach exactly the legal plays on positions of
// random games (the Python tests check the whole corpus), the same games whatever the
// threads, copies that go on alone, and a roll with more plays than max_plays refused.
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "check.hpp"
#include "tavla/env.hpp"
#include "tavla/rng.hpp"
#include "tavla/vector_env.hpp"

using tavla::Board;
using tavla::EnvGame;
using tavla::EnvSpec;
using tavla::MoveTurn;

namespace {

std::string bytes(const Board& b) {
    return std::string(reinterpret_cast<const char*>(b.side.data()), sizeof(Board));
}

// Every end of the turn that the allowed moves reach from `turn`.
void reach(const MoveTurn& turn, std::set<std::string>& ends, int& moves) {
    for (int action = 0; action < tavla::kMoveActions; ++action) {
        if (!turn.allowed(action)) continue;
        ++moves;
        MoveTurn next = turn;
        if (next.apply(action))
            ends.insert(bytes(next.board()));
        else
            reach(next, ends, moves);
    }
}

void single_moves_reach_exactly_the_legal_plays() {
    tavla::MoveGenerator gen;
    int positions = 0, mismatches = 0;
    for (std::uint64_t game = 0; game < 40; ++game) {
        Board board = Board::initial();
        const std::uint64_t key = tavla::stream_key(11, game);
        for (std::uint64_t ply = 0; ply < 400; ++ply) {
            const tavla::Roll roll = tavla::roll_of_bits(tavla::draw(key, ply));
            const int count = gen.generate(board, roll.d1, roll.d2);
            std::set<std::string> legal;
            for (int i = 0; i < count; ++i) legal.insert(bytes(gen.play(i).result));
            MoveTurn turn;
            turn.begin(board, roll, gen);
            CHECK_EQ(turn.plays(), count);
            std::set<std::string> ends;
            int moves = 0;
            reach(turn, ends, moves);
            mismatches += ends != legal;
            ++positions;
            const Board after = gen.play(int(tavla::draw(key ^ 0x5555, ply) % unsigned(count))).result;
            if (after.side[0][tavla::kOff] == tavla::kCheckers) break;
            board = after.swapped();
        }
    }
    CHECK_EQ(mismatches, 0);
    CHECK(positions > 2000);
}

EnvSpec against_random(const tavla::Policy* random, const tavla::CubePolicy* never_double) {
    EnvSpec spec;
    spec.cube = true;
    spec.rules.max_cube = 64;
    spec.seats = {tavla::SeatKind::kLearner, tavla::SeatKind::kBuiltin};
    spec.builtin = {nullptr, random};
    spec.rules.policies = {nullptr, never_double};
    return spec;
}

// A learner that takes the first legal action (writes the masks to find it).
std::vector<std::int64_t> first_actions(const tavla::VectorEnv& env) {
    const EnvSpec& spec = env.spec();
    std::vector<std::int8_t> masks(std::size_t(env.size()) * std::size_t(spec.actions()));
    tavla::EnvObservations out;
    out.mask = masks.data();
    env.observe(0, out);
    std::vector<std::int64_t> actions(std::size_t(env.size()), 0);
    for (int i = 0; i < env.size(); ++i) {
        const std::int8_t* mask = masks.data() + std::size_t(i) * std::size_t(spec.actions());
        for (int a = 0; a < spec.actions(); ++a)
            if (mask[a]) {
                actions[std::size_t(i)] = a;
                break;
            }
    }
    return actions;
}

std::vector<Board> boards(const tavla::VectorEnv& env) {
    std::vector<Board> out(std::size_t(env.size()));
    tavla::EnvObservations observations;
    observations.board = reinterpret_cast<std::int8_t*>(out.data());
    env.observe(0, observations);
    return out;
}

void the_same_games_whatever_the_threads() {
    const auto random = tavla::make_builtin_policy("random");
    const tavla::NeverDoubleCubePolicy never_double;
    const EnvSpec spec = against_random(random.get(), &never_double);
    tavla::VectorEnv one(spec, 24, 1), two(spec, 24, 2);
    const tavla::EnvStart start;
    one.reset(start, true, 9);
    two.reset(start, true, 9);
    int ended = 0;
    for (int step = 0; step < 300; ++step) {
        const auto actions = first_actions(one);
        CHECK(actions == first_actions(two));
        one.step(actions.data());
        two.step(actions.data());
        CHECK(boards(one) == boards(two));
        for (int i = 0; i < one.size(); ++i) {
            CHECK_EQ(one.ended(i), two.ended(i));
            CHECK_EQ(one.reward(i), two.reward(i));
            ended += one.ended(i);
        }
    }
    CHECK(ended > 10);
}

void a_copy_goes_on_alone() {
    const auto random = tavla::make_builtin_policy("random");
    const tavla::NeverDoubleCubePolicy never_double;
    tavla::VectorEnv env(against_random(random.get(), &never_double), 4, 1);
    env.reset(tavla::EnvStart(), true, 3);
    for (int step = 0; step < 20; ++step) env.step(first_actions(env).data());
    tavla::VectorEnv twin(env);
    const auto before = boards(env);
    CHECK(boards(twin) == before);
    for (int step = 0; step < 5; ++step) twin.step(first_actions(twin).data());
    CHECK(boards(env) == before);
    CHECK(!(boards(twin) == before));
}

void too_many_plays_are_refused() {
    EnvSpec spec;  // two learners, whole plays
    spec.max_plays = 41;
    spec.rules.max_cube = 1;
    EnvGame game;
    tavla::EnvStart start;
    start.opening = false;
    start.roll = {1, 1};  // 42 legal plays from the start
    game.reset(spec, start, 1, 0);
    tavla::MoveGenerator gen;
    CHECK_FAULT(game.advance(spec, gen), "42 legal plays");
    spec.max_plays = 42;
    game.reset(spec, start, 1, 0);
    game.advance(spec, gen);
    CHECK_EQ(int(game.plays().size()), 42);
    CHECK(game.action_fault(spec, 41) == nullptr);
    CHECK(game.action_fault(spec, 42) != nullptr);
}

}  // namespace

int main() {
    single_moves_reach_exactly_the_legal_plays();
    the_same_games_whatever_the_threads();
    a_copy_goes_on_alone();
    too_many_plays_are_refused();
    return tavla::test::report();
}
