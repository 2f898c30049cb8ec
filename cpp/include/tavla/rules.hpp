// The rules of the cube and of scoring that the playout engine and Python's games share
// (docs/rules.rst): who may double now, the kind of a finished game, and what it is worth. The one
// implementation: tavla.game.cube and tavla.game.scoring call these through _core and keep
// only the wording of their messages; the playout engine, its variance reduction and the RL
// environments play by them.
#pragma once

#include <array>
#include <cstdint>

#include "tavla/board.hpp"

namespace tavla {

constexpr int kMaxCubeValue = 32768;  // the most the Match ID and the XGID hold (R19)

// Why a side may not offer a double now; kNone when it may. Checked in this order.
enum class DoubleRefusal : std::int8_t {
    kNone = 0,
    kNoCube,          // R18: the rules play without the cube
    kOnePointMatch,   // R24: a 1-point match never uses the cube
    kCrawfordGame,    // R24: no doubling in the Crawford game
    kNotOwner,        // R18: the other side owns the cube
    kCubeAtItsHighest,  // R19: the cube is at kMaxCubeValue
    kMaxCube,         // R19: the rules' cube limit allows no double
    kHolland,         // R25: post-Crawford, the trailer waits two turns of each side
};

// Where a double would be offered. Sides are 0 and 1 (players or policies, as the caller
// counts them); the score and the owner use the same numbering.
struct DoubleSituation {
    bool cube = true;              // R18: the rules play with the cube
    int match_length = 0;          // 0: money play
    std::array<int, 2> score{};    // the match score before this game
    bool crawford_game = false;    // this game is the Crawford game (R24)
    bool crawford_rule = true;     // R24
    bool holland = false;          // R25 (match play, with the Crawford rule)
    int cube_value = 1;
    int cube_owner = -1;           // -1: centred
    int max_cube = kMaxCubeValue;  // R19: the rules' limit (kMaxCubeValue: none)
    int fewest_turns_played = 0;   // the plays made so far in this game by the side that has
                                   // made fewer (forced passes count), for R25
};

// A match game after the Crawford game (R24): the rule is played, the match is longer than
// one point, a side is one point away, and this is not the Crawford game.
inline bool post_crawford(const DoubleSituation& s) {
    const int one_away = s.match_length - 1;
    return s.crawford_rule && s.match_length > 1 && !s.crawford_game &&
           (s.score[0] == one_away || s.score[1] == one_away);
}

// Whether a match game starting at `score` is the Crawford game (R24): under the Crawford
// rule, the first game of a match longer than one point that starts with a side one point
// away (`crawford_done`: that game has already come).
inline bool crawford_game_next(bool crawford_rule, int match_length, std::array<int, 2> score,
                               bool crawford_done) {
    const int one_away = match_length - 1;
    return crawford_rule && match_length > 1 && !crawford_done &&
           (score[0] == one_away || score[1] == one_away);
}

// Why `side` may not double now (the rules and the cube only, not whose turn it is).
inline DoubleRefusal double_refusal(const DoubleSituation& s, int side) {
    if (!s.cube) return DoubleRefusal::kNoCube;
    if (s.match_length == 1) return DoubleRefusal::kOnePointMatch;
    if (s.crawford_game) return DoubleRefusal::kCrawfordGame;
    if (s.cube_owner >= 0 && s.cube_owner != side) return DoubleRefusal::kNotOwner;
    const std::int64_t doubled = 2 * std::int64_t(s.cube_value);
    if (doubled > kMaxCubeValue) return DoubleRefusal::kCubeAtItsHighest;
    if (doubled > s.max_cube) return DoubleRefusal::kMaxCube;
    if (s.holland && post_crawford(s) && s.score[side] < s.score[1 - side] &&
        s.fewest_turns_played < 2)
        return DoubleRefusal::kHolland;
    return DoubleRefusal::kNone;
}

// Why a redouble answering a double may not be made (R20, money play only): a beaver, with the
// `beavers` option, or a raccoon answering the beaver, with `raccoons`; `redoubled` is the cube
// it offers (four or eight times the cube before the double). kNone when it may.
enum class RedoubleRefusal : std::int8_t {
    kNone = 0,
    kNotAllowed,        // R20: match play, or the rules lack the option
    kMaxCube,           // R19: beyond the rules' cube limit
    kCubeAtItsHighest,  // R19: beyond kMaxCubeValue
};

inline RedoubleRefusal redouble_refusal(int match_length, bool option, std::int64_t redoubled,
                                        int max_cube) {
    if (match_length != 0 || !option) return RedoubleRefusal::kNotAllowed;
    if (redoubled > kMaxCubeValue) return RedoubleRefusal::kCubeAtItsHighest;
    if (redoubled > max_cube) return RedoubleRefusal::kMaxCube;
    return RedoubleRefusal::kNone;
}

inline bool redouble_allowed(int match_length, bool option, std::int64_t redoubled, int max_cube) {
    return redouble_refusal(match_length, option, redoubled, max_cube) == RedoubleRefusal::kNone;
}

// Result kinds on the board and as scored: 1 single, 2 gammon, 3 backgammon (R16).

// The kind of a finished game from the loser's row (its own numbering): a single game if it
// has borne off a checker; otherwise a gammon, or a backgammon with a checker on the bar or
// in the winner's home board (the loser's points 19..24).
inline int result_kind(const std::int8_t* loser) {
    if (loser[kOff] > 0) return 1;
    for (int point = 19; point <= kBar; ++point)
        if (loser[point] > 0) return 3;
    return 2;
}

inline int counted_kind(int board_kind, bool backgammons) {
    return board_kind == 3 && !backgammons ? 2 : board_kind;
}

// The points a game ended on the board (or by a resignation of `kind`) is worth (R16, R19,
// R22): the cube's value times the counted kind, or the value alone under the Jacoby rule
// (money play with the rule, the cube never turned). A drop scores the cube's value before
// the double, as a single game.
inline std::int64_t game_points(int kind, std::int64_t cube_value, bool backgammons,
                                bool jacoby_applies) {
    return cube_value * (jacoby_applies ? 1 : counted_kind(kind, backgammons));
}

}  // namespace tavla
