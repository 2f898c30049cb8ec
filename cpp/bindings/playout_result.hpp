// The one layout of what play_games and play_cube return: a dict of arrays of the units
// finished, a prefix (games, or whole matches and their games one match after another).
//   every run        "winner", "kind", "first", "plies" per game; "finished", "interrupted"
//   with the cube    "cube", "points", "owner", "doubler", "dropped", "crawford" per game
//   whole matches    "match_winner", "match_games", "score" (M, 2) per match
//   games stopped    "on_roll", "final_boards" (and with the cube "stop_values") per game
//   luck measured    "luck" per game
#pragma once

#include <pybind11/numpy.h>

#include <cstdint>

#include "playout_binding.hpp"

namespace tavla::bindings {

// The per-game arrays of `count` games, record(i) giving game i: the cube's columns too when
// `cube`.
template <typename Record>
void add_game_arrays(py::dict& out, std::int64_t count, bool cube, Record record) {
    py::array_t<std::int8_t> winner(count), kind(count), first(count);
    py::array_t<std::int32_t> plies(count);
    auto w = winner.mutable_unchecked<1>(), k = kind.mutable_unchecked<1>(),
         f = first.mutable_unchecked<1>();
    auto p = plies.mutable_unchecked<1>();
    const std::int64_t cubes = cube ? count : 0;
    py::array_t<std::int8_t> owner(cubes), doubler(cubes), dropped(cubes), crawford(cubes);
    py::array_t<std::int32_t> value(cubes), points(cubes);
    auto o = owner.mutable_unchecked<1>(), d = doubler.mutable_unchecked<1>(),
         x = dropped.mutable_unchecked<1>(), c = crawford.mutable_unchecked<1>();
    auto v = value.mutable_unchecked<1>(), s = points.mutable_unchecked<1>();
    for (std::int64_t i = 0; i < count; ++i) {
        const PlayedGame& r = record(i);
        w(i) = r.game.winner;
        k(i) = r.game.kind;
        f(i) = r.game.first;
        p(i) = r.game.plies;
        if (!cube) continue;
        v(i) = r.cube.cube;
        s(i) = r.cube.points;
        o(i) = r.cube.owner;
        d(i) = r.cube.doubler;
        x(i) = r.cube.dropped;
        c(i) = r.cube.crawford;
    }
    out["winner"] = winner;
    out["kind"] = kind;
    out["first"] = first;
    out["plies"] = plies;
    if (!cube) return;
    out["cube"] = value;
    out["points"] = points;
    out["owner"] = owner;
    out["doubler"] = doubler;
    out["dropped"] = dropped;
    out["crawford"] = crawford;
}

// The arrays of `count` games stopped unfinished or played out: the policy on roll at the stop
// and the last board.
inline void add_stops(py::dict& out, std::int64_t count, const GameOutcome* games,
                      const Board* final_boards) {
    py::array_t<std::int8_t> on_roll(count);
    auto o = on_roll.mutable_unchecked<1>();
    for (std::int64_t i = 0; i < count; ++i) o(i) = games[i].on_roll;
    out["on_roll"] = on_roll;
    out["final_boards"] = boards_array(final_boards, std::size_t(count));
}

}  // namespace tavla::bindings
