#include "convert.hpp"
#include "tavla/position_id.hpp"
#include "tavla/rules.hpp"

namespace tavla::bindings {

void bind_board(py::module_& m) {
    m.def(
        "board_error", [](const py::bytes& raw) { return board_error(unchecked_board(raw)); },
        "Why a 52-byte board breaks R1-R4, or '' when it is valid.");
    m.def(
        "position_id", [](const py::bytes& raw) { return position_id(board_from_bytes(raw)); },
        "GNU Backgammon Position ID of a 52-byte board.");
    m.def(
        "parse_position_id",
        [](const py::object& id) {
            return board_to_bytes(parse_position_id(utf8_of(id, "a Position ID")));
        },
        "The 52-byte board of a Position ID; ValueError naming the fault.");
    m.def(
        "pip_counts",
        [](const py::bytes& raw) {
            const Board b = board_from_bytes(raw);
            return py::make_tuple(pip_count(b, 0), pip_count(b, 1));
        },
        "Pip counts (side on roll, opponent).");
    m.def(
        "result_kind",
        [](const py::bytes& raw, int loser) {
            if (loser < 0 || loser > 1) throw Fault("the loser is row 0 or 1");
            return result_kind(board_from_bytes(raw).side[std::size_t(loser)].data());
        },
        py::arg("board"), py::arg("loser"),
        "R16's kind (1 single, 2 gammon, 3 backgammon) of a game that row `loser` lost.");
    m.def(
        "is_race", [](const py::bytes& raw) { return is_race(board_from_bytes(raw)); },
        "True when the two sides have no more contact.");
}

}  // namespace tavla::bindings
