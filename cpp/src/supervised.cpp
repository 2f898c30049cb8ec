#include "tavla/supervised.hpp"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

#include "activation.hpp"
#include "tavla/fault.hpp"
#include "tavla/rng.hpp"
#include "tavla/stop.hpp"

namespace tavla {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr float kSlack = 1e-5f;  // float32 rounding of consistent probabilities

// One array per layer: weights (inputs x outputs, row-major, as Layer keeps them) and biases.
struct Params {
    std::vector<std::vector<float>> w;
    std::vector<std::vector<float>> b;

    void zero() {
        for (auto& a : w) std::fill(a.begin(), a.end(), 0.0f);
        for (auto& a : b) std::fill(a.begin(), a.end(), 0.0f);
    }
    void add(const Params& other) {
        for (std::size_t l = 0; l < w.size(); ++l) {
            for (std::size_t i = 0; i < w[l].size(); ++i) w[l][i] += other.w[l][i];
            for (std::size_t i = 0; i < b[l].size(); ++i) b[l][i] += other.b[l][i];
        }
    }
};

Params params_of(const std::vector<Layer>& layers) {
    Params p;
    for (const Layer& layer : layers) {
        p.w.push_back(layer.weights);
        p.b.push_back(layer.biases);
    }
    return p;
}

std::vector<Layer> layers_of(const Params& p, const std::vector<int>& inputs,
                             const std::vector<int>& outputs) {
    std::vector<Layer> layers(p.w.size());
    for (std::size_t l = 0; l < layers.size(); ++l)
        layers[l] = {inputs[l], outputs[l], p.w[l], p.b[l]};
    return layers;
}

// log(1 + e^x), without overflow.
double softplus(double x) { return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x)); }

// The entropy of a probability t of one output: what its cross-entropy is at least.
double entropy(double t) {
    double h = 0.0;
    if (t > 0.0) h -= t * std::log(t);
    if (t < 1.0) h -= (1.0 - t) * std::log1p(-t);
    return h;
}

// Threads kept for a whole call, each running job(t) for its t when asked, the caller as t = 0.
class StepPool {
public:
    explicit StepPool(int threads) {
        for (int t = 1; t < threads; ++t) threads_.emplace_back([this, t] { serve(t); });
    }
    ~StepPool() {
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            quit_ = true;
        }
        wake_.notify_all();
        for (auto& thread : threads_) thread.join();
    }
    StepPool(const StepPool&) = delete;
    StepPool& operator=(const StepPool&) = delete;

    void run(const std::function<void(int)>& job) {
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            job_ = &job;
            pending_ = int(threads_.size());
            ++generation_;
        }
        wake_.notify_all();
        std::exception_ptr mine;
        try {
            job(0);
        } catch (...) {
            mine = std::current_exception();
        }
        std::unique_lock<std::mutex> lock(mutex_);
        done_.wait(lock, [this] { return pending_ == 0; });
        if (mine) std::rethrow_exception(mine);
        if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    }

private:
    void serve(int t) {
        std::uint64_t seen = 0;
        for (;;) {
            const std::function<void(int)>* job = nullptr;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
                if (quit_) return;
                seen = generation_;
                job = job_;
            }
            try {
                (*job)(t);
            } catch (...) {
                const std::lock_guard<std::mutex> lock(mutex_);
                if (!error_) error_ = std::current_exception();
            }
            {
                const std::lock_guard<std::mutex> lock(mutex_);
                --pending_;
            }
            done_.notify_one();
        }
    }

    std::vector<std::thread> threads_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable done_;
    const std::function<void(int)>* job_ = nullptr;
    std::uint64_t generation_ = 0;
    int pending_ = 0;
    bool quit_ = false;
    std::exception_ptr error_;
};

}  // namespace

double SupervisedOptions::learning_rate_at(std::int64_t step) const {
    if (schedule_steps <= 0) return learning_rate;
    const double f = std::min(1.0, double(step) / double(schedule_steps));
    return learning_rate_end + 0.5 * (learning_rate - learning_rate_end) * (1.0 + std::cos(kPi * f));
}

struct SupervisedTrainer::Model {
    Encoding encoding;
    Activation activation;
    std::vector<int> inputs;
    std::vector<int> outputs;
    std::vector<char> frozen;  // per input of the first layer
    Params weights;
    Params first;   // Adam's moment estimates
    Params second;

    int layers() const { return int(inputs.size()); }
    int trained_outputs() const { return outputs.back(); }

    // A thread's buffers, allocated once a call.
    struct Scratch {
        Params gradient;
        std::vector<std::vector<float>> activations;
        std::vector<float> error;
        std::vector<float> below;
        SparseInputs inputs;
        double cross_entropy = 0.0;
        double divergence = 0.0;
    };

    Scratch scratch() const {
        Scratch s;
        s.gradient = weights;
        s.gradient.zero();
        int widest = 0;
        for (int n : outputs) {
            s.activations.emplace_back(std::size_t(n), 0.0f);
            widest = std::max(widest, n);
        }
        for (int n : inputs) widest = std::max(widest, n);
        s.error.assign(std::size_t(widest), 0.0f);
        s.below.assign(std::size_t(widest), 0.0f);
        return s;
    }

    // The inputs of a board that are not zero and not frozen.
    void encode(const Board& board, SparseInputs& in) const {
        encode_sparse(encoding, board, in);
        int kept = 0;
        for (int k = 0; k < in.count; ++k) {
            if (frozen[in.index[std::size_t(k)]]) continue;
            in.index[std::size_t(kept)] = in.index[std::size_t(k)];
            in.value[std::size_t(kept++)] = in.value[std::size_t(k)];
        }
        in.count = kept;
    }

    // The loss of one position into s, and with `backward` its gradient added to s.gradient.
    void learn(const Board& board, const Target& target, Scratch& s, bool backward) const {
        encode(board, s.inputs);
        const int last = layers() - 1;
        for (int l = 0; l <= last; ++l) {
            std::vector<float>& a = s.activations[std::size_t(l)];
            const auto out = std::size_t(outputs[std::size_t(l)]);
            std::copy(weights.b[std::size_t(l)].begin(), weights.b[std::size_t(l)].end(), a.begin());
            const float* w = weights.w[std::size_t(l)].data();
            if (l == 0) {
                for (int k = 0; k < s.inputs.count; ++k) {
                    const float x = s.inputs.value[std::size_t(k)];
                    const float* row = w + std::size_t(s.inputs.index[std::size_t(k)]) * out;
                    for (std::size_t j = 0; j < out; ++j) a[j] += x * row[j];
                }
            } else {
                const std::vector<float>& h = s.activations[std::size_t(l) - 1];
                for (std::size_t i = 0; i < h.size(); ++i) {
                    const float x = h[i];
                    const float* row = w + i * out;
                    for (std::size_t j = 0; j < out; ++j) a[j] += x * row[j];
                }
            }
            if (l < last)
                for (float& v : a) v = activated(v, activation);
        }
        // The last layer's sums z: cross-entropy softplus(z) - t z, whose slope is sigmoid(z) - t.
        std::vector<float>& z = s.activations.back();
        for (int k = 0; k < trained_outputs(); ++k) {
            const double t = target[std::size_t(k)];
            const double zk = z[std::size_t(k)];
            const double ce = softplus(zk) - t * zk;
            s.cross_entropy += ce;
            s.divergence += ce - entropy(t);
            s.error[std::size_t(k)] = float(1.0 / (1.0 + std::exp(-zk)) - t);
        }
        if (!backward) return;
        for (int l = last; l >= 0; --l) {
            const auto out = std::size_t(outputs[std::size_t(l)]);
            std::vector<float>& gw = s.gradient.w[std::size_t(l)];
            std::vector<float>& gb = s.gradient.b[std::size_t(l)];
            for (std::size_t j = 0; j < out; ++j) gb[j] += s.error[j];
            if (l == 0) {
                for (int k = 0; k < s.inputs.count; ++k) {
                    const float x = s.inputs.value[std::size_t(k)];
                    float* row = gw.data() + std::size_t(s.inputs.index[std::size_t(k)]) * out;
                    for (std::size_t j = 0; j < out; ++j) row[j] += x * s.error[j];
                }
                break;
            }
            const std::vector<float>& h = s.activations[std::size_t(l) - 1];
            const float* w = weights.w[std::size_t(l)].data();
            for (std::size_t i = 0; i < h.size(); ++i) {
                const float* row = w + i * out;
                float* grow = gw.data() + i * out;
                float below = 0.0f;
                for (std::size_t j = 0; j < out; ++j) {
                    grow[j] += h[i] * s.error[j];
                    below += row[j] * s.error[j];
                }
                s.below[i] = below * slope(h[i], activation);
            }
            std::copy(s.below.begin(), s.below.begin() + std::ptrdiff_t(h.size()), s.error.begin());
        }
    }

    // One Adam step of the mean gradient `sum` / `count`.
    void adam(const Params& sum, std::size_t count, const SupervisedOptions& o, std::int64_t step) {
        const double lr = o.learning_rate_at(step);
        const double t = double(step + 1);
        const double c1 = 1.0 - std::pow(o.beta1, t);
        const double c2 = 1.0 - std::pow(o.beta2, t);
        const auto scale = float(1.0 / double(count));
        const auto b1 = float(o.beta1), b2 = float(o.beta2);
        auto update = [&](float& w, float& m, float& v, float g, bool decay) {
            g *= scale;
            m = b1 * m + (1.0f - b1) * g;
            v = b2 * v + (1.0f - b2) * g * g;
            const double adjusted = (double(m) / c1) / (std::sqrt(double(v) / c2) + o.epsilon);
            w -= float(lr * (adjusted + (decay ? o.weight_decay * double(w) : 0.0)));
        };
        for (std::size_t l = 0; l < weights.w.size(); ++l) {
            const auto out = std::size_t(outputs[l]);
            std::vector<float>& w = weights.w[l];
            for (std::size_t i = 0; i < w.size(); ++i) {
                if (l == 0 && frozen[i / out]) continue;
                update(w[i], first.w[l][i], second.w[l][i], sum.w[l][i], true);
            }
            for (std::size_t i = 0; i < weights.b[l].size(); ++i)
                update(weights.b[l][i], first.b[l][i], second.b[l][i], sum.b[l][i], false);
        }
    }
};

SupervisedTrainer::SupervisedTrainer(Encoding encoding, Activation activation,
                                     const std::vector<Layer>& layers,
                                     const std::vector<int>& frozen_inputs)
    : encoding_(encoding), model_(std::make_unique<Model>()) {
    const Net check(encoding, activation, layers);  // checks the layers
    Model& m = *model_;
    m.encoding = encoding;
    m.activation = activation;
    for (const Layer& layer : layers) {
        m.inputs.push_back(layer.inputs);
        m.outputs.push_back(layer.outputs);
    }
    m.weights = params_of(layers);
    m.frozen.assign(std::size_t(m.inputs[0]), 0);
    for (int input : frozen_inputs) {
        if (input < 0 || input >= m.inputs[0])
            throw Fault("a frozen input must be 0.." + std::to_string(m.inputs[0] - 1) + ", got " +
                        std::to_string(input));
        m.frozen[std::size_t(input)] = 1;
        const auto out = std::size_t(m.outputs[0]);
        std::fill_n(m.weights.w[0].begin() + std::ptrdiff_t(std::size_t(input) * out), out, 0.0f);
    }
    m.first = m.weights;
    m.first.zero();
    m.second = m.first;
}

SupervisedTrainer::~SupervisedTrainer() = default;

namespace {

void check_data(const Board* boards, const Target* targets, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
        if (!board_is_playable(boards[i]))
            throw Fault("board " + std::to_string(i) + ": " + playable_board_error(boards[i]));
        const Target& p = targets[i];
        bool good = true;
        for (float v : p) good = good && std::isfinite(v) && v >= -kSlack && v <= 1.0f + kSlack;
        good = good && p[kWinGammon] <= p[kWin] + kSlack &&
               p[kWinBackgammon] <= p[kWinGammon] + kSlack &&
               p[kLoseGammon] <= 1.0f - p[kWin] + kSlack &&
               p[kLoseBackgammon] <= p[kLoseGammon] + kSlack;
        if (!good)
            throw Fault("target " + std::to_string(i) + " is not five consistent probabilities");
    }
}

}  // namespace

void SupervisedTrainer::set_data(const Board* boards, const Target* targets, std::size_t count) {
    if (count == 0) throw Fault("training needs at least one position");
    if (count >= std::size_t(1) << 31) throw Fault("at most 2^31 - 1 training positions");
    check_data(boards, targets, count);
    boards_.assign(boards, boards + count);
    targets_.assign(targets, targets + count);
    for (Target& t : targets_)
        for (float& v : t) v = std::clamp(v, 0.0f, 1.0f);
}

std::int64_t SupervisedTrainer::steps_per_epoch(int batch) const {
    const auto n = std::int64_t(boards_.size());
    return (n + batch - 1) / batch;
}

SupervisedLoss SupervisedTrainer::train(std::int64_t steps, const SupervisedOptions& o) {
    if (boards_.empty()) throw Fault("no training data: set_data first");
    if (steps < 0) throw Fault("steps must be >= 0");
    if (o.batch < 1 || o.threads < 1) throw Fault("batch and threads must be >= 1");
    if (!(o.learning_rate > 0.0 && std::isfinite(o.learning_rate)) ||
        !(o.learning_rate_end >= 0.0 && std::isfinite(o.learning_rate_end)) ||
        !(o.weight_decay >= 0.0 && std::isfinite(o.weight_decay)))
        throw Fault("the learning rates must be finite, the first > 0, and weight_decay >= 0");
    if (!(o.beta1 >= 0.0 && o.beta1 < 1.0 && o.beta2 >= 0.0 && o.beta2 < 1.0 && o.epsilon > 0.0))
        throw Fault("Adam's betas must be in [0, 1) and epsilon > 0");
    Model& m = *model_;
    const std::int64_t per_epoch = steps_per_epoch(o.batch);
    const auto n = boards_.size();
    std::vector<std::uint32_t> order(n);
    std::int64_t order_epoch = -1;
    const int threads = o.threads;
    std::vector<Model::Scratch> scratch;
    for (int t = 0; t < threads; ++t) scratch.push_back(m.scratch());
    StepPool pool(threads);
    SupervisedLoss seen;
    std::size_t from = 0, to = 0;
    const std::function<void(int)> share = [&](int t) {
        Model::Scratch& s = scratch[std::size_t(t)];
        s.gradient.zero();
        const std::size_t size = to - from;
        const std::size_t begin = from + size * std::size_t(t) / std::size_t(threads);
        const std::size_t end = from + size * std::size_t(t + 1) / std::size_t(threads);
        for (std::size_t i = begin; i < end; ++i)
            m.learn(boards_[order[i]], targets_[order[i]], s, true);
    };
    for (std::int64_t k = 0; k < steps; ++k) {
        check_stop();
        const std::int64_t step = steps_done_;
        const std::int64_t epoch = step / per_epoch;
        if (epoch != order_epoch) {
            // Fisher-Yates with the epoch's own draws.
            const std::uint64_t key = stream_key(o.seed, std::uint64_t(epoch));
            for (std::size_t i = 0; i < n; ++i) order[i] = std::uint32_t(i);
            for (std::size_t i = n - 1; i > 0; --i)
                std::swap(order[i], order[std::size_t(uniform_below(draw(key, i), int(i + 1)))]);
            order_epoch = epoch;
        }
        from = std::size_t(step % per_epoch) * std::size_t(o.batch);
        to = std::min(n, from + std::size_t(o.batch));
        pool.run(share);
        for (int t = 1; t < threads; ++t) scratch[0].gradient.add(scratch[std::size_t(t)].gradient);
        m.adam(scratch[0].gradient, to - from, o, step);
        ++steps_done_;
        seen.positions += std::int64_t(to - from);
    }
    for (const Model::Scratch& s : scratch) {
        seen.cross_entropy += s.cross_entropy;
        seen.divergence += s.divergence;
    }
    if (seen.positions > 0) {
        seen.cross_entropy /= double(seen.positions);
        seen.divergence /= double(seen.positions);
    }
    return seen;
}

SupervisedLoss SupervisedTrainer::loss(const Board* boards, const Target* targets,
                                       std::size_t count, int threads) const {
    if (threads < 1) throw Fault("threads must be >= 1");
    check_data(boards, targets, count);
    const Model& m = *model_;
    std::vector<Model::Scratch> scratch;
    for (int t = 0; t < threads; ++t) scratch.push_back(m.scratch());
    StepPool pool(threads);
    pool.run([&](int t) {
        Model::Scratch& s = scratch[std::size_t(t)];
        const std::size_t begin = count * std::size_t(t) / std::size_t(threads);
        const std::size_t end = count * std::size_t(t + 1) / std::size_t(threads);
        for (std::size_t i = begin; i < end; ++i) {
            if (t == 0 && i % 1024 == 0) check_stop();
            Target target = targets[i];
            for (float& v : target) v = std::clamp(v, 0.0f, 1.0f);
            m.learn(boards[i], target, s, false);
        }
    });
    SupervisedLoss total;
    for (const Model::Scratch& s : scratch) {
        total.cross_entropy += s.cross_entropy;
        total.divergence += s.divergence;
    }
    total.positions = std::int64_t(count);
    if (count > 0) {
        total.cross_entropy /= double(count);
        total.divergence /= double(count);
    }
    return total;
}

std::vector<Layer> SupervisedTrainer::layers() const {
    return layers_of(model_->weights, model_->inputs, model_->outputs);
}
std::vector<Layer> SupervisedTrainer::first_moments() const {
    return layers_of(model_->first, model_->inputs, model_->outputs);
}
std::vector<Layer> SupervisedTrainer::second_moments() const {
    return layers_of(model_->second, model_->inputs, model_->outputs);
}

void SupervisedTrainer::set_state(const std::vector<Layer>& layers, const std::vector<Layer>& first,
                                  const std::vector<Layer>& second, std::int64_t steps_done) {
    Model& m = *model_;
    for (const std::vector<Layer>* state : {&layers, &first, &second}) {
        if (state->size() != m.inputs.size())
            throw Fault("the state has " + std::to_string(state->size()) + " layers, the net " +
                        std::to_string(m.inputs.size()));
        for (std::size_t l = 0; l < state->size(); ++l) {
            const Layer& layer = (*state)[l];
            if (layer.inputs != m.inputs[l] || layer.outputs != m.outputs[l] ||
                layer.weights.size() != m.weights.w[l].size() ||
                layer.biases.size() != m.weights.b[l].size())
                throw Fault("layer " + std::to_string(l) + " of the state has other shapes");
            for (float v : layer.weights)
                if (!std::isfinite(v)) throw Fault("the state has a value that is not finite");
        }
    }
    if (steps_done < 0) throw Fault("steps_done must be >= 0");
    const Params second_moments = params_of(second);
    for (const auto* arrays : {&second_moments.w, &second_moments.b})
        for (const auto& array : *arrays)
            for (float v : array)
                if (!(v >= 0.0f)) throw Fault("a second moment is negative");
    m.weights = params_of(layers);
    m.first = params_of(first);
    m.second = second_moments;
    steps_done_ = steps_done;
}

}  // namespace tavla
