#include "tavla/cube_policy.hpp"

#include <string>
#include <utility>

#include "tavla/fault.hpp"

namespace tavla {

ModelCubePolicy::ModelCubePolicy(std::shared_ptr<const Search> search, int plies, double life)
    : search_(std::move(search)), plies_(plies), life_(life) {
    if (!search_) throw Fault("a cube policy needs a search");
    if (plies < 0 || plies > kMaxPlies)
        throw Fault("plies must be 0.." + std::to_string(kMaxPlies));
    if (!(life >= 0 && life <= 1)) throw Fault("the cube life is a number from 0 to 1");
}

ModelCubePolicy::Decision ModelCubePolicy::decide(const Board& board, const CubeSituation& doubler,
                                                  bool beavers) const {
    Decision decision;
    if (!search_->answers(board)) return decision;
    const CubeEquities equities = cube_equities(search_->position(board, plies_), doubler, life_);
    decision.known = true;
    decision.action = cube_action(equities.no_double, equities.double_take, 1.0, beavers);
    decision.double_take = equities.double_take;
    return decision;
}

bool ModelCubePolicy::doubles(const Board& board, const CubeSituation& doubler) const {
    const Decision decision = decide(board, doubler, false);
    return decision.known && decision.action.doubles();
}

CubeAnswer ModelCubePolicy::answer(const Board& board, const CubeSituation& doubler,
                                   bool beaver_allowed) const {
    const Decision decision = decide(board, doubler, beaver_allowed);
    if (!decision.known || decision.action.take)
        return decision.action.beaver ? CubeAnswer::kBeaver : CubeAnswer::kTake;
    return CubeAnswer::kDrop;
}

bool ModelCubePolicy::takes_beaver(const Board& board, const CubeSituation& doubler) const {
    const Decision decision = decide(board, doubler, true);
    return !decision.known || tavla::takes_beaver(decision.double_take);
}

}  // namespace tavla
