#include <pybind11/numpy.h>

#include "convert.hpp"
#include "tavla/rng.hpp"

namespace tavla::bindings {

void bind_dice(py::module_& m) {
    m.def(
        "dice_rolls",
        [](std::uint64_t seed, std::int64_t stream, int count) {
            if (count < 0) throw Fault("count must be >= 0");
            const std::uint64_t key = stream_key(seed, std::uint64_t(stream));
            py::array_t<std::int8_t> out({py::ssize_t(count), py::ssize_t(2)});
            for (int i = 0; i < count; ++i) {
                const Roll r = roll_of_bits(draw(key, std::uint64_t(i)));
                out.mutable_at(i, 0) = std::int8_t(r.d1);
                out.mutable_at(i, 1) = std::int8_t(r.d2);
            }
            return out;
        },
        py::arg("seed"), py::arg("stream"), py::arg("count"),
        "The first `count` rolls of a dice stream (rng.hpp), shape (count, 2).");
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
