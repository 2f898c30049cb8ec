#include "tavla/turn_memo.hpp"

#include <functional>
#include <string_view>

namespace tavla {

std::size_t TurnMemo::KeyHash::operator()(const Key& key) const {
    const std::string_view bytes(reinterpret_cast<const char*>(key.board.side.data()),
                                 sizeof key.board.side);
    return std::hash<std::string_view>{}(bytes) ^ std::size_t(key.roll * 2 + key.policy + 2);
}

const Board* TurnMemo::play(int policy, const Board& before, Roll roll) const {
    const auto found = plays_.find(play_key(policy, before, roll));
    return found == plays_.end() ? nullptr : &found->second;
}

void TurnMemo::keep_play(int policy, const Board& before, Roll roll, const Board& result) {
    if (plays_.size() < kMostPlays) plays_.emplace(play_key(policy, before, roll), result);
}

const TurnMemo::RollValues* TurnMemo::values(int policy, const Board& before) const {
    const auto found = values_.find(Key{before, policy, -1});
    return found == values_.end() ? nullptr : &found->second;
}

void TurnMemo::keep_values(int policy, const Board& before, const RollValues& values) {
    if (values_.size() < kMostValues) values_.emplace(Key{before, policy, -1}, values);
}

}  // namespace tavla
