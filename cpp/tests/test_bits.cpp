// Bit operations (bits.hpp): the compiler's builtins, intrinsics or shifts against plain
// loops, and multiply_high against its portable form, over edge cases and a million random
// words.
#include "check.hpp"
#include "tavla/bits.hpp"
#include "tavla/rng.hpp"

namespace {

std::uint64_t byte_swap_by_bytes(std::uint64_t word) {
    std::uint64_t swapped = 0;
    for (int i = 0; i < 8; ++i) swapped = swapped << 8 | (word >> (8 * i) & 0xFF);
    return swapped;
}

int bit_count_by_bits(std::uint32_t mask) {
    int n = 0;
    for (int i = 0; i < 32; ++i) n += int(mask >> i & 1);
    return n;
}

int lowest_bit_by_bits(std::uint32_t mask) {
    int i = 0;
    while ((mask >> i & 1) == 0) ++i;
    return i;
}

int highest_bit_by_bits(std::uint32_t mask) {
    int i = 31;
    while ((mask >> i & 1) == 0) --i;
    return i;
}

constexpr std::uint64_t kMax = ~std::uint64_t(0);

// The portable form, checked by the compiler; edge_cases() checks the form this build uses.
static_assert(tavla::multiply_high_portable(kMax, kMax) == kMax - 1);
static_assert(tavla::multiply_high_portable(std::uint64_t(1) << 32, std::uint64_t(1) << 32) == 1);
static_assert(tavla::multiply_high_portable(kMax, 36) == 35);
static_assert(tavla::multiply_high_portable(tavla::kGolden, 36) == 22);

void edge_cases() {
    CHECK_EQ(tavla::byte_swap(0x0123456789ABCDEFull), 0xEFCDAB8967452301ull);
    for (int i = 0; i < 32; ++i) {
        CHECK_EQ(tavla::highest_bit(1u << i), i);
        CHECK_EQ(tavla::highest_bit(~0u >> (31 - i)), i);
        CHECK_EQ(tavla::lowest_bit(1u << i), i);
        CHECK_EQ(tavla::lowest_bit(~0u << i), i);
        CHECK_EQ(tavla::lowest_bit(std::uint64_t(1) << (32 + i)), 32 + i);
        CHECK_EQ(tavla::lowest_bit(kMax << i), i);
        CHECK_EQ(tavla::bit_count(~0u >> (31 - i)), i + 1);
    }
    CHECK_EQ(tavla::bit_count(0), 0);
    CHECK_EQ(tavla::bit_count(kMax, kMax, kMax), 192);
    CHECK_EQ(tavla::bit_count(0, 0, 0), 0);
    CHECK_EQ(tavla::multiply_high(kMax, kMax), kMax - 1);
    CHECK_EQ(tavla::multiply_high(std::uint64_t(1) << 32, std::uint64_t(1) << 32), 1u);
    CHECK_EQ(tavla::multiply_high(kMax, 36), 35u);
    CHECK_EQ(tavla::multiply_high(tavla::kGolden, 36), 22u);
    CHECK_EQ(tavla::uniform_below(0, 36), 0);
    CHECK_EQ(tavla::uniform_below(kMax, 36), 35);
    CHECK_EQ(tavla::uniform_below(std::uint64_t(1) << 63, 30), 15);
}

void random_words() {
    const std::uint64_t key = tavla::stream_key(7, 0);
    int wrong_swaps = 0, wrong_bits = 0, wrong_counts = 0, wrong_products = 0;
    std::uint64_t previous = 0;
    for (std::uint64_t i = 0; i < 1000000; i += 2) {
        const std::uint64_t a = tavla::draw(key, i), b = tavla::draw(key, i + 1);
        wrong_swaps += tavla::byte_swap(a) != byte_swap_by_bytes(a);
        // Shifted, so that every bit is the highest one about equally often.
        const std::uint32_t mask = (std::uint32_t(a) >> (b % 32)) | 1u;
        wrong_bits += tavla::highest_bit(mask) != highest_bit_by_bits(mask);
        const std::uint32_t low_mask = (std::uint32_t(a) << (b % 32)) | (1u << 31);
        wrong_bits += tavla::lowest_bit(low_mask) != lowest_bit_by_bits(low_mask);
        const std::uint64_t wide = (a << (b % 64)) | (std::uint64_t(1) << 63);
        const int wide_lowest = std::uint32_t(wide) != 0
                                    ? lowest_bit_by_bits(std::uint32_t(wide))
                                    : 32 + lowest_bit_by_bits(std::uint32_t(wide >> 32));
        wrong_bits += tavla::lowest_bit(wide) != wide_lowest;
        wrong_counts += tavla::bit_count(std::uint32_t(a)) != bit_count_by_bits(std::uint32_t(a));
        const int three = bit_count_by_bits(std::uint32_t(a)) + bit_count_by_bits(a >> 32) +
                          bit_count_by_bits(std::uint32_t(b)) + bit_count_by_bits(b >> 32) +
                          bit_count_by_bits(std::uint32_t(previous)) +
                          bit_count_by_bits(previous >> 32);
        wrong_counts += tavla::bit_count(a, b, previous) != three;
        previous = a ^ b;
        wrong_products += tavla::multiply_high(a, b) != tavla::multiply_high_portable(a, b);
        // Small factors too, as uniform_below's are.
        const std::uint64_t n = b % 4096;
        wrong_products += tavla::multiply_high(a, n) != tavla::multiply_high_portable(a, n);
    }
    CHECK_EQ(wrong_swaps, 0);
    CHECK_EQ(wrong_bits, 0);
    CHECK_EQ(wrong_counts, 0);
    CHECK_EQ(wrong_products, 0);
}

}  // namespace

int main() {
    edge_cases();
    random_words();
    return tavla::test::report();
}
