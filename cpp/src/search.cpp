#include "tavla/search.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "tavla/fault.hpp"
#include "tavla/pubeval.hpp"
#include "tavla/stop.hpp"

namespace tavla {
namespace {

// What one level of the search reuses from one position to the next: nothing is allocated
// per position once a thread's levels have grown.
struct Level {
    MoveGenerator generator;
    std::vector<Probabilities> values;
    std::vector<int> searched;
    std::vector<int> order;
};

// The play of highest cubeless equity among those judged at the full depth (the first on a
// tie): a value the move filter left at 0-ply is not comparable with the deeper ones.
int best_searched(const Probabilities* values, const int* searched, int count, int plies) {
    int best = -1;
    double best_equity = 0;
    for (int i = 0; i < count; ++i) {
        if (searched[i] != plies) continue;
        const double e = cubeless_equity(values[i]);
        if (best < 0 || e > best_equity) {
            best_equity = e;
            best = i;
        }
    }
    return best;
}

Level& level(int depth) {
    thread_local std::vector<std::unique_ptr<Level>> levels;
    while (int(levels.size()) <= depth) levels.push_back(std::make_unique<Level>());
    return *levels[std::size_t(depth)];
}

bool finished(const Board& after) { return after.mover()[kOff] == kCheckers; }

}  // namespace

int roll_index(int d1, int d2) {
    if (d1 > d2) std::swap(d1, d2);
    // Rolls 1-x come first (6 of them), then 2-x (5), ...: those before d1 number
    // 6 + 5 + ... + (8 - d1).
    return (d1 - 1) * (14 - d1) / 2 + (d2 - d1);
}

Search::Search(std::shared_ptr<const Evaluator> evaluator, std::shared_ptr<const Evaluator> bearoff,
               MoveFilter filter)
    : evaluator_(std::move(evaluator)), bearoff_(std::move(bearoff)), filter_(filter) {
    if (!evaluator_ && !bearoff_) throw Fault("a search needs an evaluator");
    if (filter_.keep < 1) throw Fault("the move filter must keep at least 1 play");
    if (!(filter_.margin >= 0.0)) throw Fault("the move filter's margin must be >= 0");
}

bool Search::answers(const Board& board) const {
    return evaluator_ || bearoff_->applies(board);
}

Probabilities Search::leaf(const Board& board) const {
    Probabilities p;
    if (bearoff_ && bearoff_->applies(board)) {
        bearoff_->evaluate(&board, 1, &p);
    } else if (evaluator_) {
        evaluator_->evaluate(&board, 1, &p);
    } else {
        throw Fault(FaultKind::Evaluator,
                    "the bear-off database does not apply to this position and there is no "
                    "other evaluator");
    }
    return p;
}

void Search::leaf_plays(const Board& before, const MoveGenerator& plays,
                        Probabilities* out) const {
    thread_local std::vector<Board> results;
    results.clear();
    plays.append_results(results);
    leaf_results(before, results.data(), results.size(), out);
}

void Search::leaf_results(const Board& before, const Board* results, std::size_t count,
                          Probabilities* out) const {
    // No checker is hit once both sides are home, so every result is a bear-off position too.
    if (bearoff_ && bearoff_->applies(before)) {
        bearoff_->evaluate_results(before, results, count, out);
        return;
    }
    if (!evaluator_)
        throw Fault(FaultKind::Evaluator,
                    "the bear-off database does not apply to this position and there is no "
                    "other evaluator");
    evaluator_->evaluate_results(before, results, count, out);
    // A result has both sides home only when the opponent already was: its checkers do not move.
    if (!bearoff_ || !side_is_home(before.opponent())) return;
    for (std::size_t i = 0; i < count; ++i) {
        const Board& after = results[i];
        if (finished(after)) continue;
        const Board next = after.swapped();
        if (bearoff_->applies(next)) {
            Probabilities p;
            bearoff_->evaluate(&next, 1, &p);
            out[i] = flipped(p);
        }
    }
}

Probabilities Search::position(const Board& board, int plies) const {
    require_playable(board);
    if (plies < 0 || plies > kMaxPlies)
        throw Fault("plies must be 0.." + std::to_string(kMaxPlies));
    if (!answers(board))
        throw Fault(FaultKind::Evaluator,
                    "the bear-off database does not apply to this position and there is no "
                    "other evaluator");
    if (plies == 0 || (bearoff_ && bearoff_->applies(board) && bearoff_->exact(board)))
        return leaf(board);
    return over_rolls(board, plies, 0);
}

Probabilities Search::over_rolls(const Board& board, int plies, int depth) const {
    check_stop();
    Probabilities sum{};
    for (int d1 = 1; d1 <= 6; ++d1)
        for (int d2 = d1; d2 <= 6; ++d2) {
            const Probabilities p = after_roll(board, d1, d2, plies, depth);
            const double weight = d1 == d2 ? 1.0 : 2.0;  // 1-2 and 2-1 are one play each
            for (int k = 0; k < kOutputs; ++k) sum[k] += weight * p[k];
        }
    for (double& v : sum) v /= 36.0;
    return sum;
}

// The probabilities of the side on roll of `board` after it rolls d1-d2 and makes its best
// play, the results judged at plies - 1.
Probabilities Search::after_roll(const Board& board, int d1, int d2, int plies, int depth) const {
    Level& here = level(depth);
    const int count = here.generator.generate_results(board, d1, d2);
    here.values.resize(std::size_t(count));
    here.searched.resize(std::size_t(count));
    search_plays(board, here.generator, plies - 1, depth + 1, here.values.data(),
                 here.searched.data());
    return here.values[std::size_t(
        best_searched(here.values.data(), here.searched.data(), count, plies - 1))];
}

void Search::search_plays(const Board& before, const MoveGenerator& plays, int plies, int depth,
                          Probabilities* out, int* searched) const {
    const int count = plays.count();
    leaf_plays(before, plays, out);
    std::fill(searched, searched + count, 0);
    if (plies == 0) return;

    Level& here = level(depth);
    std::vector<int>& order = here.order;
    order.clear();
    for (int i = 0; i < count; ++i) order.push_back(i);
    const auto better = [&](int a, int b) {
        const double ea = cubeless_equity(out[a]), eb = cubeless_equity(out[b]);
        return ea > eb || (ea == eb && a < b);
    };
    const int kept_at_most = std::min(count, filter_.keep);
    std::partial_sort(order.begin(), order.begin() + kept_at_most, order.end(), better);
    const double floor = cubeless_equity(out[order[0]]) - filter_.margin;
    for (int k = 0; k < kept_at_most; ++k) {
        const int i = order[std::size_t(k)];
        if (cubeless_equity(out[i]) < floor) break;
        searched[i] = plies;  // a finished game or an exact value needs no search
        const Board& after = plays.play(i).result;
        if (finished(after)) continue;
        const Board next = after.swapped();
        if (bearoff_ && bearoff_->applies(next) && bearoff_->exact(next)) continue;
        out[i] = flipped(over_rolls(next, plies, depth));
    }
}

void Search::plays(const Board& before, const MoveGenerator& plays, int plies, Probabilities* out,
                   int* searched) const {
    if (plies < 0 || plies > kMaxPlies)
        throw Fault("plies must be 0.." + std::to_string(kMaxPlies));
    search_plays(before, plays, plies, 0, out, searched);
}

void Search::roll_choices(const Board& before, int plies, MoveGenerator& generator,
                          RollChoices& out) const {
    if (plies < 0 || plies > kMaxPlies)
        throw Fault("plies must be 0.." + std::to_string(kMaxPlies));
    thread_local std::vector<Probabilities> values;
    thread_local std::vector<int> searched;
    out.rolled_best_unique = false;
    if (plies > 0) {
        for (int d1 = 1, r = 0; d1 <= 6; ++d1)
            for (int d2 = d1; d2 <= 6; ++d2, ++r) {
                const int count = generator.generate_results(before, d1, d2);
                values.resize(std::size_t(count));
                searched.resize(std::size_t(count));
                search_plays(before, generator, plies, 0, values.data(), searched.data());
                const int best = best_searched(values.data(), searched.data(), count, plies);
                out.result[std::size_t(r)] = generator.play(best).result;
                out.value[std::size_t(r)] = values[std::size_t(best)];
            }
        return;
    }
    // 0-ply: one batch of the results of every roll, then the best of each roll's (the first
    // on a tie, as best_searched chooses).
    thread_local std::vector<Board> results;
    std::array<std::size_t, kRolls + 1> offsets{};
    results.clear();
    for (int d1 = 1, r = 0; d1 <= 6; ++d1)
        for (int d2 = d1; d2 <= 6; ++d2, ++r) {
            generator.generate_results(before, d1, d2);
            generator.append_results(results);
            offsets[std::size_t(r) + 1] = results.size();
        }
    values.resize(results.size());
    leaf_results(before, results.data(), results.size(), values.data());
    for (std::size_t r = 0; r < std::size_t(kRolls); ++r) {
        std::size_t best = offsets[r];
        double best_equity = cubeless_equity(values[best]);
        for (std::size_t i = best + 1; i < offsets[r + 1]; ++i) {
            const double e = cubeless_equity(values[i]);
            if (e > best_equity) {
                best_equity = e;
                best = i;
            }
        }
        out.result[r] = results[best];
        out.value[r] = values[best];
    }
}

void Search::lookahead_choices(const Board& before, int rolled, int keep,
                               MoveGenerator& generator, RollChoices& out) const {
    static const PubevalScorer pubeval;
    const bool every_play = keep <= 0 || (bearoff_ && bearoff_->applies(before));
    const PubevalScorer::Before pubeval_before = pubeval.before(before, is_race(before));
    // The rolled roll's plays are all evaluated (the policy's choice); each other roll's only
    // its pubeval-best `keep`. ranked[j] marks a result among its roll's pubeval-best.
    thread_local std::vector<Board> results;
    thread_local std::vector<char> ranked;
    thread_local std::vector<int> best;
    thread_local std::vector<Probabilities> values;
    std::array<std::size_t, kRolls + 1> offsets{};
    results.clear();
    ranked.clear();
    for (int d1 = 1, r = 0; d1 <= 6; ++d1)
        for (int d2 = d1; d2 <= 6; ++d2, ++r) {
            const int count = generator.generate_results(before, d1, d2);
            if (every_play || count <= keep) {
                for (int i = 0; i < count; ++i) results.push_back(generator.play(i).result);
                ranked.resize(results.size(), 1);
            } else {
                // The pubeval-best `keep`, best first, the first on a tie.
                best.resize(std::size_t(keep));
                pubeval.best_changes(pubeval_before, &generator.play(0), count, keep,
                                     best.data());
                if (r == rolled) {
                    const std::size_t first = results.size();
                    for (int i = 0; i < count; ++i) results.push_back(generator.play(i).result);
                    ranked.resize(results.size(), 0);
                    for (int k = 0; k < keep; ++k)
                        ranked[first + std::size_t(best[std::size_t(k)])] = 1;
                } else {
                    for (int k = 0; k < keep; ++k)
                        results.push_back(generator.play(best[std::size_t(k)]).result);
                    ranked.resize(results.size(), 1);
                }
            }
            offsets[std::size_t(r) + 1] = results.size();
        }
    values.resize(results.size());
    leaf_results(before, results.data(), results.size(), values.data());
    for (std::size_t r = 0; r < std::size_t(kRolls); ++r) {
        std::size_t best = offsets[r], best_ranked = offsets[r + 1];
        double best_equity = cubeless_equity(values[best]), best_ranked_equity = 0;
        int best_ties = 0;  // other plays of the best's value
        for (std::size_t i = offsets[r]; i < offsets[r + 1]; ++i) {
            const double e = cubeless_equity(values[i]);
            if (e > best_equity) {
                best_equity = e;
                best = i;
                best_ties = 0;
            } else if (e == best_equity && i != best) {
                ++best_ties;
            }
            if (ranked[i] && (best_ranked == offsets[r + 1] || e > best_ranked_equity)) {
                best_ranked_equity = e;
                best_ranked = i;
            }
        }
        if (int(r) == rolled) {
            out.result[r] = results[best];
            out.rolled_best_unique = best_ties == 0;
        }
        out.value[r] = values[best_ranked];
    }
}

int Search::best_play(const Board& before, const MoveGenerator& plays, int plies) const {
    thread_local std::vector<Probabilities> values;
    thread_local std::vector<int> searched;
    values.resize(std::size_t(plays.count()));
    searched.resize(std::size_t(plays.count()));
    this->plays(before, plays, plies, values.data(), searched.data());
    return best_searched(values.data(), searched.data(), plays.count(), plies);
}

}  // namespace tavla
