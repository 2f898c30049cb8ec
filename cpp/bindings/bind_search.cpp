// Evaluators, the n-ply search and the policies built on them. The evaluators themselves (the
// bear-off databases, nets) are bound in their own files as subclasses of Evaluator.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <vector>

#include "convert.hpp"
#include "interruptible.hpp"
#include "tavla/policy.hpp"
#include "tavla/search.hpp"

namespace tavla::bindings {
namespace {

py::array_t<double> probabilities_array(const Probabilities* values, std::size_t count) {
    py::array_t<double> out({py::ssize_t(count), py::ssize_t(kOutputs)});
    if (count > 0) std::memcpy(out.mutable_data(), values, count * sizeof(Probabilities));
    return out;
}

// The plays of `key` and the roll: (results seen from the mover (K, 2, 26) int8, their
// probabilities for the mover (K, 5), the plies each was judged at (K,)).
py::tuple search_plays(const Search& search, const py::bytes& key, int d1, int d2, int plies) {
    const Board before = board_from_bytes(key);
    require_playable(before);
    check_dice(d1, d2);
    if (!search.answers(before))
        throw Fault(FaultKind::Evaluator,
                    "the bear-off database does not apply to this position and there is no "
                    "other evaluator");
    auto generator = std::make_unique<MoveGenerator>();
    std::vector<Probabilities> values;
    std::vector<int> searched;
    interruptible([&] {
        const int count = generator->generate(before, d1, d2);
        values.resize(std::size_t(count));
        searched.resize(std::size_t(count));
        search.plays(before, *generator, plies, values.data(), searched.data());
        return 0;
    });
    const std::size_t count = values.size();
    py::array_t<std::int8_t> results({py::ssize_t(count), py::ssize_t(2), py::ssize_t(kSlots)});
    for (std::size_t i = 0; i < count; ++i)
        std::memcpy(results.mutable_data() + i * sizeof(Board),
                    generator->play(int(i)).result.side.data(), sizeof(Board));
    return py::make_tuple(results, probabilities_array(values.data(), count),
                          py::array_t<std::int32_t>(py::ssize_t(count), searched.data()));
}

py::array_t<double> search_position(const Search& search, const py::bytes& key, int plies) {
    const Board board = board_from_bytes(key);
    const Probabilities value = interruptible([&] { return search.position(board, plies); });
    py::array_t<double> out(kOutputs);
    std::memcpy(out.mutable_data(), value.data(), sizeof value);
    return out;
}

// The (N, 5) probabilities of (N, 2, 26) boards at `plies`, side on roll.
py::array_t<double> search_positions(const Search& search,
                                      const py::array_t<std::int8_t, py::array::c_style>& boards,
                                      int plies) {
    if (boards.ndim() != 3 || boards.shape(1) != 2 || boards.shape(2) != kSlots)
        throw Fault(FaultKind::Board, "boards must have shape (N, 2, 26)");
    const auto* data = reinterpret_cast<const Board*>(boards.data());
    const py::ssize_t count = boards.shape(0);
    for (py::ssize_t i = 0; i < count; ++i) {
        if (!board_is_playable(data[i]))
            throw Fault(FaultKind::Board,
                        "board " + std::to_string(i) + ": " + playable_board_error(data[i]));
        if (!search.answers(data[i]))
            throw Fault(FaultKind::Evaluator, "board " + std::to_string(i) +
                        ": the bear-off database does not apply to this position and there is "
                        "no other evaluator");
    }
    py::array_t<double> out({count, py::ssize_t(kOutputs)});
    auto* values = reinterpret_cast<Probabilities*>(out.mutable_data());
    interruptible([&] {
        for (py::ssize_t i = 0; i < count; ++i) values[i] = search.position(data[i], plies);
        return 0;
    });
    return out;
}

}  // namespace

void bind_search(py::module_& m) {
    py::class_<Evaluator, std::shared_ptr<Evaluator>>(
        m, "Evaluator", "A C++ evaluator: five probabilities for the side on roll.");

    py::class_<Search, std::shared_ptr<Search>>(m, "Search", "n-ply search over an evaluator.")
        .def(py::init([](std::shared_ptr<Evaluator> evaluator, std::shared_ptr<Evaluator> bearoff,
                         int keep, double margin) {
                 return std::make_shared<Search>(std::move(evaluator), std::move(bearoff),
                                                 MoveFilter{keep, margin});
             }),
             py::arg("evaluator").none(true), py::arg("bearoff").none(true), py::arg("keep"),
             py::arg("margin"))
        .def("position", &search_position, py::arg("key"), py::arg("plies"),
             "The (5,) probabilities of the side on roll at `plies`.")
        .def("positions", &search_positions, py::arg("boards"), py::arg("plies"),
             "The (N, 5) probabilities of (N, 2, 26) boards at `plies`.")
        .def("plays", &search_plays, py::arg("key"), py::arg("d1"), py::arg("d2"),
             py::arg("plies"), "(results, probabilities, plies searched) of every play.")
        .def("answers", [](const Search& s, const py::bytes& key) {
            return s.answers(board_from_bytes(key));
        }, py::arg("key"));

    py::class_<Policy, std::shared_ptr<Policy>>(
        m, "NativePolicy", "A policy played in C++: a built-in or a search.");
    m.def("search_policy",
          [](std::shared_ptr<Search> search, int plies, const std::string& fallback)
              -> std::shared_ptr<Policy> {
              std::shared_ptr<const Policy> other;
              if (!fallback.empty()) {
                  other = make_builtin_policy(fallback);
                  if (!other) throw Fault("unknown built-in policy " + quoted(fallback));
              }
              return std::make_shared<SearchPolicy>(std::move(search), plies, std::move(other));
          },
          py::arg("search"), py::arg("plies"), py::arg("fallback"),
          "A policy choosing the play of highest equity at `plies` (the built-in `fallback` "
          "where the search does not answer; '' for none).");
}

}  // namespace tavla::bindings
