// Conversions of the cube model's arguments, shared by bind_cube.cpp, bind_cube_play.cpp and
// bind_env.cpp.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>

#include "tavla/cube_model.hpp"
#include "tavla/playout.hpp"

namespace tavla::bindings {

namespace py = pybind11;

// Five probabilities (any sequence of numbers) checked by probabilities_fault().
Probabilities probabilities_of(const py::handle& values);

// A situation from plain values, the owner 0 (centred), 1 (the side on roll) or 2.
CubeSituation situation_of(int value, int owner, bool backgammons, bool jacoby,
                           const MatchEquity* met, int away, int opponent_away,
                           bool crawford_game, int max_cube);

// The rules, the match and the start of a run with the cube, checked once (pybind: CubePlay,
// bind_cube_play.cpp).
struct CubePlay {
    CubeSpec spec;
    std::shared_ptr<const MatchEquity> met;
};

}  // namespace tavla::bindings
