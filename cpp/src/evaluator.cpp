#include "tavla/evaluator.hpp"

#include <vector>

#include "tavla/rules.hpp"

namespace tavla {

Probabilities finished_probabilities(const Board& won) {
    const int kind = result_kind(won.opponent());
    return {1.0, kind >= 2 ? 1.0 : 0.0, kind == 3 ? 1.0 : 0.0, 0.0, 0.0};
}

void Evaluator::evaluate_results(const Board&, const Board* results, std::size_t count,
                                 Probabilities* out) const {
    thread_local std::vector<Board> boards;
    thread_local std::vector<std::size_t> index;
    boards.clear();
    index.clear();
    for (std::size_t i = 0; i < count; ++i) {
        const Board& after = results[i];
        if (after.mover()[kOff] == kCheckers) {
            out[i] = finished_probabilities(after);
        } else {
            boards.push_back(after.swapped());
            index.push_back(i);
        }
    }
    if (boards.empty()) return;
    thread_local std::vector<Probabilities> values;
    values.resize(boards.size());
    evaluate(boards.data(), boards.size(), values.data());
    for (std::size_t k = 0; k < boards.size(); ++k) out[index[k]] = flipped(values[k]);
}

}  // namespace tavla
