#include <exception>
#include <string_view>

#include "convert.hpp"
#include "interpreter_exit.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
    // The one translation of the core's faults: ValueError with the fault's message.
    py::register_local_exception_translator([](std::exception_ptr thrown) {
        try {
            if (thrown) std::rethrow_exception(thrown);
        } catch (const tavla::Fault& fault) {
            const std::string_view message = fault.what();
            py::object text = py::reinterpret_steal<py::object>(
                PyUnicode_DecodeUTF8(message.data(), py::ssize_t(message.size()), "replace"));
            if (text) PyErr_SetObject(PyExc_ValueError, text.ptr());
        }
    });
    tavla::bindings::watch_interpreter_exit();
    m.doc() = "tavla's C++ core: boards, Position IDs and legal plays. Use the tavla package.";
    tavla::bindings::bind_board(m);
    tavla::bindings::bind_movegen(m);
    tavla::bindings::bind_playout(m);
    tavla::bindings::bind_pubeval(m);
    tavla::bindings::bind_dice(m);
}
