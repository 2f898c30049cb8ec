// The kernels of the net's forward pass (net.cpp), one source (net_kernel.inc) compiled for
// each instruction set the run-time dispatch can choose.
#pragma once

#include <string>
#include <vector>

#include "tavla/encoding.hpp"

namespace tavla::net_kernel {

// Layer widths are padded to a multiple of this many floats (one AVX-512 register), with zero
// weights, so that the kernels' loops have no remainders.
constexpr int kLanes = 16;

// (A mask, kLanes a power of two: the signed division took five instructions, in every kernel
// call of an evaluation.)
inline int padded(int n) { return (n + kLanes - 1) & -kLanes; }
static_assert((kLanes & (kLanes - 1)) == 0, "padded() rounds up by a mask");

// The outputs of a dense layer computed together (net_kernel.inc).
constexpr int kGroup = 8;

inline int grouped(int n) { return (n + kGroup - 1) / kGroup * kGroup; }

// Layer 0 keeps weights (inputs, padded(outputs)) row-major: a nonzero input adds its row.
// Every later layer keeps them transposed, (grouped(outputs), padded(inputs)): an output is
// a dot product. Biases: padded(outputs) for layer 0, outputs after.
struct LayerView {
    int inputs;
    int outputs;
    const float* weights;
    const float* biases;
};

struct NetView {
    const LayerView* layers;
    int count;
    int activation;  // an Activation
};

// h = base + the sum of each input's row of `first` (layer 0) times its value, over the padded
// outputs of `first`; base is the biases, or the sums of a position the inputs are the
// difference from. h is 64-byte aligned.
using Accumulate = void (*)(const LayerView& first, const SparseInputs& inputs, const float* base,
                            float* h);

// Fills out[0 .. last layer's outputs) with the logistic outputs of the net given the first
// layer's sums in scratch[0 .. scratch_width). `scratch` holds two buffers of scratch_width
// floats (the widest padded layer), 64-byte aligned, both overwritten.
using Finish = void (*)(const NetView& net, float* scratch, int scratch_width, float* out);

// The hidden layers' activation (an Activation) of h[0 .. n), in place, n a multiple of
// kLanes: what Finish applies, for the tests of its error.
using Activate = void (*)(float* h, int n, int activation);

struct Kernel {
    const char* name;
    Accumulate accumulate;
    Finish finish;
    Activate activate;
};

// The kernel of that name that this processor runs ("auto": the fastest); a Fault naming the
// ones it runs otherwise.
const Kernel& named(const std::string& name);

// The names of the kernels this processor runs, the portable one first and the fastest last.
std::vector<std::string> runnable_names();

namespace portable {
void accumulate(const LayerView&, const SparseInputs&, const float*, float*);
void finish(const NetView&, float*, int, float*);
void activate(float*, int, int);
}  // namespace portable
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define TAVLA_X86_KERNELS 1
namespace avx2 {
void accumulate(const LayerView&, const SparseInputs&, const float*, float*);
void finish(const NetView&, float*, int, float*);
void activate(float*, int, int);
}  // namespace avx2
namespace avx512 {
void accumulate(const LayerView&, const SparseInputs&, const float*, float*);
void finish(const NetView&, float*, int, float*);
void activate(float*, int, int);
}  // namespace avx512
#endif

}  // namespace tavla::net_kernel
