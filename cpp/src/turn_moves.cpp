#include "tavla/turn_moves.hpp"

#include <algorithm>
#include <cstring>

#include "tavla/fault.hpp"

namespace tavla {
namespace {

bool bytes_less(const Board& a, const Board& b) {
    return std::memcmp(a.side.data(), b.side.data(), sizeof(Board)) < 0;
}

// The dice with the one at `index` left out, the others in their order.
std::array<std::int8_t, 4> without(const std::array<std::int8_t, 4>& dice, int left, int index) {
    std::array<std::int8_t, 4> rest{};
    for (int k = 0, j = 0; k < left; ++k)
        if (k != index) rest[std::size_t(j++)] = dice[std::size_t(k)];
    return rest;
}

// Whether dice[index] is the first of its value (a double's four dice are tried once).
bool first_of_its_value(const std::array<std::int8_t, 4>& dice, int index) {
    for (int k = 0; k < index; ++k)
        if (dice[std::size_t(k)] == dice[std::size_t(index)]) return false;
    return true;
}

}  // namespace

void MoveTurn::begin(const Board& board, Roll roll, const MoveGenerator& plays) {
    board_ = board;
    const int high = std::max(roll.d1, roll.d2), low = std::min(roll.d1, roll.d2);
    left_ = high == low ? 4 : 2;
    dice_ = {std::int8_t(high), std::int8_t(low), std::int8_t(low), std::int8_t(low)};
    results_.clear();
    plays.append_results(results_);
    std::sort(results_.begin(), results_.end(), bytes_less);
    needed_ = plays.play(0).n_moves;  // every legal play makes as many moves (R9)
    over_ = false;
    update_mask();
}

int MoveTurn::dice_left(std::int8_t* out) const {
    for (int k = 0; k < left_; ++k) out[k] = dice_[std::size_t(k)];
    return left_;
}

bool MoveTurn::is_result(const Board& b) const {
    return std::binary_search(results_.begin(), results_.end(), b, bytes_less);
}

// Whether some `needed` more moves from `b` with `dice` (dice[0..left-1]) end in a legal
// result; winning the game (the last checker off) ends the turn at once.
bool MoveTurn::completes(const Board& b, const std::array<std::int8_t, 4>& dice, int left,
                         int needed) const {
    for (int k = 0; k < left; ++k) {
        if (!first_of_its_value(dice, k)) continue;
        for (int from = kBar; from >= 1; --from)
            if (move_completes(b, dice, left, needed, k, from)) return true;
    }
    return false;
}

// Whether a checker from `from` can move with dice[k] on `b` and, the other dice left, the
// `needed - 1` moves after it can end in a legal result (completes()).
bool MoveTurn::move_completes(const Board& b, const std::array<std::int8_t, 4>& dice, int left,
                              int needed, int k, int from) const {
    const int die = dice[std::size_t(k)];
    if (single_move_fault(b, from, die) != nullptr) return false;
    Board next = b;
    apply_move(next, from, die);
    const bool turn_over = needed == 1 || next.mover()[kOff] == kCheckers;
    return turn_over ? is_result(next)
                     : completes(next, without(dice, left, k), left - 1, needed - 1);
}

void MoveTurn::update_mask() {
    mask_.reset();
    if (needed_ == 0) {  // nothing can move: the pass
        mask_.set(kPassAction);
        return;
    }
    for (int k = 0; k < left_; ++k) {
        if (!first_of_its_value(dice_, k)) continue;
        const int die = dice_[std::size_t(k)];
        for (int from = 1; from <= kBar; ++from)
            if (move_completes(board_, dice_, left_, needed_, k, from))
                mask_.set(std::size_t(move_action(from, die)));
    }
}

bool MoveTurn::apply(int action) {
    if (over_ || !allowed(action)) throw Fault("this move does not lead to a legal play now");
    if (action == kPassAction) {
        over_ = true;
        mask_.reset();
        return true;
    }
    const int from = action / 6, die = action % 6 + 1;
    apply_move(board_, from, die);
    int index = 0;
    while (dice_[std::size_t(index)] != die) ++index;
    dice_ = without(dice_, left_, index);
    --left_;
    --needed_;
    over_ = needed_ == 0 || board_.mover()[kOff] == kCheckers;
    if (over_)
        mask_.reset();
    else
        update_mask();
    return over_;
}

}  // namespace tavla
