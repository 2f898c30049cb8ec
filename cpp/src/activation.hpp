// The hidden layers' activations and their derivatives, in plain float code, for the trainers
// (td.cpp, supervised.cpp): the evaluation kernels have their own vectorised forms.
#pragma once

#include <cmath>

#include "tavla/net.hpp"

namespace tavla {

inline float activated(float x, Activation activation) {
    switch (activation) {
        case Activation::kSigmoid:
            return 1.0f / (1.0f + std::exp(-x));
        case Activation::kTanh:
            return std::tanh(x);
        case Activation::kRelu:
            return x > 0.0f ? x : 0.0f;
    }
    return x;
}

// The activation's derivative, from its value.
inline float slope(float value, Activation activation) {
    switch (activation) {
        case Activation::kSigmoid:
            return value * (1.0f - value);
        case Activation::kTanh:
            return 1.0f - value * value;
        case Activation::kRelu:
            return value > 0.0f ? 1.0f : 0.0f;
    }
    return 1.0f;
}

}  // namespace tavla
