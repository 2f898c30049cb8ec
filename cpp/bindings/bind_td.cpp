// TD(lambda) training (td.hpp) as _core.TdTrainer: tavla.eval.train drives it in chunks of
// games, with progress, checkpoints and duels between them.
#include <pybind11/stl.h>

#include <memory>
#include <mutex>
#include <string>

#include "interruptible.hpp"
#include "net_layers.hpp"
#include "tavla/td.hpp"

namespace tavla::bindings {
namespace {

// One trainer and the lock that keeps two Python threads from training it at once.
struct Trainer {
    TdTrainer trainer;
    std::mutex mutex;

    Trainer(const std::vector<FloatArray>& weights, const std::vector<FloatArray>& biases,
            const std::string& encoding, const std::string& activation, const std::string& kernel)
        : trainer(encoding_named(encoding), activation_named(activation),
                  layers_of(weights, biases), kernel) {}
};

}  // namespace

void bind_td(py::module_& m) {
    py::class_<Trainer>(m, "TdTrainer",
                        "TD(lambda) self-play training of a net (tavla.eval.train drives it).")
        .def(py::init<const std::vector<FloatArray>&, const std::vector<FloatArray>&,
                      const std::string&, const std::string&, const std::string&>(),
             py::arg("weights"), py::arg("biases"), py::arg("encoding"), py::arg("activation"),
             py::arg("kernel"))
        .def(
            "train",
            [](Trainer& t, std::int64_t first_game, std::int64_t games, double lambda, double alpha,
               double alpha_end, std::int64_t schedule_games, std::uint64_t seed, int threads,
               int sync_games) {
                TdOptions options;
                options.lambda = lambda;
                options.schedule = {alpha, alpha_end, schedule_games};
                options.seed = seed;
                options.threads = threads;
                options.sync_games = sync_games;
                const std::lock_guard<std::mutex> lock(t.mutex);
                interruptible([&] {
                    t.trainer.train(first_game, games, options);
                    return 0;
                });
            },
            py::arg("first_game"), py::arg("games"), py::arg("lambda_"), py::arg("alpha"),
            py::arg("alpha_end"), py::arg("schedule_games"), py::arg("seed"), py::arg("threads"),
            py::arg("sync_games"),
            "Trains on games first_game .. first_game + games - 1; KeyboardInterrupt on Ctrl-C "
            "(games_done tells how far it got).")
        .def_property(
            "games_done", [](const Trainer& t) { return t.trainer.games_done(); },
            [](Trainer& t, std::int64_t games) {
                if (games < 0) throw Fault("games_done must be >= 0");
                t.trainer.set_games_done(games);
            })
        .def(
            "td_errors",
            [](Trainer& t, std::int64_t games, std::uint64_t seed, double lambda) {
                const std::lock_guard<std::mutex> lock(t.mutex);
                const TdErrors errors =
                    interruptible([&] { return t.trainer.td_errors(games, seed, lambda); });
                return py::make_tuple(
                    std::vector<double>(errors.mean_squared.begin(), errors.mean_squared.end()),
                    errors.positions);
            },
            py::arg("games"), py::arg("seed"), py::arg("lambda_"),
            "(mean squared error per output, positions) over the net's own games.")
        .def(
            "layers",
            [](Trainer& t) {
                const std::lock_guard<std::mutex> lock(t.mutex);
                return layers_to_python(t.trainer.layers());
            },
            "(weights, biases): lists of float32 arrays in tavla.eval.Net's shapes.")
        .def_property_readonly("kernel", [](const Trainer& t) { return t.trainer.kernel(); });
}

}  // namespace tavla::bindings
