// TD(lambda) training (td.hpp): one game's step on a net whose every output is 1/2 against the
// value worked out by hand; one thread gives the same weights however the games are split
// into calls; two threads give the same weights every time; bad options are faults.
#include <cmath>
#include <vector>

#include "check.hpp"
#include "tavla/td.hpp"

using tavla::Layer;

namespace {

// One layer, td198 inputs to 5 outputs, every weight and bias 0: every output is 1/2.
std::vector<Layer> zero_layers() {
    Layer layer;
    layer.inputs = tavla::encoding_inputs(tavla::Encoding::kTd198);
    layer.outputs = tavla::kOutputs;
    layer.weights.assign(std::size_t(layer.inputs) * std::size_t(layer.outputs), 0.0f);
    layer.biases.assign(std::size_t(layer.outputs), 0.0f);
    return {layer};
}

std::vector<Layer> small_layers() {
    std::vector<Layer> layers(2);
    const int sizes[3] = {tavla::encoding_inputs(tavla::Encoding::kTd198), 6, tavla::kOutputs};
    for (int l = 0; l < 2; ++l) {
        Layer& layer = layers[std::size_t(l)];
        layer.inputs = sizes[l];
        layer.outputs = sizes[l + 1];
        for (int i = 0; i < layer.inputs * layer.outputs; ++i)
            layer.weights.push_back(float(std::sin(i + 7 * l)) * 0.2f);
        for (int i = 0; i < layer.outputs; ++i) layer.biases.push_back(0.1f * float(i));
    }
    return layers;
}

tavla::TdOptions options(double lambda, double alpha, int threads = 1) {
    tavla::TdOptions o;
    o.lambda = lambda;
    o.schedule = {alpha, alpha, 0};
    o.seed = 3;
    o.threads = threads;
    return o;
}

bool same_layers(const std::vector<Layer>& a, const std::vector<Layer>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t l = 0; l < a.size(); ++l)
        if (a[l].weights != b[l].weights || a[l].biases != b[l].biases) return false;
    return true;
}

// With lambda 0, every target but the last is the next position's 1/2 seen by the other side
// (1/2 again): only the last position, whose side on roll won, moves. Its win output goes
// toward 1 by alpha (1 - 1/2) (1/2)(1/2) = alpha / 8 on the bias, and its lose outputs
// toward 0 by alpha / 8.
void one_game_with_lambda_zero() {
    tavla::TdTrainer trainer(tavla::Encoding::kTd198, tavla::Activation::kSigmoid, zero_layers(),
                             "portable");
    trainer.train(0, 1, options(0.0, 1.0));
    const std::vector<float> b = trainer.layers()[0].biases;
    CHECK(std::fabs(b[tavla::kWin] - 0.125f) < 1e-6f);
    CHECK(std::fabs(b[tavla::kLoseGammon] + 0.125f) < 1e-6f);
    CHECK(std::fabs(b[tavla::kLoseBackgammon] + 0.125f) < 1e-6f);
    CHECK_EQ(trainer.games_done(), 1);
}

void one_thread_is_the_same_in_parts() {
    tavla::TdTrainer whole(tavla::Encoding::kTd198, tavla::Activation::kSigmoid, small_layers(),
                           "portable");
    whole.train(0, 60, options(0.7, 0.1));
    tavla::TdTrainer parts(tavla::Encoding::kTd198, tavla::Activation::kSigmoid, small_layers(),
                           "portable");
    parts.train(0, 25, options(0.7, 0.1));
    parts.train(25, 35, options(0.7, 0.1));
    CHECK(same_layers(whole.layers(), parts.layers()));
    CHECK(!same_layers(whole.layers(), small_layers()));
}

void two_threads_repeat() {
    std::vector<Layer> first;
    for (int run = 0; run < 2; ++run) {
        tavla::TdTrainer trainer(tavla::Encoding::kTd198, tavla::Activation::kTanh, small_layers(),
                                 "portable");
        trainer.train(0, 64, options(0.5, 0.1, 2));
        CHECK_EQ(trainer.games_done(), 64);
        if (run == 0)
            first = trainer.layers();
        else
            CHECK(same_layers(first, trainer.layers()));
    }
}

void bad_options() {
    tavla::TdTrainer trainer(tavla::Encoding::kTd198, tavla::Activation::kSigmoid, small_layers(),
                             "portable");
    CHECK_FAULT(trainer.train(0, 1, options(1.5, 0.1)), "lambda must be in [0, 1]");
    CHECK_FAULT(trainer.train(0, 1, options(0.5, 0.0)), "alpha must be > 0");
    CHECK_FAULT(trainer.train(0, 1, options(0.5, 0.1, 0)), "threads must be >= 1");
    CHECK_FAULT(trainer.train(-1, 1, options(0.5, 0.1)), "must be >= 0");
    CHECK_FAULT(trainer.td_errors(0, 1, 0.5), "at least one game");
    CHECK_EQ(trainer.games_done(), 0);
}

}  // namespace

int main() {
    one_game_with_lambda_zero();
    one_thread_is_the_same_in_parts();
    two_threads_repeat();
    bad_options();
    return tavla::test::report();
}
