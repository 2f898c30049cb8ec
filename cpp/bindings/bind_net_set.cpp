// Position classes (position_class.hpp) and net sets (net_set.hpp) as a subclass of
// _core.Evaluator: tavla.eval.classes and tavla.eval.net_set build on them.
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "board_arrays.hpp"
#include "tavla/net_set.hpp"

namespace tavla::bindings {
namespace {

Classifier classifier_of(int crashed_checkers) {
    Classifier classifier{crashed_checkers};
    classifier.check();
    return classifier;
}

py::array_t<std::int8_t> classify(const BoardArray& boards, int crashed_checkers) {
    const Classifier classifier = classifier_of(crashed_checkers);
    const Board* data = checked_boards(boards, false);
    py::array_t<std::int8_t> out(boards.shape(0));
    std::int8_t* classes = out.mutable_data();
    {
        const py::gil_scoped_release release;
        for (py::ssize_t i = 0; i < boards.shape(0); ++i)
            classes[i] = std::int8_t(classifier.classify(data[i]));
    }
    return out;
}

std::shared_ptr<NetSet> make_net_set(const std::vector<std::shared_ptr<Evaluator>>& members,
                                     int crashed_checkers) {
    if (members.size() != std::size_t(kPositionClasses))
        throw Fault("a net set has one member per class (" + std::to_string(kPositionClasses) +
                    "), got " + std::to_string(members.size()));
    NetSetMembers by_class;
    for (std::size_t c = 0; c < by_class.size(); ++c) by_class[c] = members[c];
    return std::make_shared<NetSet>(by_class, classifier_of(crashed_checkers));
}

}  // namespace

void bind_net_set(py::module_& m) {
    m.def("position_classes", [] {
        std::vector<std::string> names;
        for (int c = 0; c < kPositionClasses; ++c)
            names.emplace_back(position_class_name(PositionClass(c)));
        return names;
    }, "The position classes' names, in the order of their indices.");
    m.def("classify", &classify, py::arg("boards"), py::arg("crashed_checkers"),
          "(N,) int8 class indices of (N, 2, 26) int8 valid boards.");
    py::class_<NetSet, Evaluator, std::shared_ptr<NetSet>>(
        m, "NetSet", "An evaluator per position class (tavla.eval.NetSet builds and checks it).")
        .def(py::init(&make_net_set), py::arg("members"), py::arg("crashed_checkers"))
        .def("evaluate", &evaluate_boards, py::arg("boards"),
             "(N, 5) float64 probabilities of (N, 2, 26) int8 boards (valid, not finished).")
        .def_property_readonly("crashed_checkers",
                               [](const NetSet& s) { return s.classifier().crashed_checkers; });
}

}  // namespace tavla::bindings
