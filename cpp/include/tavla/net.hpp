// Feed-forward neural nets as evaluators (docs/nets.rst): an input
// encoding (encoding.hpp), hidden layers with one activation, and an output layer of 5 logistic
// units (or 1: win only, the gammon outputs then 0). Evaluated in float32 by a kernel chosen at
// run time for the processor (AVX-512, AVX2 with FMA, or portable code), the first layer from
// the sparse inputs.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "tavla/encoding.hpp"
#include "tavla/evaluator.hpp"

namespace tavla {

enum class Activation : int { kSigmoid = 0, kTanh, kRelu };

const char* activation_name(Activation activation);
// The activation of that name; a Fault naming the known ones otherwise.
Activation activation_named(const std::string& name);

// One layer, applied as x @ weights + biases: weights (inputs, outputs) row-major.
struct Layer {
    int inputs = 0;
    int outputs = 0;
    std::vector<float> weights;
    std::vector<float> biases;
};

// The kernels this build and processor can run, the portable one first and the fastest last.
std::vector<std::string> net_kernels();

class Net final : public Evaluator {
public:
    // A Fault naming the fault when the layers do not chain from the encoding's input count to
    // 1 or 5 outputs, a size disagrees with its layer, a weight is not finite, or `kernel` is
    // not "auto" (the fastest) nor one of net_kernels().
    Net(Encoding encoding, Activation activation, const std::vector<Layer>& layers,
        const std::string& kernel = "auto");
    ~Net() override;

    void evaluate(const Board* boards, std::size_t count, Probabilities* out) const override;
    void evaluate_results(const Board& before, const Board* results, std::size_t count,
                          Probabilities* out) const override;

    Encoding encoding() const { return encoding_; }
    Activation activation() const { return activation_; }
    const std::string& kernel() const { return kernel_; }

    struct Impl;

private:
    void sum_blocks(Encoding encoding);

    Encoding encoding_;
    Activation activation_;
    std::string kernel_;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tavla
