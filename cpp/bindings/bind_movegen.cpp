#include <pybind11/numpy.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <numeric>
#include <vector>

#include "convert.hpp"
#include "interpreter_exit.hpp"
#include "result_buffer.hpp"
#include "tavla/movegen.hpp"
#include "tavla/play_order.hpp"

namespace tavla::bindings {
namespace {

MoveGenerator& thread_generator() {
    thread_local std::unique_ptr<MoveGenerator> gen = std::make_unique<MoveGenerator>();
    return *gen;
}

// Boards for the results of one roll, where the batch's own buffer has too little room left.
Board* thread_scratch() {
    thread_local std::unique_ptr<Board[]> boards(new Board[MoveGenerator::kCapacity]);
    return boards.get();
}

// Each play as (result seen by the opponent, moves as 2*n bytes, hit mask: bit i = move i hit),
// sorted by notation_order, highest first.
py::list legal_plays(const py::bytes& raw, int d1, int d2) {
    check_dice(d1, d2);
    const Board board = board_from_bytes(raw);
    MoveGenerator& gen = thread_generator();
    const int n = gen.generate(board, d1, d2);
    thread_local std::vector<std::pair<std::uint64_t, int>> order;
    order.clear();
    for (int i = 0; i < n; ++i) order.emplace_back(notation_order(gen.play(i)), i);
    std::sort(order.begin(), order.end(), std::greater<>());
    py::list out(n);
    for (int i = 0; i < n; ++i) {
        const PlayRecord& rec = gen.play(order[i].second);
        const Board next = rec.result.swapped();
        py::bytes moves(reinterpret_cast<const char*>(rec.moves.data()), 2 * rec.n_moves);
        PyObject* item = PyTuple_Pack(3, board_to_bytes(next).ptr(), moves.ptr(),
                                      py::int_(int(rec.hit_mask)).ptr());
        if (item == nullptr) throw py::error_already_set();
        PyList_SET_ITEM(out.ptr(), i, item);
    }
    return out;
}

py::tuple single_move(const py::bytes& raw, int from, int die) {
    Board board = board_from_bytes(raw);
    if (const char* fault = single_move_fault(board, from, die)) throw Fault(fault);
    const bool hit = apply_move(board, from, die);
    return py::make_tuple(board_to_bytes(board), hit);
}

using BoardArray = py::array_t<std::int8_t, py::array::c_style | py::array::forcecast>;
using DiceArray = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;

// The caller's buffer for results (out=): checked, never copied or converted.
struct OutBuffer {
    Board* data = nullptr;
    std::size_t rows = 0;
};

OutBuffer out_buffer(const py::object& out, const BoardArray& boards, const DiceArray& dice) {
    if (out.is_none()) return {};
    if (!py::isinstance<py::array>(out))
        throw Fault(std::string("out must be a NumPy array, got ") + Py_TYPE(out.ptr())->tp_name);
    auto array = py::reinterpret_borrow<py::array>(out);
    const py::dtype dtype = array.dtype();
    if (dtype.kind() != 'i' || dtype.itemsize() != 1)
        throw Fault("out must have dtype int8, got " + std::string(py::str(dtype)));
    if (array.ndim() != 3 || array.shape(1) != 2 || array.shape(2) != kSlots) {
        std::string shape;
        for (py::ssize_t d = 0; d < array.ndim(); ++d)
            shape += (d ? ", " : "") + std::to_string(array.shape(d));
        throw Fault("out must have shape (K, 2, 26), got (" + shape + ")");
    }
    if (!(array.flags() & py::array::c_style)) throw Fault("out must be C-contiguous");
    if (!array.writeable()) throw Fault("out must be writable");
    OutBuffer buffer{static_cast<Board*>(array.mutable_data()), std::size_t(array.shape(0))};
    const auto* first = reinterpret_cast<const char*>(buffer.data);
    const auto* last = first + buffer.rows * sizeof(Board);
    auto overlaps = [&](const py::array& read) {
        const auto* begin = static_cast<const char*>(read.data());
        return begin < last && first < begin + read.nbytes();
    };
    if (overlaps(boards) || overlaps(dice))
        throw Fault("out must not share memory with boards or dice");
    return buffer;
}

py::tuple legal_results(const BoardArray& boards, const DiceArray& dice, const py::object& out) {
    if (boards.ndim() != 3 || boards.shape(1) != 2 || boards.shape(2) != kSlots)
        throw Fault(FaultKind::Board, "boards must have shape (N, 2, 26)");
    const py::ssize_t n = boards.shape(0);
    if (dice.ndim() != 2 || dice.shape(0) != n || dice.shape(1) != 2)
        throw Fault("dice must have shape (N, 2) matching boards");
    const OutBuffer buffer = out_buffer(out, boards, dice);

    const auto* in = reinterpret_cast<const Board*>(boards.data());
    const std::int64_t* rolls = dice.data();
    py::array_t<std::int64_t> offsets(n + 1);
    std::int64_t* off = offsets.mutable_data();
    // Beyond the caller's buffer, room for 24 results a row to start with (the corpus
    // averages 23) and for the most one roll can have, which the last row asks for; it
    // doubles if needed.
    ResultBuffer results(buffer.data, buffer.rows,
                         std::size_t(n) * 24 + std::size_t(MoveGenerator::kCapacity));
    {
        const GilRelease release;
        MoveGenerator& gen = thread_generator();
        Board* scratch = thread_scratch();
        off[0] = 0;
        for (py::ssize_t i = 0; i < n; ++i) {
            const std::int64_t d1 = rolls[2 * i], d2 = rolls[2 * i + 1];
            if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
                throw Fault("row " + std::to_string(i) + ": dice must be 1 to 6");
            // Straight into the results where they have room for the most a roll can have;
            // near the end of the caller's buffer, through the scratch boards.
            Board* room = results.room(MoveGenerator::kCapacity);
            const int count = gen.generate_results(in[i], int(d1), int(d2), room ? room : scratch);
            if (count < 0)  // the board was checked as it was read
                throw Fault(FaultKind::Board,
                            "row " + std::to_string(i) + ": " + playable_board_error(in[i]));
            if (room != nullptr)
                results.added(std::size_t(count));
            else
                std::memcpy(results.append(std::size_t(count)), scratch,
                            std::size_t(count) * sizeof(Board));
            off[i + 1] = std::int64_t(results.size());
        }
    }

    const std::array<py::ssize_t, 3> shape = {py::ssize_t(results.size()), 2, kSlots};
    if (results.borrowed()) {  // a view of out
        const auto* data = reinterpret_cast<const std::int8_t*>(buffer.data);
        return py::make_tuple(py::array_t<std::int8_t>(shape, data, out), offsets);
    }
    Board* data = results.release();
    py::capsule owner(data, [](void* p) { std::free(p); });
    const auto* rows = reinterpret_cast<const std::int8_t*>(data);
    return py::make_tuple(py::array_t<std::int8_t>(shape, rows, owner), offsets);
}

}  // namespace

void bind_movegen(py::module_& m) {
    m.def("legal_plays", &legal_plays, py::arg("board"), py::arg("d1"), py::arg("d2"),
          "Every distinct legal play as (result key seen by the opponent, moves, hit mask).");
    m.def("single_move", &single_move, py::arg("board"), py::arg("from_point"), py::arg("die"),
          "Moves one checker: (new key seen by the mover, hit); ValueError with the R7-R13 reason.");
    m.def("legal_results", &legal_results, py::arg("boards"), py::arg("dice"), py::kw_only(),
          py::arg("out") = py::none(),
          "Batch generation: (results (M, 2, 26) int8, offsets (N + 1,) int64). With out, a "
          "writable C-contiguous int8 array (K, 2, 26): results is out[:M] when K >= M, "
          "otherwise a new array (out's rows are overwritten either way).");
}

}  // namespace tavla::bindings
