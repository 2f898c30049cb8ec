// The hidden activations of the net kernels (net_kernel.inc) against double precision, on
// every kernel this processor runs: the logistic within its documented bound for the floats
// of [-90, 90] (every 61st by bit pattern, both signs: about 37 million; past the clamps it
// is 0 or 1 to within 1e-38), tanh as 2 logistic(2x) - 1, and the kernels within the bound of
// one another. `test_net_kernel 1` takes every float of the range (2.2 billion, a minute).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../src/net_kernels.hpp"
#include "check.hpp"
#include "tavla/net.hpp"

using namespace tavla;

namespace {

// The documented bounds (net_kernel.inc, docs/nets.rst): with FMA and without.
constexpr double kBoundFma = 1.2e-7;
constexpr double kBoundPlain = 1.5e-7;

struct Sweep {
    double max_error = 0.0;
    float worst = 0.0f;
    std::int64_t values = 0;
};

float from_bits(std::uint32_t bits) {
    float x;
    std::memcpy(&x, &bits, sizeof x);
    return x;
}

double exact(double x, Activation activation) {
    return activation == Activation::kSigmoid ? 1.0 / (1.0 + std::exp(-x)) : std::tanh(x);
}

// The largest |kernel - exact| over the floats of [-limit, limit], every `stride`th bit
// pattern of each sign, in batches through the kernel's activate().
Sweep sweep(const net_kernel::Kernel& kernel, Activation activation, float limit,
            std::uint32_t stride) {
    constexpr int kBatch = 4096;
    std::vector<float> x(kBatch), y(kBatch);
    std::uint32_t top;
    std::memcpy(&top, &limit, sizeof top);
    Sweep s;
    for (std::uint32_t sign : {0u, 0x80000000u}) {
        std::uint64_t bits = 0;
        while (bits <= top) {
            int n = 0;
            for (; n < kBatch && bits <= top; ++n, bits += stride)
                x[std::size_t(n)] = from_bits(std::uint32_t(bits) | sign);
            for (int i = n; i < kBatch; ++i) x[std::size_t(i)] = 0.0f;
            y = x;
            kernel.activate(y.data(), kBatch, int(activation));
            for (int i = 0; i < n; ++i) {
                const double e = std::abs(double(y[std::size_t(i)]) -
                                          exact(double(x[std::size_t(i)]), activation));
                if (e > s.max_error) {
                    s.max_error = e;
                    s.worst = x[std::size_t(i)];
                }
            }
            s.values += n;
        }
    }
    return s;
}

bool has_fma(const std::string& name) { return name != "portable"; }

void logistic_within_bound(std::uint32_t stride) {
    for (const std::string& name : net_kernels()) {
        const net_kernel::Kernel& kernel = net_kernel::named(name);
        const double bound = has_fma(name) ? kBoundFma : kBoundPlain;
        const Sweep s = sweep(kernel, Activation::kSigmoid, 90.0f, stride);
        std::printf("%s logistic: %lld floats, max error %.3g at x = %.9g (bound %.3g)\n",
                    name.c_str(), static_cast<long long>(s.values), s.max_error, double(s.worst),
                    bound);
        CHECK(s.values > (stride == 1 ? 2000000000 : 30000000));
        CHECK(s.max_error <= bound);
        // Far past the clamps: 0 or 1 (to within e^-88).
        const Sweep tails = sweep(kernel, Activation::kSigmoid, 3e38f, 1u << 16);
        CHECK(tails.max_error <= bound);
        const Sweep tanh = sweep(kernel, Activation::kTanh, 45.0f, stride * 4);
        std::printf("%s tanh: max error %.3g at x = %.9g\n", name.c_str(), tanh.max_error,
                    double(tanh.worst));
        CHECK(tanh.max_error <= 2 * bound + 1e-7);
    }
}

// The kernels on the same floats: within the sum of their bounds, and equal at 0 and past the
// clamps.
void kernels_agree() {
    const std::vector<std::string> names = net_kernels();
    constexpr int kCount = 1 << 16;
    std::vector<float> x(kCount);
    for (int i = 0; i < kCount; ++i) x[std::size_t(i)] = -90.0f + 180.0f * float(i) / kCount;
    x[0] = 0.0f;
    x[1] = -1000.0f;
    x[2] = 1000.0f;
    std::vector<float> first = x;
    net_kernel::named(names.front()).activate(first.data(), kCount, int(Activation::kSigmoid));
    CHECK_EQ(first[0], 0.5f);
    CHECK(first[1] >= 0.0f && first[1] < 1e-37f);
    CHECK_EQ(first[2], 1.0f);
    for (const std::string& name : names) {
        std::vector<float> y = x;
        net_kernel::named(name).activate(y.data(), kCount, int(Activation::kSigmoid));
        double most = 0.0;
        for (int i = 0; i < kCount; ++i)
            most = std::max(most, std::abs(double(y[std::size_t(i)]) - first[std::size_t(i)]));
        CHECK(most <= kBoundFma + kBoundPlain);
        CHECK_EQ(y[0], 0.5f);
        CHECK_EQ(y[2], 1.0f);
    }
}

}  // namespace

int main(int argc, char** argv) {
    const std::uint32_t stride = argc > 1 ? std::uint32_t(std::atoi(argv[1])) : 61;
    logistic_within_bound(stride);
    kernels_agree();
    return test::report();
}
