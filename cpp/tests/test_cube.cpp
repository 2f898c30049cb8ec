// The cube model on hand-solved money cases, and whole matches with the cube: the same
// matches on any number of threads and in the lockstep loop, scores and Crawford games that
// follow R23 and R24.
#include <cmath>
#include <memory>
#include <vector>

#include "check.hpp"
#include "tavla/cube_model.hpp"
#include "tavla/cube_policy.hpp"
#include "tavla/playout.hpp"

using tavla::CubeOwner;
using tavla::CubeSituation;
using tavla::PlayedMatch;
using tavla::Probabilities;

namespace {

bool near(double a, double b) { return std::abs(a - b) < 1e-12; }

void money_take_points_without_gammons() {
    const Probabilities p{0.7, 0, 0, 0, 0};
    const CubeSituation money;
    // Dead cube 25%, fully live 20%, Janowski's (L - 1/2)/(W + L + x/2) = 0.5/2.34 at 0.68.
    CHECK(near(tavla::cube_equities(p, money, 0.0).take_point, 0.25));
    CHECK(near(tavla::cube_equities(p, money, 1.0).take_point, 0.20));
    CHECK(near(tavla::cube_equities(p, money, 0.68).take_point, 0.5 / 2.34));
    // Dead cube at 75%: no double 2p - 1 = 0.5, double/take twice that, 1.0.
    const tavla::CubeEquities at = tavla::cube_equities({0.75, 0, 0, 0, 0}, money, 0.0);
    CHECK(near(at.no_double, 0.5) && near(at.double_take, 1.0) && near(at.cubeless, 0.5));
    // x = 1/2: the own cube is worth 2.25p - 1 (Janowski).
    CubeSituation own;
    own.owner = CubeOwner::kOnRoll;
    CHECK(near(tavla::cube_equities(p, own, 0.5).no_double, 2.25 * 0.7 - 1));
}

void cube_actions_order_the_answers() {
    using tavla::CubeActionKind;
    CHECK(tavla::cube_action(0.2, 0.5, 1.0, false).kind == CubeActionKind::kDoubleTake);
    CHECK(tavla::cube_action(0.6, 0.5, 1.0, false).kind == CubeActionKind::kNoDouble);
    CHECK(tavla::cube_action(0.6, 1.3, 1.0, false).kind == CubeActionKind::kDoublePass);
    CHECK(tavla::cube_action(1.2, 1.3, 1.0, false).kind == CubeActionKind::kTooGood);
    const tavla::CubeAction beaver = tavla::cube_action(0.0, -0.5, 1.0, true);
    CHECK(beaver.kind == CubeActionKind::kNoDouble && beaver.beaver && beaver.take);
    using tavla::CubeQuestionKind;
    CHECK(tavla::model_cube_choice(CubeQuestionKind::kAnswer, 0.0, -0.5, 0.0, true) == 2);
    CHECK(tavla::model_cube_choice(CubeQuestionKind::kBeaver, 0.0, -1.0, 0.0, false) == 1);
    CHECK(tavla::model_cube_choice(CubeQuestionKind::kBeaver, 0.0, -1.01, 0.0, false) == 0);
}

// The doubler raccoons when the raccoon answered beats the beaver answered (R20).
void raccoons_follow_the_answered_redouble() {
    using tavla::CubeQuestionKind;
    // Taking the beaver is worth 2 * -1 = -2, a taken raccoon 8 * -0.2 = -1.6: raccoon.
    CHECK(tavla::model_cube_choice(CubeQuestionKind::kBeaver, 0.0, -1.0, -0.2, true) == 2);
    // Taking the beaver -0.6, a taken raccoon 8 * -0.1 = -0.8: take.
    CHECK(tavla::model_cube_choice(CubeQuestionKind::kBeaver, 0.0, -0.3, -0.1, true) == 1);
    // Owning the cube is worth 0.6, 4.8 at eight times: the beaverer passes (+4), still a raccoon.
    CHECK(tavla::model_cube_choice(CubeQuestionKind::kBeaver, 0.0, -0.3, 0.6, true) == 2);
    // The beaverer takes a raccoon while 8 * owned is no more than the pass (+4).
    CHECK(tavla::model_cube_choice(CubeQuestionKind::kRaccoon, 0.0, 0.0, 0.5, false) == 1);
    CHECK(tavla::model_cube_choice(CubeQuestionKind::kRaccoon, 0.0, 0.0, 0.51, false) == 0);
}

// A table whose MWC after a game is 1/2 everywhere the match goes on: enough for policies
// that do not read it.
tavla::MatchEquity flat_table(int length) {
    const auto size = std::size_t(2 * length * length * length);
    return tavla::MatchEquity(length, std::vector<double>(size, 0.5));
}

bool same(const std::vector<PlayedMatch>& x, const std::vector<PlayedMatch>& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t m = 0; m < x.size(); ++m) {
        if (x[m].winner != y[m].winner || x[m].score != y[m].score ||
            x[m].games.size() != y[m].games.size())
            return false;
        for (std::size_t g = 0; g < x[m].games.size(); ++g) {
            const tavla::PlayedGame &a = x[m].games[g], &b = y[m].games[g];
            if (a.game.plies != b.game.plies || a.game.winner != b.game.winner ||
                a.cube.points != b.cube.points || a.cube.crawford != b.cube.crawford)
                return false;
        }
    }
    return true;
}

void whole_matches_follow_the_match_rules() {
    const auto pubeval = tavla::make_builtin_policy("pubeval");
    const auto random = tavla::make_builtin_policy("random");
    const std::array<const tavla::Policy*, 2> policies = {pubeval.get(), random.get()};
    const tavla::NeverDoubleCubePolicy never;
    const tavla::MatchEquity table = flat_table(5);
    tavla::CubeSpec cube;
    cube.policies = {&never, &never};
    cube.match_length = 5;
    cube.whole_matches = true;
    cube.met = &table;
    tavla::PlayoutSpec spec;
    spec.opening = true;
    spec.seed = 11;
    spec.alternate = true;
    spec.cube = &cube;

    auto run = [&](int threads, int chunk) {
        std::vector<PlayedMatch> out(300);
        tavla::RunOutput output;
        output.matches = out.data();
        CHECK_EQ(tavla::run_units(spec, policies, 300, threads, chunk, output,
                                  [](std::int64_t) { return true; }),
                 std::int64_t(300));
        return out;
    };
    const std::vector<PlayedMatch> one = run(1, 64);
    CHECK(same(one, run(2, 7)));
    std::vector<PlayedMatch> lockstep(300);
    tavla::Lockstep loop(spec, policies, {0, 1}, 300, 20,
                         tavla::RunOutput{nullptr, nullptr, lockstep.data()});
    CHECK(!loop.advance());
    CHECK(same(one, lockstep));

    for (const PlayedMatch& match : one) {
        std::array<int, 2> score{};
        int crawford_games = 0;
        bool reached = false;  // a side one point away before this game
        for (const tavla::PlayedGame& game : match.games) {
            CHECK_EQ(game.cube.cube, 1);
            // The Crawford game is the first game after a side reaches 4 (R24).
            const bool one_away = score[0] == 4 || score[1] == 4;
            CHECK_EQ(int(game.cube.crawford), int(one_away && !reached));
            crawford_games += game.cube.crawford;
            reached = reached || one_away;
            score[std::size_t(game.game.winner)] += game.cube.points;
        }
        CHECK(crawford_games <= 1);
        CHECK_EQ(score[0], match.score[0]);
        CHECK_EQ(score[1], match.score[1]);
        CHECK(match.score[std::size_t(match.winner)] >= 5 && match.score[1 - match.winner] < 5);
    }
}

}  // namespace

int main() {
    money_take_points_without_gammons();
    cube_actions_order_the_answers();
    raccoons_follow_the_answered_redouble();
    whole_matches_follow_the_match_rules();
    return tavla::test::report();
}
