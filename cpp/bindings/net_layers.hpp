// A net's layers across the Python boundary (bind_net.cpp, bind_td.cpp): float32 arrays in
// tavla.eval.Net's shapes, weights (inputs, outputs) and biases (outputs,).
#pragma once

#include <pybind11/numpy.h>

#include <string>
#include <vector>

#include "convert.hpp"
#include "tavla/net.hpp"

namespace tavla::bindings {

using FloatArray = py::array_t<float, py::array::c_style>;

inline std::vector<Layer> layers_of(const std::vector<FloatArray>& weights,
                                    const std::vector<FloatArray>& biases) {
    if (weights.size() != biases.size())
        throw Fault("a net has as many bias vectors as weight matrices");
    std::vector<Layer> layers(weights.size());
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const FloatArray& w = weights[i];
        const FloatArray& b = biases[i];
        if (w.ndim() != 2) throw Fault("w" + std::to_string(i) + " must be 2-dimensional");
        if (b.ndim() != 1) throw Fault("b" + std::to_string(i) + " must be 1-dimensional");
        layers[i].inputs = int(w.shape(0));
        layers[i].outputs = int(w.shape(1));
        if (b.shape(0) != w.shape(1))
            throw Fault("b" + std::to_string(i) + " has " + std::to_string(b.shape(0)) +
                        " values, w" + std::to_string(i) + " " + std::to_string(w.shape(1)) +
                        " outputs");
        layers[i].weights.assign(w.data(), w.data() + w.size());
        layers[i].biases.assign(b.data(), b.data() + b.size());
    }
    return layers;
}

inline py::tuple layers_to_python(const std::vector<Layer>& layers) {
    py::list weights;
    py::list biases;
    for (const Layer& layer : layers) {
        FloatArray w({py::ssize_t(layer.inputs), py::ssize_t(layer.outputs)});
        std::copy(layer.weights.begin(), layer.weights.end(), w.mutable_data());
        FloatArray b(py::ssize_t(layer.outputs));
        std::copy(layer.biases.begin(), layer.biases.end(), b.mutable_data());
        weights.append(w);
        biases.append(b);
    }
    return py::make_tuple(weights, biases);
}

}  // namespace tavla::bindings
