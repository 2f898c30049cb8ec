// Variance reduction of rollouts (docs/simulation.rst "Variance reduction"): the luck of every
// roll of a game, summed per game and subtracted from its outcome.
//
// Before a roll, the side on roll's policy (a search at some depth) would make one play for
// each of the 21 rolls; value(r) is the value, for the rollout's counted side, of the position
// after the play of roll r, at the policy's depth: the five cubeless probabilities, or with the
// cube the cubeful value the cube model gives it (points in money play, MWC in a match: the
// rollout scales it to its own unit). At 0-ply, "the play of roll r" is the best by the
// evaluator among the PlayoutSpec::luck_keep plays pubeval ranks highest
// (Search::lookahead_choices): any value that depends only on the position and the roll
// serves, and this one costs a few evaluations a roll instead of all its plays. The luck of the
// roll that came is value(roll) - sum_r w(r) value(r), w(r) = 1/36 for a double, 2/36 for
// the others (each roll's plays found with its dice in increasing order, so that the value does
// not depend on the order the dice came in). The roll is drawn independently of everything
// before it, so the luck's mean
// given the past is zero: the luck terms of a game are martingale differences, their sum has
// mean zero, and outcome - sum of lucks has the outcome's mean with (much) less variance.
#pragma once

#include "tavla/playout.hpp"
#include "tavla/policy.hpp"
#include "tavla/search.hpp"
#include "tavla/turn_memo.hpp"

namespace tavla {

// The play the mover of `state` (on roll, about to play `roll`) makes with `policy` (its
// search answers everywhere), found with the other 20 rolls' plays; adds the roll's luck to
// state.luck (cubeless) or state.cube_luck (with spec.cube), from policy a's side. `choices`
// and `generator` are the caller's scratch. With `memo` (not null), takes the 21 values and the
// play from it where it has them and keeps those it works out. Returns the result of the play,
// seen from the mover.
Board lucky_play(const PlayoutSpec& spec, GameState& state, Roll roll,
                 const SearchPolicy& policy, MoveGenerator& generator, RollChoices& choices,
                 TurnMemo* memo);

// The cubeful value for policy a (points, or its MWC in a match) of the position after a
// play by the mover of `state`, whose value for the mover is `after` (cubeless probabilities):
// the opponent is on roll with the cube as it stands, and may double if the rules let it.
double cubeful_value_after(const PlayoutSpec& spec, const GameState& state,
                           const Probabilities& after);

// The cubeful value for policy a (as above) of a game stopped unfinished with the cube
// (PlayoutSpec::truncate, exact_stop): the side on roll's cube decision valued by the cube model
// on CubeSpec::stop_search's 0-ply probabilities, or where the game stopped at an exact
// cubeful bear-off of money play without a cube limit, the database's exact value.
double stopped_value(const PlayoutSpec& spec, const GameState& state);

}  // namespace tavla
