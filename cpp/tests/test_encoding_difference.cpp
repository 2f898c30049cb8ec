// encode_swapped_difference: the inputs of a result (seen by the side to play next) are those
// of the position before the turn plus the difference, each input that changes listed once
// with exactly the difference of the two encodings, for every encoding, on every result of the
// turns of random games and of pubeval playing itself (hits, checkers on the bar, bear-offs,
// races). The encodings take turns on each result: the parent's whole-board inputs each keeps
// between calls must not be another encoding's.
#include <array>

#include "check.hpp"
#include "games.hpp"
#include "tavla/encoding.hpp"

using namespace tavla;

namespace {

constexpr std::array<Encoding, kEncodings> kAll{Encoding::kTd198, Encoding::kGnubg200,
                                                Encoding::kTavla218, Encoding::kContact229,
                                                Encoding::kRace205};

struct Seen {
    long results = 0, hits = 0, bar = 0, race = 0, bearing_off = 0;
};

void check_result(const Board& before, const Board& after, Seen& seen) {
    std::array<float, 229> parent{}, child{};
    for (Encoding encoding : kAll) {
        const int inputs = encoding_inputs(encoding);
        encode_dense(encoding, before.swapped(), parent.data());
        encode_dense(encoding, after.swapped(), child.data());
        SparseInputs difference;
        CHECK(has_swapped_difference(encoding));
        CHECK(encode_swapped_difference(encoding, before, after, difference));
        CHECK(difference.count <= kMaxNonzero);
        // Each input that differs listed once, with child - parent to the bit (the sums of a
        // net depend on it), and no other.
        std::array<int, 229> listed{};
        bool exact = true;
        for (int i = 0; i < difference.count; ++i) {
            const int index = difference.index[std::size_t(i)];
            CHECK(index < inputs);
            if (index >= inputs) continue;
            const auto k = std::size_t(index);
            ++listed[k];
            exact = exact && difference.value[std::size_t(i)] == child[k] - parent[k];
        }
        for (int i = 0; i < inputs; ++i) {
            const auto k = std::size_t(i);
            exact = exact && listed[k] == (child[k] != parent[k] ? 1 : 0);
        }
        CHECK(exact);
    }
    ++seen.results;
    seen.bar += after.mover()[kBar] > 0 || after.opponent()[kBar] > 0;
    seen.race += is_race(after);
    seen.bearing_off += after.mover()[kOff] > before.mover()[kOff];
}

}  // namespace

int main() {
    Seen seen;
    const auto visit = [&seen](const Board& board, const MoveGenerator& generator) {
        for (int i = 0; i < generator.count(); ++i) {
            const PlayRecord& play = generator.play(i);
            if (play.result.mover()[kOff] == kCheckers) continue;
            check_result(board, play.result, seen);
            seen.hits += play.hit_mask != 0;
        }
    };
    test::play_games(60, false, 21, visit);
    test::play_games(60, true, 22, visit);
    CHECK(seen.results > 100000);
    CHECK(seen.hits > 1000 && seen.bar > 1000 && seen.race > 1000 && seen.bearing_off > 1000);
    return test::report();
}
