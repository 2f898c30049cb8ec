#include "tavla/luck.hpp"

#include <algorithm>

#include "tavla/bearoff.hpp"
#include "tavla/cube_model.hpp"
#include "tavla/fault.hpp"

namespace tavla {
namespace {

// The same change of probabilities seen by the other side (flipped() of two values, minus).
Probabilities flipped_change(const Probabilities& d) {
    return {-d[kWin], d[kLoseGammon], d[kLoseBackgammon], d[kWinGammon], d[kWinBackgammon]};
}

// What the opponent of the mover, on roll next with the cube as it stands, can expect per unit
// of the cube: the model's no-double equity, or when it may double the better of that and
// its opponent's best answer to a double.
double next_turn_equity(const PlayoutSpec& spec, const GameState& next,
                        const Probabilities& on_roll) {
    const CubeSituation situation = cube_situation(spec, next);
    const CubeEquities e = cube_equities(on_roll, situation, spec.cube->luck_cube_life);
    if (!may_double(spec, next)) return e.no_double;
    return std::max(e.no_double, std::min(e.double_take, 1.0));
}

// Policy a's value, in points (money play) or as its MWC (a match), when the side `on_roll`
// (a policy) expects `equity` per unit of the cube `state.cube` in this game.
double value_of_a(const PlayoutSpec& spec, const GameState& state, int on_roll, double equity) {
    const CubeSpec& cube = *spec.cube;
    if (cube.match_length == 0) return (on_roll == 0 ? 1.0 : -1.0) * equity * state.cube;
    const MatchEquity& met = *cube.met;
    const int away = cube.match_length - state.score[std::size_t(on_roll)];
    const int opponent_away = cube.match_length - state.score[std::size_t(1 - on_roll)];
    const double win = met.after(away, opponent_away, state.cube);
    const double lose = met.after(away, opponent_away, -state.cube);
    const double mwc = lose + (win - lose) * (equity + 1) / 2;  // of the side on roll
    return on_roll == 0 ? mwc : 1 - mwc;
}

// The state of the game once the mover of `state` has played and the game goes on.
GameState next_turn(const GameState& state) {
    GameState next = state;
    next.mover_policy ^= 1;
    ++next.result.plies;
    return next;
}

double value_for_a(const PlayoutSpec& spec, const GameState& next, const Probabilities& after) {
    return value_of_a(spec, next, next.mover_policy, next_turn_equity(spec, next, flipped(after)));
}

}  // namespace

double cubeful_value_after(const PlayoutSpec& spec, const GameState& state,
                           const Probabilities& after) {
    return value_for_a(spec, next_turn(state), after);
}

double stopped_value(const PlayoutSpec& spec, const GameState& state) {
    const CubeSpec& cube = *spec.cube;
    const auto* exact = dynamic_cast<const BearoffDatabase*>(spec.exact_stop);
    if (exact != nullptr && exact->cubeful() && cube.match_length == 0 &&
        cube.max_cube == kMaxCubeValue && exact->applies(state.board) &&
        exact->exact(state.board)) {
        const int owner = state.cube_owner < 0                        ? kCentred
                          : state.cube_owner == state.mover_policy ? kOwned
                                                                     : kOpponents;
        return value_of_a(spec, state, state.mover_policy,
                          cubeful_equity(exact->no_double(state.board), owner));
    }
    if (cube.stop_search == nullptr) throw Fault("a game stopped with the cube needs a search");
    const Probabilities p = cube.stop_search->position(state.board, 0);
    return value_of_a(spec, state, state.mover_policy, next_turn_equity(spec, state, p));
}

Board lucky_play(const PlayoutSpec& spec, GameState& state, Roll roll,
                 const SearchPolicy& policy, MoveGenerator& generator, RollChoices& choices,
                 TurnMemo* memo) {
    const auto rolled = std::size_t(roll_index(roll.d1, roll.d2));
    const TurnMemo::RollValues* kept = memo ? memo->values(state.mover_policy, state.board)
                                            : nullptr;
    if (kept != nullptr) {
        choices.value = *kept;
    } else {
        if (policy.plies() == 0)
            policy.search().lookahead_choices(state.board, int(rolled), spec.luck_keep,
                                              generator, choices);
        else
            policy.search().roll_choices(state.board, policy.plies(), generator, choices);
        if (memo) memo->keep_values(state.mover_policy, state.board, choices.value);
    }
    if (spec.cube == nullptr) {
        Probabilities luck = choices.value[rolled];
        for (int d1 = 1, r = 0; d1 <= 6; ++d1)
            for (int d2 = d1; d2 <= 6; ++d2, ++r)
                for (int k = 0; k < kOutputs; ++k)
                    luck[std::size_t(k)] -= roll_weight(d1, d2) *
                                            choices.value[std::size_t(r)][std::size_t(k)];
        if (state.mover_policy != 0) luck = flipped_change(luck);
        for (int k = 0; k < kOutputs; ++k) state.luck[std::size_t(k)] += luck[std::size_t(k)];
    } else {
        const GameState next = next_turn(state);
        double mean = 0;
        double came = 0;
        for (int d1 = 1, r = 0; d1 <= 6; ++d1)
            for (int d2 = d1; d2 <= 6; ++d2, ++r) {
                const double value = value_for_a(spec, next, choices.value[std::size_t(r)]);
                mean += roll_weight(d1, d2) * value;
                if (std::size_t(r) == rolled) came = value;
            }
        state.cube_luck += came - mean;
    }
    if (memo) {
        if (const Board* play = memo->play(state.mover_policy, state.board, roll)) return *play;
    }
    // The plays of a roll come in an order that follows the order of its dice, and among plays
    // of equal equity the policy makes the first: play this roll as the policy would, with
    // its dice in the order they came (the luck above is the same for either order). Only a
    // tie for the best can make the order matter.
    const bool found = kept == nullptr && (roll.d1 <= roll.d2 || choices.rolled_best_unique);
    const Board play = found ? choices.result[rolled] : policy_play(state, roll, policy, generator);
    if (memo) memo->keep_play(state.mover_policy, state.board, roll, play);
    return play;
}

}  // namespace tavla
