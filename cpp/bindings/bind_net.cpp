// Nets (net.hpp) as a subclass of _core.Evaluator, and the input encodings (encoding.hpp).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "convert.hpp"
#include "net_layers.hpp"
#include "tavla/net.hpp"

namespace tavla::bindings {
namespace {

using BoardArray = py::array_t<std::int8_t, py::array::c_style>;

// The boards of an (N, 2, 26) int8 array, each valid (and, with `playable`, not finished): a
// Fault naming the first bad row.
const Board* checked_boards(const BoardArray& boards, bool playable) {
    if (boards.ndim() != 3 || boards.shape(1) != 2 || boards.shape(2) != kSlots)
        throw Fault("boards must have shape (N, 2, 26)");
    const auto* data = reinterpret_cast<const Board*>(boards.data());
    for (py::ssize_t i = 0; i < boards.shape(0); ++i) {
        const Board& b = data[i];
        if (playable ? !board_is_playable(b) : !board_is_valid(b))
            throw Fault("board " + std::to_string(i) + ": " +
                        (playable ? playable_board_error(b) : board_error(b)));
    }
    return data;
}

py::array_t<double> evaluate(const Net& net, const BoardArray& boards) {
    const Board* data = checked_boards(boards, true);
    const auto count = std::size_t(boards.shape(0));
    py::array_t<double> out({py::ssize_t(count), py::ssize_t(kOutputs)});
    auto* values = reinterpret_cast<Probabilities*>(out.mutable_data());
    {
        const py::gil_scoped_release release;
        net.evaluate(data, count, values);
    }
    return out;
}

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
                 return std::make_shared<Net>(encoding_named(encoding),
                                              activation_named(activation),
                                              layers_of(weights, biases), kernel);
             }),
             py::arg("weights"), py::arg("biases"), py::arg("encoding"), py::arg("activation"),
             py::arg("kernel"))
        .def("evaluate", &evaluate, py::arg("boards"),
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
    m.def("encode", &encode, py::arg("boards"), py::arg("encoding"),
          "(N, k) float32 inputs of (N, 2, 26) int8 valid boards.");
    m.def("encode_sparse", &encode_sparse_board, py::arg("board"), py::arg("encoding"),
          "(indices int32, values float32) of the nonzero inputs of one board key.");
}

}  // namespace tavla::bindings
