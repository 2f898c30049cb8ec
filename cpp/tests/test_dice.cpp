// Dice streams (rng.hpp, docs/simulation.rst "Seeds and reproducible runs"): game g of seed s
// always sees the same dice.
#include <array>
#include <vector>

#include "check.hpp"
#include "tavla/playout.hpp"

using tavla::PlayoutSpec;
using tavla::Roll;

namespace {

// The rolls of plies 0..count-1 of a game, whatever is played.
std::vector<int> rolls(const PlayoutSpec& spec, std::int64_t game, int count) {
    tavla::GameState state = tavla::begin_game(spec, game);
    std::vector<int> out;
    for (int ply = 0; ply < count; ++ply) {
        state.result.plies = ply;
        const Roll r = tavla::roll_dice(spec, state);
        out.push_back(10 * r.d1 + r.d2);
    }
    return out;
}

void same_game_same_rolls() {
    PlayoutSpec spec;
    spec.seed = 5;
    CHECK(rolls(spec, 3, 200) == rolls(spec, 3, 200));
    CHECK(rolls(spec, 3, 200) != rolls(spec, 4, 200));
    PlayoutSpec other = spec;
    other.seed = 6;
    CHECK(rolls(spec, 3, 200) != rolls(other, 3, 200));
    // A run split in parts plays the same games: game 3 of a run from game 10 is game 13.
    PlayoutSpec later = spec;
    later.first_game = 10;
    CHECK(rolls(later, 3, 200) == rolls(spec, 13, 200));
    // Duplicate games 2k and 2k + 1 share a stream.
    PlayoutSpec duplicate = spec;
    duplicate.duplicate = true;
    CHECK(rolls(duplicate, 6, 50) == rolls(duplicate, 7, 50));
    CHECK(rolls(duplicate, 6, 50) == rolls(spec, 3, 50));
}

// The dice are a contract: seed 1 gives these rolls with every compiler, on every machine.
void rolls_are_pinned() {
    PlayoutSpec spec;
    spec.seed = 1;
    CHECK(rolls(spec, 0, 16) ==
          std::vector<int>({24, 14, 25, 43, 51, 42, 22, 33, 11, 24, 36, 31, 43, 66, 11, 62}));
    spec.opening = true;
    std::vector<int> openings;
    for (std::int64_t g = 0; g < 16; ++g) openings.push_back(rolls(spec, g, 1)[0]);
    CHECK(openings ==
          std::vector<int>({24, 16, 32, 26, 43, 53, 63, 53, 26, 35, 65, 64, 25, 32, 63, 35}));
}

void rolls_are_fair() {
    PlayoutSpec spec;
    std::array<int, 36> seen{};
    const int games = 2000, plies = 36;
    for (std::int64_t g = 0; g < games; ++g) {
        for (int r : rolls(spec, g, plies)) {
            CHECK(r / 10 >= 1 && r / 10 <= 6 && r % 10 >= 1 && r % 10 <= 6);
            ++seen[std::size_t(6 * (r / 10 - 1) + r % 10 - 1)];
        }
    }
    // 2,000 of each expected; 5 standard deviations is about 220.
    for (int count : seen) CHECK(count > 1780 && count < 2220);
}

void opening_rolls_are_never_doubles() {
    PlayoutSpec spec;
    spec.opening = true;
    for (std::int64_t g = 0; g < 1000; ++g) {
        const int first = rolls(spec, g, 1)[0];
        CHECK(first / 10 != first % 10);
        // The higher die starts: its policy makes the first play (seat 0 holds policy a).
        CHECK_EQ(int(tavla::begin_game(spec, g).mover_policy), first / 10 > first % 10 ? 0 : 1);
    }
}

void rotation_covers_every_first_roll() {
    PlayoutSpec spec;
    spec.rotate = 2;
    std::array<int, 36 * 36> pairs{};
    for (std::int64_t g = 0; g < 36 * 36; ++g) {
        const std::vector<int> r = rolls(spec, g, 2);
        const auto index = [](int roll) { return 6 * (roll / 10 - 1) + roll % 10 - 1; };
        ++pairs[std::size_t(36 * index(r[0]) + index(r[1]))];
    }
    for (int count : pairs) CHECK_EQ(count, 1);
}

}  // namespace

// The 36 ordered rolls numbered 6 (d1 - 1) + d2 - 1 both ways: 5-2 is 25, 2-5 is 10.
void rolls_and_their_numbers() {
    CHECK(tavla::index_of_roll(Roll{5, 2}) == 25);
    CHECK(tavla::index_of_roll(Roll{2, 5}) == 10);
    for (int index = 0; index < 36; ++index)
        CHECK(tavla::index_of_roll(tavla::roll_of_index(index)) == index);
}

int main() {
    same_game_same_rolls();
    rolls_are_pinned();
    rolls_are_fair();
    opening_rolls_are_never_doubles();
    rotation_covers_every_first_roll();
    rolls_and_their_numbers();
    return tavla::test::report();
}
