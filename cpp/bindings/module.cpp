#include <pybind11/gil_safe_call_once.h>

#include <array>
#include <cstddef>
#include <exception>
#include <string_view>

#include "convert.hpp"
#include "interpreter_exit.hpp"

namespace py = pybind11;

namespace {

// The tavla.errors class of each FaultKind, in the enum's order.
constexpr std::array kFaultClasses{
    "ArgumentError", "InvalidPositionError", "InvalidIdError", "EvaluatorError", "NetError",
    "TrainingError", "CubeModelError",       "EnvError",       "IllegalActionError",
};
static_assert(kFaultClasses.size() == std::size_t(tavla::FaultKind::IllegalAction) + 1);

using FaultClasses = std::array<py::object, kFaultClasses.size()>;

// The classes, imported once under the GIL (the translator holds it) and kept to the end of
// the process: the store is never destroyed, so no reference is dropped after finalisation.
const FaultClasses& fault_classes() {
    PYBIND11_CONSTINIT static py::gil_safe_call_once_and_store<FaultClasses> store;
    return store
        .call_once_and_store_result([] {
            const py::module_ errors = py::module_::import("tavla.errors");
            FaultClasses classes;
            for (std::size_t i = 0; i < classes.size(); ++i)
                classes[i] = errors.attr(kFaultClasses[i]);
            return classes;
        })
        .get_stored();
}

}  // namespace

// Safe without the GIL (free-threaded Python): calls share no mutable state but the exit
// bookkeeping (interpreter_exit.cpp, under its own mutex); each thread has its own move
// generator, and built-in policies and pubeval's tables are read-only.
PYBIND11_MODULE(_core, m, py::mod_gil_not_used()) {
    // The one translation of the core's faults: the tavla error class of the fault's kind
    // (each a ValueError) with the fault's message.
    py::register_local_exception_translator([](std::exception_ptr thrown) {
        try {
            if (thrown) std::rethrow_exception(thrown);
        } catch (const tavla::Fault& fault) {
            const std::string_view message = fault.what();
            py::object text = py::reinterpret_steal<py::object>(
                PyUnicode_DecodeUTF8(message.data(), py::ssize_t(message.size()), "replace"));
            if (text)
                PyErr_SetObject(fault_classes()[std::size_t(fault.kind())].ptr(), text.ptr());
        }
    });
    tavla::bindings::watch_interpreter_exit();
    m.doc() = "tavla's C++ core: boards, Position IDs and legal plays. Use the tavla package.";
    tavla::bindings::bind_board(m);
    tavla::bindings::bind_movegen(m);
    tavla::bindings::bind_pubeval(m);
    tavla::bindings::bind_dice(m);
    tavla::bindings::bind_search(m);
    tavla::bindings::bind_playout(m);
    tavla::bindings::bind_bearoff(m);
    tavla::bindings::bind_net(m);
    tavla::bindings::bind_net_set(m);
    tavla::bindings::bind_td(m);
    tavla::bindings::bind_supervised(m);
    tavla::bindings::bind_cube(m);
    tavla::bindings::bind_rules(m);
    tavla::bindings::bind_cube_play(m);
    tavla::bindings::bind_env(m);
}
