#include "tavla/cube_policy.hpp"

#include <string>
#include <utility>

#include "tavla/fault.hpp"

namespace tavla {

ModelCubePolicy::ModelCubePolicy(std::shared_ptr<const Search> search, int plies, double life,
                                 std::shared_ptr<const BearoffDatabase> exact)
    : search_(std::move(search)), plies_(plies), life_(life), exact_(std::move(exact)) {
    if (!search_) throw Fault("a cube policy needs a search");
    if (exact_ && !exact_->cubeful())
        throw Fault("exact cube decisions need a bear-off database with its cubeful table");
    if (plies < 0 || plies > kMaxPlies)
        throw Fault("plies must be 0.." + std::to_string(kMaxPlies));
    if (!(life >= 0 && life <= 1)) throw Fault("the cube life is a number from 0 to 1");
}

int model_cube_choice(CubeQuestionKind kind, double no_double, double double_take, double owned,
                      bool redouble_allowed) {
    if (kind == CubeQuestionKind::kRaccoon) return int(takes_raccoon(owned));
    if (kind == CubeQuestionKind::kBeaver) {
        if (redouble_allowed && raccoons(double_take, owned)) return int(BeaverAnswer::kRaccoon);
        return int(takes_beaver(double_take) ? BeaverAnswer::kTake : BeaverAnswer::kDrop);
    }
    const CubeAction action = cube_action(no_double, double_take, 1.0, redouble_allowed);
    if (kind == CubeQuestionKind::kDouble) return int(action.doubles());
    if (!action.take) return int(CubeAnswer::kDrop);
    return int(action.beaver ? CubeAnswer::kBeaver : CubeAnswer::kTake);
}

bool ModelCubePolicy::equities(const Board& board, const CubeSituation& doubler,
                               double& no_double, double& double_take, double* owned) const {
    if (exact_ && doubler.met == nullptr && doubler.max_cube == kMaxCubeValue &&
        exact_->applies(board) && exact_->exact(board)) {
        const double* values = exact_->no_double(board);
        const CubeState state = doubler.owner == CubeOwner::kCentred ? kCentred
                                : doubler.owner == CubeOwner::kOnRoll ? kOwned
                                                                      : kOpponents;
        no_double = values[state];
        double_take = 2 * values[kOpponents];
        if (owned != nullptr) *owned = values[kOwned];
        return true;
    }
    if (!search_->answers(board)) return false;
    const Probabilities p = search_->position(board, plies_);
    const CubeEquities model = cube_equities(p, doubler, life_);
    no_double = model.no_double;
    double_take = model.double_take;
    if (owned == nullptr) return true;
    CubeSituation owning = doubler;
    owning.owner = CubeOwner::kOnRoll;
    *owned = doubler.owner == CubeOwner::kOnRoll ? no_double
                                                  : cube_equities(p, owning, life_).no_double;
    return true;
}

int ModelCubePolicy::choice(CubeQuestionKind kind, const Board& board,
                            const CubeSituation& doubler, bool redouble_allowed) const {
    double no_double = 0, double_take = 0, owned = 0;
    const bool raccoon = kind == CubeQuestionKind::kRaccoon ||
                         (kind == CubeQuestionKind::kBeaver && redouble_allowed);
    // Never double, always take.
    if (!equities(board, doubler, no_double, double_take, raccoon ? &owned : nullptr))
        return kind == CubeQuestionKind::kBeaver || kind == CubeQuestionKind::kRaccoon ? 1 : 0;
    return model_cube_choice(kind, no_double, double_take, owned, redouble_allowed);
}

bool ModelCubePolicy::doubles(const Board& board, const CubeSituation& doubler) const {
    return choice(CubeQuestionKind::kDouble, board, doubler, false) == 1;
}

CubeAnswer ModelCubePolicy::answer(const Board& board, const CubeSituation& doubler,
                                   bool beaver_allowed) const {
    return CubeAnswer(choice(CubeQuestionKind::kAnswer, board, doubler, beaver_allowed));
}

BeaverAnswer ModelCubePolicy::beaver_answer(const Board& board, const CubeSituation& doubler,
                                            bool raccoon_allowed) const {
    return BeaverAnswer(choice(CubeQuestionKind::kBeaver, board, doubler, raccoon_allowed));
}

bool ModelCubePolicy::takes_raccoon(const Board& board, const CubeSituation& doubler) const {
    return choice(CubeQuestionKind::kRaccoon, board, doubler, false) == 1;
}

}  // namespace tavla
