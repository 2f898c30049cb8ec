#include "tavla/td.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>

#include "activation.hpp"
#include "net_kernels.hpp"
#include "tavla/fault.hpp"
#include "tavla/playout.hpp"
#include "tavla/stop.hpp"
#include "workers.hpp"

namespace tavla {
namespace {

using net_kernel::grouped;
using net_kernel::padded;
using Outputs = std::array<float, kOutputs>;

Outputs finished_outputs(const Board& won) {
    const Probabilities p = finished_probabilities(won);
    return {1.0f, float(p[kWinGammon]), float(p[kWinBackgammon]), 0.0f, 0.0f};
}

}  // namespace

double TdSchedule::alpha_at(std::int64_t game) const {
    if (schedule_games <= 0 || game >= schedule_games)
        return schedule_games <= 0 ? alpha : alpha_end;
    return alpha + (alpha_end - alpha) * double(game) / double(schedule_games);
}

// The weights in the kernels' layout (net_kernels.hpp), padding zero: layer 0 as rows of
// padded width, every later layer transposed.
struct TdTrainer::Weights {
    const net_kernel::Kernel* kernel = nullptr;
    Activation activation = Activation::kSigmoid;
    std::vector<int> inputs;
    std::vector<int> outputs;
    std::vector<std::vector<float>> w;
    std::vector<std::vector<float>> b;
    std::vector<net_kernel::LayerView> views;
    net_kernel::NetView view{};
    int width = net_kernel::kLanes;

    Weights() = default;
    Weights(const Weights& other) { *this = other; }
    Weights& operator=(const Weights& other) {
        kernel = other.kernel;
        activation = other.activation;
        inputs = other.inputs;
        outputs = other.outputs;
        w = other.w;
        b = other.b;
        width = other.width;
        link();
        return *this;
    }

    int layers() const { return int(w.size()); }
    std::size_t row(int layer) const {  // floats per row of the stored matrix
        return std::size_t(padded(layer == 0 ? outputs[0] : inputs[std::size_t(layer)]));
    }
    float& weight(int layer, int in, int out) {
        const auto l = std::size_t(layer);
        return layer == 0 ? w[l][std::size_t(in) * row(0) + std::size_t(out)]
                          : w[l][std::size_t(out) * row(layer) + std::size_t(in)];
    }

    void link() {
        views.clear();
        for (std::size_t l = 0; l < w.size(); ++l)
            views.push_back({inputs[l], outputs[l], w[l].data(), b[l].data()});
        view = {views.data(), int(views.size()), int(activation)};
    }

    // Every array, zeroed, in the same shapes.
    void zero() {
        for (auto& a : w) std::fill(a.begin(), a.end(), 0.0f);
        for (auto& a : b) std::fill(a.begin(), a.end(), 0.0f);
    }

    // this += scale * (a - base), over every array.
    void add_difference(const Weights& a, const Weights& base) {
        for (std::size_t l = 0; l < w.size(); ++l) {
            for (std::size_t i = 0; i < w[l].size(); ++i) w[l][i] += a.w[l][i] - base.w[l][i];
            for (std::size_t i = 0; i < b[l].size(); ++i) b[l][i] += a.b[l][i] - base.b[l][i];
        }
    }

    void add(const Weights& delta) {
        for (std::size_t l = 0; l < w.size(); ++l) {
            for (std::size_t i = 0; i < w[l].size(); ++i) w[l][i] += delta.w[l][i];
            for (std::size_t i = 0; i < b[l].size(); ++i) b[l][i] += delta.b[l][i];
        }
    }
};

// What one thread needs to play and learn: buffers allocated once, reused for every game.
struct TdTrainer::Worker {
    Encoding encoding;
    MoveGenerator gen;
    Weights delta;
    std::vector<Board> positions;  // s_0 .. s_{T-1}, each seen by the side on roll
    std::vector<Outputs> next;     // next[t]: the outputs of s_{t+1}, as chosen (t < T - 1)
    std::vector<Outputs> targets;
    Outputs result{};            // for the side on roll at s_{T-1}, which won
    std::vector<float> scratch;  // the kernel's two buffers, then the parent's sums
    std::vector<std::vector<float>> activations;  // per layer, for the backward pass
    std::vector<float> error;                     // per unit of the layer being backpropagated
    std::vector<float> below;

    Worker(Encoding e, const Weights& shape) : encoding(e), delta(shape) {
        delta.zero();
        scratch.assign(std::size_t(3 * shape.width), 0.0f);
        for (int l = 0; l < shape.layers(); ++l)
            activations.emplace_back(std::size_t(padded(shape.outputs[std::size_t(l)])), 0.0f);
        error.assign(std::size_t(shape.width), 0.0f);
        below.assign(std::size_t(shape.width), 0.0f);
    }

    // The outputs of the net for the side on roll of `board` (not finished), with the kernel.
    Outputs evaluate(const Weights& net, const Board& board) {
        SparseInputs inputs;
        encode_sparse(encoding, board, inputs);
        net.kernel->accumulate(net.views[0], inputs, net.b[0].data(), scratch.data());
        return finish(net);
    }

    Outputs finish(const Weights& net) {
        Outputs raw{};
        net.kernel->finish(net.view, scratch.data(), net.width, raw.data());
        if (net.outputs.back() == 1) raw = {raw[0], 0.0f, 0.0f, 0.0f, 0.0f};
        return raw;
    }

    // Plays the turn of `before` with the roll at 0-ply: returns the index of the play with
    // the highest equity for the mover, and in `chosen` its result's outputs for the opponent
    // (not set when the play wins).
    int choose(const Weights& net, const Board& before, Outputs& chosen) {
        const int count = gen.count();
        float* parent = scratch.data() + 2 * net.width;
        const bool incremental = count > 1 && encoding_is_local(encoding);
        SparseInputs inputs;
        if (incremental) {
            encode_sparse(encoding, before.swapped(), inputs);
            net.kernel->accumulate(net.views[0], inputs, net.b[0].data(), parent);
        }
        int best = 0;
        float best_equity = -1e30f;
        for (int i = 0; i < count; ++i) {
            const Board& after = gen.play(i).result;
            Outputs outputs;
            float mover_equity;
            if (after.mover()[kOff] == kCheckers) {
                mover_equity = cubeless_equity(finished_outputs(after));
            } else {
                if (incremental && encode_swapped_difference(encoding, before, after, inputs)) {
                    net.kernel->accumulate(net.views[0], inputs, parent, scratch.data());
                    outputs = finish(net);
                } else {
                    outputs = evaluate(net, after.swapped());
                }
                mover_equity = -cubeless_equity(outputs);
            }
            if (mover_equity > best_equity) {
                best_equity = mover_equity;
                best = i;
                chosen = outputs;
            }
        }
        return best;
    }

    // Plays game `game` of the seed's dice, the net on both sides, recording its positions.
    void play(const Weights& net, std::uint64_t seed, std::int64_t game) {
        PlayoutSpec spec;
        spec.opening = true;
        spec.seed = seed;
        GameState state = begin_game(spec, game);
        positions.clear();
        next.clear();
        for (;;) {
            positions.push_back(state.board);
            const Roll roll = roll_dice(spec, state);
            gen.generate(state.board, roll.d1, roll.d2);
            Outputs chosen{};
            const int index = choose(net, state.board, chosen);
            const Board after = gen.play(index).result;
            if (make_play(spec, game, state, after)) {
                result = finished_outputs(after);
                return;
            }
            next.push_back(chosen);
        }
    }

    // targets[t]: the lambda-return of s_t, for its side on roll.
    void lambda_returns(double lambda) {
        const std::size_t count = positions.size();
        targets.resize(count);
        targets[count - 1] = result;
        const auto l = float(lambda);
        for (std::size_t t = count - 1; t-- > 0;) {
            const Outputs v = flipped(next[t]);
            const Outputs g = flipped(targets[t + 1]);
            for (int k = 0; k < kOutputs; ++k)
                targets[t][std::size_t(k)] = (1.0f - l) * v[std::size_t(k)] + l * g[std::size_t(k)];
        }
    }

    // The outputs of `board` computed layer by layer, keeping each layer's activations.
    Outputs forward(const Weights& net, const SparseInputs& inputs) {
        net.kernel->accumulate(net.views[0], inputs, net.b[0].data(), activations[0].data());
        const int layers = net.layers();
        for (int l = 0; l < layers; ++l) {
            std::vector<float>& a = activations[std::size_t(l)];
            if (l > 0) {
                const std::vector<float>& h = activations[std::size_t(l) - 1];
                const std::size_t row = net.row(l);
                for (int k = 0; k < net.outputs[std::size_t(l)]; ++k) {
                    const float* wk = net.w[std::size_t(l)].data() + std::size_t(k) * row;
                    float sum = net.b[std::size_t(l)][std::size_t(k)];
                    for (int j = 0; j < net.inputs[std::size_t(l)]; ++j)
                        sum += wk[j] * h[std::size_t(j)];
                    a[std::size_t(k)] = sum;
                }
            }
            const bool last = l == layers - 1;
            for (int k = 0; k < net.outputs[std::size_t(l)]; ++k)
                a[std::size_t(k)] = last ? 1.0f / (1.0f + std::exp(-a[std::size_t(k)]))
                                         : activated(a[std::size_t(k)], net.activation);
        }
        Outputs out{};
        for (int k = 0; k < net.outputs.back(); ++k)
            out[std::size_t(k)] = activations.back()[std::size_t(k)];
        return out;
    }

    // delta += alpha * (target - outputs) * the gradient of the outputs at s (ascent).
    void accumulate_gradient(const Weights& net, const SparseInputs& inputs, const Outputs& target,
                             const Outputs& outputs, float alpha) {
        const int layers = net.layers();
        for (int k = 0; k < net.outputs.back(); ++k) {
            const float v = outputs[std::size_t(k)];
            error[std::size_t(k)] = alpha * (target[std::size_t(k)] - v) * v * (1.0f - v);
        }
        for (int l = layers - 1; l > 0; --l) {
            const std::vector<float>& h = activations[std::size_t(l) - 1];
            const int in = net.inputs[std::size_t(l)];
            std::fill(below.begin(), below.begin() + in, 0.0f);
            const std::size_t row = net.row(l);
            for (int k = 0; k < net.outputs[std::size_t(l)]; ++k) {
                const float e = error[std::size_t(k)];
                const float* wk = net.w[std::size_t(l)].data() + std::size_t(k) * row;
                float* dk = delta.w[std::size_t(l)].data() + std::size_t(k) * row;
                for (int j = 0; j < in; ++j) {
                    dk[j] += e * h[std::size_t(j)];
                    below[std::size_t(j)] += e * wk[j];
                }
                delta.b[std::size_t(l)][std::size_t(k)] += e;
            }
            for (int j = 0; j < in; ++j)
                error[std::size_t(j)] =
                    below[std::size_t(j)] * slope(h[std::size_t(j)], net.activation);
        }
        const int hidden = net.outputs[0];
        const std::size_t row = net.row(0);
        for (int n = 0; n < inputs.count; ++n) {
            const float x = inputs.value[std::size_t(n)];
            float* d = delta.w[0].data() + std::size_t(inputs.index[std::size_t(n)]) * row;
            for (int j = 0; j < hidden; ++j) d[j] += x * error[std::size_t(j)];
        }
        for (int j = 0; j < hidden; ++j) delta.b[0][std::size_t(j)] += error[std::size_t(j)];
    }

    // Plays a game and moves `net` toward its lambda-returns.
    void learn(Weights& net, std::uint64_t seed, std::int64_t game, double lambda, double alpha) {
        play(net, seed, game);
        lambda_returns(lambda);
        SparseInputs inputs;
        for (std::size_t t = 0; t < positions.size(); ++t) {
            encode_sparse(encoding, positions[t], inputs);
            const Outputs outputs = forward(net, inputs);
            accumulate_gradient(net, inputs, targets[t], outputs, float(alpha));
        }
        net.add(delta);
        delta.zero();
    }
};

TdTrainer::TdTrainer(Encoding encoding, Activation activation, const std::vector<Layer>& layers,
                     const std::string& kernel)
    : encoding_(encoding), activation_(activation), weights_(std::make_unique<Weights>()) {
    // Net's constructor checks the layers and the kernel.
    const Net check(encoding, activation, layers, kernel);
    Weights& w = *weights_;
    w.kernel = &net_kernel::named(kernel);
    w.activation = activation;
    for (std::size_t l = 0; l < layers.size(); ++l) {
        const Layer& layer = layers[l];
        w.inputs.push_back(layer.inputs);
        w.outputs.push_back(layer.outputs);
        w.width = std::max(w.width, padded(layer.outputs));
        const std::size_t rows =
            l == 0 ? std::size_t(layer.inputs) : std::size_t(grouped(layer.outputs));
        const std::size_t row = std::size_t(padded(l == 0 ? layer.outputs : layer.inputs));
        w.w.emplace_back(rows * row, 0.0f);
        w.b.emplace_back(std::size_t(padded(layer.outputs)), 0.0f);
        std::copy(layer.biases.begin(), layer.biases.end(), w.b.back().begin());
    }
    w.link();
    for (int l = 0; l < w.layers(); ++l) {
        const Layer& layer = layers[std::size_t(l)];
        for (int r = 0; r < layer.inputs; ++r)
            for (int c = 0; c < layer.outputs; ++c)
                w.weight(l, r, c) =
                    layer.weights[std::size_t(r) * std::size_t(layer.outputs) + std::size_t(c)];
    }
}

TdTrainer::~TdTrainer() = default;

const std::string& TdTrainer::kernel() const {
    static const std::vector<std::string> names = net_kernel::runnable_names();
    for (const std::string& name : names)
        if (name == weights_->kernel->name) return name;
    return names.front();
}

std::vector<Layer> TdTrainer::layers() const {
    Weights& w = *weights_;
    std::vector<Layer> out(std::size_t(w.layers()));
    for (int l = 0; l < w.layers(); ++l) {
        Layer& layer = out[std::size_t(l)];
        layer.inputs = w.inputs[std::size_t(l)];
        layer.outputs = w.outputs[std::size_t(l)];
        layer.weights.resize(std::size_t(layer.inputs) * std::size_t(layer.outputs));
        for (int r = 0; r < layer.inputs; ++r)
            for (int c = 0; c < layer.outputs; ++c)
                layer.weights[std::size_t(r) * std::size_t(layer.outputs) + std::size_t(c)] =
                    w.weight(l, r, c);
        layer.biases.assign(w.b[std::size_t(l)].begin(),
                            w.b[std::size_t(l)].begin() + layer.outputs);
    }
    return out;
}

namespace {

void check_options(std::int64_t first_game, std::int64_t games, const TdOptions& o) {
    if (first_game < 0 || games < 0) throw Fault("the first game and the game count must be >= 0");
    if (!(o.lambda >= 0.0 && o.lambda <= 1.0)) throw Fault("lambda must be in [0, 1]");
    const TdSchedule& s = o.schedule;
    if (!(s.alpha > 0.0 && std::isfinite(s.alpha)) ||
        !(s.alpha_end >= 0.0 && std::isfinite(s.alpha_end)))
        throw Fault("alpha must be > 0 and alpha_end >= 0, both finite");
    if (o.threads < 1) throw Fault("threads must be >= 1");
    if (o.sync_games < 1) throw Fault("sync_games must be >= 1");
}

}  // namespace

void TdTrainer::train(std::int64_t first_game, std::int64_t games, const TdOptions& options) {
    check_options(first_game, games, options);
    Weights& master = *weights_;
    const std::int64_t end = first_game + games;
    if (options.threads == 1) {
        auto worker = std::make_unique<Worker>(encoding_, master);
        for (std::int64_t g = first_game; g < end; ++g) {
            check_stop();
            worker->learn(master, options.seed, g, options.lambda, options.schedule.alpha_at(g));
            ++games_done_;
        }
        return;
    }
    const int threads = options.threads;
    std::vector<std::unique_ptr<Worker>> workers;
    std::vector<Weights> local(std::size_t(threads), master);
    for (int t = 0; t < threads; ++t)
        workers.push_back(std::make_unique<Worker>(encoding_, master));
    const std::int64_t round = std::int64_t(threads) * options.sync_games;
    for (std::int64_t start = first_game; start < end; start += round) {
        check_stop();
        for (Weights& copy : local) copy = master;
        auto play_share = [&](int t) {
            const std::int64_t from = start + std::int64_t(t) * options.sync_games;
            const std::int64_t to = std::min(end, from + options.sync_games);
            for (std::int64_t g = from; g < to; ++g) {
                check_stop();
                workers[std::size_t(t)]->learn(local[std::size_t(t)], options.seed, g,
                                               options.lambda, options.schedule.alpha_at(g));
            }
        };
        std::atomic<bool> abort{false};  // set when the calling thread is stopped
        {
            Workers pool(abort);
            for (int t = 1; t < threads; ++t)
                if (!pool.start([&, t] {
                        const StopScope scope(&abort);
                        play_share(t);
                    }))
                    throw Fault("the system has no thread to give for training");
            try {
                play_share(0);
            } catch (const Stopped&) {
                abort = true;
                pool.join();  // the round is dropped
                throw;
            }
            pool.join();
        }
        const Weights base = master;
        for (const Weights& copy : local) master.add_difference(copy, base);
        games_done_ += std::min(round, end - start);
    }
}

TdErrors TdTrainer::td_errors(std::int64_t games, std::uint64_t seed, double lambda) const {
    if (games < 1) throw Fault("td_errors needs at least one game");
    if (!(lambda >= 0.0 && lambda <= 1.0)) throw Fault("lambda must be in [0, 1]");
    const Weights& net = *weights_;
    auto worker = std::make_unique<Worker>(encoding_, net);
    TdErrors errors;
    SparseInputs inputs;
    for (std::int64_t g = 0; g < games; ++g) {
        check_stop();
        worker->play(net, seed, g);
        worker->lambda_returns(lambda);
        for (std::size_t t = 0; t < worker->positions.size(); ++t) {
            encode_sparse(encoding_, worker->positions[t], inputs);
            const Outputs outputs = worker->forward(net, inputs);
            for (int k = 0; k < kOutputs; ++k) {
                const double d =
                    double(worker->targets[t][std::size_t(k)]) - outputs[std::size_t(k)];
                errors.mean_squared[std::size_t(k)] += d * d;
            }
            ++errors.positions;
        }
    }
    for (double& e : errors.mean_squared) e /= double(errors.positions);
    return errors;
}

}  // namespace tavla
