#include "tavla/policy.hpp"

#include <string>
#include <utility>

#include "tavla/fault.hpp"
#include "tavla/rng.hpp"

namespace tavla {

int RandomPolicy::choose(const Board&, const MoveGenerator& plays, std::uint64_t entropy) const {
    return uniform_below(entropy, plays.count());
}

int PubevalPolicy::choose(const Board& before, const MoveGenerator& plays,
                          std::uint64_t) const {
    const bool race = is_race(before);
    int best = 0;
    double best_score = scorer_.score(plays.play(0).result, race);
    for (int i = 1; i < plays.count(); ++i) {
        const double s = scorer_.score(plays.play(i).result, race);
        if (s > best_score) {
            best_score = s;
            best = i;
        }
    }
    return best;
}

SearchPolicy::SearchPolicy(std::shared_ptr<const Search> search, int plies,
                           std::shared_ptr<const Policy> fallback)
    : search_(std::move(search)), plies_(plies), fallback_(std::move(fallback)) {
    if (!search_) throw Fault("a search policy needs a search");
    if (plies < 0 || plies > kMaxPlies)
        throw Fault("plies must be 0.." + std::to_string(kMaxPlies));
}

int SearchPolicy::choose(const Board& before, const MoveGenerator& plays,
                         std::uint64_t entropy) const {
    if (plays.count() == 1) return 0;
    if (search_->answers(before)) return search_->best_play(before, plays, plies_);
    if (!fallback_) throw Fault("the search does not answer for this position and has no fallback");
    return fallback_->choose(before, plays, entropy);
}

std::vector<std::string> builtin_policy_names() { return {"random", "pubeval"}; }

std::unique_ptr<Policy> make_builtin_policy(const std::string& name) {
    if (name == "random") return std::make_unique<RandomPolicy>();
    if (name == "pubeval") return std::make_unique<PubevalPolicy>();
    return nullptr;
}

}  // namespace tavla
