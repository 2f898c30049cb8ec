// Counter-based dice (docs/simulation.rst "Seeds and reproducible runs"): every draw is a pure
// function of (seed, stream, counter), so game g of a run with seed s sees the same dice
// whatever the thread count, the batch size or the order in which games are played.
//
// The scheme, in full:
//   key(s, g)       = mix64(mix64(s) XOR g)                  one key per (seed, game stream)
//   draw(key, i)    = mix64(key + (i + 1) * 0x9E3779B97F4A7C15)
// mix64 is SplitMix64's finaliser (Steele, Lea and Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014), a bijection on 64-bit words; draw(key, 0), draw(key, 1), ... is
// exactly the SplitMix64 sequence started from state `key`. The dice of ply t are draw t of the
// dice key, so a play choice never shifts later dice (duplicate duels rely on that). Policies
// that need chance (the random policy) draw from a second key, policy_key(s, g).
#pragma once

#include <cstdint>

#include "tavla/bits.hpp"

namespace tavla {

constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ull;

constexpr std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

constexpr std::uint64_t stream_key(std::uint64_t seed, std::uint64_t stream) {
    return mix64(mix64(seed) ^ stream);
}

// A second, independent key for the choices of randomised policies.
constexpr std::uint64_t policy_key(std::uint64_t seed, std::uint64_t stream) {
    return mix64(stream_key(seed, stream) ^ 0xD1B54A32D192ED03ull);
}

// The seed of game j of a match (j >= 1) whose game 0 has seed `seed`: game j of unit u draws
// from stream_key(match_game_seed(seed, j), u), so every game of every match has its own dice.
constexpr std::uint64_t match_game_seed(std::uint64_t seed, std::uint64_t game) {
    return game == 0 ? seed : mix64(seed ^ mix64(game * kGolden));
}

constexpr std::uint64_t draw(std::uint64_t key, std::uint64_t counter) {
    return mix64(key + (counter + 1) * kGolden);
}

// A uniform integer in [0, n) from one 64-bit draw (multiply-high: the bias is at most
// n / 2^64, far below anything a simulation can see).
inline int uniform_below(std::uint64_t bits, int n) {
    return int(multiply_high(bits, unsigned(n)));
}

struct Roll {
    int d1;
    int d2;
};

// One of the 36 ordered outcomes of two dice, numbered 6 * (d1 - 1) + (d2 - 1).
constexpr Roll roll_of_index(int index) { return Roll{index / 6 + 1, index % 6 + 1}; }
constexpr int index_of_roll(Roll roll) { return 6 * (roll.d1 - 1) + roll.d2 - 1; }

// The roll of one 64-bit draw: the 36 ordered outcomes equally likely.
inline Roll roll_of_bits(std::uint64_t bits) { return roll_of_index(uniform_below(bits, 36)); }

// An opening roll (R5, "standard"): equal dice are rolled again, so the 30 ordered rolls with
// two different dice are equally likely; d1 is seat 0's die, d2 seat 1's, the higher starts.
inline Roll opening_roll_of_bits(std::uint64_t bits) {
    const int k = uniform_below(bits, 30);  // k-th ordered non-double, skipping the diagonal
    const int d1 = k / 5 + 1;
    const int r = k % 5 + 1;
    return Roll{d1, r < d1 ? r : r + 1};
}

}  // namespace tavla
