#include "tavla/net.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>

#include "net_kernels.hpp"
#include "tavla/fault.hpp"

namespace tavla {
namespace {

using net_kernel::padded;

struct FreeDeleter {
    void operator()(float* p) const { std::free(p); }
};

constexpr std::size_t kAlign = 64;

// Zeroed floats, 64-byte aligned.
std::unique_ptr<float[], FreeDeleter> aligned_floats(std::size_t count) {
    const std::size_t bytes = (count * sizeof(float) + kAlign - 1) / kAlign * kAlign;
    auto* p = static_cast<float*>(std::aligned_alloc(kAlign, std::max(bytes, kAlign)));
    if (p == nullptr) throw std::bad_alloc();
    std::fill(p, p + bytes / sizeof(float), 0.0f);
    return std::unique_ptr<float[], FreeDeleter>(p);
}

void check_layers(Encoding encoding, const std::vector<Layer>& layers) {
    if (layers.empty()) throw Fault("a net has at least one layer");
    int inputs = encoding_inputs(encoding);
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const Layer& layer = layers[i];
        const std::string name = "layer " + std::to_string(i);
        if (layer.inputs != inputs)
            throw Fault(name + " has " + std::to_string(layer.inputs) + " inputs, expected " +
                        std::to_string(inputs) +
                        (i == 0 ? std::string(" (the encoding's count)")
                                : " (the outputs of layer " + std::to_string(i - 1) + ")"));
        if (layer.outputs < 1) throw Fault(name + " has no outputs");
        if (layer.weights.size() != std::size_t(layer.inputs) * std::size_t(layer.outputs))
            throw Fault(name + ": the weights do not have inputs x outputs values");
        if (layer.biases.size() != std::size_t(layer.outputs))
            throw Fault(name + ": the biases do not have one value per output");
        for (float w : layer.weights)
            if (!std::isfinite(w)) throw Fault(name + ": a weight is not finite (nan or inf)");
        for (float b : layer.biases)
            if (!std::isfinite(b)) throw Fault(name + ": a bias is not finite (nan or inf)");
        inputs = layer.outputs;
    }
    if (inputs != 1 && inputs != kOutputs)
        throw Fault("the last layer has " + std::to_string(inputs) + " outputs, expected 1 or 5");
}

// The consistent probabilities of the logistic outputs: win gammon <= win, win backgammon <=
// win gammon, lose gammon <= 1 - win, lose backgammon <= lose gammon.
Probabilities consistent(const float* raw, int outputs) {
    Probabilities p{double(raw[0]), 0.0, 0.0, 0.0, 0.0};
    if (outputs == kOutputs) {
        p[kWinGammon] = std::min(double(raw[kWinGammon]), p[kWin]);
        p[kWinBackgammon] = std::min(double(raw[kWinBackgammon]), p[kWinGammon]);
        p[kLoseGammon] = std::min(double(raw[kLoseGammon]), 1.0 - p[kWin]);
        p[kLoseBackgammon] = std::min(double(raw[kLoseBackgammon]), p[kLoseGammon]);
    }
    return p;
}

}  // namespace

struct Net::Impl {
    std::vector<std::unique_ptr<float[], FreeDeleter>> storage;
    std::vector<net_kernel::LayerView> views;
    net_kernel::NetView view{};
    net_kernel::Accumulate accumulate = nullptr;
    net_kernel::Finish finish = nullptr;
    // The first layer's biases plus the rows of the encoding's constant inputs, which
    // evaluations then leave out.
    std::unique_ptr<float[], FreeDeleter> folded;
    // views[0] holds the first layer's rows as encode_summed reads them; this one holds them
    // as given, for encode_swapped_difference.
    net_kernel::LayerView given{};
    int width = net_kernel::kLanes;  // the widest padded layer
    int outputs = 0;

    // This thread's scratch: the kernel's two buffers, then one for the first layer's sums of
    // a turn's position; 64-byte aligned, grown as nets need.
    float* scratch() const {
        thread_local std::vector<float> buffer;
        const std::size_t need = 3 * std::size_t(width) + kAlign / sizeof(float);
        if (buffer.size() < need) buffer.resize(need);
        const auto address = reinterpret_cast<std::uintptr_t>(buffer.data());
        return buffer.data() + (kAlign - address % kAlign) % kAlign / sizeof(float);
    }

    // The probabilities of the inputs, the first layer's sums starting from `base`, with the
    // scratch() of this thread (looked up once for many evaluations).
    void run(const net_kernel::LayerView& first, const SparseInputs& inputs, const float* base,
             float* h, Probabilities& out) const {
        accumulate(first, inputs, base, h);
        std::array<float, kOutputs> raw{};
        finish(view, h, width, raw.data());
        out = consistent(raw.data(), outputs);
    }
};

const char* activation_name(Activation activation) {
    static constexpr std::array<const char*, 3> kNames{"sigmoid", "tanh", "relu"};
    return kNames[std::size_t(activation)];
}

Activation activation_named(const std::string& name) {
    for (int a = 0; a < 3; ++a)
        if (name == activation_name(Activation(a))) return Activation(a);
    throw Fault("unknown activation " + quoted(name) + " (known: sigmoid, tanh, relu)");
}

std::vector<std::string> net_kernels() { return net_kernel::runnable_names(); }

Net::Net(Encoding encoding, Activation activation, const std::vector<Layer>& layers,
         const std::string& kernel)
    : encoding_(encoding), activation_(activation), impl_(std::make_unique<Impl>()) {
    check_layers(encoding, layers);
    const net_kernel::Kernel& chosen = net_kernel::named(kernel);
    kernel_ = chosen.name;
    impl_->accumulate = chosen.accumulate;
    impl_->finish = chosen.finish;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const Layer& layer = layers[i];
        const auto in = std::size_t(layer.inputs);
        const auto out = std::size_t(layer.outputs);
        impl_->width = std::max(impl_->width, padded(layer.outputs));
        auto weights = aligned_floats(i == 0 ? in * std::size_t(padded(layer.outputs))
                                             : std::size_t(net_kernel::grouped(layer.outputs)) *
                                                   std::size_t(padded(layer.inputs)));
        auto biases = aligned_floats(i == 0 ? std::size_t(padded(layer.outputs)) : out);
        for (std::size_t r = 0; r < in; ++r)
            for (std::size_t c = 0; c < out; ++c) {
                const float w = layer.weights[r * out + c];
                if (i == 0)
                    weights[r * std::size_t(padded(layer.outputs)) + c] = w;
                else
                    weights[c * std::size_t(padded(layer.inputs)) + r] = w;
            }
        std::copy(layer.biases.begin(), layer.biases.end(), biases.get());
        impl_->views.push_back({layer.inputs, layer.outputs, weights.get(), biases.get()});
        impl_->storage.push_back(std::move(weights));
        impl_->storage.push_back(std::move(biases));
    }
    sum_blocks(encoding);
    impl_->outputs = layers.back().outputs;
    impl_->view = {impl_->views.data(), int(impl_->views.size()), int(activation)};
    impl_->folded = aligned_floats(std::size_t(padded(layers[0].outputs)));
    impl_->accumulate(impl_->views[0], constant_inputs(encoding), impl_->views[0].biases,
                      impl_->folded.get());
}

Net::~Net() = default;

// Rows r0, r1, r2 of each of summed_blocks() become r0, r0 + r1, r0 + r1 + r2: in place, or
// in a copy when encode_swapped_difference still needs the rows as given.
void Net::sum_blocks(Encoding encoding) {
    net_kernel::LayerView& first = impl_->views[0];
    impl_->given = first;
    const std::vector<int> blocks = summed_blocks(encoding);
    if (blocks.empty()) return;
    const auto width = std::size_t(padded(first.outputs));
    float* summed = impl_->storage[0].get();
    if (has_swapped_difference(encoding)) {
        const std::size_t size = std::size_t(first.inputs) * width;
        auto copy = aligned_floats(size);
        std::copy(first.weights, first.weights + size, copy.get());
        summed = copy.get();
        impl_->storage.push_back(std::move(copy));
    }
    for (int block : blocks)
        for (std::size_t u = 1; u < 3; ++u) {
            float* row = summed + (std::size_t(block) + u) * width;
            const float* previous = row - width;
            for (std::size_t c = 0; c < width; ++c) row[c] += previous[c];
        }
    first.weights = summed;
}

void Net::evaluate(const Board* boards, std::size_t count, Probabilities* out) const {
    float* scratch = impl_->scratch();
    SparseInputs inputs;
    for (std::size_t i = 0; i < count; ++i) {
        encode_summed(encoding_, boards[i], inputs);
        impl_->run(impl_->views[0], inputs, impl_->folded.get(), scratch, out[i]);
    }
}

// With an encoding that has a difference (encoding.hpp), a result's first-layer sums are those
// of the position before the turn (seen by the opponent, as the results are) plus the rows of
// the few inputs the play changed: computed once for the batch (every roll's results share
// them), then only the difference for each result.
void Net::evaluate_results(const Board& before, const Board* results, std::size_t count,
                           Probabilities* out) const {
    float* scratch = impl_->scratch();
    SparseInputs inputs;
    float* parent_sums = nullptr;
    if (count > 1 && has_swapped_difference(encoding_)) {
        encode_summed(encoding_, before.swapped(), inputs);
        parent_sums = scratch + 2 * impl_->width;
        impl_->accumulate(impl_->views[0], inputs, impl_->folded.get(), parent_sums);
    }
    for (std::size_t i = 0; i < count; ++i) {
        const Board& after = results[i];
        if (after.mover()[kOff] == kCheckers) {
            out[i] = finished_probabilities(after);
            continue;
        }
        Probabilities p;
        if (parent_sums != nullptr && encode_swapped_difference(encoding_, before, after, inputs)) {
            impl_->run(impl_->given, inputs, parent_sums, scratch, p);
        } else {
            encode_summed(encoding_, after.swapped(), inputs);
            impl_->run(impl_->views[0], inputs, impl_->folded.get(), scratch, p);
        }
        out[i] = flipped(p);
    }
}

}  // namespace tavla
