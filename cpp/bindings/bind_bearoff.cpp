// The bear-off databases: built here or from tables read back from disk, evaluated in batches.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "convert.hpp"
#include "interruptible.hpp"
#include "tavla/bearoff.hpp"

namespace tavla::bindings {
namespace {

using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;
using Boards = py::array_t<std::int8_t, py::array::c_style>;

std::vector<double> table_of(const Doubles& array, const char* what, py::ssize_t columns) {
    if (array.ndim() != 2 || array.shape(1) != columns)
        throw Fault(std::string("the ") + what + " table must have shape (N, " +
                    std::to_string(columns) + ")");
    return std::vector<double>(array.data(), array.data() + array.size());
}

// A view of a table owned by the database: no copy, the database kept alive by the array.
py::array_t<double> view(const std::vector<double>& table, std::vector<py::ssize_t> shape,
                         const py::object& owner) {
    py::array_t<double> out(std::move(shape), table.data(), owner);
    py::detail::array_proxy(out.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
    return out;
}

const Board* checked_boards(const Boards& boards) {
    if (boards.ndim() != 3 || boards.shape(1) != 2 || boards.shape(2) != kSlots)
        throw Fault(FaultKind::Board, "boards must have shape (N, 2, 26)");
    const auto* data = reinterpret_cast<const Board*>(boards.data());
    for (py::ssize_t i = 0; i < boards.shape(0); ++i)
        if (!board_is_playable(data[i]))
            throw Fault(FaultKind::Board,
                        "board " + std::to_string(i) + ": " + playable_board_error(data[i]));
    return data;
}

template <typename Test>
py::array_t<bool> each(const Boards& boards, Test test) {
    const Board* data = checked_boards(boards);
    py::array_t<bool> out(boards.shape(0));
    for (py::ssize_t i = 0; i < boards.shape(0); ++i) out.mutable_at(i) = test(data[i]);
    return out;
}

py::array_t<double> probabilities(const BearoffDatabase& database, const Boards& boards) {
    const Board* data = checked_boards(boards);
    const py::ssize_t count = boards.shape(0);
    for (py::ssize_t i = 0; i < count; ++i)
        if (!database.applies(data[i]))
            throw Fault("board " + std::to_string(i) +
                        ": not a bear-off (a side has a checker outside its home board)");
    py::array_t<double> out({count, py::ssize_t(kOutputs)});
    auto* values = reinterpret_cast<Probabilities*>(out.mutable_data());
    {
        const py::gil_scoped_release release;
        database.evaluate(data, std::size_t(count), values);
    }
    return out;
}

// The cubeful equities (N, kCubeStates) of boards in the exact two-sided table: no-double
// equities, or with `optimal` the equities after the best cube action now.
py::array_t<double> cube_equities(const BearoffDatabase& database, const Boards& boards,
                                  bool optimal) {
    if (!database.cubeful()) throw Fault("the database was built without its cubeful table");
    const Board* data = checked_boards(boards);
    const py::ssize_t count = boards.shape(0);
    for (py::ssize_t i = 0; i < count; ++i)
        if (!database.exact(data[i]))
            throw Fault("board " + std::to_string(i) + ": not in the exact two-sided table");
    py::array_t<double> out({count, py::ssize_t(kCubeStates)});
    for (py::ssize_t i = 0; i < count; ++i) {
        const double* no_double = database.no_double(data[i]);
        for (int s = 0; s < kCubeStates; ++s)
            out.mutable_at(i, s) = optimal ? cubeful_equity(no_double, s) : no_double[s];
    }
    return out;
}

std::array<std::int8_t, kSlots> home_row(const py::array_t<std::int8_t>& counts) {
    if (counts.ndim() != 1 || counts.shape(0) != kHomePoints)
        throw Fault("a home board is 6 counts, points 1 to 6");
    std::array<std::int8_t, kSlots> row{};
    int total = 0;
    for (int p = 1; p <= kHomePoints; ++p) {
        row[std::size_t(p)] = counts.at(p - 1);
        if (row[std::size_t(p)] < 0) throw Fault("a home board cannot hold a negative count");
        total += row[std::size_t(p)];
    }
    if (total > kCheckers)
        throw Fault("a home board holds at most 15 checkers, got " + std::to_string(total));
    return row;
}

py::array_t<double> distribution(const BearoffDatabase& database,
                                 const py::array_t<std::int8_t>& counts, bool first) {
    const auto row = home_row(counts);
    const double* values =
        first ? database.first_distribution(row.data()) : database.off_distribution(row.data());
    return py::array_t<double>(database.tables().max_rolls, values);
}

}  // namespace

void bind_bearoff(py::module_& m) {
    m.attr("ONE_SIDED_BOARDS") = kOneSidedBoards;
    m.attr("MAX_TWO_SIDED_CHECKERS") = kMaxTwoSidedCheckers;
    m.def("home_boards", &home_boards, py::arg("checkers"),
          "The number of home boards of at most `checkers` checkers.");
    m.def(
        "home_index",
        [](const py::array_t<std::int8_t>& counts) { return home_index(home_row(counts).data()); },
        py::arg("counts"), "The index of a home board (6 counts) in the bear-off tables.");

    py::class_<BearoffDatabase, Evaluator, std::shared_ptr<BearoffDatabase>>(
        m, "BearoffDatabase", "The exact bear-off databases (one-sided and two-sided).")
        .def(py::init([](const Doubles& off, const Doubles& first, const Doubles& two_sided,
                         int checkers, const std::optional<Doubles>& no_double) {
                 BearoffTables tables;
                 tables.max_rolls = off.ndim() == 2 ? int(off.shape(1)) : 0;
                 tables.off = table_of(off, "one-sided", tables.max_rolls);
                 tables.first = table_of(first, "first-checker", tables.max_rolls);
                 const py::ssize_t boards = home_boards(checkers);
                 tables.two_sided = table_of(two_sided, "two-sided", boards);
                 tables.checkers = checkers;
                 if (no_double) {
                     if (no_double->ndim() != 3 || no_double->shape(0) != boards ||
                         no_double->shape(1) != boards || no_double->shape(2) != kCubeStates)
                         throw Fault("the cubeful table must have shape (" +
                                     std::to_string(boards) + ", " + std::to_string(boards) +
                                     ", " + std::to_string(kCubeStates) + ")");
                     tables.no_double.assign(no_double->data(),
                                             no_double->data() + no_double->size());
                 }
                 return std::make_shared<BearoffDatabase>(std::move(tables));
             }),
             py::arg("off"), py::arg("first"), py::arg("two_sided"), py::arg("checkers"),
             py::arg("no_double") = py::none())
        .def_static(
            "build",
            [](int checkers, bool cubeful) {
                return std::make_shared<BearoffDatabase>(
                    interruptible([&] { return build_bearoff_tables(checkers, cubeful); }));
            },
            py::arg("checkers"), py::arg("cubeful") = true,
            "Builds every table (two-sided up to `checkers` a side, cubeful when `cubeful`).")
        .def_property_readonly("checkers",
                               [](const BearoffDatabase& d) { return d.tables().checkers; })
        .def_property_readonly("max_rolls",
                               [](const BearoffDatabase& d) { return d.tables().max_rolls; })
        .def_property_readonly("off",
                               [](const py::object& self) {
                                   const auto& t = self.cast<const BearoffDatabase&>().tables();
                                   return view(t.off, {kOneSidedBoards, t.max_rolls}, self);
                               })
        .def_property_readonly("first",
                               [](const py::object& self) {
                                   const auto& t = self.cast<const BearoffDatabase&>().tables();
                                   return view(t.first, {kOneSidedBoards, t.max_rolls}, self);
                               })
        .def_property_readonly("two_sided",
                               [](const py::object& self) {
                                   const auto& t = self.cast<const BearoffDatabase&>().tables();
                                   const py::ssize_t n = home_boards(t.checkers);
                                   return view(t.two_sided, {n, n}, self);
                               })
        .def_property_readonly("cubeful", &BearoffDatabase::cubeful)
        .def_property_readonly("no_double",
                               [](const py::object& self) -> py::object {
                                   const auto& d = self.cast<const BearoffDatabase&>();
                                   if (!d.cubeful()) return py::none();
                                   const py::ssize_t n = home_boards(d.tables().checkers);
                                   return view(d.tables().no_double, {n, n, kCubeStates}, self);
                               })
        .def(
            "no_double_equities",
            [](const BearoffDatabase& d, const Boards& b) { return cube_equities(d, b, false); },
            py::arg("boards"),
            "(N, 3) no-double cubeful equities (centred, owned, opponent's) of exact boards.")
        .def(
            "cubeful_equities",
            [](const BearoffDatabase& d, const Boards& b) { return cube_equities(d, b, true); },
            py::arg("boards"),
            "(N, 3) cubeful equities after the best cube action (centred, owned, opponent's).")
        .def("probabilities", &probabilities, py::arg("boards"),
             "(N, 5) probabilities of (N, 2, 26) bear-off boards, side on roll.")
        .def(
            "applies",
            [](const BearoffDatabase& d, const Boards& b) {
                return each(b, [&](const Board& x) { return d.applies(x); });
            },
            py::arg("boards"), "(N,) bool: both sides have every checker home.")
        .def(
            "exact",
            [](const BearoffDatabase& d, const Boards& b) {
                return each(b, [&](const Board& x) { return d.exact(x); });
            },
            py::arg("boards"), "(N,) bool: in the two-sided table.")
        .def("distribution", &distribution, py::arg("counts"), py::arg("first"),
             "The one-sided distribution of a home board (6 counts): rolls to bear off all, or "
             "the first checker.");
}

}  // namespace tavla::bindings
