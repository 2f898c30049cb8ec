// The cube model (docs/cube.rst "The cube model"): what the cube options of the side on
// roll are worth, from its cubeless probabilities. The one implementation of the formulas:
// Python's tavla.game.cubeful calls it, and the cube policies of the playout engine apply it.
//
// Every value is a function of the side's chance p of winning the game, the way its wins and
// losses split into single games, gammons and backgammons held fixed (Janowski's assumption),
// and each is piecewise linear in p: the dead cube (nobody doubles again) is a line; the fully
// live cube is linear between the take and cash points; cubeful = x live + (1 - x) dead, x the
// cube life (Rick Janowski, "Take-Points in Money Games", 1993). Money values are points per
// unit of the cube; a match's are match winning chances (MWC) from a match equity table, the
// take and cash points found level by level from the cube value where both cubes are dead.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "tavla/evaluator.hpp"
#include "tavla/rules.hpp"

namespace tavla {

// Who holds the cube, seen from the side on roll.
enum class CubeOwner : std::int8_t { kCentred = 0, kOnRoll = 1, kOpponent = 2 };

// A continuous, piecewise linear function on [0, 1] through (xs[i], ys[i]), xs increasing
// from 0 to 1; outside [0, 1] it holds its end values.
class Piecewise {
public:
    static constexpr int kMaxPoints = 8;

    static Piecewise line(double at_zero, double at_one);
    // Through the given points in order: (0, .), ..., (1, .), xs strictly increasing.
    static Piecewise through(const double* xs, const double* ys, int count);

    double operator()(double p) const;
    // life · this + (1 - life) · dead.
    Piecewise mixed(const Piecewise& dead, double life) const;
    Piecewise affine(double scale, double offset) const;
    // The least p where this nondecreasing function reaches `value` (0 below its range, 1
    // above).
    double solve(double value) const;

    int size() const { return size_; }
    double x(int i) const { return xs_[std::size_t(i)]; }
    double y(int i) const { return ys_[std::size_t(i)]; }

private:
    std::array<double, kMaxPoints> xs_{};
    std::array<double, kMaxPoints> ys_{};
    int size_ = 0;
};

// How the side on roll's game ends: its chance of winning, and the shares (single, gammon,
// backgammon) of its wins and of its losses, each summing to 1 (all single at chance 0).
struct CubeOutcomes {
    double win = 0;
    std::array<double, 3> wins{1, 0, 0};
    std::array<double, 3> losses{1, 0, 0};

    // From the five cumulative probabilities (evaluator.hpp), consistent and in [0, 1];
    // without `backgammons` (R16) backgammons count as gammons.
    static CubeOutcomes of(const Probabilities& p, bool backgammons);

    double win_value() const { return wins[0] + 2 * wins[1] + 3 * wins[2]; }
    double loss_value() const { return losses[0] + 2 * losses[1] + 3 * losses[2]; }
};

// Why five probabilities are not ones the model takes (finite, in [0, 1], a win including its
// gammons and a gammon its backgammons, within 1e-9), or "" when they are.
std::string probabilities_fault(const Probabilities& p);

// The MWC after each result of a game, at every score of a match to at most `length` points:
// the numbers of a match equity table, with the Crawford rule as the match plays it, given by
// tavla.game.equity.MatchEquityTable. The model reads the table and knows no rule of its own.
class MatchEquity {
public:
    // values[((a - 1) * length + (b - 1)) * 2 * length + s * length + (k - 1)] = the MWC of the
    // side a away against one b away after it wins (s = 0) or loses (s = 1) k points, for a, b,
    // k in 1..length. Throws a Fault for a length below 1 or values not in [0, 1].
    MatchEquity(int length, std::vector<double> values);

    int length() const { return length_; }
    // The MWC of the side `away` after it wins `points` (< 0: loses them; beyond the length it
    // is the end of the match, 1 or 0). away and opponent_away in 1..length, points != 0.
    double after(int away, int opponent_away, std::int64_t points) const;

private:
    int length_;
    std::vector<double> values_;
};

// Where a cube decision is made, for the side on roll: the cube and the rules, money play or a
// match at some score.
struct CubeSituation {
    int value = 1;
    CubeOwner owner = CubeOwner::kCentred;
    bool backgammons = true;  // R16
    bool jacoby = false;      // R22, money play: gammons count single until the cube is turned
    // Match play when met is set: away scores of the side on roll and its opponent (each in
    // 1..met->length()), the Crawford game (nobody doubles: the value is the dead cube's), and
    // the highest cube a double may reach (R19).
    const MatchEquity* met = nullptr;
    int away = 0;
    int opponent_away = 0;
    bool crawford_game = false;
    int max_cube = kMaxCubeValue;
};

// The options of the side on roll as functions of its chance of winning, per unit of the cube
// (points in money play; a match's MWC mapped to -1 .. +1: MWC = lose + (win - lose)(e + 1)/2
// with lose, win the MWC after losing and winning the cube's value): no double, and double/take
// (passing is worth +1).
struct CubeOptions {
    Piecewise no_double;
    Piecewise double_take;
};

CubeOptions cube_options(const CubeOutcomes& outcomes, const CubeSituation& situation,
                         double life);

// The cube options at the side's chance of winning, and what a decision reads of them.
struct CubeEquities {
    double no_double = 0;
    double double_take = 0;
    double take_point = 0;  // the opponent's: 1 - (the p where double/take reaches +1)
    double cubeless = 0;    // nobody ever doubles: the dead cube, as an equity per unit
};

CubeEquities cube_equities(const Probabilities& p, const CubeSituation& situation, double life);

// The proper action from the three cubeful equities of the side on roll (per unit of the
// cube). The opponent answers a double with what leaves the doubler least: a take
// (double_take), a pass (double_pass) or, with beavers, a beaver, after which the doubler takes
// (twice double_take) or passes (-2). The side doubles when that answer leaves it more than no
// double; otherwise it is too good when playing on is worth more than a pass. Ties go to no
// double and to the take.
enum class CubeActionKind : std::int8_t { kNoDouble = 0, kDoubleTake, kDoublePass, kTooGood };

struct CubeAction {
    CubeActionKind kind = CubeActionKind::kNoDouble;
    bool take = false;    // the opponent should take (double/take worth no more than the pass)
    bool beaver = false;  // the opponent's best answer to a double is a beaver

    bool doubles() const {
        return kind == CubeActionKind::kDoubleTake || kind == CubeActionKind::kDoublePass;
    }
};

CubeAction cube_action(double no_double, double double_take, double double_pass, bool beavers);

// After a beaver, the doubler takes when twice double/take is worth at least a pass (-2).
inline bool takes_beaver(double double_take) { return 2 * double_take >= -2; }

// A raccoon (R20) answers a beaver: the doubler takes it and at once redoubles to eight times
// its cube, which it then owns; `owned` is its no-double equity (per unit) owning the cube.
// The beaverer takes the raccoon when that leaves the doubler no more than the pass (+4).
inline bool takes_raccoon(double owned) { return 8 * owned <= 4; }

// The doubler raccoons when the raccoon, answered as the beaverer should (8 * owned or +4), is
// worth more than the better of taking the beaver (twice double/take) and passing it (-2).
inline bool raccoons(double double_take, double owned) {
    const double answered = takes_raccoon(owned) ? 8 * owned : 4.0;
    return answered > (takes_beaver(double_take) ? 2 * double_take : -2.0);
}

// The cubeful equity of the side on roll when both sides act properly: no double when it may
// not double, else the better of no double and a double answered as the opponent should (take,
// pass or, with beavers, a beaver the doubler then takes or passes), as cube_action decides it.
double proper_equity(double no_double, double double_take, double double_pass, bool may_double,
                     bool beavers);

}  // namespace tavla
