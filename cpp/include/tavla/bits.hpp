// Bit operations of the hot loops, each one instruction on x86-64 and ARM64: the builtins of
// GCC and Clang (clang-cl included), or else MSVC's intrinsics. The dice (rng.hpp) are made
// with multiply_high, so its every path must give the same bits; cpp/tests/test_bits.cpp
// checks them.
#pragma once

#include <cstdint>

#if !defined(__GNUC__) && !defined(__clang__) && defined(_MSC_VER)
#define TAVLA_MSVC_INTRINSICS
#include <intrin.h>
#include <stdlib.h>  // _byteswap_uint64
#endif

namespace tavla {

// The bytes of `word` in reverse order.
inline std::uint64_t byte_swap(std::uint64_t word) {
#if defined(TAVLA_MSVC_INTRINSICS)
    return _byteswap_uint64(word);
#else
    return __builtin_bswap64(word);
#endif
}

// The index of the highest bit set in `mask`, which must not be 0.
inline int highest_bit(std::uint32_t mask) {
#if defined(TAVLA_MSVC_INTRINSICS)
    unsigned long index;
    _BitScanReverse(&index, mask);
    return int(index);
#else
    return __builtin_clz(mask) ^ 31;  // 31 - clz, which GCC makes one bsr only in this form
#endif
}

// The index of the lowest bit set in `mask`, which must not be 0.
inline int lowest_bit(std::uint32_t mask) {
#if defined(TAVLA_MSVC_INTRINSICS)
    unsigned long index;
    _BitScanForward(&index, mask);
    return int(index);
#else
    return __builtin_ctz(mask);
#endif
}

// The same of a 64-bit mask.
inline int lowest_bit(std::uint64_t mask) {
#if defined(TAVLA_MSVC_INTRINSICS) && (defined(_M_X64) || defined(_M_ARM64))
    unsigned long index;
    _BitScanForward64(&index, mask);
    return int(index);
#elif defined(TAVLA_MSVC_INTRINSICS)
    const auto low = std::uint32_t(mask);
    return low != 0 ? lowest_bit(low) : 32 + lowest_bit(std::uint32_t(mask >> 32));
#else
    return __builtin_ctzll(mask);
#endif
}

// The number of bits set in `mask`. The baseline x86-64 build has no popcount instruction,
// and the compiler's builtin then calls a library function: the few shifts and adds below,
// inline, cost less there; with the instruction (or on ARM64) the builtin is one.
inline int bit_count(std::uint32_t mask) {
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__POPCNT__) || defined(__aarch64__))
    return __builtin_popcount(mask);
#else
    mask = mask - ((mask >> 1) & 0x55555555u);
    mask = (mask & 0x33333333u) + ((mask >> 2) & 0x33333333u);
    mask = (mask + (mask >> 4)) & 0x0F0F0F0Fu;
    return int((mask * 0x01010101u) >> 24);
#endif
}

// The sum of the bytes of `word`, counts that sum to at most 255: the multiply adds each byte
// into the top one, and the partial sums below it never carry into it.
inline std::uint32_t byte_sum(std::uint64_t word) {
    return std::uint32_t((word * 0x0101010101010101ull) >> 56);
}

// The number of bits set in three words together. Without the instruction, bit_count's
// shifts and adds on each word up to counts of four bits, which the three words then share
// (each at most 12), and one multiply that adds their bytes.
inline int bit_count(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__POPCNT__) || defined(__aarch64__))
    return __builtin_popcountll(a) + __builtin_popcountll(b) + __builtin_popcountll(c);
#else
    const auto nibbles = [](std::uint64_t word) {
        word = word - ((word >> 1) & 0x5555555555555555ull);
        return (word & 0x3333333333333333ull) + ((word >> 2) & 0x3333333333333333ull);
    };
    std::uint64_t sum = nibbles(a) + nibbles(b) + nibbles(c);
    sum = (sum & 0x0F0F0F0F0F0F0F0Full) + ((sum >> 4) & 0x0F0F0F0F0F0F0F0Full);
    return int(byte_sum(sum));
#endif
}

// The high 64 bits of the 128-bit product a * b, from products of 32-bit halves: for targets
// without a 128-bit multiply. `middle` cannot overflow: it is at most
// (2^32 - 1) * (2^32 - 1) + 2 * (2^32 - 1) = 2^64 - 1.
constexpr std::uint64_t multiply_high_portable(std::uint64_t a, std::uint64_t b) {
    const std::uint64_t a_low = a & 0xFFFFFFFFu, a_high = a >> 32;
    const std::uint64_t b_low = b & 0xFFFFFFFFu, b_high = b >> 32;
    const std::uint64_t high_low = a_high * b_low;
    const std::uint64_t middle =
        ((a_low * b_low) >> 32) + (high_low & 0xFFFFFFFFu) + a_low * b_high;
    return a_high * b_high + (high_low >> 32) + (middle >> 32);
}

// The high 64 bits of the 128-bit product a * b.
inline std::uint64_t multiply_high(std::uint64_t a, std::uint64_t b) {
#if defined(__SIZEOF_INT128__)
    __extension__ using Wide = unsigned __int128;
    return std::uint64_t((Wide(a) * b) >> 64);
#elif defined(TAVLA_MSVC_INTRINSICS) && (defined(_M_X64) || defined(_M_ARM64))
    return __umulh(a, b);
#else
    return multiply_high_portable(a, b);
#endif
}

}  // namespace tavla
