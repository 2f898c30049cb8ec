// Conversions at the Python boundary, shared by the bind_*.cpp files.
#pragma once

#include <pybind11/pybind11.h>

#include <cstring>
#include <string>

#include "tavla/board.hpp"
#include "tavla/fault.hpp"

namespace tavla::bindings {

namespace py = pybind11;

// A board arrives as 52 raw int8 bytes (the Python Position keeps exactly that); these are
// not checked yet against R1-R4.
inline Board unchecked_board(const py::bytes& raw) {
    char* data = nullptr;
    Py_ssize_t size = 0;
    if (PyBytes_AsStringAndSize(raw.ptr(), &data, &size) != 0) throw py::error_already_set();
    if (size != Py_ssize_t(sizeof(Board)))
        throw Fault(FaultKind::Board, "a board key has 52 bytes, got " + std::to_string(size));
    Board b;
    std::memcpy(b.side.data(), data, sizeof(Board));
    return b;
}

// A board key checked as board_error() checks it: every key entering the core goes through
// here, as a crafted pickle can hold any 52 bytes (16 checkers on a point, say) that would
// break the core's assumptions.
inline Board board_from_bytes(const py::bytes& raw) {
    const Board b = unchecked_board(raw);
    require_valid(b);
    return b;
}

inline py::bytes board_to_bytes(const Board& b) {
    return py::bytes(reinterpret_cast<const char*>(b.side.data()), sizeof(Board));
}

// Any str as UTF-8, lone surrogates included (written as "surrogatepass" does): the core
// decides what is wrong with the text, and quotes it safely in its fault.
inline std::string utf8_of(const py::handle& text, const char* what) {
    if (!PyUnicode_Check(text.ptr()))
        throw py::type_error(std::string(what) + " is a str, got " +
                             Py_TYPE(text.ptr())->tp_name);
    if (PyUnicode_IS_ASCII(text.ptr())) {
        Py_ssize_t size = 0;
        const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
        if (data == nullptr) throw py::error_already_set();
        return std::string(data, std::size_t(size));
    }
    const auto encoded = py::reinterpret_steal<py::bytes>(
        PyUnicode_AsEncodedString(text.ptr(), "utf-8", "surrogatepass"));
    if (!encoded) throw py::error_already_set();
    return std::string(encoded);
}

inline void check_dice(int d1, int d2) {
    if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
        throw Fault("dice must be 1 to 6, got " + std::to_string(d1) + " and " +
                              std::to_string(d2));
}

void bind_board(py::module_& m);
void bind_movegen(py::module_& m);
void bind_pubeval(py::module_& m);
void bind_dice(py::module_& m);
void bind_search(py::module_& m);
void bind_playout(py::module_& m);  // after bind_search: PlayoutSpec takes an Evaluator
void bind_bearoff(py::module_& m);
void bind_net(py::module_& m);  // after bind_search: Net derives from Evaluator
void bind_net_set(py::module_& m);  // after bind_search, as bind_net
void bind_td(py::module_& m);
void bind_supervised(py::module_& m);
void bind_cube(py::module_& m);
void bind_rules(py::module_& m);
void bind_cube_play(py::module_& m);  // after bind_search and bind_cube
void bind_env(py::module_& m);        // after bind_cube_play

}  // namespace tavla::bindings
