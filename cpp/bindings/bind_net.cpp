// Nets (net.hpp) as a subclass of _core.Evaluator, and the input encodings (encoding.hpp).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "board_arrays.hpp"
#include "convert.hpp"
#include "net_layers.hpp"
#include "tavla/net.hpp"

namespace tavla::bindings {
namespace {

py::array_t<float> encode(const BoardArray& boards, const std::string& name) {
    const Encoding encoding = encoding_named(name);
    const Board* data = checked_boards(boards, false);
    const py::ssize_t inputs = encoding_inputs(encoding);
    py::array_t<float> out({boards.shape(0), inputs});
    float* values = out.mutable_data();
    {
        const py::gil_scoped_release release;
        for (py::ssize_t i = 0; i < boards.shape(0); ++i)
            encode_dense(encoding, data[i], values + i * inputs);
    }
    return out;
}

py::tuple encode_sparse_board(const py::bytes& key, const std::string& name) {
    const Encoding encoding = encoding_named(name);
    const Board board = board_from_bytes(key);
    SparseInputs inputs;
    encode_sparse(encoding, board, inputs);
    py::array_t<std::int32_t> index(inputs.count);
    py::array_t<float> value(inputs.count);
    for (int i = 0; i < inputs.count; ++i) {
        index.mutable_at(i) = inputs.index[std::size_t(i)];
        value.mutable_at(i) = inputs.value[std::size_t(i)];
    }
    return py::make_tuple(index, value);
}

}  // namespace

void bind_net(py::module_& m) {
    py::class_<Net, Evaluator, std::shared_ptr<Net>>(
        m, "Net", "A feed-forward net evaluator (tavla.eval.net.Net builds and checks it).")
        .def(py::init([](const std::vector<FloatArray>& weights,
                         const std::vector<FloatArray>& biases, const std::string& encoding,
                         const std::string& activation, const std::string& kernel) {
                 return faults_as(FaultKind::Net, [&] {
                     return std::make_shared<Net>(encoding_named(encoding),
                                                  activation_named(activation),
                                                  layers_of(weights, biases), kernel);
                 });
             }),
             py::arg("weights"), py::arg("biases"), py::arg("encoding"), py::arg("activation"),
             py::arg("kernel"))
        .def("evaluate", &evaluate_boards, py::arg("boards"),
             "(N, 5) float64 probabilities of (N, 2, 26) int8 boards (valid, not finished).")
        .def_property_readonly("kernel", &Net::kernel)
        .def_property_readonly("encoding", [](const Net& n) { return encoding_name(n.encoding()); })
        .def_property_readonly("activation",
                               [](const Net& n) { return activation_name(n.activation()); });
    m.def("net_kernels", &net_kernels, "The net kernels this machine runs, the fastest last.");
    m.def("encodings", [] {
        std::vector<std::pair<std::string, int>> all;
        for (int e = 0; e < kEncodings; ++e)
            all.emplace_back(encoding_name(Encoding(e)), encoding_inputs(Encoding(e)));
        return all;
    }, "(name, input count) of every encoding.");
    m.def("feature_groups", [](const std::string& name) {
        std::vector<std::tuple<std::string, int, int>> groups;
        for (const FeatureGroup& g : feature_groups(encoding_named(name)))
            groups.emplace_back(g.name, g.first, g.count);
        return groups;
    }, py::arg("encoding"), "(name, first input, count) of each feature group of an encoding.");
    m.def("encode", &encode, py::arg("boards"), py::arg("encoding"),
          "(N, k) float32 inputs of (N, 2, 26) int8 valid boards.");
    m.def("encode_sparse", &encode_sparse_board, py::arg("board"), py::arg("encoding"),
          "(indices int32, values float32) of the nonzero inputs of one board key.");
}

}  // namespace tavla::bindings
