// The cube model (cube_model.hpp) for tavla.game.cubeful and tavla.game.equity.
#include <pybind11/numpy.h>

#include <memory>
#include <string>
#include <vector>

#include "bind_cube.hpp"
#include "convert.hpp"

namespace tavla::bindings {
namespace {

using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;

std::shared_ptr<MatchEquity> match_equity(const Doubles& values) {
    if (values.ndim() != 4 || values.shape(0) < 1 || values.shape(1) != values.shape(0) ||
        values.shape(2) != 2 || values.shape(3) != values.shape(0))
        throw Fault("a match equity table's values have shape (L, L, 2, L)");
    const auto count = std::size_t(values.size());
    return std::make_shared<MatchEquity>(int(values.shape(0)),
                                         std::vector<double>(values.data(), values.data() + count));
}

// The rows of (N, 5) probabilities, read in place.
const Probabilities* probability_rows(const Doubles& probabilities) {
    if (probabilities.ndim() != 2 || probabilities.shape(1) != kOutputs)
        throw Fault("probabilities have shape (N, 5)");
    return reinterpret_cast<const Probabilities*>(probabilities.data());
}

// A CubeSituation as Python holds it (_core.CubeSituation), with the table it points to.
struct BoundSituation {
    CubeSituation situation;
    std::shared_ptr<const MatchEquity> met;
};

}  // namespace

Probabilities probabilities_of(const py::handle& values) {
    const auto array = Doubles::ensure(values);
    if (!array || array.ndim() != 1 || array.shape(0) != kOutputs)
        throw Fault("probabilities are five numbers");
    Probabilities p;
    for (int k = 0; k < kOutputs; ++k) p[std::size_t(k)] = array.data()[k];
    const std::string fault = probabilities_fault(p);
    if (!fault.empty()) throw Fault(fault);
    return p;
}

CubeSituation situation_of(int value, int owner, bool backgammons, bool jacoby,
                           const MatchEquity* met, int away, int opponent_away,
                           bool crawford_game, int max_cube) {
    if (owner < 0 || owner > 2) throw Fault("a cube owner is 0 (centred), 1 (on roll) or 2");
    return CubeSituation{value, CubeOwner(owner), backgammons, jacoby, met,
                         away, opponent_away, crawford_game, max_cube};
}

void bind_cube(py::module_& m) {
    m.def(
        "cubeless_equities",
        [](const Doubles& probabilities) {
            const Probabilities* p = probability_rows(probabilities);
            const auto rows = probabilities.shape(0);
            py::array_t<double> equities(rows);
            double* out = equities.mutable_data();
            for (py::ssize_t i = 0; i < rows; ++i) out[i] = cubeless_equity(p[i]);
            return equities;
        },
        py::arg("probabilities"),
        "(N,) cubeless money equities of (N, 5) probabilities (evaluator.hpp).");
    m.def(
        "flipped_probabilities",
        [](const Doubles& probabilities) {
            const Probabilities* p = probability_rows(probabilities);
            const auto rows = probabilities.shape(0);
            py::array_t<double> result({rows, py::ssize_t(kOutputs)});
            auto* out = reinterpret_cast<Probabilities*>(result.mutable_data());
            for (py::ssize_t i = 0; i < rows; ++i) out[i] = flipped(p[i]);
            return result;
        },
        py::arg("probabilities"),
        "(N, 5) probabilities seen by the other side (evaluator.hpp).");
    py::class_<MatchEquity, std::shared_ptr<MatchEquity>>(
        m, "MatchEquity", "The MWC after each result of a game at every score of a table.")
        .def(py::init(&match_equity), py::arg("values"))
        .def_property_readonly("length", &MatchEquity::length)
        .def("after", &MatchEquity::after, py::arg("away"), py::arg("opponent_away"),
             py::arg("points"));

    py::class_<BoundSituation>(
        m, "CubeSituation",
        "The cube, the rules and, in a match, the table and the away scores of the side on roll "
        "(cube_model.hpp's CubeSituation).")
        .def(py::init([](int value, int owner, bool backgammons, bool jacoby,
                         std::shared_ptr<MatchEquity> met, int away, int opponent_away,
                         bool crawford_game, int max_cube) {
                 return BoundSituation{situation_of(value, owner, backgammons, jacoby, met.get(),
                                                    away, opponent_away, crawford_game, max_cube),
                                       met};
             }),
             py::arg("value"), py::arg("owner"), py::arg("backgammons"), py::arg("jacoby"),
             py::arg("met").none(true), py::arg("away"), py::arg("opponent_away"),
             py::arg("crawford_game"), py::arg("max_cube"));

    m.def(
        "cube_equities",
        [](const py::object& probabilities, const BoundSituation& bound, double life) {
            const CubeEquities e =
                cube_equities(probabilities_of(probabilities), bound.situation, life);
            return py::make_tuple(e.no_double, e.double_take, e.take_point, e.cubeless);
        },
        py::arg("probabilities"), py::arg("situation"), py::arg("life"),
        "(no double, double/take, the opponent's take point, cubeless) per unit of the cube.");

    m.def(
        "proper_equities",
        [](const Doubles& probabilities, const BoundSituation& bound, double life,
           bool may_double, bool beavers) {
            return faults_as(FaultKind::CubeModel, [&] {
                if (probabilities.ndim() != 2 || probabilities.shape(1) != kOutputs)
                    throw Fault("probabilities have shape (N, 5)");
                const CubeSituation& situation = bound.situation;
                const auto rows = probabilities.shape(0);
                std::vector<Probabilities> checked(static_cast<std::size_t>(rows));
                for (py::ssize_t row = 0; row < rows; ++row) {
                    Probabilities& p = checked[std::size_t(row)];
                    for (int k = 0; k < kOutputs; ++k)
                        p[std::size_t(k)] = probabilities.at(row, k);
                    const std::string fault = probabilities_fault(p);
                    if (!fault.empty()) throw Fault(fault);
                }
                py::array_t<double> found(rows);
                double* out = found.mutable_data();
                {
                    py::gil_scoped_release release;
                    for (std::size_t row = 0; row < checked.size(); ++row) {
                        const CubeEquities e = cube_equities(checked[row], situation, life);
                        out[row] = proper_equity(e.no_double, e.double_take, 1.0, may_double,
                                                 beavers);
                    }
                }
                return found;
            });
        },
        py::arg("probabilities"), py::arg("situation"), py::arg("life"), py::arg("may_double"),
        py::arg("beavers"),
        "The cubeful equity of the proper action per unit of the cube for each of (N, 5) "
        "probabilities of the side on roll, all in one situation.");

    m.def("proper_equity", &proper_equity, py::arg("no_double"), py::arg("double_take"),
          py::arg("double_pass"), py::arg("may_double"), py::arg("beavers"),
          "The cubeful equity of the proper action, from the three options' equities.");

    m.def(
        "cube_action",
        [](double no_double, double double_take, double double_pass, bool beavers) {
            const CubeAction a = cube_action(no_double, double_take, double_pass, beavers);
            return py::make_tuple(int(a.kind), a.take, a.beaver);
        },
        py::arg("no_double"), py::arg("double_take"), py::arg("double_pass"), py::arg("beavers"),
        "(action: 0 no double, 1 double/take, 2 double/pass, 3 too good; take; beaver).");
}

}  // namespace tavla::bindings
