// The bit instructions the baseline x86-64 build may not use (lzcnt and popcnt: nearly every
// processor since 2013 has them): on x86 with GCC or Clang, the hot loops that count and scan
// bits are compiled a second time with TAVLA_BIT_INSTRUCTIONS, the attribute allowing them,
// and chosen at run time by has_bit_instructions() (movegen.cpp's search, the features of
// encoding_contact.cpp). Defines TAVLA_BIT_INSTRUCTIONS_DISPATCH where that is done.
#pragma once

#include <cstdint>

#include "tavla/bits.hpp"

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#include <cpuid.h>
#define TAVLA_BIT_INSTRUCTIONS_DISPATCH
#define TAVLA_BIT_INSTRUCTIONS __attribute__((target("lzcnt,popcnt")))

namespace tavla {

// Whether the processor has lzcnt and popcnt.
inline bool has_bit_instructions() {
    unsigned a, b, c, d;
    if (__get_cpuid(1, &a, &b, &c, &d) == 0 || (c & bit_POPCNT) == 0) return false;
    return __get_cpuid(0x80000001, &a, &b, &c, &d) != 0 && (c & bit_LZCNT) != 0;
}

}  // namespace tavla
#endif

namespace tavla {

// The number of bits set in `mask`. With kPopcnt (in code compiled for popcnt, into which this
// is inlined) the instruction; else bits.hpp's bit_count, which chooses by the flags of the
// whole build.
template <bool kPopcnt>
inline int bits_set(std::uint32_t mask) {
#if defined(TAVLA_BIT_INSTRUCTIONS_DISPATCH)
    if constexpr (kPopcnt) return __builtin_popcount(mask);
#endif
    return bit_count(mask);
}

}  // namespace tavla
