#include <pybind11/numpy.h>

#include "convert.hpp"
#include "tavla/rng.hpp"

namespace tavla::bindings {

void bind_dice(py::module_& m) {
    m.def(
        "dice_rolls",
        [](std::uint64_t seed, std::int64_t stream, int count, std::int64_t start, bool opening) {
            if (count < 0) throw Fault("count must be >= 0");
            if (start < 0) throw Fault("start must be >= 0");
            const std::uint64_t key = stream_key(seed, std::uint64_t(stream));
            py::array_t<std::int8_t> out({py::ssize_t(count), py::ssize_t(2)});
            for (int i = 0; i < count; ++i) {
                const std::uint64_t counter = std::uint64_t(start) + std::uint64_t(i);
                const std::uint64_t bits = draw(key, counter);
                const Roll r = opening && counter == 0 ? opening_roll_of_bits(bits)
                                                       : roll_of_bits(bits);
                out.mutable_at(i, 0) = std::int8_t(r.d1);
                out.mutable_at(i, 1) = std::int8_t(r.d2);
            }
            return out;
        },
        py::arg("seed"), py::arg("stream"), py::arg("count"), py::kw_only(),
        py::arg("start") = 0, py::arg("opening") = false,
        "Rolls start .. start+count-1 of a dice stream (rng.hpp), shape (count, 2); with "
        "opening, roll 0 is the stream's opening roll (R5: never a tie), as a game's ply 0.");
    m.def(
        "match_game_seed",
        [](std::uint64_t seed, std::uint64_t game) { return match_game_seed(seed, game); },
        py::arg("seed"), py::arg("game"),
        "The seed whose streams game `game` (from 0) of a match run with `seed` rolls from.");
    m.def(
        "policy_draws",
        [](std::uint64_t seed, std::int64_t stream, int count) {
            if (count < 0) throw Fault("count must be >= 0");
            const std::uint64_t key = policy_key(seed, std::uint64_t(stream));
            py::array_t<std::uint64_t> out(count);
            for (int i = 0; i < count; ++i) out.mutable_at(i) = draw(key, std::uint64_t(i));
            return out;
        },
        py::arg("seed"), py::arg("stream"), py::arg("count"),
        "The first `count` draws of a game stream's policy key (rng.hpp): the entropy the "
        "playout engine gives the policy at plies 0..count-1, shape (count,) uint64.");
}

}  // namespace tavla::bindings
