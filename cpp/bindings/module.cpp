#include "convert.hpp"

PYBIND11_MODULE(_core, m) {
    m.doc() = "tavla's C++ core: boards, Position IDs and legal plays. Use the tavla package.";
    tavla::bindings::bind_board(m);
    tavla::bindings::bind_movegen(m);
    tavla::bindings::bind_playout(m);
    tavla::bindings::bind_pubeval(m);
    tavla::bindings::bind_dice(m);
}
