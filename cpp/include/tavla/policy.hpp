// Built-in policies: what chooses one play of a turn inside the C++ playout loop. A new
// built-in (an exact bear-off database, say) is one more Policy subclass and one more name in
// make_builtin_policy; the loop in playout.cpp does not change.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tavla/board.hpp"
#include "tavla/movegen.hpp"
#include "tavla/pubeval.hpp"
#include "tavla/search.hpp"

namespace tavla {

class Policy {
public:
    virtual ~Policy() = default;

    // The index, 0..count-1, of the play to make among plays.play(i) (results seen from the
    // mover), for `before` (the mover on roll). `entropy` is 64 random bits private to this game
    // and ply. Called concurrently from many threads: it must not change shared state.
    virtual int choose(const Board& before, const MoveGenerator& plays,
                       std::uint64_t entropy) const = 0;
    // Whether choose() reads the plays' moves (PlayRecord::moves, n_moves, hit_mask) and not
    // only their results: the playout loop generates the results alone for those that do not.
    virtual bool reads_moves() const { return true; }
};

// Generates the plays of `board` (the mover on roll) for the roll d1-d2 as policy.choose()
// reads them: their results alone when it reads no moves. Their count.
inline int generate_for(const Policy& policy, MoveGenerator& generator, const Board& board, int d1,
                        int d2) {
    return policy.reads_moves() ? generator.generate(board, d1, d2)
                                : generator.generate_results(board, d1, d2);
}

// Uniform over the distinct legal plays.
class RandomPolicy final : public Policy {
public:
    int choose(const Board& before, const MoveGenerator& plays,
               std::uint64_t entropy) const override;
    bool reads_moves() const override { return false; }
};

// The play with the highest pubeval score; the first such play on an exact tie.
class PubevalPolicy final : public Policy {
public:
    int choose(const Board& before, const MoveGenerator& plays,
               std::uint64_t entropy) const override;
    bool reads_moves() const override { return false; }

private:
    PubevalScorer scorer_;
};

// The play with the highest cubeless equity at `plies` by a search (search.hpp). Where the
// search does not answer (it has only a bear-off evaluator and the position is not a bear-off),
// the fallback policy chooses.
class SearchPolicy final : public Policy {
public:
    SearchPolicy(std::shared_ptr<const Search> search, int plies,
                 std::shared_ptr<const Policy> fallback);

    int choose(const Board& before, const MoveGenerator& plays,
               std::uint64_t entropy) const override;
    // The search reads the results alone; a fallback may read more.
    bool reads_moves() const override { return fallback_ && fallback_->reads_moves(); }

    const Search& search() const { return *search_; }
    int plies() const { return plies_; }

private:
    std::shared_ptr<const Search> search_;
    int plies_;
    std::shared_ptr<const Policy> fallback_;
};

// The index of the first of the highest of `count` (>= 1) scores: the play made from the scores
// a Python policy gives the plays (playout.cpp's lockstep loop, the choose_play binding).
inline std::int64_t first_best(const double* scores, std::int64_t count) {
    std::int64_t best = 0;
    for (std::int64_t k = 1; k < count; ++k)
        if (scores[k] > scores[best]) best = k;
    return best;
}

// The names make_builtin_policy knows, in a stable order.
std::vector<std::string> builtin_policy_names();

// A built-in policy by name, or nullptr for an unknown name.
std::unique_ptr<Policy> make_builtin_policy(const std::string& name);

}  // namespace tavla
