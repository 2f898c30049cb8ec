// Supervised training of a net on positions and their target probabilities (docs/supervised.rst):
// the loss is the cross-entropy of each of the net's logistic outputs against its target (the
// five cumulative probabilities, or the win alone for a 1-output net), averaged over a minibatch;
// Adam with decoupled weight decay (Kingma and Ba, "Adam", ICLR 2015; Loshchilov and Hutter,
// "Decoupled weight decay regularization", ICLR 2019) takes the steps, the step size following a
// cosine from `learning_rate` to `learning_rate_end` over `schedule_steps`.
//
// Step s (counted from the run's first, over every call) takes minibatch s mod steps_per_epoch of
// epoch s / steps_per_epoch, whose order is a permutation of the positions drawn from (seed,
// epoch): a run cut into calls, or resumed from the state it saved, takes the steps an
// uninterrupted one takes. With several threads each computes the gradient of its share of the
// minibatch, and the shares are added in thread order: the weights depend on the seed and the
// thread count, never on timing.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "tavla/encoding.hpp"
#include "tavla/net.hpp"

namespace tavla {

struct SupervisedOptions {
    double learning_rate = 1e-3;
    double learning_rate_end = 1e-3;
    std::int64_t schedule_steps = 0;  // 0: learning_rate throughout
    double weight_decay = 0.0;        // per step, times the step size, on weights (not biases)
    double beta1 = 0.9;
    double beta2 = 0.999;
    double epsilon = 1e-8;
    int batch = 256;
    std::uint64_t seed = 0;
    int threads = 1;

    // The step size of step s.
    double learning_rate_at(std::int64_t step) const;
};

using Target = std::array<float, kOutputs>;

// The loss over some positions: the mean cross-entropy per position (summed over the outputs
// trained) and the same less the targets' own entropy (the Kullback-Leibler divergence, 0 when
// the net gives the targets exactly).
struct SupervisedLoss {
    double cross_entropy = 0.0;
    double divergence = 0.0;
    std::int64_t positions = 0;
};

class SupervisedTrainer {
public:
    // The net to train, and the inputs held at zero (their rows of the first layer zeroed and
    // never trained: a feature group left out). A Fault as Net's constructor gives for bad
    // layers, or for an input index out of range.
    SupervisedTrainer(Encoding encoding, Activation activation, const std::vector<Layer>& layers,
                      const std::vector<int>& frozen_inputs);
    ~SupervisedTrainer();
    SupervisedTrainer(const SupervisedTrainer&) = delete;
    SupervisedTrainer& operator=(const SupervisedTrainer&) = delete;

    // The training positions (valid, not finished, each seen from its side on roll) and their
    // targets (consistent probabilities), copied. A Fault for a bad board or target.
    void set_data(const Board* boards, const Target* targets, std::size_t count);

    // Takes `steps` steps from step steps_done() and returns the loss of their minibatches (at
    // the weights each step started from). check_stop() is called between steps: on Stopped
    // the steps finished are kept (steps_done() tells). A Fault for bad options or no data.
    SupervisedLoss train(std::int64_t steps, const SupervisedOptions& options);

    // The loss of the current weights on `count` positions, on `threads` threads.
    SupervisedLoss loss(const Board* boards, const Target* targets, std::size_t count,
                        int threads) const;

    std::int64_t steps_done() const { return steps_done_; }
    std::int64_t steps_per_epoch(int batch) const;

    // The weights, and Adam's two moment estimates in the same shapes, as Net takes them; and
    // all three set back (with the steps done) to resume a run.
    std::vector<Layer> layers() const;
    std::vector<Layer> first_moments() const;
    std::vector<Layer> second_moments() const;
    void set_state(const std::vector<Layer>& layers, const std::vector<Layer>& first,
                   const std::vector<Layer>& second, std::int64_t steps_done);

    struct Model;

private:
    Encoding encoding_;
    std::unique_ptr<Model> model_;
    std::vector<Board> boards_;
    std::vector<Target> targets_;
    std::int64_t steps_done_ = 0;
};

}  // namespace tavla
