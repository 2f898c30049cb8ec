// Batches of boards across the Python boundary: (N, 2, 26) int8 arrays, each board checked.
#pragma once

#include <pybind11/numpy.h>

#include <string>

#include "convert.hpp"
#include "tavla/board.hpp"
#include "tavla/evaluator.hpp"

namespace tavla::bindings {

using BoardArray = py::array_t<std::int8_t, py::array::c_style>;

// The boards of an (N, 2, 26) int8 array, each valid (and, with `playable`, not finished): a
// Fault naming the first bad row.
inline const Board* checked_boards(const BoardArray& boards, bool playable) {
    if (boards.ndim() != 3 || boards.shape(1) != 2 || boards.shape(2) != kSlots)
        throw Fault(FaultKind::Board, "boards must have shape (N, 2, 26)");
    const auto* data = reinterpret_cast<const Board*>(boards.data());
    for (py::ssize_t i = 0; i < boards.shape(0); ++i) {
        const Board& b = data[i];
        if (playable ? !board_is_playable(b) : !board_is_valid(b))
            throw Fault(FaultKind::Board, "board " + std::to_string(i) + ": " +
                        (playable ? playable_board_error(b) : board_error(b)));
    }
    return data;
}

// (N, 5) float64 probabilities of (N, 2, 26) int8 boards (valid, not finished) by `evaluator`,
// the GIL released.
inline py::array_t<double> evaluate_boards(const Evaluator& evaluator, const BoardArray& boards) {
    const Board* data = checked_boards(boards, true);
    const auto count = std::size_t(boards.shape(0));
    py::array_t<double> out({py::ssize_t(count), py::ssize_t(kOutputs)});
    auto* values = reinterpret_cast<Probabilities*>(out.mutable_data());
    {
        const py::gil_scoped_release release;
        evaluator.evaluate(data, count, values);
    }
    return out;
}

}  // namespace tavla::bindings
