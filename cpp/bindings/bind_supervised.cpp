// Supervised training (supervised.hpp) as _core.SupervisedTrainer: tavla.eval.supervised drives
// it in chunks of steps, with progress, validation, early stopping and checkpoints between them.
#include <pybind11/stl.h>

#include <mutex>
#include <string>
#include <vector>

#include "board_arrays.hpp"
#include "interruptible.hpp"
#include "net_layers.hpp"
#include "tavla/supervised.hpp"

namespace tavla::bindings {
namespace {

// One trainer and the lock that keeps two Python threads from using it at once.
struct Trainer {
    SupervisedTrainer trainer;
    std::mutex mutex;

    Trainer(const std::vector<FloatArray>& weights, const std::vector<FloatArray>& biases,
            const std::string& encoding, const std::string& activation,
            const std::vector<int>& frozen)
        : trainer(encoding_named(encoding), activation_named(activation),
                  layers_of(weights, biases), frozen) {}
};

// The (N, 5) float32 targets of N boards.
const Target* checked_targets(const FloatArray& targets, py::ssize_t count) {
    if (targets.ndim() != 2 || targets.shape(0) != count || targets.shape(1) != kOutputs)
        throw Fault("targets must have shape (" + std::to_string(count) + ", 5)");
    return reinterpret_cast<const Target*>(targets.data());
}

py::tuple state_to_python(const std::vector<Layer>& layers) { return layers_to_python(layers); }

}  // namespace

void bind_supervised(py::module_& m) {
    py::class_<Trainer>(m, "SupervisedTrainer",
                        "Supervised training of a net (tavla.eval.supervised drives it).")
        .def(py::init<const std::vector<FloatArray>&, const std::vector<FloatArray>&,
                      const std::string&, const std::string&, const std::vector<int>&>(),
             py::arg("weights"), py::arg("biases"), py::arg("encoding"), py::arg("activation"),
             py::arg("frozen_inputs"))
        .def(
            "set_data",
            [](Trainer& t, const BoardArray& boards, const FloatArray& targets) {
                const Board* data = checked_boards(boards, true);
                const Target* values = checked_targets(targets, boards.shape(0));
                const std::lock_guard<std::mutex> lock(t.mutex);
                const py::gil_scoped_release release;
                t.trainer.set_data(data, values, std::size_t(boards.shape(0)));
            },
            py::arg("boards"), py::arg("targets"),
            "The training positions (N, 2, 26) int8 and their targets (N, 5) float32, copied.")
        .def(
            "train",
            [](Trainer& t, std::int64_t steps, double learning_rate, double learning_rate_end,
               std::int64_t schedule_steps, double weight_decay, int batch, std::uint64_t seed,
               int threads) {
                SupervisedOptions o;
                o.learning_rate = learning_rate;
                o.learning_rate_end = learning_rate_end;
                o.schedule_steps = schedule_steps;
                o.weight_decay = weight_decay;
                o.batch = batch;
                o.seed = seed;
                o.threads = threads;
                const std::lock_guard<std::mutex> lock(t.mutex);
                const SupervisedLoss loss = interruptible([&] { return t.trainer.train(steps, o); });
                return py::make_tuple(loss.cross_entropy, loss.divergence);
            },
            py::arg("steps"), py::arg("learning_rate"), py::arg("learning_rate_end"),
            py::arg("schedule_steps"), py::arg("weight_decay"), py::arg("batch"), py::arg("seed"),
            py::arg("threads"),
            "Takes `steps` steps: (mean cross-entropy, mean divergence) of their minibatches; "
            "KeyboardInterrupt on Ctrl-C (steps_done tells how far).")
        .def(
            "loss",
            [](Trainer& t, const BoardArray& boards, const FloatArray& targets, int threads) {
                const Board* data = checked_boards(boards, true);
                const Target* values = checked_targets(targets, boards.shape(0));
                const std::lock_guard<std::mutex> lock(t.mutex);
                const SupervisedLoss loss = interruptible([&] {
                    return t.trainer.loss(data, values, std::size_t(boards.shape(0)), threads);
                });
                return py::make_tuple(loss.cross_entropy, loss.divergence);
            },
            py::arg("boards"), py::arg("targets"), py::arg("threads"),
            "(mean cross-entropy, mean divergence) per position of the current weights.")
        .def("steps_per_epoch",
             [](Trainer& t, int batch) {
                 if (batch < 1) throw Fault("batch must be >= 1");
                 return t.trainer.steps_per_epoch(batch);
             },
             py::arg("batch"))
        .def_property_readonly("steps_done", [](Trainer& t) { return t.trainer.steps_done(); })
        .def(
            "state",
            [](Trainer& t) {
                const std::lock_guard<std::mutex> lock(t.mutex);
                return py::make_tuple(state_to_python(t.trainer.layers()),
                                      state_to_python(t.trainer.first_moments()),
                                      state_to_python(t.trainer.second_moments()));
            },
            "((weights, biases), first moments, second moments), each as tavla.eval.Net's "
            "lists of float32 arrays.")
        .def(
            "set_state",
            [](Trainer& t, const std::vector<FloatArray>& weights,
               const std::vector<FloatArray>& biases, const std::vector<FloatArray>& first_w,
               const std::vector<FloatArray>& first_b, const std::vector<FloatArray>& second_w,
               const std::vector<FloatArray>& second_b, std::int64_t steps_done) {
                const std::lock_guard<std::mutex> lock(t.mutex);
                faults_as(FaultKind::Training, [&] {
                    t.trainer.set_state(layers_of(weights, biases), layers_of(first_w, first_b),
                                        layers_of(second_w, second_b), steps_done);
                });
            },
            py::arg("weights"), py::arg("biases"), py::arg("first_weights"),
            py::arg("first_biases"), py::arg("second_weights"), py::arg("second_biases"),
            py::arg("steps_done"), "Sets the weights, Adam's moments and the steps done.");
}

}  // namespace tavla::bindings
