#include "tavla/cube_model.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "tavla/fault.hpp"

namespace tavla {
namespace {

constexpr double kSlack = 1e-9;  // rounding allowed in given probabilities

struct Point {
    double x;
    double y;
};

Piecewise through(std::initializer_list<Point> points) {
    std::array<double, Piecewise::kMaxPoints> xs{}, ys{};
    int n = 0;
    for (const Point& point : points) {
        xs[std::size_t(n)] = point.x;
        ys[std::size_t(n)] = point.y;
        ++n;
    }
    return Piecewise::through(xs.data(), ys.data(), n);
}

std::array<double, 3> shares(double total, double gammons, double backgammons) {
    if (total <= 0) return {1.0, 0.0, 0.0};
    return {(total - gammons) / total, (gammons - backgammons) / total, backgammons / total};
}

// The money model (docs/cube.rst, "Money play"): with W, L the average win and loss values,
// the fully live cube's take point is (L - 1/2)/(W + L + 1/2) and its cash point
// (L + 1)/(W + L + 1/2); the live value runs through (0, -L), the opponent's cash at the take
// point (-1), the side's own cash at the cash point (+1) and (1, W), through the points each
// owner can use. With the Jacoby rule and a centred cube gammons count single until the cube
// is turned: the dead value is 2p - 1 and the live one runs from -1 to +1.
CubeOptions money_options(const CubeOutcomes& outcomes, CubeOwner owner, bool jacoby,
                          double life) {
    const double win = outcomes.win_value(), loss = outcomes.loss_value();
    const double take = (loss - 0.5) / (win + loss + 0.5);
    const double cash = (loss + 1) / (win + loss + 0.5);
    const Piecewise dead = Piecewise::line(-loss, win);
    const Piecewise opponent = through({{0, -loss}, {take, -1}, {1, win}});
    Piecewise live = opponent, dead_now = dead;
    if (owner == CubeOwner::kOnRoll) {
        live = through({{0, -loss}, {cash, 1}, {1, win}});
    } else if (owner == CubeOwner::kCentred && jacoby) {
        live = through({{0, -1}, {take, -1}, {cash, 1}, {1, 1}});
        dead_now = Piecewise::line(-1, 1);
    } else if (owner == CubeOwner::kCentred) {
        live = through({{0, -loss}, {take, -1}, {cash, 1}, {1, win}});
    }
    return {live.mixed(dead_now, life), opponent.mixed(dead, life).affine(2, 0)};
}

// The match model of one game (docs/cube.rst, "Match play"): the MWC after each result from
// the table. A side's cube is live at value v when it may still gain by doubling: it needs more
// than v points and 2v is allowed. At value v, with W(v), L(v) the average MWC after a win or a
// loss at v, the side's own cube runs through (0, L(v)), (C(v), MWC after winning v),
// (1, W(v)); the opponent's through (0, L(v)), (T(v), MWC after losing v), (1, W(v)); a
// centred cube through both inner points, each while that side's cube is live, and each left
// out where the side it serves would rather play on (too good to cash). C(v), the cash point,
// is where the opponent's take of a double to 2v (its cube at 2v) is worth the drop; T(v), the
// take point, where the side's own take of a double to 2v is worth the drop. Both come from
// the level above, so the points are found from the top, where both cubes are dead.
class MatchModel {
public:
    MatchModel(const CubeOutcomes& outcomes, const CubeSituation& s)
        : outcomes_(outcomes), met_(*s.met), away_(s.away), opponent_away_(s.opponent_away),
          max_cube_(s.max_cube) {}

    double after(std::int64_t points) const { return met_.after(away_, opponent_away_, points); }

    Piecewise dead(std::int64_t value) const {
        double win = 0, lose = 0;
        for (int k = 1; k <= 3; ++k) {
            const double share = outcomes_.wins[std::size_t(k - 1)];
            if (share != 0) win += share * after(k * value);
        }
        for (int k = 1; k <= 3; ++k) {
            const double share = outcomes_.losses[std::size_t(k - 1)];
            if (share != 0) lose += share * after(-k * value);
        }
        return Piecewise::line(lose, win);
    }

    bool live(int away, std::int64_t value) const {
        return away > value && 2 * value <= max_cube_;
    }

    Piecewise own(std::int64_t value) { return live_value(value, std::nullopt, cash(value)); }
    Piecewise opponent(std::int64_t value) { return live_value(value, drop(value), std::nullopt); }
    Piecewise centred(std::int64_t value) { return live_value(value, drop(value), cash(value)); }

    CubeOptions options(std::int64_t value, CubeOwner owner, bool crawford_game, double life) {
        Piecewise live = dead(value);
        if (!crawford_game) {
            if (owner == CubeOwner::kCentred) live = centred(value);
            else if (owner == CubeOwner::kOnRoll) live = own(value);
            else live = opponent(value);
        }
        const double lose = after(-value), win = after(value);
        const double scale = 2 / (win - lose), offset = -2 * lose / (win - lose) - 1;
        return {live.mixed(dead(value), life).affine(scale, offset),
                opponent(2 * value).mixed(dead(2 * value), life).affine(scale, offset)};
    }

private:
    // Where the opponent doubles the side out: its take point, and the MWC of a drop.
    std::optional<Point> drop(std::int64_t value) {
        if (!live(opponent_away_, value)) return std::nullopt;
        return Point{take_point(value), after(-value)};
    }

    // Where the side doubles the opponent out: its cash point, and the MWC of a drop.
    std::optional<Point> cash(std::int64_t value) {
        if (!live(away_, value)) return std::nullopt;
        return Point{cash_point(value), after(value)};
    }

    // The fully live value: linear between the points where a side cashes, each used only
    // where cashing is better for that side than playing on. Of the ways to use the points,
    // the one where neither side would rather change: the side cashes only above the value it
    // would get by playing on, the opponent only below it.
    Piecewise live_value(std::int64_t value, std::optional<Point> drop, std::optional<Point> cash) {
        const Piecewise dead_line = dead(value);
        const Point low{0.0, dead_line.y(0)}, high{1.0, dead_line.y(1)};
        // A point at an end of [0, 1] (a side that always drops or always takes) adds nothing.
        if (drop && !(0 < drop->x && drop->x < 1)) drop.reset();
        if (cash && !(0 < cash->x && cash->x < 1)) cash.reset();
        for (int way = 0; way < 4; ++way) {
            const bool use_drop = drop && way < 2;
            const bool use_cash = cash && way % 2 == 0;
            const Piecewise with = points(low, use_drop ? drop : std::nullopt,
                                          use_cash ? cash : std::nullopt, high);
            if (drop) {
                const Piecewise worse =
                    use_drop ? points(low, std::nullopt, use_cash ? cash : std::nullopt, high)
                             : with;
                if ((drop->y <= worse(drop->x)) != use_drop) continue;
            }
            if (cash) {
                const Piecewise better =
                    use_cash ? points(low, use_drop ? drop : std::nullopt, std::nullopt, high)
                             : with;
                if ((cash->y >= better(cash->x)) != use_cash) continue;
            }
            return with;
        }
        throw Fault("the match cube model found no consistent live cube");
    }

    static Piecewise points(Point low, std::optional<Point> drop, std::optional<Point> cash,
                            Point high) {
        std::array<double, 4> xs{}, ys{};
        int n = 0;
        for (const std::optional<Point>& point :
             {std::optional<Point>(low), drop, cash, std::optional<Point>(high)}) {
            if (!point) continue;
            xs[std::size_t(n)] = point->x;
            ys[std::size_t(n)] = point->y;
            ++n;
        }
        return Piecewise::through(xs.data(), ys.data(), n);
    }

    static int level(std::int64_t value) {
        int k = 0;
        while ((std::int64_t(1) << k) < value) ++k;
        return k;
    }

    double cash_point(std::int64_t value) {
        std::optional<double>& memo = cash_points_[std::size_t(level(value))];
        if (!memo) memo = opponent(2 * value).solve(after(value));
        return *memo;
    }

    double take_point(std::int64_t value) {
        std::optional<double>& memo = take_points_[std::size_t(level(value))];
        if (!memo) memo = own(2 * value).solve(after(-value));
        return *memo;
    }

    // Cube values are powers of two; the points are asked for up to twice the highest cube.
    static constexpr int kLevels = 20;

    const CubeOutcomes& outcomes_;
    const MatchEquity& met_;
    int away_;
    int opponent_away_;
    std::int64_t max_cube_;
    std::array<std::optional<double>, kLevels> cash_points_{};
    std::array<std::optional<double>, kLevels> take_points_{};
};

void check_situation(const CubeSituation& s) {
    if (s.value < 1 || s.value > kMaxCubeValue || (s.value & (s.value - 1)) != 0)
        throw Fault("a cube value is a power of two from 1 to 32768, got " +
                    std::to_string(s.value));
    if (s.met == nullptr) return;
    const int length = s.met->length();
    if (s.away < 1 || s.away > length || s.opponent_away < 1 || s.opponent_away > length)
        throw Fault("away scores must be 1 to the table's " + std::to_string(length) + ", got " +
                    std::to_string(s.away) + " and " + std::to_string(s.opponent_away));
    if (s.max_cube < 1 || s.max_cube > kMaxCubeValue)
        throw Fault("max_cube must be 1 to 32768, got " + std::to_string(s.max_cube));
}

}  // namespace

Piecewise Piecewise::line(double at_zero, double at_one) {
    const double xs[2] = {0.0, 1.0}, ys[2] = {at_zero, at_one};
    return through(xs, ys, 2);
}

Piecewise Piecewise::through(const double* xs, const double* ys, int count) {
    if (count < 2 || count > kMaxPoints || xs[0] != 0 || xs[count - 1] != 1)
        throw Fault("the cube model's points do not run from 0 to 1");
    Piecewise f;
    for (int i = 0; i < count; ++i) {
        if (i > 0 && !(xs[i] > xs[i - 1])) throw Fault("the cube model's points are out of order");
        f.xs_[std::size_t(i)] = xs[i];
        f.ys_[std::size_t(i)] = ys[i];
    }
    f.size_ = count;
    return f;
}

double Piecewise::operator()(double p) const {
    if (p <= xs_[0]) return ys_[0];
    for (int i = 1; i < size_; ++i) {
        const std::size_t j = std::size_t(i);
        if (p == xs_[j]) return ys_[j];
        if (p < xs_[j]) {
            const double slope = (ys_[j] - ys_[j - 1]) / (xs_[j] - xs_[j - 1]);
            return slope * (p - xs_[j - 1]) + ys_[j - 1];
        }
    }
    return ys_[std::size_t(size_ - 1)];
}

Piecewise Piecewise::mixed(const Piecewise& dead, double life) const {
    std::array<double, 2 * kMaxPoints> merged{};
    const auto end = std::set_union(xs_.begin(), xs_.begin() + size_, dead.xs_.begin(),
                                    dead.xs_.begin() + dead.size_, merged.begin());
    const int count = int(end - merged.begin());
    if (count > kMaxPoints) throw Fault("the cube model's functions have too many points");
    Piecewise f;
    f.size_ = count;
    for (std::size_t i = 0; i < std::size_t(count); ++i) {
        f.xs_[i] = merged[i];
        f.ys_[i] = life * (*this)(merged[i]) + (1 - life) * dead(merged[i]);
    }
    return f;
}

Piecewise Piecewise::affine(double scale, double offset) const {
    Piecewise f = *this;
    for (int i = 0; i < size_; ++i) f.ys_[std::size_t(i)] = scale * ys_[std::size_t(i)] + offset;
    return f;
}

double Piecewise::solve(double value) const {
    if (value <= ys_[0]) return 0.0;
    for (int i = 1; i < size_; ++i) {
        const std::size_t j = std::size_t(i);
        if (ys_[j - 1] < value && value <= ys_[j])
            return xs_[j - 1] + (xs_[j] - xs_[j - 1]) * (value - ys_[j - 1]) / (ys_[j] - ys_[j - 1]);
    }
    return 1.0;
}

CubeOutcomes CubeOutcomes::of(const Probabilities& p, bool backgammons) {
    auto unit = [](double v) { return std::clamp(v, 0.0, 1.0); };
    const double win = unit(p[kWin]);
    const double win_gammon = std::min(unit(p[kWinGammon]), win);
    const double win_backgammon = backgammons ? std::min(unit(p[kWinBackgammon]), win_gammon) : 0;
    const double lose_gammon = std::min(unit(p[kLoseGammon]), 1 - win);
    const double lose_backgammon =
        backgammons ? std::min(unit(p[kLoseBackgammon]), lose_gammon) : 0;
    CubeOutcomes outcomes;
    outcomes.win = win;
    outcomes.wins = shares(win, win_gammon, win_backgammon);
    outcomes.losses = shares(1 - win, lose_gammon, lose_backgammon);
    return outcomes;
}

std::string probabilities_fault(const Probabilities& p) {
    for (double v : p)
        if (!std::isfinite(v) || v < -kSlack || v > 1 + kSlack)
            return "probabilities are in [0, 1], got " + std::to_string(v);
    if (p[kWinGammon] > p[kWin] + kSlack) return "the gammon wins exceed the wins";
    if (p[kWinBackgammon] > p[kWinGammon] + kSlack)
        return "the backgammon wins exceed the gammon wins";
    if (p[kLoseGammon] > 1 - p[kWin] + kSlack)
        return "the gammon losses exceed the losses (1 - win)";
    if (p[kLoseBackgammon] > p[kLoseGammon] + kSlack)
        return "the backgammon losses exceed the gammon losses";
    return "";
}

MatchEquity::MatchEquity(int length, std::vector<double> values)
    : length_(length), values_(std::move(values)) {
    if (length < 1) throw Fault("a match equity table holds at least 1 point");
    const std::size_t size = std::size_t(length) * std::size_t(length) * 2 * std::size_t(length);
    if (values_.size() != size)
        throw Fault("a match equity table of " + std::to_string(length) + " points has " +
                    std::to_string(size) + " values, got " + std::to_string(values_.size()));
    for (double v : values_)
        if (!(v >= 0 && v <= 1)) throw Fault("MWCs are in [0, 1], got " + std::to_string(v));
}

double MatchEquity::after(int away, int opponent_away, std::int64_t points) const {
    const int side = points > 0 ? 0 : 1;
    const std::int64_t k = std::min<std::int64_t>(points > 0 ? points : -points, length_);
    const std::size_t score =
        std::size_t(away - 1) * std::size_t(length_) + std::size_t(opponent_away - 1);
    return values_[(score * 2 + std::size_t(side)) * std::size_t(length_) + std::size_t(k - 1)];
}

CubeOptions cube_options(const CubeOutcomes& outcomes, const CubeSituation& situation,
                         double life) {
    check_situation(situation);
    if (!(life >= 0 && life <= 1)) throw Fault("the cube life is a number from 0 to 1");
    if (situation.met == nullptr)
        return money_options(outcomes, situation.owner, situation.jacoby, life);
    MatchModel model(outcomes, situation);
    return model.options(situation.value, situation.owner, situation.crawford_game, life);
}

CubeEquities cube_equities(const Probabilities& p, const CubeSituation& situation, double life) {
    const CubeOutcomes outcomes = CubeOutcomes::of(p, situation.backgammons);
    const CubeOptions options = cube_options(outcomes, situation, life);
    CubeEquities equities;
    equities.no_double = options.no_double(outcomes.win);
    equities.double_take = options.double_take(outcomes.win);
    equities.take_point = 1.0 - options.double_take.solve(1.0);
    if (situation.met == nullptr) {
        equities.cubeless =
            outcomes.win * outcomes.win_value() - (1 - outcomes.win) * outcomes.loss_value();
    } else {
        const MatchModel model(outcomes, situation);
        const double lose = model.after(-situation.value), win = model.after(situation.value);
        equities.cubeless = 2 * (model.dead(situation.value)(outcomes.win) - lose) / (win - lose) - 1;
    }
    return equities;
}

namespace {

// What a double is worth to the doubler once the opponent answers it as it should.
double answered_double(double double_take, double double_pass, bool beavers, bool* beavered) {
    const double answer = std::min(double_take, double_pass);
    const double beavered_value = std::max(-2.0, 2 * double_take);
    *beavered = beavers && beavered_value < answer;
    return *beavered ? beavered_value : answer;
}

}  // namespace

CubeAction cube_action(double no_double, double double_take, double double_pass, bool beavers) {
    CubeAction action;
    const double doubled = answered_double(double_take, double_pass, beavers, &action.beaver);
    action.take = double_take <= double_pass;
    if (doubled > no_double)
        action.kind = action.take ? CubeActionKind::kDoubleTake : CubeActionKind::kDoublePass;
    else if (no_double > double_pass)
        action.kind = CubeActionKind::kTooGood;
    else
        action.kind = CubeActionKind::kNoDouble;
    return action;
}

double proper_equity(double no_double, double double_take, double double_pass, bool may_double,
                     bool beavers) {
    if (!may_double) return no_double;
    bool beavered = false;
    return std::max(no_double, answered_double(double_take, double_pass, beavers, &beavered));
}

}  // namespace tavla
