#include <pybind11/numpy.h>

#include <string>

#include "convert.hpp"
#include "tavla/pubeval.hpp"

namespace tavla::bindings {
namespace {

py::array_t<double> pubeval_scores(const py::array_t<std::int8_t, py::array::c_style>& afters,
                                   bool race) {
    if (afters.ndim() != 3 || afters.shape(1) != 2 || afters.shape(2) != kSlots)
        throw Fault(FaultKind::Board, "boards must have shape (K, 2, 26)");
    const auto* boards = reinterpret_cast<const Board*>(afters.data());
    const py::ssize_t k = afters.shape(0);
    for (py::ssize_t i = 0; i < k; ++i)
        if (!board_is_valid(boards[i]))
            throw Fault(FaultKind::Board,
                        "board " + std::to_string(i) + ": " + board_error(boards[i]));
    static const PubevalScorer scorer;
    py::array_t<double> out(k);
    for (py::ssize_t i = 0; i < k; ++i) out.mutable_at(i) = scorer.score(boards[i], race);
    return out;
}

}  // namespace

void bind_pubeval(py::module_& m) {
    m.def("pubeval_scores", &pubeval_scores, py::arg("afters"), py::arg("race"),
          "pubeval scores of (K, 2, 26) boards seen by the side that just moved.");
    m.def(
        "pubeval_weights",
        [] {
            return py::make_tuple(py::array_t<double>(kPubevalInputs, kPubevalRaceWeights.data()),
                                  py::array_t<double>(kPubevalInputs,
                                                      kPubevalContactWeights.data()));
        },
        "pubeval's (race, contact) weights, 122 each.");
}

}  // namespace tavla::bindings
